// One fetch function per endpoint of `apiary serve` (the contract is in docs/api.md).
// Every function resolves to the parsed JSON, or throws an ApiError carrying the
// server's message and the parameter at fault.

export class ApiError extends Error {
  constructor(status, message, parameter) {
    super(message);
    this.status = status;
    this.parameter = parameter;
  }
}

// The query string of a request: empty values are left out, so the server's
// defaults apply.
function queryOf(params) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

// The endpoints that take a position also take it as a POSTed form: a whole game
// pasted may be longer than a URL the server takes.
const postsForm = new Set(['/api/board', '/api/explore', '/api/search', '/api/position.svg']);
const longestQuery = 6000;

async function getJson(path, params = {}) {
  const query = queryOf(params);
  const init = { headers: { Accept: 'application/json' } };
  const post = query.length > longestQuery && postsForm.has(path);
  if (post) Object.assign(init, { method: 'POST', body: query.slice(1) }, {
    headers: { ...init.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const response = await fetch(post ? path : path + query, init);
  let body = null;
  try {
    body = await response.json();
  } catch {
    // A body that is not JSON is reported by its status below.
  }
  if (!response.ok) {
    throw new ApiError(response.status, body?.error ?? `${path}: HTTP ${response.status}`, body?.parameter);
  }
  return body;
}

// A position is {position, moves: [uhp...]}, the server playing `moves` after
// `position`; or {game, ply}: a stored game after that many plies.
function positionParams({ position, moves, game, ply }) {
  if (game !== undefined && game !== null) return { game, ply };
  return { position, moves: moves.join(';') };
}

export const health = () => getJson('/health');
export const info = () => getJson('/api/info');

export const notations = () => getJson('/api/notations');
// gameType: the game type a pasted move list is read in unless it names one.
export const board = (where, notation, gameType) =>
  getJson('/api/board', { ...positionParams(where), notation, game_type: gameType });

export const explore = (where, filters, notation) =>
  getJson('/api/explore', { ...positionParams(where), ...filters, notation });

// list: {limit, offset, sort, same_order}.
export const search = (where, filters, list) => getJson('/api/search', { ...positionParams(where), ...filters, ...list });

export const games = (filters, list) => getJson('/api/games', { ...filters, ...list });

export const pattern = ({ pattern: formation, where }, filters, { limit, offset }) =>
  getJson('/api/pattern', { pattern: formation, where, ...filters, limit, offset });

export const game = (id, notation) => getJson(`/api/games/${encodeURIComponent(id)}`, { notation });

export const player = (name, notation) =>
  getJson(`/api/player/${encodeURIComponent(name)}`, { notation });

export const players = ({ sort, limit, offset }) => getJson('/api/players', { sort, limit, offset });
export const playerNames = (prefix, limit) => getJson('/api/player_names', { prefix, limit });

// A link, not a fetch: the browser downloads the file the server names.
export const exportUrl = (id, notation) =>
  `/api/games/${encodeURIComponent(id)}/export${queryOf({ notation })}`;

// Every game that reached the position, as one file in `notation`.
export const positionExportUrl = (where, filters, list, notation) =>
  `/api/export${queryOf({ ...positionParams(where), ...filters, ...list, notation })}`;

export const positionSvgUrl = (where) => `/api/position.svg${queryOf(positionParams(where))}`;
