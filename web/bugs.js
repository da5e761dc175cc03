// The bug marks: one small drawing per bug, centred on (0, 0) and about 30 units
// across, in the tile's ink colour, plus the bug's letter in a corner so that a
// mark is never the only clue.

import { svgElement } from './dom.js';

export const bugNames = {
  Q: 'Queen', A: 'Ant', B: 'Beetle', G: 'Grasshopper',
  S: 'Spider', M: 'Mosquito', L: 'Ladybug', P: 'Pillbug',
};

// Each bug is a list of [element, attributes]; `accent` fills take the bug's colour.
const shapes = {
  Q: [['path', { d: 'M-10 6 L-12 -7 L-5 -1 L0 -10 L5 -1 L12 -7 L10 6 Z', class: 'accent' }],
      ['rect', { x: -10, y: 7, width: 20, height: 3, class: 'accent' }]],
  A: [['circle', { cx: 0, cy: -8, r: 3.5, class: 'accent' }],
      ['ellipse', { cx: 0, cy: -1, rx: 2.8, ry: 3.5, class: 'accent' }],
      ['ellipse', { cx: 0, cy: 8, rx: 4.5, ry: 5.5, class: 'accent' }],
      ['path', { d: 'M-9 -5 L0 -1 L9 -5 M-9 3 L0 -1 L9 3 M-7 -11 L-2 -9 M7 -11 L2 -9', class: 'legs' }]],
  B: [['ellipse', { cx: 0, cy: 2, rx: 9, ry: 10, class: 'accent' }],
      ['circle', { cx: 0, cy: -10, r: 4, class: 'accent' }],
      ['path', { d: 'M0 -7 L0 12 M-12 -3 L-8 0 M12 -3 L8 0 M-12 8 L-8 6 M12 8 L8 6', class: 'legs' }]],
  G: [['ellipse', { cx: 0, cy: 0, rx: 3.5, ry: 11, class: 'accent' }],
      ['path', { d: 'M-3 2 L-11 -6 L-10 10 M3 2 L11 -6 L10 10 M-2 -10 L-6 -14 M2 -10 L6 -14', class: 'legs' }]],
  S: [['circle', { cx: 0, cy: 3, r: 6, class: 'accent' }],
      ['circle', { cx: 0, cy: -5, r: 3.5, class: 'accent' }],
      ['path', { d: 'M-4 0 L-12 -8 M-4 2 L-13 0 M-4 5 L-12 8 M-4 7 L-9 14 M4 0 L12 -8 M4 2 L13 0 M4 5 L12 8 M4 7 L9 14', class: 'legs' }]],
  M: [['ellipse', { cx: -6, cy: -2, rx: 6, ry: 3, transform: 'rotate(-30 -6 -2)', class: 'wing' }],
      ['ellipse', { cx: 6, cy: -2, rx: 6, ry: 3, transform: 'rotate(30 6 -2)', class: 'wing' }],
      ['ellipse', { cx: 0, cy: 4, rx: 2.5, ry: 8, class: 'accent' }],
      ['path', { d: 'M0 -4 L0 -13 M-2 6 L-9 12 M2 6 L9 12', class: 'legs' }]],
  L: [['circle', { cx: 0, cy: 1, r: 10, class: 'accent' }],
      ['path', { d: 'M0 -9 L0 11', class: 'legs' }],
      ['circle', { cx: -4.5, cy: -2, r: 2, class: 'spot' }], ['circle', { cx: 4.5, cy: -2, r: 2, class: 'spot' }],
      ['circle', { cx: -4, cy: 5, r: 2, class: 'spot' }], ['circle', { cx: 4, cy: 5, r: 2, class: 'spot' }]],
  P: [['ellipse', { cx: 0, cy: 0, rx: 9, ry: 12, class: 'accent' }],
      ['path', { d: 'M-9 -5 Q0 -9 9 -5 M-9 0 Q0 -4 9 0 M-9 5 Q0 1 9 5', class: 'legs' }]],
};

// The bug of a UHP piece name: "wA1" -> "A".
export const bugOf = (piece) => piece[1];
export const colourOf = (piece) => (piece[0] === 'w' ? 'white' : 'black');

// Draws the mark of `piece` into `parent`, scaled by `scale` around (x, y).
export function drawBug(parent, piece, x, y, scale = 1) {
  const bug = bugOf(piece);
  const group = svgElement('g', {
    class: `bug bug-${bug} on-${colourOf(piece)}`,
    transform: `translate(${x} ${y}) scale(${scale})`,
  }, parent);
  for (const [name, attributes] of shapes[bug] ?? []) svgElement(name, attributes, group);
  // The letter repeats what the piece's accessible name says.
  const letter = svgElement('text', { x: 11, y: 15, class: 'letter', 'aria-hidden': 'true' }, group);
  letter.textContent = bug + (piece.slice(2) || '');
  return group;
}
