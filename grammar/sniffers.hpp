// Each notation's sniffer: the syntax that tells it apart (notations.md sections
// 1-5), for grammar/detect.hpp. notation/'s table gives each row that reads its own.
// - sgf: `(;` opening a tree, `GM[27]`, `; P0[..]` nodes.
// - uhp: `[GameType "..."]`, a `Base...;` GameString, pieces with colour and
//   number (`wA1`) and references with `-`, `/`, `\` (`-wS1`, `bQ/`).
// - pgn-like: `[ExpansionPieces ".."]`, plies starting `+`, colour by case
//   (`+s`, `+SGs2`), black pieces b g q l p in lower case, `#`, `(`..`)`.
// - direction: a `GameType:` header, `×`/`x` opponent marks, `✳︎`/`*`, `—`/`--` passes, `M+Lm`,
//   upper-case pieces and a final direction letter n a s m r f.
// - algebraic: grid coordinates `m0`, `n-1`, `j+2`, `@m-1`, compressed `wAmn2`.
// - position string: one line of rows separated by `/` (`7a3/6A4/...`).
#pragma once
#include "grammar/detect.hpp"

namespace apiary::grammar {

extern const Sniffer uhpSniffer;
extern const Sniffer sgfSniffer;
extern const Sniffer pgnLikeSniffer;
extern const Sniffer directionSniffer;
extern const Sniffer algebraicSniffer;
extern const Sniffer positionStringSniffer;

}  // namespace apiary::grammar
