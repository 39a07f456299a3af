// The studio page: the pieces as the kit draws them, the findings, live updates by
// server-sent events, and a seeded virtual table. Plain JavaScript, no build step.

const $ = (selector) => document.querySelector(selector);
const SCALE = 2.0; // pixels per millimetre of a card on screen
const MAX_WIDTH = 720; // pixels: a board is shrunk to this
const state = { generation: -1, view: null, locale: null, card: '', figures: new Map(), selected: null };

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

const percent = (value, whole) => `${(100 * value / whole).toFixed(3)}%`;
const pieceUrl = (side, piece) =>
  `/svg/${side}/${encodeURIComponent(state.locale)}/${piece.key.split('/').map(encodeURIComponent).join('/')}?d=${piece.digest}&card=${encodeURIComponent(state.card)}`;

// ---- the view ---------------------------------------------------------------------

async function refresh() {
  const query = new URLSearchParams({ card: state.card });
  if (state.locale) query.set('locale', state.locale);
  const response = await fetch(`/api/view?${query}`, { cache: 'no-store' });
  const data = await response.json();
  showBroken(data.broken);
  if (data.view) {
    state.view = data.view;
    state.locale = data.view.locale;
    showHeader(data.view);
    showPieces(data.view);
    showSheets(data.view, data.generation);
    showFindings(data.view.findings);
    if (!table.state) newTable();
    else drawTable();
  }
  $('#lab-frame').dataset.available = data.lab ? 'yes' : 'no';
  $('#engine').hidden = !data.engine;
  state.generation = data.generation;
  document.body.dataset.generation = String(data.generation);
}

function showBroken(broken) {
  const box = $('#broken');
  box.hidden = broken.length === 0;
  box.replaceChildren();
  if (broken.length) {
    box.append(el('strong', { text: 'The last save does not load: the page shows the last good view.' }));
    box.append(el('pre', { text: broken.map((f) => `${f.shown}:${f.line}: ${f.pointer || '/'}: ${f.message}${f.hint ? ` (${f.hint})` : ''}`).join('\n') }));
  }
}

function showHeader(view) {
  $('#title').textContent = `${view.title} — stamperia studio`;
  document.title = `${view.title} — stamperia studio`;
  const select = $('#locale');
  if (select.options.length !== view.locales.length) {
    select.replaceChildren(...view.locales.map((l) => el('option', { value: l, text: l })));
  }
  select.value = view.locale;
  const cards = $('#card-size');
  if (cards.options.length !== view.cards.length + 1) {
    cards.replaceChildren(el('option', { value: '', text: view.card ? 'as started' : view.card_label }),
      ...view.cards.map((c) => el('option', { value: c, text: c })));
  }
  cards.value = view.card;
}

function scaleOf(piece) {
  return Math.min(SCALE, MAX_WIDTH / (piece.width + 2 * piece.bleed));
}

function side(piece, which) {
  const scale = scaleOf(piece);
  const W = piece.width + 2 * piece.bleed;
  const H = piece.height + 2 * piece.bleed;
  const box = el('div', { class: 'side' });
  const img = el('img', { class: 'art', src: pieceUrl(which, piece), alt: `${which} of ${piece.id}`, loading: 'lazy',
    width: String(Math.round(W * scale)), height: String(Math.round(H * scale)) });
  const overlay = el('div', { class: 'overlay' });
  const trim = el('div', { class: 'trim', title: 'trim (cut) line: the art beyond it is bleed' });
  Object.assign(trim.style, { left: percent(piece.bleed, W), top: percent(piece.bleed, H),
    width: percent(piece.width, W), height: percent(piece.height, H) });
  const inset = piece.bleed + state.view.safe;
  const safe = el('div', { class: 'safe', title: 'safe zone: keep text inside' });
  Object.assign(safe.style, { left: percent(inset, W), top: percent(inset, H),
    width: percent(Math.max(piece.width - 2 * state.view.safe, 0), W),
    height: percent(Math.max(piece.height - 2 * state.view.safe, 0), H) });
  overlay.append(trim, safe);
  box.append(img, overlay);
  if (which === 'face') {
    for (const pin of piece.pins) box.append(...pinMarks(pin, piece, W, H));
  }
  return box;
}

