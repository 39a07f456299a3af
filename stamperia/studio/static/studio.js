// The studio page: the pieces as the kit draws them, the findings, live updates by
// server-sent events; the table and the engine are in table.js and follow.js. Plain
// JavaScript modules, no build step.

import { $, el, percent, pieceUrl, state } from './common.js';
import { follow, takeBack } from './follow.js';
import { drawTable, loadTable, newTable, saveTable, table, undoTable } from './table.js';

const SCALE = 2.0; // pixels per millimetre of a card on screen
const MAX_WIDTH = 720; // pixels: a board is shrunk to this

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
// ---- wiring -------------------------------------------------------------------------

function showTab(name) {
  for (const button of document.querySelectorAll('#tabs button')) button.classList.toggle('active', button.dataset.tab === name);
  for (const section of document.querySelectorAll('.tab')) section.hidden = section.id !== `tab-${name}`;
  if (name === 'lab' && !$('#lab-frame').getAttribute('src')) $('#lab-frame').setAttribute('src', '/lab');
  if (name === 'table' && !state.engineAsked) { // the rules layer is loaded only now
    state.engineAsked = true;
    fetch('/api/engine', { cache: 'no-store' }).then((r) => r.json()).then((a) => { $('#engine').hidden = !a.engine; });
  }
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
  $('#undo').addEventListener('click', undoTable);
  $('#save-table').addEventListener('click', saveTable);
  $('#engine-start').addEventListener('click', () => follow([]));
  $('#engine-undo').addEventListener('click', takeBack);
  $('#load-table').addEventListener('change', (e) => { if (e.target.files[0]) loadTable(e.target.files[0]); });
  // the event stream starts the server's first check: open it once the first screen is drawn
  refresh().then(firstScreenDrawn).then(listen);
}

start();
