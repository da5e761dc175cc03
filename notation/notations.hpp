// Every notation apiary reads and writes, by its row of the table. Reading hands
// every game of a text, replayed (rejected games carry their error), to a sink as
// soon as it is replayed, or returns them all; writing takes replayed games and
// returns the text of a whole file.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/algebraic.hpp"
#include "grammar/direction.hpp"
#include "notation/game.hpp"
#include "notation/notation_table.hpp"

namespace apiary::notation {

// A text's notation among the table's rows that have a sniffer, from its first
// 256 KiB (whole lines) when it is longer; `path` (its extension, or a notation's
// name) only breaks ties. nullptr: no notation (empty, prose, a tie no hint breaks).
const Notation* detectNotation(std::string_view text, std::string_view path = {},
                               std::span<const Notation> table = notationTable());

void readGames(const Notation& notation, std::string_view text, const GameSink& sink, ReadOptions options = {});
std::vector<ReplayedGame> readGames(const Notation& notation, std::string_view text, ReadOptions options = {});
std::string writeGame(const Notation& notation, const ReplayedGame& game);  // as it stands in a file
std::string writeGames(const Notation& notation, const std::vector<ReplayedGame>& games);

// The bridges, one per notation (notation/<notation>_notation.cpp).
void readUhp(std::string_view text, const GameSink& sink, ReadOptions options = {});
std::string writeUhp(const ReplayedGame& game);
// PGN-like, direction-based and algebraic resolve every written move against the
// legal moves (notation/resolve.hpp); single moves are in notation/move_text.hpp.
void readPgnLike(std::string_view text, const GameSink& sink, ReadOptions options = {});
std::string writePgnLike(const ReplayedGame& game);  // the shortest description of each move
void readDirection(std::string_view text, const GameSink& sink, ReadOptions options = {});  // no repairs: not lenient
std::string writeDirection(const ReplayedGame& game,  // canonical, the same for every symmetry
                           grammar::direction::Spelling spelling = grammar::direction::Spelling::Unicode);
void readAlgebraic(std::string_view text, const GameSink& sink, ReadOptions options = {});
std::string writeAlgebraic(const ReplayedGame& game, grammar::algebraic::Form form);
void readSgf(std::string_view text, const GameSink& sink, ReadOptions options = {});
std::string writeSgf(const ReplayedGame& game);  // boardspace's recent dialect

// Position strings: one position a line, each a set-up game without history.
grammar::OrRejection<Board> readPosition(std::string_view text);
std::string writePosition(const Board& board);
void readPositions(std::string_view text, const GameSink& sink);

}  // namespace apiary::notation