function pinMarks(pin, piece, W, H) {
  const finding = state.view.findings[pin.finding];
  const mark = el('button', { class: `pin sev-${finding.severity}`, 'data-finding': String(pin.finding),
    title: `${finding.shown}:${finding.line}: ${finding.message}`, text: '!' });
  const marks = [mark];
  if (pin.box) {
    const x = piece.bleed + pin.box.x;
    const y = piece.bleed + pin.box.y;
    Object.assign(mark.style, { left: percent(x, W), top: percent(y, H) });
    const outline = el('div', { class: 'pinbox' });
    Object.assign(outline.style, { left: percent(x, W), top: percent(y, H),
      width: percent(pin.box.width, W), height: percent(pin.box.height, H) });
    marks.push(outline);
  } else {
    Object.assign(mark.style, { left: '92%', top: '6%' });
  }
  mark.addEventListener('click', () => selectFinding(pin.finding));
  return marks;
}

function figure(piece) {
  const sides = el('div', { class: 'sides' }, side(piece, 'face'));
  if (piece.back) sides.append(side(piece, 'back'));
  const caption = el('figcaption', { text: `${piece.id} ×${piece.copies}` });
  return el('figure', { class: 'piece', id: `piece-${piece.key}`, 'data-key': piece.key,
    'data-digest': piece.digest, 'data-copies': String(piece.copies) }, sides, caption);
}

const KIND_NAMES = { card: 'deck', token: 'tokens', piece: 'pieces', board: 'boards' };

function showPieces(view) {
  const groups = new Map();
  for (const piece of view.pieces) {
    const name = `${KIND_NAMES[piece.kind]} · ${piece.group || piece.id}`;
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(piece);
  }
  const kept = new Map();
  const sections = [];
  for (const [name, pieces] of groups) {
    const grid = el('div', { class: 'grid' });
    for (const piece of pieces) {
      const old = state.figures.get(piece.key);
      const node = old && old.dataset.digest === piece.digest && old.dataset.locale === view.locale
        ? old : figure(piece);
      node.dataset.locale = view.locale;
      kept.set(piece.key, node);
      grid.append(node);
    }
    const copies = pieces.reduce((sum, p) => sum + p.copies, 0);
    sections.push(el('section', { class: 'group' }, el('h2', { text: `${name} (${pieces.length} designs, ${copies} pieces)` }), grid));
  }
  state.figures = kept;
  $('#tab-pieces').replaceChildren(...sections);
  markSelected();
}

function showSheets(view, generation) {
  const sheets = [];
  const guide = [];
  view.sheets.forEach((sheet, index) => {
    const img = el('img', { class: 'art', loading: 'lazy', alt: `${sheet.title} page ${sheet.number}`,
      src: `/sheet/${encodeURIComponent(view.locale)}/${index}?v=${sheet.digest}&card=${encodeURIComponent(state.card)}`,
      width: String(Math.round(sheet.width * 1.6)), height: String(Math.round(sheet.height * 1.6)) });
    const block = el('figure', { class: 'sheet' }, el('figcaption', { text: `${sheet.title} — ${sheet.document}.pdf page ${sheet.number}` }), img);
    (sheet.document === 'guide' ? guide : sheets).push(block);
  });
  $('#tab-sheets').replaceChildren(...sheets);
  $('#tab-guide').replaceChildren(...guide);
}

function showFindings(findings) {
  $('#finding-count').textContent = `(${findings.length})`;
  $('#finding-list').replaceChildren(...findings.map((f, index) => {
    const item = el('li', { class: `finding sev-${f.severity}`, 'data-index': String(index) },
      `${f.severity}${f.code ? ` ${f.code}` : ''}: ${f.message}`);
    item.addEventListener('click', () => selectFinding(index));
    return item;
  }));
  if (state.selected !== null && state.selected >= findings.length) state.selected = null;
  if (state.selected !== null) selectFinding(state.selected, false);
  else $('#finding-detail').hidden = true;
}

