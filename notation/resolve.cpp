#include "notation/resolve.hpp"

#include <algorithm>
#include <bit>

#include "engine/walks.hpp"

namespace apiary::notation {

std::vector<Move> legalMoveVector(const Board& board, uint32_t pieces) {
  MoveList list;
  if (pieces == kAllPieces) legalMoves(board, list);  // with the pass, when nothing else is legal
  else legalMovesOfPieces(board, pieces, list);
  return {list.begin(), list.end()};
}

void addLegalMovesTo(const Board& board, uint32_t pieces, Cell to, std::vector<Move>& out) {
  CellList one;
  one.add(to);
  addLegalMovesTo(board, pieces, one, out);
}

void addLegalMovesTo(const Board& board, uint32_t pieces, const CellList& to, std::vector<Move>& out) {
  if (board.gameOver() || to.empty()) return;
  const Color me = board.toMove();
  // Of a bug's copies in hand only the next is placed; the rule looks at the cell.
  for (uint32_t inHand = pieces & ~board.piecesOnBoard(); inHand; inHand &= inHand - 1) {
    const PieceId p = PieceId(std::countr_zero(inHand));
    if (colorOf(p) != me || board.nextInHand(me, bugOf(p)) != p) continue;
    for (const Cell c : to)
      if (isLegalPlacement(board, Move{p, kNoCell, c})) out.push_back(Move{p, kNoCell, c});
  }
  if (!board.queenPlaced(me)) return;  // nothing moves, walking or thrown, before its Queen
  // A walk towards one cell takes shortcuts (an Ant follows the rim first, a step
  // is one test); for two cells or more one walk that stops when it has found them
  // all is cheaper than a walk each, which search the whole hive when they fail
  // (measured on generated games). The pin test costs more than most walks, so it
  // is left for the pieces that get somewhere, but less than an Ant's, which is
  // walked only when free.
  //
  // Only the mover's Pillbug, or its Mosquito beside one, throws: without either on
  // the board a piece goes where its own moves take it, and no neighbour is asked.
  const uint32_t throwers = pieceBit(pieceId(me, Bug::Pillbug)) | pieceBit(pieceId(me, Bug::Mosquito));
  const bool throws = board.piecesOnBoard() & throwers;
  if (!throws) pieces &= colorMask(me);
  for (uint32_t placed = pieces & board.piecesOnBoard(); placed; placed &= placed - 1) {
    const PieceId p = PieceId(std::countr_zero(placed));
    const Cell from = board.cellOf(p);
    if (board.top(from) != p || p == board.lastMoved()) continue;
    const Bug bug = bugOf(p);
    const bool pinTestFirst = bug == Bug::Ant;
    if (pinTestFirst && splitsHive(board, p)) continue;
    const LiftedBoard view{board, from};
    const auto reaches = [&](auto&& visit) {
      return throws ? walks::movesOrIsThrown(view, p, me, visit) : walks::ownMoves(view, p, visit);
    };
    const std::size_t before = out.size();
    if (to.size() == 1) {
      const Cell c = *to.begin();
      if (c != from && reaches(walks::Reaches{c})) out.push_back(Move{p, from, c});
    } else if (bug == Bug::Queen || bug == Bug::Beetle || bug == Bug::Pillbug) {
      // These step once, or are thrown beside a neighbour: each listed cell that
      // near is one test, and the others are out of reach.
      for (const Cell c : to)
        if (c != from && walks::kStepsApart[(c - from) & (kCells - 1)] <= 2 && reaches(walks::Reaches{c}))
          out.push_back(Move{p, from, c});
    } else {
      // The listed cells found, one bit each by place in the list (at most 28):
      // most cells a walk visits are not listed, which the list's filter answers.
      const int atFrom = to.indexOf(from);
      const uint32_t wanted = ((uint32_t(1) << to.size()) - 1) & ~(atFrom < 0 ? 0 : uint32_t(1) << atFrom);
      uint32_t found = 0;
      reaches([&](Cell c) {
        if (const int i = to.indexOf(c); i >= 0) found |= uint32_t(1) << i;
        return (found & wanted) == wanted;
      });
      for (uint32_t left = found & wanted; left; left &= left - 1)
        out.push_back(Move{p, from, to.begin()[std::countr_zero(left)]});
    }
    if (!pinTestFirst && out.size() != before && splitsHive(board, p)) out.resize(before);
  }
}

Step chooseOne(const std::vector<Move>& fits, const std::string& noneWhy,
               const std::function<std::string(const Move&)>& spell) {
  if (fits.size() == 1) return Step::playLegal(fits.front());
  if (fits.empty()) return Step::fail(noneWhy);
  constexpr std::size_t kListed = 8;  // enough to show the choice, short enough to read
  std::string why = "ambiguous, " + std::to_string(fits.size()) + " legal moves fit:";
  for (std::size_t i = 0; i < fits.size() && i < kListed; ++i) why += (i ? ", " : " ") + spell(fits[i]);
  if (fits.size() > kListed) why += ", ...";
  return Step::fail(why);
}

bool isEastOfFirst(const Board& board, const Move& m) { return board.ply() != 1 || m.to == neighbor(kOrigin, E); }

bool hasNoPieceOnBoard(const Board& board, Color player) { return (board.piecesOnBoard() & colorMask(player)) == 0; }

std::vector<PieceId> piecesOf(const Board& board, Color color, Bug bug, bool visibleOnly) {
  std::vector<PieceId> out;
  for (int copy = 1; copy <= kBugCopies[int(bug)]; ++copy) {
    const PieceId p = pieceId(color, bug, copy);
    if (board.onBoard(p) && (!visibleOnly || board.isTop(p))) out.push_back(p);
  }
  return out;
}

int straightLineDir(Axial from, Axial to) {
  const Axial d = to - from;
  for (int dir = 0; dir < kDirs; ++dir)
    for (int k = 2; k < 32; ++k)
      if (d == Axial{k * kDq[dir], k * kDr[dir]}) return dir;
  return -1;
}

std::optional<GameType> gameTypeFromTags(const std::vector<grammar::Tag>& tags, std::string& error) {
  const auto tag = [&](std::string_view name) {
    const auto it = std::find_if(tags.begin(), tags.end(), [&](const grammar::Tag& t) { return t.name == name; });
    return it == tags.end() ? nullptr : &it->value;
  };
  if (const std::string* name = tag("GameType")) {
    auto type = GameType::parse(*name);
    if (!type) error = "unknown game type '" + grammar::printable(*name) + "'";
    return type;
  }
  const std::string* pieces = tag("ExpansionPieces");
  if (!pieces) return std::nullopt;
  GameType type;
  for (char c : *pieces) {
    switch (c) {
      case 'M':
      case 'm': type.expansions |= GameType::kMosquito; break;
      case 'L':
      case 'l': type.expansions |= GameType::kLadybug; break;
      case 'P':
      case 'p': type.expansions |= GameType::kPillbug; break;
      case ' ':
      case ',': break;
      default: error = "unknown expansion piece '" + grammar::printable(std::string(1, c)) + "'"; return std::nullopt;
    }
  }
  return type;
}

void setGameTypeTag(std::vector<grammar::Tag>& tags, GameType type) {
  std::erase_if(tags, [](const grammar::Tag& t) { return t.name == "ExpansionPieces"; });
  const auto it = std::find_if(tags.begin(), tags.end(), [](const grammar::Tag& t) { return t.name == "GameType"; });
  if (it != tags.end()) it->value = type.name();
  else tags.insert(tags.begin(), {"GameType", type.name(), {}});
}

namespace {
bool isAlnum(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
}  // namespace

void asPgnTags(std::vector<grammar::Tag>& tags) {
  for (auto& tag : tags) {
    for (char& c : tag.name)
      if (!isAlnum(c)) c = '_';
    if (tag.name.empty()) tag.name = "Tag";
  }
}

void asHeaderLines(std::vector<grammar::Tag>& tags) {
  for (auto& tag : tags) {
    for (char& c : tag.name)
      if (!isAlnum(c) && c != ' ' && c != '-') c = '_';
    if (tag.name.empty() || !isAlnum(tag.name.front())) tag.name.insert(0, "Tag");
    for (char& c : tag.value)
      if (c == '\n' || c == '\r') c = ' ';
  }
}

}  // namespace apiary::notation
