// Which notation a text is written in, decided from the content; the file's
// extension only breaks ties. Cheap: it reads shapes of lines and tokens, it
// does not parse games.
#pragma once
#include <optional>
#include <string_view>

namespace apiary::grammar {

enum class Format { Uhp, Sgf, PgnLike, Direction, Algebraic, PositionString, Unknown };

// `extensionHint` may be an extension (`.sgf`, `pgn`), a file name or path, or a
// format name; it decides only when the content does not.
//
// What tells the notations apart (notations.md sections 1-5):
// - sgf: `(;` opening a tree, `GM[27]`, `; P0[..]` nodes.
// - uhp: `[GameType "..."]`, a `Base...;` GameString, pieces with colour and
//   number (`wA1`) and references with `-`, `/`, `\` (`-wS1`, `bQ/`).
// - pgn-like: `[ExpansionPieces ".."]`, plies starting `+`, colour by case
//   (`+s`, `+SGs2`), black pieces b g q l p in lower case, `#`, `(`..`)`.
// - direction: `×`/`x` opponent marks, `✳︎`/`*`, `—`/`--` passes, `M+Lm`,
//   upper-case pieces and a final direction letter n a s m r f.
// - algebraic: grid coordinates `m0`, `n-1`, `j+2`, `@m-1`, compressed `wAmn2`.
// - position string: one line of rows separated by `/` (`7a3/6A4/...`).
Format detectFormat(std::string_view content, std::string_view extensionHint = {});

// `uhp`, `sgf`, `pgn-like`, `direction`, `algebraic`, `fen`, `unknown`.
std::string_view formatName(Format format);
// The names above, any case, plus aliases `standard`, `boardspace`, `pgnlike`,
// `position`; nullopt for anything else (including `unknown`).
std::optional<Format> parseFormatName(std::string_view name);

}  // namespace apiary::grammar
