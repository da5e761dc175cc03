// Small helpers that make HTML and SVG elements with their attributes.

const SVG = 'http://www.w3.org/2000/svg';

export function element(name, attributes = {}, text = '') {
  const e = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) e.setAttribute(key, value);
  if (text !== '') e.textContent = text;
  return e;
}

export function svgElement(name, attributes = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) e.setAttribute(key, value);
  if (parent) parent.appendChild(e);
  return e;
}
