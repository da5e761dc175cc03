// The PGN-like notation (notations.md section 3): the bridge between
// grammar/pgn_like and the engine. Pieces are letters (case gives colour, never a
// number) and places are described by the pieces around them, so every written
// move is resolved against the legal moves; the writer searches for the shortest
// description that only the played move fits.
#include <array>
#include <cctype>
#include <set>

#include "grammar/pgn_like.hpp"
#include "ingest/move_text.hpp"
#include "ingest/notations.hpp"
#include "ingest/resolve.hpp"

namespace apiary::ingest {

namespace {

namespace pl = grammar::pgn_like;

// Index of a letter among the 16 (colour * 8 + bug), or -1.
int letterIndex(char c) {
  const auto bug = kBugLetters.find(char(std::toupper(static_cast<unsigned char>(c))));
  if (bug == std::string_view::npos) return -1;
  return (std::isupper(static_cast<unsigned char>(c)) ? 0 : kBugs) + int(bug);
}

char letterOf(PieceId p) {
  const char c = kBugLetters[int(bugOf(p))];
  return colorOf(p) == Color::White ? c : char(std::tolower(static_cast<unsigned char>(c)));
}

// Where each letter stands. A letter names every piece of its colour and bug, covered
// ones included (a covered piece still marks its cell), so a location is true of a
// cell when some choice of those pieces makes it true.
class Places {
 public:
  explicit Places(const Board& board) {
    for (PieceId p = 0; p < kPieces; ++p)
      if (board.onBoard(p)) cells_[letterIndex(letterOf(p))].push_back(board.cellOf(p));
  }

  const std::vector<Cell>& of(char letter) const {
    static const std::vector<Cell> none;
    const int i = letterIndex(letter);
    return i < 0 ? none : cells_[i];
  }

  // `x` is next to `centre` and the reference holds there: its piece is next to
  // `centre`, `x` lies `angle` places clockwise from it, and its qualifier says
  // where `centre` lies around that piece (the same rule one level down).
  bool holds(Cell x, Cell centre, const pl::Reference& ref) const {
    const int toX = directionTo(centre, x);
    if (toX < 0) return false;
    for (Cell c : of(ref.piece)) {
      const int toRef = directionTo(centre, c);
      if (toRef < 0) continue;
      if (ref.angle != 0 && clockwise(toRef, ref.angle) != toX) continue;
      if (!ref.qualifier.empty() && !holds(centre, c, ref.qualifier.front())) continue;
      return true;
    }
    return false;
  }

  // The cells a location describes: next to a `neighbour` piece, and `other` holds.
  CellSet cells(const pl::Location& location) const {
    CellSet out{};
    for (Cell n : of(location.neighbour))
      for (int d = 0; d < kDirs; ++d) {
        const Cell x = neighbor(n, d);
        if (!location.other || holds(x, n, *location.other)) out.add(x);
      }
    return out;
  }

 private:
  std::array<std::vector<Cell>, 2 * kBugs> cells_;
};

// The ply without its locations: which piece, placed or moving, climbing onto what.
bool fitsBase(const Board& board, const pl::Ply& ply, const Move& m) {
  if (ply.kind == pl::Ply::Kind::Pass || m.isPass()) return ply.kind == pl::Ply::Kind::Pass && m.isPass();
  if ((ply.kind == pl::Ply::Kind::Place) != m.isPlacement()) return false;
  if (letterOf(m.piece) != ply.piece) return false;
  // `x` names the piece climbed onto; without it the destination is empty.
  if (!ply.under) return !board.occupied(m.to);
  return board.occupied(m.to) && letterOf(board.top(m.to)) == ply.under;
}

// The legal moves a ply fits.
std::vector<Move> resolvePly(const Board& board, const std::vector<Move>& legal, const pl::Ply& ply) {
  const Places places(board);
  std::optional<CellSet> from, to;
  if (ply.from) from = places.cells(*ply.from);
  if (ply.to) to = places.cells(*ply.to);
  return fittingMoves(legal, [&](const Move& m) {
    if (!fitsBase(board, ply, m) || !isEastOfFirst(board, m)) return false;
    if (from && (m.isPlacement() || !from->has(m.from))) return false;
    return !to || (!m.isPass() && to->has(m.to));
  });
}

int length(const pl::Reference& r) {
  return 1 + (r.qualifier.empty() ? 0 : 2 + length(r.qualifier.front())) + (r.angle ? 1 : 0);
}
int length(const pl::Location& l) { return 1 + (l.other ? length(*l.other) : 0); }

// Finds the shortest ply that fits only the played move.
class ShortestPly {
 public:
  ShortestPly(const Board& board, const std::vector<Move>& legal) : board_(board), legal_(legal), places_(board) {}

