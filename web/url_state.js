// The view's state and its URL, one from the other: a link reopens the same view.
//
// explore: position (the pasted starting point; '' is the start of the filter's game
// type), line (the UHP moves played from it, possibly past `ply` after stepping
// back), game (the open game's id: its plies are then the line), filters,
// notation, offset and sort of the games list, sameOrder.
// player (`name`), players (`sort`, `offset`), patterns (`pattern`, `where`, `offset`).

import { filterNames } from './filters.js';

export const explorerState = {
  view: 'explore', position: '', line: [], ply: 0, filters: {}, notation: 'uhp', game: null,
  offset: 0, sort: 'date', sameOrder: false, name: '', pattern: '', where: '',
};

export const gameSorts = ['date', 'rating', 'plies', 'id'];
const views = ['player', 'players', 'patterns'];

export function urlOf(s) {
  const query = new URLSearchParams();
  if (s.view !== 'explore') {
    query.set('view', s.view);
    if (s.view === 'player') query.set('name', s.name);
    if (s.view === 'players' && s.sort !== 'games') query.set('sort', s.sort);
    if (s.view === 'patterns') {
      if (s.pattern) query.set('pattern', s.pattern);
      if (s.where) query.set('where', s.where);
    }
    if (s.offset) query.set('offset', s.offset);
    if (s.notation !== 'uhp') query.set('notation', s.notation);
    return `?${query}`;
  }
  if (s.game !== null) {
    query.set('game', s.game);
    query.set('ply', s.ply);
  } else {
    if (s.position) query.set('position', s.position);
    if (s.ply) query.set('moves', s.line.slice(0, s.ply).join(';'));
  }
  for (const name of filterNames) if (s.filters[name]) query.set(name, s.filters[name]);
  if (s.notation !== 'uhp') query.set('notation', s.notation);
  if (s.sameOrder) query.set('same_order', '1');
  if (s.sort !== 'date') query.set('sort', s.sort);
  if (s.offset) query.set('offset', s.offset);
  const text = query.toString();
  return text ? `?${text}` : location.pathname;
}

// `current`: the state shown now, whose moves past the URL's ply are kept when the
// URL is a step along the same line.
export function stateOfUrl(current) {
  const query = new URLSearchParams(location.search);
  const view = query.get('view');
  const offset = Math.max(0, Number(query.get('offset')) || 0);
  const notation = query.get('notation') ?? 'uhp';
  if (views.includes(view)) {
    return { ...explorerState, view, name: query.get('name') ?? '', sort: query.get('sort') === 'score' ? 'score' : 'games',
      offset, notation, pattern: query.get('pattern') ?? '', where: query.get('where') ?? '' };
  }
  const filters = {};
  for (const name of filterNames) if (query.get(name)) filters[name] = query.get(name);
  const moves = (query.get('moves') ?? '').split(';').map((m) => m.trim()).filter(Boolean);
  const game = query.get('game');
  const sameLine = game === null && current.game === null && moves.every((m, i) => current.line[i] === m) &&
    (query.get('position') ?? '') === current.position;
  return {
    ...explorerState,
    position: query.get('position') ?? '',
    line: sameLine ? current.line : moves,
    ply: game !== null ? Number(query.get('ply') ?? 0) : moves.length,
    filters, notation, game, offset,
    sort: gameSorts.includes(query.get('sort')) ? query.get('sort') : 'date',
    sameOrder: query.get('same_order') === '1',
  };
}
