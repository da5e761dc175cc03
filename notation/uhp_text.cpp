#include "notation/uhp_text.hpp"

#include <array>
#include <cctype>

#include "engine/explain.hpp"
#include "engine/movegen.hpp"
#include "notation/white_first.hpp"

namespace apiary::notation {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == sep) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

grammar::PieceName nameOf(PieceId piece) {
  const Bug bug = bugOf(piece);
  return {colorOf(piece) == Color::White ? 'w' : 'b', kBugLetters[int(bug)],
          kBugCopies[int(bug)] > 1 ? copyOf(piece) : 0};
}

grammar::UhpSide sideOf(std::optional<Dir> direction) {
  if (!direction) return grammar::UhpSide::OnTop;
  switch (*direction) {
    case E: return grammar::UhpSide::E;
    case SE: return grammar::UhpSide::SE;
    case SW: return grammar::UhpSide::SW;
    case W: return grammar::UhpSide::W;
    case NW: return grammar::UhpSide::NW;
    case NE: return grammar::UhpSide::NE;
  }
  return grammar::UhpSide::OnTop;
}

}  // namespace

PieceId pieceOf(const grammar::PieceName& name) {
  const auto bugAt = kBugLetters.find(name.bug);
  if (bugAt == std::string_view::npos || (name.color != 'w' && name.color != 'b')) return kNoPiece;
  const int copies = kBugCopies[bugAt];
  const int copy = copies == 1 ? 1 : name.number;
  if (copy < 1 || copy > copies) return kNoPiece;
  return pieceId(name.color == 'w' ? Color::White : Color::Black, Bug(bugAt), copy);
}

grammar::UhpMove uhpMoveOf(const Board& board, const Move& m) {
  if (m.isPass()) return {grammar::UhpMoveKind::Pass, {}, std::nullopt};
  const ReferencedMove named = referencedMove(board, m);
  grammar::UhpMove out{grammar::UhpMoveKind::Normal, nameOf(m.piece), std::nullopt};
  if (named.reference != kNoPiece) out.reference = grammar::UhpReference{nameOf(named.reference), sideOf(named.side)};
  return out;
}

std::string moveString(const Board& board, const Move& m) { return grammar::writeMove(uhpMoveOf(board, m)); }

std::vector<std::string> moveStrings(const Board& game) {
  std::vector<std::string> out;
  Board replay(game.type(), game.rules(), game.firstMover());
  for (const Move& m : game.history()) {
    out.push_back(moveString(replay, m));
    replay.play(m);
  }
  return out;
}

grammar::OrRejection<Move> parseMoveString(const Board& board, std::string_view text) {
  using grammar::because;
  const grammar::OrRejection<grammar::UhpMove> read = grammar::parseMoveString(text);
  if (!read) return {std::nullopt, because(read.error.message)};
  const grammar::UhpMove& m = *read.value;
  if (m.kind == grammar::UhpMoveKind::Pass) return {Move::pass(), {}};
  if (m.kind != grammar::UhpMoveKind::Normal)
    return {std::nullopt, because("'" + grammar::writeMove(m) + "' is not a move")};
  const PieceId piece = pieceOf(m.piece);
  if (piece == kNoPiece) return {std::nullopt, because("unknown piece '" + grammar::writePieceName(m.piece) + "'")};
  std::optional<PieceId> reference;
  std::optional<Dir> side;
  if (m.reference) {
    reference = pieceOf(m.reference->piece);
    if (*reference == kNoPiece)
      return {std::nullopt, because("unknown reference piece '" + grammar::writePieceName(m.reference->piece) + "'")};
    side = directionOf(m.reference->side);
  }
  const PlacedMove placed = placeByReference(board, piece, reference, side);
  if (placed.fault != ReferenceFault::None)
    return {std::nullopt, because(referenceFaultText(board, placed.fault, piece, reference))};
  return {placed.move, {}};
}

std::string turnString(const Board& board) {
  return std::string(board.toMove() == Color::White ? "White" : "Black") + "[" + std::to_string(board.turnOfMover()) +
         "]";
}

std::string gameString(const Board& board) {
  // A GameString is UHP: White moves first (white_first.hpp).
  if (const std::optional<Board> swapped = whiteFirst(board)) return gameString(*swapped);
  std::string out = board.type().name() + ";" + gameStateName(board.state()) + ";" + turnString(board);
  for (const std::string& move : moveStrings(board)) out += ";" + move;
  return out;
}

grammar::OrRejection<Board> parseGameString(std::string_view text, Rules rules) {
  text = trim(text);
  if (!text.empty() && text.back() == ';') text.remove_suffix(1);  // real files end with one
  const auto parts = split(text, ';');
  const auto type = GameType::parse(trim(parts[0]));
  if (!type) return {std::nullopt, grammar::because("unknown game type '" + std::string(parts[0]) + "'")};
  // GameState and Turn are recomputed, so they may be missing or in any case.
  std::size_t first = 1;
  if (first < parts.size() && parseGameState(trim(parts[first]))) ++first;
  if (first < parts.size() && isTurnString(trim(parts[first]))) ++first;
  Board board(*type, rules);
  for (std::size_t i = first; i < parts.size(); ++i) {
    const int ply = int(i - first + 1);
    const auto parsed = parseMoveString(board, parts[i]);
    if (!parsed) return {std::nullopt, grammar::rejectionAt(0, 0, ply, parsed.error.message)};
    if (!isLegal(board, *parsed.value))
      return {std::nullopt,
              grammar::rejectionAt(0, 0, ply,
                                   "'" + std::string(trim(parts[i])) + "': " + whyIllegal(board, *parsed.value))};
    board.play(*parsed.value);
  }
  return {std::move(board), {}};
}

std::optional<GameState> parseGameState(std::string_view text) {
  for (GameState s :
       {GameState::NotStarted, GameState::InProgress, GameState::Draw, GameState::WhiteWins, GameState::BlackWins})
    if (equalsIgnoreCase(text, gameStateName(s))) return s;
  return std::nullopt;
}

bool isTurnString(std::string_view text) {
  const std::size_t open = text.find('[');
  if (open == std::string_view::npos || text.back() != ']' || open + 2 > text.size() - 1) return false;
  const auto colour = text.substr(0, open);
  if (!equalsIgnoreCase(colour, "White") && !equalsIgnoreCase(colour, "Black")) return false;
  for (char c : text.substr(open + 1, text.size() - open - 2))
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

}  // namespace apiary::notation
