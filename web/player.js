// A player's view, as /api/player/{name} answers: the record overall, as first and
// as second player and by year; the opening repertoire as first and as second
// player (a line opens the explorer there, on that player's own games); the most
// frequent opponents (a name opens their view); average length and longest streak.

import { element } from './dom.js';
import { plural } from './explorer.js';
import { barOf, percent, playerLink, recordCells, recordHeadings, table } from './records.js';
import { legend, recordSegments } from './results_bar.js';

function recordsTable(doc) {
  const t = table(['record', ...recordHeadings, 'avg plies'], 'records-table');
  const rows = [['overall', doc], ['as first', doc.as_first], ['as second', doc.as_second],
    ...Object.entries(doc.by_year).sort(([a], [b]) => b.localeCompare(a))];
  for (const [label, r] of rows) {
    const tr = element('tr', { 'data-record': label });
    tr.append(element('th', { scope: 'row' }, label), ...recordCells(r), element('td', { class: 'num average' }, String(r.average_plies)));
    t.tBodies[0].append(tr);
  }
  return t;
}

// One side's repertoire: lines of 2, 4 and 6 plies, each opening the explorer.
function repertoireBlock(title, lines, shownLines, onLine) {
  const block = element('section', { class: 'repertoire' });
  block.append(element('h3', {}, title));
  if (!lines.length) {
    block.append(element('p', { class: 'empty' }, 'No games.'));
    return block;
  }
  const t = table(['plies', 'line', ...recordHeadings], 'repertoire-table');
  lines.forEach((line, i) => {
    const tr = element('tr', { 'data-moves': line.moves.join(';'), 'data-plies': line.plies });
    const open = element('button', { type: 'button', class: 'link open-line' }, (shownLines[i] ?? line).moves.join(' '));
    const cell = element('td', { class: 'move' });
    cell.append(open);
    tr.append(element('td', { class: 'num' }, String(line.plies)), cell, ...recordCells(line));
    tr.addEventListener('click', () => onLine(line.moves));
    t.tBodies[0].append(tr);
  });
  block.append(t);
  return block;
}

function opponentsTable(doc, onPlayer) {
  const t = table(['opponent', ...recordHeadings], 'opponents-table');
  for (const o of doc.opponents) {
    const tr = element('tr');
    const who = element('td');
    who.append(playerLink(o.name, onPlayer));
    tr.append(who, ...recordCells(o));
    t.tBodies[0].append(tr);
  }
  return t;
}

// `doc`: /api/player/{name} with UHP lines (they go into the explorer's URL);
// `shown`: the same in the notation the moves are written in (or doc itself).
// handlers: onLine(moves, 'first'|'second'), onPlayer(name), onExplore(color|null).
export function drawPlayer(container, doc, shown, { onLine, onPlayer, onExplore }) {
  container.replaceChildren();
  const title = element('div', { class: 'player-title' });
  title.append(element('h2', { class: 'player-heading' }, doc.name));
  if (doc.games === 0) {
    container.append(title, element('p', { class: 'empty' }, 'No games of this player.'));
    return;
  }
  const summary = element('div', { class: 'player-summary' });
  summary.append(element('span', { class: 'player-games' }, plural(doc.games, 'game')),
    element('span', { class: 'player-wdl' }, `${doc.wins} won, ${doc.draws} drawn, ${doc.losses} lost, ${doc.unfinished} unfinished`),
    element('span', { class: 'player-score' }, `score ${percent(doc.score)}`),
    element('span', { class: 'player-length' }, `average length ${doc.average_plies} plies`),
    element('span', { class: 'player-streak' }, `longest winning streak ${doc.longest_winning_streak}`));
  const explore = element('div', { class: 'player-explore' }, 'Explore their games: ');
  for (const [label, color] of [['all', null], ['as first player', 'first'], ['as second player', 'second']]) {
    const button = element('button', { type: 'button', class: `explore-${color ?? 'all'}` }, label);
    button.addEventListener('click', () => onExplore(color));
    explore.append(button, ' ');
  }
  container.append(title, summary, barOf(doc), legend(recordSegments), explore, element('h3', {}, 'Results'), recordsTable(doc));
  const repertoire = element('div', { class: 'repertoires' });
  repertoire.append(
    repertoireBlock('Openings as first player', doc.repertoire.first, shown.repertoire.first, (m) => onLine(m, 'first')),
    repertoireBlock('Openings as second player', doc.repertoire.second, shown.repertoire.second, (m) => onLine(m, 'second')));
  container.append(repertoire, element('h3', {}, 'Most frequent opponents'), opponentsTable(doc, onPlayer));
}
