// What every part of the page shares: the DOM helpers, the current view, piece URLs.

export const $ = (selector) => document.querySelector(selector);
export const state = { generation: -1, view: null, locale: null, card: '', figures: new Map(), selected: null,
  engineAsked: false };

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

export const percent = (value, whole) => `${(100 * value / whole).toFixed(3)}%`;
export const pieceUrl = (side, piece) =>
  `/svg/${side}/${encodeURIComponent(state.locale)}/${piece.key.split('/').map(encodeURIComponent).join('/')}?d=${piece.digest}&card=${encodeURIComponent(state.card)}`;

