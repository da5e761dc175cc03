#include "ingest/resolve.hpp"

#include <algorithm>

namespace apiary::ingest {

std::vector<Move> legalMoveVector(const Board& board, uint32_t pieces) {
  MoveList list;
  if (pieces == kAllPieces)
    legalMoves(board, list);  // with the pass, when nothing else is legal
  else
    legalMovesOfPieces(board, pieces, list);
  return {list.begin(), list.end()};
}

void addLegalMovesTo(const Board& board, uint32_t pieces, Cell to, std::vector<Move>& out) {
  for (; pieces; pieces &= pieces - 1) {
    const PieceId p = PieceId(__builtin_ctz(pieces));
    const Move m{p, board.onBoard(p) ? board.cellOf(p) : kNoCell, to};
    if (isLegal(board, m)) out.push_back(m);
  }
}

void addLegalMovesTo(const Board& board, uint32_t pieces, const CellSet& to, std::vector<Move>& out) {
  // Each check pays a pin test and a walk towards its cell; listing pays the pin
  // test once for all pieces and one walk a piece.
  constexpr int kMostChecked = 2;
  int cells = 0;  // counted only as far as the choice needs
  for (uint64_t w : to.words)
    for (; w && cells <= kMostChecked; w &= w - 1) ++cells;
  if (cells <= kMostChecked) {
    to.forEach([&](Cell c) { addLegalMovesTo(board, pieces, c, out); });
    return;
  }
  MoveList list;
  legalMovesOfPieces(board, pieces, list);
  for (const Move& m : list)
    if (to.has(m.to)) out.push_back(m);
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

void setGameTypeTag(std::vector<grammar::Tag>& tags, GameType type) {
  std::erase_if(tags, [](const grammar::Tag& t) { return t.name == "ExpansionPieces"; });
  const auto it = std::find_if(tags.begin(), tags.end(), [](const grammar::Tag& t) { return t.name == "GameType"; });
  if (it != tags.end())
    it->value = type.name();
  else
    tags.insert(tags.begin(), {"GameType", type.name(), {}});
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

}  // namespace apiary::ingest
