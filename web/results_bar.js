// The results bar: always White, Draw, Black from left to right (a player's record:
// won, drawn, lost), then the unfinished games as their own segment. A segment's
// percentage shows only where it fits (a container query in style.css hides it),
// so no label spills out of the bar; the counts are in its accessible name.

import { element } from './dom.js';

export const gameSegments = [['white', 'White wins'], ['draw', 'Draws'], ['black', 'Black wins'], ['unfinished', 'Unfinished']];
export const recordSegments = [['won', 'Won'], ['draw', 'Drawn'], ['lost', 'Lost'], ['unfinished', 'Unfinished']];

// counts: [[kind, n], ...] in segment order.
export function resultBar(counts, segments = gameSegments) {
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const names = Object.fromEntries(segments);
  const bar = element('div', { class: 'wdl', role: 'img' });
  for (const [kind, n] of counts) {
    if (!n) continue;
    const share = (100 * n) / total;
    const segment = element('span', { class: kind, style: `width:${share}%` });
    segment.append(element('span', { class: 'label' }, `${Math.round(share)}%`));
    bar.append(segment);
  }
  const spoken = counts.map(([kind, n]) => `${names[kind].toLowerCase()} ${n}`).join(', ');
  bar.setAttribute('aria-label', total ? spoken : 'no games');
  bar.title = spoken;
  return bar;
}

// The counts of an explorer row or summary, White / Draw / Black / unfinished.
export const gameCounts = (row) => [['white', row.white_wins], ['draw', row.draws], ['black', row.black_wins],
  ['unfinished', row.unfinished]];

// The legend of a bar's colours.
export function legend(segments = gameSegments) {
  const box = element('ul', { class: 'legend', 'aria-label': 'colours of the results bars' });
  for (const [kind, name] of segments) {
    const item = element('li');
    item.append(element('span', { class: `swatch ${kind}`, 'aria-hidden': 'true' }), name);
    box.append(item);
  }
  return box;
}

// The score of the side to move: wins and half the draws over the finished games.
export function moverScore(row) {
  const finished = row.wins + row.draws + row.losses;
  return finished ? `${Math.round((100 * (row.wins + row.draws / 2)) / finished)}%` : '–';
}
