#include "ingest/resolve.hpp"

namespace apiary::ingest {

std::vector<Move> legalMoveVector(const Board& board) {
  MoveList list;
  legalMoves(board, list);
  return {list.begin(), list.end()};
}

Step chooseOne(const std::vector<Move>& fits, const std::string& noneWhy,
               const std::function<std::string(const Move&)>& spell) {
  if (fits.size() == 1) return Step::play(fits.front());
  if (fits.empty()) return Step::fail(noneWhy);
  constexpr std::size_t kListed = 8;  // enough to show the choice, short enough to read
  std::string why = "ambiguous, " + std::to_string(fits.size()) + " legal moves fit:";
  for (std::size_t i = 0; i < fits.size() && i < kListed; ++i) why += (i ? ", " : " ") + spell(fits[i]);
  if (fits.size() > kListed) why += ", ...";
  return Step::fail(why);
}

bool isEastOfFirst(const Board& board, const Move& m) {
  return board.ply() != 1 || m.to == neighbor(kOrigin, E);
}

bool hasNoPieceOnBoard(const Board& board, Color player) {
  return (board.piecesOnBoard() & colorMask(player)) == 0;
}

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
  for (const auto& tag : tags) {
    if (tag.name == "GameType") {
      auto type = GameType::parse(tag.value);
      if (!type) error = "unknown game type '" + grammar::printable(tag.value) + "'";
      return type;
    }
    if (tag.name == "ExpansionPieces") {
      GameType type;
      for (char c : tag.value) {
        switch (c) {
          case 'M': case 'm': type.expansions |= GameType::kMosquito; break;
          case 'L': case 'l': type.expansions |= GameType::kLadybug; break;
          case 'P': case 'p': type.expansions |= GameType::kPillbug; break;
          case ' ': case ',': break;
          default:
            error = "unknown expansion piece '" + grammar::printable(std::string(1, c)) + "'";
            return std::nullopt;
        }
      }
      return type;
    }
  }
  return std::nullopt;
}

}  // namespace apiary::ingest
