// Drag and drop on the board: pressing on a piece with legal moves selects it and
// lights its destinations; releasing over one plays that move, releasing where it
// was pressed leaves the selection (a click), anywhere else cancels it. A ghost of
// the piece follows the pointer meanwhile.

import { svgElement } from './dom.js';
import { drawBug } from './bugs.js';

const CLICK_SLOP = 6;  // pixels a press may move and still be a click

export class DragPiece {
  constructor(board) {
    this.board = board;
    this.press = null;  // {selection, x, y, wasSelected, ghost}
  }

  attach(node, selection) {
    node.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      const board = this.board;
      const wasSelected = board.selected?.piece === selection.piece &&
        (selection.from === null ? board.selected.from === null : board.selected.from?.q === selection.from.q &&
          board.selected.from?.r === selection.from.r);
      if (!wasSelected) board.select(selection);
      this.press = { selection, x: event.clientX, y: event.clientY, wasSelected, ghost: null };
      const move = (e) => this.moved(e);
      const up = (e) => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        this.released(e);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    });
  }

  moved(event) {
    const press = this.press;
    if (!press) return;
    if (!press.ghost && Math.hypot(event.clientX - press.x, event.clientY - press.y) < CLICK_SLOP) return;
    const svg = this.board.svg;
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const at = point.matrixTransform(svg.getScreenCTM().inverse());
    press.ghost?.remove();
    press.ghost = svgElement('g', { class: 'drag-ghost' }, svg);
    drawBug(press.ghost, press.selection.piece, at.x, at.y, 0.85);
  }

  released(event) {
    const press = this.press;
    this.press = null;
    if (!press) return;
    press.ghost?.remove();
    const dragged = press.ghost !== null || Math.hypot(event.clientX - press.x, event.clientY - press.y) >= CLICK_SLOP;
    const target = this.board.targetAt(event.clientX, event.clientY);
    if (dragged && target) {
      const move = this.board.movesOf(press.selection).find((m) => m.uhp === target.dataset.uhp);
      if (move) this.board.onMove(move);
      return;
    }
    if (dragged) this.board.select(null);                    // dropped elsewhere: cancelled
    else if (press.wasSelected) this.board.select(press.selection);  // a second click: unselected
  }
}
