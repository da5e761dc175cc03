// The filter form: its fields are the URL's filter parameters, and the API's
// filters are the same names, except that the player and colour fields together
// become `white` or `black`, or `player` with `color` first or second (that
// player's own tree, which a player's repertoire opens).

export const filterNames = ['player', 'colour', 'from_date', 'to_date', 'game_type', 'result', 'event',
  'humans', 'no_guests', 'tournament', 'min_rating'];

// The page's own words for each field, in errors and the summary.
export const fieldLabels = {
  player: 'player', colour: 'colour', white: 'player', black: 'player', color: 'colour',
  from_date: 'from date', to_date: 'to date', game_type: 'game type', result: 'result', event: 'event',
  humans: 'humans only', no_guests: 'no guests', tournament: 'tournament games', min_rating: 'min rating',
  position: 'pasted text', moves: 'moves', same_order: 'same move order only', sort: 'order',
  pattern: 'formation', where: 'condition', notation: 'notation',
};

const colourLabels = { first: 'first player', second: 'second player' };

export function readForm(form) {
  const filters = {};
  for (const name of filterNames) {
    const field = form.elements[name];
    if (!field) continue;
    const value = field.type === 'checkbox' ? (field.checked ? '1' : '') : field.value.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

export function fillForm(form, filters) {
  const colour = form.elements.colour;
  // first and second come from a player's repertoire only: offered while set.
  for (const option of [...colour.options]) if (colourLabels[option.value]) option.remove();
  if (colourLabels[filters.colour]) colour.append(new Option(colourLabels[filters.colour], filters.colour));
  for (const name of filterNames) {
    const field = form.elements[name];
    if (!field) continue;
    if (field.type === 'checkbox') field.checked = filters[name] === '1';
    else field.value = filters[name] ?? '';
  }
}

// The filters as the API takes them, or throws when the form asks for something
// the API cannot answer (a colour without a player).
export function apiFilters(filters) {
  const { colour, player, ...rest } = filters;
  if (colour && !player) {
    const error = new Error('colour: choose a player too; the colour says which side that player had');
    error.parameter = 'colour';
    throw error;
  }
  if (!player) return rest;
  if (colour === 'white' || colour === 'black') return { ...rest, [colour]: player };
  if (colour === 'first' || colour === 'second') return { ...rest, player, color: colour };
  return { ...rest, player };
}

// A short description of the active filters, for the heading.
export function describeFilters(filters) {
  const parts = Object.entries(filters).filter(([name]) => name !== 'colour').map(([name, value]) => {
    if (name === 'player' && filters.colour) return `${colourLabels[filters.colour] ?? filters.colour} ${value}`;
    return value === '1' ? fieldLabels[name] : `${fieldLabels[name] ?? name} ${value}`;
  });
  return parts.length ? `filtered: ${parts.join(', ')}` : 'all games';
}

// An API error in the page's words: the field it concerns named as the form
// names it, and the field marked.
export function describeError(error, form) {
  for (const field of form.querySelectorAll('[aria-invalid]')) field.removeAttribute('aria-invalid');
  const name = error.parameter;
  const fieldName = { white: 'player', black: 'player', color: 'colour' }[name] ?? name;
  if (fieldName && form.elements[fieldName]) form.elements[fieldName].setAttribute('aria-invalid', 'true');
  let text = error.message;
  // The API's messages may name its parameters; the page speaks of its fields.
  text = text.replace(/--([a-z-]+)/g, (all, flag) => fieldLabels[flag.replace(/-/g, '_')] ?? flag.replace(/-/g, ' '));
  const label = name && fieldLabels[name];
  if (label && !text.toLowerCase().startsWith(label)) text = `${label}: ${text.replace(new RegExp(`^${name}:?\\s*`), '')}`;
  return text;
}