  pl::Ply write(const Move& m) {
    pl::Ply ply;
    if (m.isPass()) {
      ply.kind = pl::Ply::Kind::Pass;
      return ply;
    }
    ply.kind = m.isPlacement() ? pl::Ply::Kind::Place : pl::Ply::Kind::Move;
    ply.piece = letterOf(m.piece);
    if (board_.occupied(m.to)) ply.under = letterOf(board_.top(m.to));
    // The first piece has one place, the second six that are one up to rotation.
    if (board_.ply() <= 1) return ply;
    base_ = fittingMoves(legal_, [&](const Move& c) { return fitsBase(board_, ply, c); });
    if (base_.size() == 1) return ply;
    // Qualifiers in brackets are needed once or twice a game: look for them only
    // when nothing plainer is as short as they would be.
    constexpr std::array<int, 3> kShortestAtDepth = {1, 5, 8};
    std::optional<std::pair<std::optional<pl::Location>, pl::Location>> best;
    int bestLength = 1 << 20;
    for (int depth = 0; depth < int(kShortestAtDepth.size()); ++depth) {
      if (bestLength <= kShortestAtDepth[depth]) break;
      search(m, depth, best, bestLength);
    }
    if (best) {
      ply.from = best->first;
      ply.to = best->second;
    }
    return ply;  // no description fits only m: a symmetric position, left ambiguous
  }

 private:
  struct Option {
    pl::Location location;
    int length;
    std::optional<CellSet> cells;  // computed when first tried
  };

  // References true of (centre, x): a piece next to centre, the angle of x around
  // centre from it, and qualifiers that say where centre lies around that piece.
  void references(Cell centre, Cell x, int depth, std::vector<pl::Reference>& out) const {
    const int toX = directionTo(centre, x);
    for (int e = 0; e < kDirs; ++e) {
      const Cell c = neighbor(centre, e);
      std::string seen;
      for (PieceId p = board_.top(c); p != kNoPiece; p = board_.under(p)) {
        const char letter = letterOf(p);
        if (seen.find(letter) != std::string::npos) continue;
        seen += letter;
        std::vector<pl::Reference> qualifiers;
        if (depth > 0) references(c, centre, depth - 1, qualifiers);
        const int angle = (toX - e + kDirs) % kDirs;
        for (int q = -1; q < int(qualifiers.size()); ++q) {
          pl::Reference r{letter, {}, 0};
          if (q >= 0) r.qualifier.push_back(qualifiers[q]);
          out.push_back(r);
          if (angle != 0) {
            r.angle = angle;
            out.push_back(r);
          }
        }
      }
    }
  }

  std::vector<Option> options(Cell x, int depth) const {
    std::vector<Option> out;
    std::set<std::string> seen;  // one option per spelling
    const auto add = [&](pl::Location l) {
      pl::Ply probe;
      probe.piece = 'Q';
      probe.to = l;
      if (seen.insert(pl::writePly(probe)).second) out.push_back({std::move(l), length(l), std::nullopt});
    };
    for (int d = 0; d < kDirs; ++d) {
      const Cell n = neighbor(x, d);
      std::vector<pl::Reference> refs;
      if (board_.occupied(n)) references(n, x, depth, refs);
      for (PieceId p = board_.top(n); p != kNoPiece; p = board_.under(p)) {
        add({letterOf(p), std::nullopt});
        for (const auto& r : refs) add({letterOf(p), r});
      }
    }
    std::stable_sort(out.begin(), out.end(), [](const Option& a, const Option& b) { return a.length < b.length; });
    return out;
  }

  const CellSet& cellsOf(Option& o) {
    if (!o.cells) o.cells = places_.cells(o.location);
    return *o.cells;
  }

  bool onlyMove(const Move& m, Option* from, Option& to) {
    int n = 0;
    for (const Move& c : base_) {
      if (from && !cellsOf(*from).has(c.from)) continue;
      if (!cellsOf(to).has(c.to)) continue;
      if (!(c == m) || ++n > 1) return false;
    }
    return n == 1;
  }

