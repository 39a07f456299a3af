// The virtual table: seeded decks, hands, dice and tokens on a board, with undo; saved
// as a JSON download (the browser asks where), never by the server.

import { $, el, pieceUrl, state } from './common.js';

export const table = { state: null, undo: [] };

function mulberry32(seed) { // one step of the generator: [next state, value in [0, 1)]
  const next = (seed + 0x6D2B79F5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [next, ((t ^ (t >>> 14)) >>> 0) / 4294967296];
}

function random(s) {
  const [next, value] = mulberry32(s.rng);
  s.rng = next;
  return value;
}

function shuffle(s, cards) {
  for (let i = cards.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random(s) * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
}

export function newTable() {
  const seed = Math.max(0, Math.min(4294967295, Number($('#seed').value) || 0));
  const players = Math.max(1, Math.min(8, Number($('#players').value) || 1));
  const s = { game: state.view.game, seed, rng: seed >>> 0, players, decks: {}, hands: [],
    tokens: [], dice: state.view.dice.flatMap((d) => Array.from({ length: d.count }, () => ({ id: d.id, sides: d.sides, colour: d.colour, value: null }))),
    log: [`new table, seed ${seed}, ${players} player(s)`] };
  for (const piece of state.view.pieces.filter((p) => p.kind === 'card')) {
    s.decks[piece.group] ??= [];
    for (let copy = 1; copy <= piece.copies; copy += 1) s.decks[piece.group].push(piece.key);
  }
  for (const group of Object.keys(s.decks)) shuffle(s, s.decks[group]);
  s.hands = Array.from({ length: players }, () => []);
  table.state = s;
  table.undo = [];
  drawTable();
}

function act(what, change) {
  table.undo.push(JSON.stringify(table.state));
  change(table.state);
  table.state.log.push(what);
  drawTable();
}

function draw(group, player) {
  act(`player ${player + 1} draws from ${group}`, (s) => {
    const card = s.decks[group].pop();
    if (card) s.hands[player].push({ key: card, up: true });
  });
}

function deal(group, each) {
  act(`deal ${each} ${group} to each player`, (s) => {
    for (let round = 0; round < each; round += 1) {
      for (const hand of s.hands) {
        const card = s.decks[group].pop();
        if (card) hand.push({ key: card, up: true });
      }
    }
  });
}

function pieceOf(key) {
  return state.view.pieces.find((p) => p.key === key);
}

export function drawTable() {
  const s = table.state;
  if (!s || !state.view) return;
  $('#decks').replaceChildren(...Object.entries(s.decks).map(([group, cards]) => {
    const drawButton = el('button', { class: 'draw', text: 'Draw' });
    drawButton.addEventListener('click', () => draw(group, 0));
    const dealButton = el('button', { class: 'deal', text: 'Deal 1 each' });
    dealButton.addEventListener('click', () => deal(group, 1));
    const shuffleButton = el('button', { class: 'shuffle', text: 'Shuffle' });
    shuffleButton.addEventListener('click', () => act(`shuffle ${group}`, (t) => shuffle(t, t.decks[group])));
    return el('div', { class: 'deck', 'data-group': group },
      el('span', { class: 'name', text: group }), el('span', { class: 'count', text: String(cards.length) }),
      shuffleButton, drawButton, dealButton);
  }));
  const dice = $('#dice');
  dice.replaceChildren();
  if (s.dice.length) {
    const roll = el('button', { id: 'roll', text: 'Roll the dice' });
    roll.addEventListener('click', () => act('roll', (t) => {
      for (const die of t.dice) die.value = 1 + Math.floor(random(t) * die.sides);
    }));
    dice.append(roll, ...s.dice.map((d) => {
      const face = el('span', { class: 'die', title: `${d.id} (d${d.sides})`, text: d.value === null ? '–' : String(d.value) });
      face.style.borderColor = d.colour;
      return face;
    }));
  } else {
    dice.append(el('span', { class: 'quiet', text: 'This game uses no dice.' }));
  }
  $('#hands').replaceChildren(...s.hands.map((hand, player) => el('div', { class: 'hand', 'data-player': String(player) },
    el('strong', { text: `Player ${player + 1}: ` }),
    ...hand.map((card, index) => {
      const piece = pieceOf(card.key);
      const up = card.up || !piece || !piece.back;
      const img = el('img', { class: 'art card', alt: card.key, title: 'click to flip',
        src: piece ? pieceUrl(up ? 'face' : 'back', piece) : '' });
      img.addEventListener('click', () => act(`flip ${card.key}`, (t) => { t.hands[player][index].up = !t.hands[player][index].up; }));
      return img;
    }))));
  drawBoard(s);
  $('#table-log').replaceChildren(...s.log.slice(-8).map((line) => el('li', { text: line })));
}

function drawBoard(s) {
  const board = $('#board');
  const boards = state.view.pieces.filter((p) => p.kind === 'board');
  const boardPiece = boards.find((p) => p.key === s.board) || boards[0];
  const tokens = state.view.pieces.filter((p) => p.kind === 'token' || p.kind === 'piece');
  const add = el('div', { class: 'quiet' }, 'Put on the board: ');
  for (const piece of tokens.slice(0, 30)) {
    const button = el('button', { class: 'put', text: piece.group ? `${piece.group} ${piece.id}` : piece.id });
    button.addEventListener('click', () => act(`put ${piece.id}`, (t) => {
      t.tokens.push({ key: piece.key, x: 5 + 90 * random(t), y: 5 + 90 * random(t) });
    }));
    add.append(button);
  }
  const area = el('div', { class: 'area' });
  area.style.position = 'relative';
  if (boardPiece) area.append(el('img', { class: 'art board-art', src: pieceUrl('face', boardPiece), alt: boardPiece.id }));
  else area.style.minHeight = '20em';
  s.tokens.forEach((token, index) => {
    const piece = pieceOf(token.key);
    if (!piece) return;
    const img = el('img', { class: 'art token', src: pieceUrl('face', piece), alt: piece.id, draggable: 'false' });
    Object.assign(img.style, { left: `${token.x}%`, top: `${token.y}%` });
    img.addEventListener('pointerdown', (event) => dragToken(event, img, area, index));
    area.append(img);
  });
  const choose = el('select', { id: 'board-choice' },
    ...boards.map((p) => el('option', { value: p.key, text: p.id })));
  if (boardPiece) choose.value = boardPiece.key;
  choose.addEventListener('change', () => act(`board ${choose.value}`, (t) => { t.board = choose.value; }));
  board.replaceChildren(add, el('label', { class: 'quiet' }, 'Board ', choose), area);
}

function dragToken(event, img, area, index) {
  event.preventDefault();
  img.setPointerCapture(event.pointerId);
  const where = (e) => {
    const box = area.getBoundingClientRect();
    return [Math.max(0, Math.min(100, 100 * (e.clientX - box.left) / box.width)),
      Math.max(0, Math.min(100, 100 * (e.clientY - box.top) / box.height))];
  };
  const move = (e) => { const [x, y] = where(e); Object.assign(img.style, { left: `${x}%`, top: `${y}%` }); };
  const drop = (e) => {
    img.removeEventListener('pointermove', move);
    img.removeEventListener('pointerup', drop);
    const [x, y] = where(e);
    act(`move ${table.state.tokens[index].key}`, (t) => { t.tokens[index].x = x; t.tokens[index].y = y; });
  };
  img.addEventListener('pointermove', move);
  img.addEventListener('pointerup', drop);
}

export function saveTable() {
  const text = JSON.stringify(table.state, null, 2);
  const link = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/json' })),
    download: `table-${table.state.game}-seed${table.state.seed}.json` });
  link.click();
  URL.revokeObjectURL(link.href);
}

export async function loadTable(file) {
  try {
    const loaded = JSON.parse(await file.text());
    if (!loaded || typeof loaded.decks !== 'object' || !Array.isArray(loaded.hands)) throw new Error('not a table');
    table.undo.push(JSON.stringify(table.state));
    table.state = loaded;
    drawTable();
  } catch (error) {
    alert(`${file.name}: not a saved studio table (${error.message})`);
  }
}

export function undoTable() {
  if (table.undo.length) {
    table.state = JSON.parse(table.undo.pop());
    drawTable();
  }
}
