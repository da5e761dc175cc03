#include "engine/uhp.hpp"

#include <cctype>
#include <vector>

#include "engine/explain.hpp"
#include "engine/movegen.hpp"

namespace apiary {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

bool isSideMark(char c) { return c == '-' || c == '/' || c == '\\'; }

// Direction from the reference to the destination for a mark written before or after.
RefSide sideOf(char mark, bool before) {
  switch (mark) {
    case '-': return before ? RefSide::W : RefSide::E;
    case '/': return before ? RefSide::SW : RefSide::NE;
    default: return before ? RefSide::NW : RefSide::SE;
  }
}

std::string writeRef(PieceId ref, int dir) {
  const std::string name = pieceName(ref);
  switch (Dir(dir)) {
    case E: return name + "-";
    case W: return "-" + name;
    case NE: return name + "/";
    case SW: return "/" + name;
    case SE: return name + "\\";
    case NW: return "\\" + name;
  }
  return name;
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

}  // namespace

std::string moveString(const Board& board, const Move& m) {
  if (m.isPass()) return "pass";
  const std::string name = pieceName(m.piece);
  if (board.piecesOnBoard() == 0) return name;
  if (board.occupied(m.to) && m.to != m.from) return name + " " + pieceName(board.top(m.to));
  // Any piece next to the destination, other than the moving piece itself.
  for (int d = 0; d < kDirs; ++d) {
    const Cell n = neighbor(m.to, d);
    PieceId ref = board.top(n);
    if (ref == m.piece) ref = board.under(m.piece);
    if (ref != kNoPiece) return name + " " + writeRef(ref, opposite(d));
  }
  return name;  // unreachable for a legal move
}

std::string uhpFaultText(const Board& board, UhpFault fault, PieceId piece, std::optional<PieceId> reference) {
  switch (fault) {
    case UhpFault::None: return {};
    case UhpFault::NotInGame: return pieceName(piece) + " is not in a " + board.type().name() + " game";
    case UhpFault::NeedsReference: return "a move needs a reference piece after the first move";
    case UhpFault::ReferenceOffBoard: return "reference " + pieceName(*reference) + " is not on the board";
    case UhpFault::OccupiedSide: return "the destination is occupied: a climb names the piece climbed on";
  }
  return {};
}

MoveOrError uhpMove(const Board& board, PieceId piece, std::optional<PieceId> reference,
                    RefSide side, ClimbSpelling climbs) {
  const UhpPlaced placed = placeUhpMove(board, piece, reference, side, climbs);
  if (placed.fault == UhpFault::None) return {placed.move, {}};
  return {std::nullopt, uhpFaultText(board, placed.fault, piece, reference)};
}

MoveOrError parseMoveString(const Board& board, std::string_view text) {
  text = trim(text);
  std::string lower;
  for (char c : text) lower += char(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "pass") return {Move::pass(), {}};
  const std::size_t space = text.find(' ');
  const std::string_view pieceText = text.substr(0, space);
  const auto piece = parsePieceName(pieceText);
  if (!piece) return {std::nullopt, "unknown piece '" + std::string(pieceText) + "'"};
  std::string_view refText = space == std::string_view::npos ? "" : trim(text.substr(space));
  if (refText.empty() || refText == ".") return uhpMove(board, *piece, std::nullopt, RefSide::OnTop);

  RefSide side = RefSide::OnTop;
  if (isSideMark(refText.front())) {
    side = sideOf(refText.front(), true);
    refText.remove_prefix(1);
  } else if (isSideMark(refText.back())) {
    side = sideOf(refText.back(), false);
    refText.remove_suffix(1);
  }
  const auto ref = parsePieceName(refText);
  if (!ref) return {std::nullopt, "unknown reference piece '" + std::string(refText) + "'"};
  return uhpMove(board, *piece, *ref, side);
}

std::string turnString(const Board& board) {
  return std::string(board.toMove() == Color::White ? "White" : "Black") + "[" +
         std::to_string(board.turnOfMover()) + "]";
}

std::string gameString(const Board& board) {
  Board replay(board.type(), board.rules(), board.firstMover());
  std::string out = board.type().name() + ";" + gameStateName(board.state()) + ";" + turnString(board);
  for (const Move& m : board.history()) {
    out += ";" + moveString(replay, m);
    replay.play(m);
  }
  return out;
}

GameOrError parseGameString(std::string_view text, Rules rules) {
  text = trim(text);
  if (!text.empty() && text.back() == ';') text.remove_suffix(1);  // real files end with one
  const auto parts = split(text, ';');
  const auto type = GameType::parse(trim(parts[0]));
  if (!type) return {std::nullopt, "unknown game type '" + std::string(parts[0]) + "'", 0};
  // GameState and Turn are recomputed, so they may be missing or in any case.
  std::size_t first = 1;
  if (first < parts.size() && parseGameState(trim(parts[first]))) ++first;
  if (first < parts.size() && isTurnString(trim(parts[first]))) ++first;
  Board board(*type, rules);
  for (std::size_t i = first; i < parts.size(); ++i) {
    const int ply = int(i - first + 1);
    const auto parsed = parseMoveString(board, parts[i]);
    if (!parsed.move) return {std::nullopt, parsed.error, ply};
    if (!isLegal(board, *parsed.move))
      return {std::nullopt, "'" + std::string(trim(parts[i])) + "': " + whyIllegal(board, *parsed.move), ply};
    board.play(*parsed.move);
  }
  return {std::move(board), {}, 0};
}

std::optional<GameState> parseGameState(std::string_view text) {
  for (GameState s : {GameState::NotStarted, GameState::InProgress, GameState::Draw,
                      GameState::WhiteWins, GameState::BlackWins})
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

}  // namespace apiary
