// The filter form: its fields are the URL's filter parameters, and the API's
// filters are the same names, except that the player and colour fields together
// become `white` or `black`, or `player` with `color` first or second (that
// player's own tree).

export const filterNames = ['player', 'colour', 'from_date', 'to_date', 'game_type', 'result', 'event'];

export function readForm(form) {
  const filters = {};
  for (const name of filterNames) {
    const value = form.elements[name]?.value.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

export function fillForm(form, filters) {
  for (const name of filterNames) {
    if (form.elements[name]) form.elements[name].value = filters[name] ?? '';
  }
}

export function apiFilters(filters) {
  const { colour, player, ...rest } = filters;
  if (!player) return rest;
  if (colour === 'white' || colour === 'black') return { ...rest, [colour]: player };
  if (colour === 'first' || colour === 'second') return { ...rest, player, color: colour };
  return { ...rest, player };
}

const playerSide = (colour) => (colour === 'first' || colour === 'second' ? `${colour} player` : colour);

// A short description of the active filters, for the heading.
export function describeFilters(filters) {
  const parts = Object.entries(filters).filter(([name]) => name !== 'colour')
    .map(([name, value]) => (name === 'player' && filters.colour ? `${playerSide(filters.colour)} ${value}` : `${name.replace('_', ' ')} ${value}`));
  return parts.length ? `filtered: ${parts.join(', ')}` : 'all games';
}
