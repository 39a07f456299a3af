// Following the engine: the position replayed by the server from the opening and the
// moves played, its legal moves as buttons (as `stamperia moves` and `apply` give them).

import { $, el } from './common.js';

const engine = { moves: null };

export async function follow(moves) {
  const players = Number($('#players').value) || 1;
  const seed = Number($('#seed').value) || 0;
  const query = new URLSearchParams({ players: String(players), seed: String(seed), moves: moves.join(',') });
  const answer = await (await fetch(`/api/engine?${query}`, { cache: 'no-store' })).json();
  if (answer.error) {
    $('#engine-turn').textContent = answer.error;
    return;
  }
  engine.moves = moves;
  const legal = answer.legal;
  $('#engine-turn').textContent = legal.result ? `Game over: ${JSON.stringify(legal.result)}`
    : legal.to_move === 'chance' ? 'Chance: pick an outcome, or draw one with the seed'
    : `To move: ${legal.to_move} (${legal.moves.length} legal moves)`;
  const buttons = (legal.chance || []).map((o) => {
    const b = el('button', { class: 'chance', text: `${o.move} (${o.probability})` });
    b.addEventListener('click', () => follow([...engine.moves, o.move]));
    return b;
  });
  if (legal.chance && legal.chance.length) {
    const d = el('button', { class: 'chance', text: 'draw' });
    d.addEventListener('click', () => follow([...engine.moves, 'draw']));
    buttons.push(d);
  } else {
    for (const move of legal.moves.slice(0, 400)) {
      const b = el('button', { class: 'legal', text: move });
      b.addEventListener('click', () => follow([...engine.moves, move]));
      buttons.push(b);
    }
  }
  $('#engine-moves').replaceChildren(...buttons);
  $('#engine-position').textContent = JSON.stringify(answer.position, null, 2);
  $('#engine-played').textContent = moves.join(' ') || '(none)';
}

export function takeBack() {
  if (engine.moves && engine.moves.length) follow(engine.moves.slice(0, -1));
}
