// Player names by their start, as one types: the shared <datalist> of the name
// fields filled from /api/player_names (most games first). Old answers are dropped.

import * as api from './api.js';

export function suggestNames(inputs, datalist) {
  let asked = 0;
  const fill = async (text) => {
    const mine = ++asked;
    if (!text) return datalist.replaceChildren();
    try {
      const { players } = await api.playerNames(text, 8);
      if (mine !== asked) return;
      datalist.replaceChildren(...players.map((p) => new Option(`${p.games} games`, p.name)));
    } catch {
      // No suggestions is no loss: the name typed is still searched.
    }
  };
  for (const input of inputs) input.addEventListener('input', () => fill(input.value.trim()));
}
