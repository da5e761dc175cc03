// The playable board: the stacks of /api/board drawn in SVG as pointy-top hexes
// (axial q to the right, r down-right), stacks shown as tiles offset upwards, the
// last move outlined, and the pieces in hand of both sides (one tile a bug, with
// how many are left). Clicking a piece on the board or in hand (or Enter on it)
// lights up its legal destinations; clicking one reports the move. Dragging a piece
// onto a destination does the same (drag.js). preview(uhp) shows a move without
// playing it.

import { drawBug, bugNames, colourOf } from './bugs.js';
import { svgElement } from './dom.js';
import { DragPiece } from './drag.js';

const SIZE = 30;            // hex radius in SVG units
const LEVEL_SHIFT = 5;      // how far each level of a stack is drawn above the one below
const HAND_SIZE = 26;

const sameCell = (a, b) => a && b && a.q === b.q && a.r === b.r;

function hexPoints(x, y, radius) {
  const points = [];
  for (let i = 0; i < 6; ++i) {
    const angle = (Math.PI / 180) * (60 * i - 90);
    points.push(`${(x + radius * Math.cos(angle)).toFixed(2)},${(y + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(' ');
}

// Screen position of an axial cell, turned by the view: `rotation` steps of 60
// degrees clockwise (a pointy-top grid turned by 60 degrees is the same grid).
function pixelOf({ q, r }, rotation) {
  const x = SIZE * Math.sqrt(3) * (q + r / 2);
  const y = SIZE * 1.5 * r;
  const angle = (Math.PI / 3) * rotation;
  return { x: x * Math.cos(angle) - y * Math.sin(angle), y: x * Math.sin(angle) + y * Math.cos(angle) };
}

const namePiece = (piece) => `${piece} (${colourOf(piece)} ${bugNames[piece[1]] ?? piece[1]})`;
export const describeStack = (stack) =>
  (stack.length > 1 ? `bottom to top: ${stack.map(namePiece).join(', ')}` : namePiece(stack[0]));

export class BoardView {
  // svg: the board's <svg>; hands: {top, bottom} <svg> elements for the hands;
  // onMove(move) is called with the /api/board move chosen by two clicks.
  constructor(svg, hands, onMove, onHover = () => {}) {
    Object.assign(this, { svg, hands, onMove, onHover });
    this.doc = null;
    this.rotation = 0;    // 0..5, 60 degrees each
    this.flipped = false; // turned half way, Black's hand at the bottom
    this.selected = null; // {piece, from} of the piece whose destinations are lit
    this.previewed = null; // the /api/board move shown as a preview
    this.drag = new DragPiece(this);
    svg.addEventListener('click', (event) => { if (event.target === svg) this.select(null); });
  }

  show(doc) {
    this.doc = doc;
    this.selected = null;
    this.previewed = null;
    this.onHover('');  // what was hovered is gone
    this.draw();
  }

  // Shows the move `uhp` (a ghost of the piece where it goes) or none (null).
  preview(uhp) {
    const move = uhp && this.doc ? this.doc.moves.find((m) => m.uhp === uhp && m.to) : null;
    if ((move ?? null) === this.previewed) return;
    this.previewed = move ?? null;
    this.draw();
  }

  turn(steps) {
    this.rotation = (this.rotation + steps + 6) % 6;
    this.draw();
  }

  // Flipping turns the board half way and swaps which hand is drawn at the bottom.
  flip() {
    this.flipped = !this.flipped;
    this.draw();
  }

  get angle() { return (this.rotation + (this.flipped ? 3 : 0)) % 6; }

  movesOf(selection) {
    if (!selection || !this.doc) return [];
    return this.doc.moves.filter((m) => m.piece === selection.piece &&
      (selection.from ? sameCell(m.from, selection.from) : m.from === null));
  }

  select(selection) {
    const same = this.selected && selection && this.selected.piece === selection.piece &&
      (this.selected.from === null ? selection.from === null : sameCell(this.selected.from, selection.from));
    this.selected = same || this.movesOf(selection).length === 0 ? null : selection;
    const focused = [this.svg, this.hands.top, this.hands.bottom].some((e) => e.contains(document.activeElement));
    this.draw();
    // The redrawing took the focus away: the first destination takes it.
    if (focused && this.selected) this.svg.querySelector('.target')?.focus();
  }

  draw() {
    if (!this.doc) return;
    this.svg.replaceChildren();
    this.drawCells();
    this.drawHand(this.flipped ? 'white' : 'black', this.hands.top);
    this.drawHand(this.flipped ? 'black' : 'white', this.hands.bottom);
  }

  drawCells() {
    const { stacks, moves, last_move: last } = this.doc;
    const spots = [...stacks, ...moves.filter((m) => m.to).map((m) => m.to)];
    this.frame(spots.length ? spots : [{ q: 0, r: 0 }]);
    if (last?.from) this.outline(last.from, 'last-from');
    for (const stack of stacks) this.drawStack(stack);
    if (last?.to) this.outline(last.to, 'last-to', this.heightAt(last.to));
    if (this.selected?.from) this.outline(this.selected.from, 'selected', this.heightAt(this.selected.from));
    if (this.previewed) this.drawPreview(this.previewed);
    const seen = new Set();
    for (const move of this.movesOf(this.selected)) {
      const key = `${move.to.q},${move.to.r}`;
      if (seen.has(key)) continue;  // one target a cell, whichever text names it
      seen.add(key);
      const { x, y } = pixelOf(move.to, this.angle);
      const target = svgElement('circle', {
        cx: x, cy: y, r: SIZE * 0.42, class: 'target', 'data-uhp': move.uhp, 'data-q': move.to.q, 'data-r': move.to.r,
      }, this.svg);
      svgElement('title', {}, target).textContent = move.text;
      focusable(target, `play ${move.text}`, () => this.onMove(move));
      target.addEventListener('click', (event) => { event.stopPropagation(); this.onMove(move); });
    }
  }

  // The moved piece drawn faintly where the move puts it, its origin outlined.
  drawPreview(move) {
    if (move.from) this.outline(move.from, 'preview-from', this.heightAt(move.from));
    const { x, y } = pixelOf(move.to, this.angle);
    const lift = this.heightAt(move.to) * LEVEL_SHIFT;
    const ghost = svgElement('g', { class: 'preview', 'data-uhp': move.uhp }, this.svg);
    svgElement('polygon', { points: hexPoints(x, y - lift, SIZE - 2), class: `tile ${colourOf(move.piece)}` }, ghost);
    drawBug(ghost, move.piece, x, y - lift, 0.85);
  }

  // The cell under a point of the screen, for a drop.
  targetAt(clientX, clientY) {
    const hit = document.elementFromPoint(clientX, clientY);
    return hit?.classList.contains('target') ? hit : null;
  }

  heightAt(where) {
    return this.doc.stacks.find((s) => sameCell(s, where))?.pieces.length ?? 0;
  }

  // Sets the viewBox around every cell and destination, with a margin of a hex.
  frame(spots) {
    const points = spots.map((s) => pixelOf(s, this.angle));
    const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
    const margin = SIZE * 1.6;
    const left = Math.min(...xs) - margin, top = Math.min(...ys) - margin;
    const width = Math.max(...xs) - left + margin, height = Math.max(...ys) - top + margin;
    this.svg.setAttribute('viewBox', `${left.toFixed(1)} ${top.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`);
  }

  outline(where, kind, height = 1) {
    const { x, y } = pixelOf(where, this.angle);
    const lift = Math.max(0, height - 1) * LEVEL_SHIFT;
    svgElement('polygon', { points: hexPoints(x, y - lift, SIZE - 1), class: `outline ${kind}` }, this.svg);
  }

  drawStack(stack) {
    const { x, y } = pixelOf(stack, this.angle);
    const top = stack.pieces[stack.pieces.length - 1];
    const group = svgElement('g', {
      class: 'cell', 'data-q': stack.q, 'data-r': stack.r, 'data-top': top, 'data-height': stack.pieces.length,
    }, this.svg);
    stack.pieces.forEach((piece, level) => {
      svgElement('polygon', {
        points: hexPoints(x, y - level * LEVEL_SHIFT, SIZE - 2), class: `tile ${colourOf(piece)}`,
      }, group);
    });
    const lift = (stack.pieces.length - 1) * LEVEL_SHIFT;
    drawBug(group, top, x, y - lift, 0.85);
    if (stack.pieces.length > 1) {
      svgElement('circle', { cx: x + SIZE * 0.55, cy: y - lift - SIZE * 0.5, r: 8, class: 'badge' }, group);
      svgElement('text', { x: x + SIZE * 0.55, y: y - lift - SIZE * 0.5 + 4, class: 'badge-text', 'aria-hidden': 'true' }, group)
        .textContent = stack.pieces.length;
    }
    const description = describeStack(stack.pieces);
    svgElement('title', {}, group).textContent = description;
    group.addEventListener('mouseenter', () => this.onHover(description));
    group.addEventListener('mouseleave', () => this.onHover(''));
    const selection = { piece: top, from: { q: stack.q, r: stack.r } };
    if (this.movesOf(selection).length) {
      focusable(group, `${description}: show where it moves`, () => this.select(selection));
      this.drag.attach(group, selection);
    }
  }

  // One tile a bug, the first of its kind left (the one UHP places next) and a
  // count when more are left.
  drawHand(colour, svg) {
    svg.replaceChildren();
    const pieces = this.doc.hand[colour];
    const kinds = [];
    for (const piece of pieces) {
      const kind = kinds.find((k) => k.bug === piece[1]);
      if (kind) kind.pieces.push(piece);
      else kinds.push({ bug: piece[1], pieces: [piece] });
    }
    const step = HAND_SIZE * 2;
    svg.setAttribute('viewBox', `0 0 ${Math.max(8, kinds.length) * step} ${HAND_SIZE * 2.1}`);
    svg.dataset.colour = colour;
    svg.setAttribute('aria-label', `${colour}'s pieces in hand`);
    kinds.forEach(({ pieces: same }, i) => {
      const x = step * (i + 0.5), y = HAND_SIZE * 1.05;
      const piece = same.find((p) => this.doc.moves.some((m) => m.piece === p && m.from === null)) ?? same[0];
      const playable = this.doc.moves.some((m) => m.piece === piece && m.from === null);
      const chosen = this.selected && !this.selected.from && this.selected.piece === piece;
      const group = svgElement('g', {
        class: `hand-piece${playable ? ' playable' : ''}${chosen ? ' chosen' : ''}`, 'data-piece': piece,
        'data-count': same.length,
      }, svg);
      svgElement('polygon', { points: hexPoints(x, y, HAND_SIZE), class: `tile ${colour}` }, group);
      drawBug(group, piece, x, y, HAND_SIZE / SIZE * 0.95);
      if (same.length > 1) {
        svgElement('circle', { cx: x + HAND_SIZE * 0.62, cy: y - HAND_SIZE * 0.55, r: 8, class: 'badge' }, group);
        svgElement('text', { x: x + HAND_SIZE * 0.62, y: y - HAND_SIZE * 0.55 + 4, class: 'badge-text', 'aria-hidden': 'true' }, group)
          .textContent = same.length;
      }
      const name = `${describeStack([piece])}${same.length > 1 ? `, ${same.length} in hand` : ''}`;
      svgElement('title', {}, group).textContent = name;
      if (playable) {
        const selection = { piece, from: null };
        focusable(group, `${name}: show where it goes`, () => this.select(selection));
        this.drag.attach(group, selection);
      }
    });
  }
}

// Makes an SVG element a button for the keyboard and screen readers.
// Its name starts with what it shows (the bug's letter, a count), so that what one
// sees is what a voice control names.
function focusable(node, label, activate) {
  const shown = [...node.querySelectorAll('text')].map((t) => t.textContent).join('');
  node.setAttribute('tabindex', '0');
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', shown ? `${shown}: ${label}` : label);
  node.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    activate();
  });
}
