// The filter form: its fields are the URL's filter parameters, and the API's
// filters are the same names, except that the player and colour fields together
// become `player`, `white` or `black`.

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
  const side = colour === 'white' || colour === 'black' ? colour : 'player';
  return { ...rest, [side]: player };
}

// A short description of the active filters, for the heading.
export function describeFilters(filters) {
  const parts = Object.entries(filters).filter(([name]) => name !== 'colour')
    .map(([name, value]) => (name === 'player' && filters.colour ? `${filters.colour} ${value}` : `${name.replace('_', ' ')} ${value}`));
  return parts.length ? `filtered: ${parts.join(', ')}` : 'all games';
}