function selectFinding(index, scroll = true) {
  state.selected = index;
  const f = state.view.findings[index];
  const detail = $('#finding-detail');
  detail.hidden = false;
  detail.replaceChildren(
    el('a', { class: 'where', href: f.link, title: 'open in the editor' }, `${f.shown}:${f.line}`),
    el('div', { class: 'pointer', text: f.pointer || '/' }),
    el('div', { class: `sev-${f.severity}`, text: `${f.severity}${f.code ? ` ${f.code}` : ''}: ${f.message}` }),
    el('div', { class: 'quiet', text: f.hint }));
  for (const item of document.querySelectorAll('.finding')) {
    item.classList.toggle('selected', Number(item.dataset.index) === index);
  }
  const flagged = markSelected();
  if (scroll && flagged) flagged.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

function markSelected() {
  let first = null;
  for (const piece of state.view ? state.view.pieces : []) {
    const node = state.figures.get(piece.key);
    const on = state.selected !== null && piece.pins.some((p) => p.finding === state.selected);
    if (node) node.classList.toggle('flagged', on);
    if (on && !first) first = node;
  }
  return first;
}

// ---- the virtual table --------------------------------------------------------------

const table = { state: null, undo: [] };

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

function newTable() {
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

function drawTable() {
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

function saveTable() {
  const text = JSON.stringify(table.state, null, 2);
  const link = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/json' })),
    download: `table-${table.state.game}-seed${table.state.seed}.json` });
  link.click();
  URL.revokeObjectURL(link.href);
}

async function loadTable(file) {
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

// ---- following the engine ------------------------------------------------------------

const engine = { moves: null };

async function follow(moves) {
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

// ---- wiring -------------------------------------------------------------------------

function showTab(name) {
  for (const button of document.querySelectorAll('#tabs button')) button.classList.toggle('active', button.dataset.tab === name);
  for (const section of document.querySelectorAll('.tab')) section.hidden = section.id !== `tab-${name}`;
  if (name === 'lab' && !$('#lab-frame').getAttribute('src')) $('#lab-frame').setAttribute('src', '/lab');
}

function firstScreenDrawn() {
  const visible = [...document.querySelectorAll('img.art')].filter((img) => {
    const box = img.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0 && !img.complete;
  });
  const loaded = visible.map((img) => new Promise((done) => {
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
  }));
  return Promise.race([Promise.all(loaded), new Promise((done) => setTimeout(done, 5000))]);
}

function listen() {
  const events = new EventSource('/api/events');
  events.onopen = () => { $('#live').textContent = 'live'; };
  events.onerror = () => { $('#live').textContent = 'reconnecting…'; };
  events.onmessage = (message) => {
    const { generation } = JSON.parse(message.data);
    if (generation !== state.generation) refresh();
  };
}

function start() {
  for (const button of document.querySelectorAll('#tabs button')) button.addEventListener('click', () => showTab(button.dataset.tab));
  $('#vision').addEventListener('change', (e) => { document.body.className = document.body.className.replace(/vision-\w+/, `vision-${e.target.value}`); });
  $('#guides').addEventListener('change', (e) => document.body.classList.toggle('guides', e.target.checked));
  $('#locale').addEventListener('change', (e) => { state.locale = e.target.value; state.figures = new Map(); refresh(); });
  $('#card-size').addEventListener('change', (e) => { state.card = e.target.value; state.figures = new Map(); refresh(); });
  $('#new-table').addEventListener('click', newTable);
  $('#undo').addEventListener('click', () => { if (table.undo.length) { table.state = JSON.parse(table.undo.pop()); drawTable(); } });
  $('#save-table').addEventListener('click', saveTable);
  $('#engine-start').addEventListener('click', () => follow([]));
  $('#engine-undo').addEventListener('click', () => { if (engine.moves && engine.moves.length) follow(engine.moves.slice(0, -1)); });
  $('#load-table').addEventListener('change', (e) => { if (e.target.files[0]) loadTable(e.target.files[0]); });
  // the event stream starts the server's first check: open it once the first screen is drawn
  refresh().then(firstScreenDrawn).then(listen);
}

start();
