// Small helpers that make HTML and SVG elements with their attributes, and the
// pager of a paged list.

const SVG = 'http://www.w3.org/2000/svg';

export function element(name, attributes = {}, text = '') {
  const e = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) e.setAttribute(key, value);
  if (text !== '') e.textContent = text;
  return e;
}

// Previous and next page buttons for `shown` rows after `offset` of `total`;
// onPage(offset) turns the page.
export function pager({ offset, shown, total, limit }, [back, forward], onPage) {
  const box = element('div', { class: 'pager' });
  const previous = element('button', { type: 'button', class: 'previous-page' }, back);
  const next = element('button', { type: 'button', class: 'next-page' }, forward);
  previous.disabled = offset === 0;
  next.disabled = offset + shown >= total;
  previous.addEventListener('click', () => onPage(Math.max(0, offset - limit)));
  next.addEventListener('click', () => onPage(offset + limit));
  box.append(previous, next);
  return box;
}

export function svgElement(name, attributes = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) e.setAttribute(key, value);
  if (parent) parent.appendChild(e);
  return e;
}