  // Destination alone first, then origin and destination, shortest first; on equal
  // length the plainer description (fewer parts) wins.
  void search(const Move& m, int depth, std::optional<std::pair<std::optional<pl::Location>, pl::Location>>& best,
              int& bestLength) {
    std::vector<Option> to = options(m.to, depth);
    for (Option& t : to) {
      if (t.length >= bestLength) break;
      if (onlyMove(m, nullptr, t)) {
        best = {std::nullopt, t.location};
        bestLength = t.length;
        break;
      }
    }
    if (m.isPlacement()) return;
    std::vector<Option> from = options(m.from, depth);
    if (from.empty() || to.empty()) return;
    const int longest = from.back().length + 1 + to.back().length;
    for (int total = 3; total < bestLength && total <= longest; ++total)
      for (Option& f : from) {
        if (f.length + 2 > total) break;
        for (Option& t : to) {
          if (f.length + 1 + t.length > total) break;
          if (f.length + 1 + t.length == total && onlyMove(m, &f, t)) {
            best = {f.location, t.location};
            bestLength = total;
            return;
          }
        }
      }
  }

  const Board& board_;
  const std::vector<Move>& legal_;
  Places places_;
  std::vector<Move> base_;
};

Step resolveWritten(const Board& board, const pl::Ply& ply) {
  const auto legal = legalMoveVector(board);
  const auto fits = resolvePly(board, legal, ply);
  std::string none = "no legal move fits";
  if (fits.empty() && ply.kind != pl::Ply::Kind::Pass) {
    pl::Ply bare{ply.kind, ply.piece, ply.under, std::nullopt, std::nullopt, false};
    if (resolvePly(board, legal, bare).empty())
      none = std::string("no legal ") + (ply.kind == pl::Ply::Kind::Place ? "placement" : "move") + " of " +
             ply.piece + (ply.under ? std::string(" onto ") + ply.under : "");
    else
      none = "no legal move of " + std::string(1, ply.piece) + " goes to the place described";
  }
  return chooseOne(fits, none, [&](const Move& m) { return pl::writePly(ShortestPly(board, legal).write(m)); });
}

ReplayedGame replayPgnLikeGame(const grammar::Game<pl::Ply>& game) {
  ReplaySetup setup;
  std::string error;
  setup.type = gameTypeFromTags(game.tags, error);
  if (!error.empty()) return refusedGame(game, error);
  // Case gives colour, and either colour may move first.
  for (const auto& w : game.moves)
    if (w.move.kind != pl::Ply::Kind::Pass) {
      setup.firstMover = std::isupper(static_cast<unsigned char>(w.move.piece)) ? Color::White : Color::Black;
      break;
    }
  return replayWritten(game, setup, [](const Board& board, const grammar::Written<pl::Ply>& w) {
    return resolveWritten(board, w.move);
  });
}

}  // namespace

Step readPgnLikeMove(const Board& board, std::string_view text) {
  const auto ply = pl::parsePly(text);
  if (!ply) return Step::fail("not a PGN-like move");
  return resolveWritten(board, *ply);
}

std::string writePgnLikeMove(const Board& board, const Move& move) {
  const auto legal = legalMoveVector(board);
  return pl::writePly(ShortestPly(board, legal).write(move));
}

std::vector<ReplayedGame> readPgnLike(std::string_view text) {
  return replayGames(pl::parseGames(text), replayPgnLikeGame);
}

std::string writePgnLike(const ReplayedGame& game) {
  grammar::Game<pl::Ply> out;
  out.tags = game.tags;
  std::erase_if(out.tags, [](const grammar::Tag& t) { return t.name == "ExpansionPieces"; });
  // The game type travels as the expansion pieces in play; Base needs no tag.
  std::string expansions;
  for (const Bug bug : {Bug::Mosquito, Bug::Ladybug, Bug::Pillbug})
    if (game.board.type().has(bug)) expansions += {kBugLetters[int(bug)], char(std::tolower(kBugLetters[int(bug)]))};
  if (!expansions.empty()) out.tags.push_back({"ExpansionPieces", expansions, {}});
  Board replay(game.board.type(), game.board.rules(), game.board.firstMover());
  for (const Move& m : game.board.history()) {
    const auto legal = legalMoveVector(replay);
    pl::Ply ply = ShortestPly(replay, legal).write(m);
    replay.play(m);
    ply.endsGame = replay.gameOver();
    out.moves.push_back({ply, {}, {}, {}});
  }
  return pl::writeGame(out) + "\n";
}

}  // namespace apiary::ingest
