#include "notation/notation_table.hpp"

#include <algorithm>
#include <cctype>

#include "grammar/sniffers.hpp"
#include "notation/move_notation.hpp"
#include "notation/move_text.hpp"
#include "notation/notations.hpp"
#include "notation/position_text.hpp"
#include "notation/uhp_text.hpp"

namespace apiary::notation {

namespace {

using grammar::algebraic::Form;

// The frame a move from the user's position is written in: the game's, as this
// move continues it, when the position has a history; a set-up position's own.
GameFrame frameOf(const Board& position, const Board& board, const Move& move) {
  if (isSetUp(position)) return GameFrame::ofPosition(board);
  Board game = position;
  game.play(move);
  return GameFrame::ofGame(game);
}

template <Form form>
std::string algebraicGame(const ReplayedGame& game) {
  return writeAlgebraic(game, form);
}
template <Form form>
std::string algebraicMove(const Board& position, const Board& board, const Move& move) {
  return writeAlgebraicMove(board, frameOf(position, board, move), move, form);
}

constexpr LenientRepairs kSlidesAnd(ColourLetters letters) { return {true, letters}; }

constexpr std::array kTable{
    Notation{"uhp",
             {"standard"},
             &grammar::uhpSniffer,
             readUhp,
             writeUhp,
             [](const Board&, const Board& board, const Move& move) { return moveString(board, move); },
             kSlidesAnd(ColourLetters::Prefix),
             /*positions=*/false,
             /*whiteFirst=*/true},
    Notation{"sgf", {"boardspace"}, &grammar::sgfSniffer, readSgf, writeSgf, nullptr, kSlidesAnd(ColourLetters::None)},
    Notation{"pgn-like",
             {"pgnlike"},
             &grammar::pgnLikeSniffer,
             readPgnLike,
             writePgnLike,
             [](const Board&, const Board& board, const Move& move) { return writePgnLikeMove(board, move); },
             kSlidesAnd(ColourLetters::Case)},
    Notation{"direction",
             {},
             &grammar::directionSniffer,
             readDirection,
             [](const ReplayedGame& game) { return writeDirection(game); },
             [](const Board& position, const Board& board, const Move& move) {
               return writeDirectionMove(board, frameOf(position, board, move), move);
             },
             {},
             /*positions=*/false,
             /*whiteFirst=*/true},
    Notation{"algebraic",
             {},
             &grammar::algebraicSniffer,
             readAlgebraic,
             algebraicGame<Form::Short>,
             algebraicMove<Form::Short>,
             kSlidesAnd(ColourLetters::Prefix)},
    Notation{"algebraic-long", {}, nullptr, nullptr, algebraicGame<Form::Long>, algebraicMove<Form::Long>, {}},
    Notation{"algebraic-compressed",
             {},
             nullptr,
             nullptr,
             algebraicGame<Form::Compressed>,
             algebraicMove<Form::Compressed>,
             {}},
    Notation{"fen",
             {"position"},
             &grammar::positionStringSniffer,
             [](std::string_view text, const GameSink& sink, ReadOptions) { readPositions(text, sink); },
             [](const ReplayedGame& game) { return writePosition(game.board) + "\n"; },
             nullptr,
             {},
             true},
};

std::string folded(std::string_view word) {
  while (!word.empty() && std::isspace(static_cast<unsigned char>(word.front()))) word.remove_prefix(1);
  while (!word.empty() && std::isspace(static_cast<unsigned char>(word.back()))) word.remove_suffix(1);
  std::string out(word);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

bool serves(const Notation& notation, NotationUse use) {
  switch (use) {
    case NotationUse::Read: return notation.readGames != nullptr;
    case NotationUse::Write: return notation.writeGame != nullptr;
    case NotationUse::WriteMoves: return notation.writeMove != nullptr;
  }
  return false;
}

std::span<const Notation> notationTable() { return kTable; }

const Notation* findNotation(std::string_view word, NotationUse use, std::span<const Notation> table) {
  const std::string w = folded(word);
  for (const Notation& n : table) {
    if (!serves(n, use)) continue;
    if (w.empty()) break;
    if (n.name == w || std::find(n.aliases.begin(), n.aliases.end(), w) != n.aliases.end()) return &n;
  }
  return nullptr;
}

std::string notationNames(NotationUse use, bool withAliases, std::span<const Notation> table) {
  std::string out;
  for (const Notation& n : table) {
    if (!serves(n, use)) continue;
    out += (out.empty() ? "" : ", ") + std::string(n.name);
    std::string aliases;
    for (std::string_view a : n.aliases)
      if (!a.empty()) aliases += (aliases.empty() ? "" : ", ") + std::string(a);
    if (withAliases && !aliases.empty()) out += " (" + aliases + ")";
  }
  return out;
}

std::string notationWords(NotationUse use, std::span<const Notation> table) {
  std::string out;
  for (const Notation& n : table) {
    if (!serves(n, use)) continue;
    out += (out.empty() ? "" : " ") + std::string(n.name);
    for (std::string_view a : n.aliases)
      if (!a.empty()) out += " " + std::string(a);
  }
  return out;
}

const Notation& uhpNotation() { return kTable.front(); }

}  // namespace apiary::notation
