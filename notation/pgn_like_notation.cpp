// The PGN-like notation (notations.md section 3): the bridge between
// grammar/pgn_like and the engine. Pieces are letters (case gives colour, never a
// number) and places are described by the pieces around them (pgn_like_places),
// so every written move is resolved against the legal moves; the writer searches
// for the shortest description that only the played move fits.
#include <algorithm>
#include <bit>
#include <cctype>

#include "engine/relaxed_movement.hpp"
#include "grammar/pgn_like.hpp"
#include "notation/move_text.hpp"
#include "notation/notations.hpp"
#include "notation/pgn_like_places.hpp"
#include "notation/repair.hpp"
#include "notation/resolve.hpp"

namespace apiary::notation {

namespace {

namespace pl = grammar::pgn_like;
using pgnlike::letterOf;

// Whether a move of the ply may end at c: `x` names the piece climbed onto;
// without it the destination is empty.
bool landsOn(const Board& board, const pl::Ply& ply, Cell c) {
  if (!ply.under) return !board.occupied(c);
  return board.occupied(c) && letterOf(board.top(c)) == ply.under;
}

// The ply without its locations: which piece, placed or moving, climbing onto what.
bool fitsBase(const Board& board, const pl::Ply& ply, const Move& m) {
  if (ply.kind == pl::Ply::Kind::Pass || m.isPass()) return ply.kind == pl::Ply::Kind::Pass && m.isPass();
  if ((ply.kind == pl::Ply::Kind::Place) != m.isPlacement()) return false;
  if (letterOf(m.piece) != ply.piece) return false;
  return landsOn(board, ply, m.to);
}

// Whether a move fits a ply, its places turned into cells once, each list built
// where it is kept rather than copied there.
class PlyFilter {
 public:
  PlyFilter(const Board& board, const pl::Ply& ply)
      : board_(board),
        ply_(ply),
        saysFrom_(ply.from.has_value()),
        saysTo_(ply.to || (ply.under && ply.kind != pl::Ply::Kind::Pass) ||
                (ply.kind == pl::Ply::Kind::Place && board.ply() <= 1)),
        from_(origins(board, ply)),
        to_(destinations(board, ply)) {
    if (saysFrom_) {
      movers_ = 0;
      // An origin may be empty (a place described next to nothing): no mover there.
      for (const Cell c : from_)
        if (const PieceId top = board.top(c); top != kNoPiece) movers_ |= pieceBit(top);
    }
  }
  bool operator()(const Move& m) const {
    if (!fitsBase(board_, ply_, m) || !isEastOfFirst(board_, m)) return false;
    if (saysFrom_ && (m.isPlacement() || !from_.has(m.from))) return false;
    return !saysTo_ || (!m.isPass() && to_.has(m.to));
  }
  // Where the ply says the move ends, when it says (a place, or the piece climbed
  // onto): every move that fits ends in one of these cells. Null when it does not.
  const CellList* destinations() const { return saysTo_ ? &to_ : nullptr; }
  // The pieces on top where the ply says the move starts (all, when it does not
  // say): only their moves can fit.
  uint32_t movers() const { return movers_; }

 private:
  // Of the cells described as the origin, only those where a piece with the ply's
  // letter is on top: no other starts a move that fits.
  static CellList origins(const Board& board, const pl::Ply& ply) {
    return ply.from ? pgnlike::Places(board).landings(*ply.from, ply.piece) : CellList{};
  }
  // Of the cells described, only those a move of the ply may end at.
  static CellList destinations(const Board& board, const pl::Ply& ply) {
    CellList out;
    if (ply.to) return pgnlike::Places(board).landings(*ply.to, ply.under);
    if (ply.under && ply.kind != pl::Ply::Kind::Pass) {  // `x` alone: wherever that piece is on top
      for (uint32_t left = pgnlike::piecesOfLetter(ply.under) & board.piecesOnBoard(); left; left &= left - 1) {
        const Cell c = board.cellOf(PieceId(std::countr_zero(left)));
        if (landsOn(board, ply, c)) out.add(c);
      }
    } else if (ply.kind == pl::Ply::Kind::Place && board.ply() <= 1) {
      // The first piece has one place, the second one east of it (isEastOfFirst):
      // the opening placements are written bare but still pin their cell.
      out.add(board.ply() == 0 ? kOrigin : neighbor(kOrigin, E));
    }
    return out;
  }

  const Board& board_;
  const pl::Ply& ply_;
  bool saysFrom_, saysTo_;
  CellList from_, to_;
  uint32_t movers_ = kAllPieces;
};

// The legal moves a ply fits.
std::vector<Move> resolvePly(const Board& board, const std::vector<Move>& legal, const pl::Ply& ply) {
  return fittingMoves(legal, PlyFilter(board, ply));
}

// A set of the base's moves, one bit each: what a description lets through.
class MoveBits {
 public:
  MoveBits() = default;
  explicit MoveBits(std::size_t n) : words_((n + 63) / 64) {}
  void add(std::size_t i) { words_[i / 64] |= uint64_t(1) << (i % 64); }
  // Whether this and o share exactly the one move i.
  bool meetOnlyAt(const MoveBits& o, std::size_t i) const {
    for (std::size_t w = 0; w < words_.size(); ++w)
      if ((words_[w] & o.words_[w]) != (w == i / 64 ? uint64_t(1) << (i % 64) : 0)) return false;
    return true;
  }

 private:
  std::vector<uint64_t> words_;
};

// The shortest ply that fits only the played move: the destination alone, then
// origin and destination, in order of length; brackets one level deep are tried
// only when nothing plainer is as short as they would be, and deeper walks only
// when nothing else tells the move apart.
class ShortestPly {
 public:
  using Description = std::pair<std::optional<pl::Location>, pl::Location>;  // from, to

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
    played_ = std::size_t(std::find(base_.begin(), base_.end(), m) - base_.begin());
    constexpr int kShortestWithBrackets = 5;  // `ab(S)`
    std::optional<Description> best;
    int bestLength = 1 << 20;
    search(m, 0, best, bestLength);
    if (bestLength > kShortestWithBrackets) search(m, 1, best, bestLength);
    if (!best) best = deepDescription(m);
    // Without one (a hive that a turn maps onto itself, or where no single walk
    // tells the places apart) the ply stays bare: the reader calls it ambiguous
    // rather than taking it for another move.
    if (best) {
      ply.from = best->first;
      ply.to = best->second;
    }
    return ply;
  }

 private:
  // Descriptions of one cell, and the moves each lets through (when first asked).
  struct Options {
    std::vector<pgnlike::Described> list;
    std::vector<std::optional<MoveBits>> fits;
    bool origin = false;  // describing where moves start, else where they end
  };

  Options options(Cell x, int depth, bool origin) const {
    Options o{pgnlike::descriptionsOf(board_, x, depth), {}, origin};
    o.fits.resize(o.list.size());
    return o;
  }

  const MoveBits& fits(Options& o, std::size_t i) const { return fits(o.fits[i], o.list[i].location, o.origin); }
  const MoveBits& fits(std::optional<MoveBits>& slot, const pl::Location& l, bool origin) const {
    if (!slot) {
      const CellList cells = places_.cells(l);
      slot.emplace(base_.size());
      for (std::size_t k = 0; k < base_.size(); ++k)
        if (origin ? !base_[k].isPlacement() && cells.has(base_[k].from) : cells.has(base_[k].to)) slot->add(k);
    }
    return *slot;
  }

  void search(const Move& m, int depth, std::optional<Description>& best, int& bestLength) {
    Options to = options(m.to, depth, false);
    MoveBits all(base_.size());
    for (std::size_t k = 0; k < base_.size(); ++k) all.add(k);
    for (std::size_t t = 0; t < to.list.size(); ++t) {
      if (int(to.list[t].text.size()) >= bestLength) break;
      if (fits(to, t).meetOnlyAt(all, played_)) {
        best = {std::nullopt, to.list[t].location};
        bestLength = int(to.list[t].text.size());
        break;
      }
    }
    if (m.isPlacement()) return;
    Options from = options(m.from, depth, true);
    if (from.list.empty() || to.list.empty()) return;
    const int longest = int(from.list.back().text.size() + 1 + to.list.back().text.size());
    for (int total = 3; total < bestLength && total <= longest; ++total)
      for (std::size_t f = 0; f < from.list.size(); ++f) {
        const int lf = int(from.list[f].text.size());
        if (lf + 2 > total) break;
        for (std::size_t t = 0; t < to.list.size(); ++t) {
          const int lt = int(to.list[t].text.size());
          if (lf + 1 + lt > total) break;
          if (lf + 1 + lt == total && fits(from, f).meetOnlyAt(fits(to, t), played_)) {
            best = {from.list[f].location, to.list[t].location};
            bestLength = total;
            return;
          }
        }
      }
  }

  // A walk that tells the destination from the other destinations, then, if moves
  // of other pieces end there too, one that tells the origin from theirs.
  std::optional<Description> deepDescription(const Move& m) {
    std::vector<Cell> otherTo, otherFrom;
    for (const Move& c : base_) {
      if (c == m) continue;
      if (c.to != m.to) otherTo.push_back(c.to);
      else otherFrom.push_back(c.from);
    }
    const auto to = pgnlike::distinguishingWalk(board_, m.to, otherTo);
    if (!to) return std::nullopt;
    std::optional<pl::Location> from;
    if (!otherFrom.empty() && !(from = pgnlike::distinguishingWalk(board_, m.from, otherFrom))) return std::nullopt;
    std::optional<MoveBits> toFits, fromFits;
    MoveBits all(base_.size());
    for (std::size_t k = 0; k < base_.size(); ++k) all.add(k);
    if (!fits(toFits, *to, false).meetOnlyAt(from ? fits(fromFits, *from, true) : all, played_)) return std::nullopt;
    return Description{from, *to};
  }

  const Board& board_;
  const std::vector<Move>& legal_;
  pgnlike::Places places_;
  std::vector<Move> base_;  // the moves that fit the ply without its locations
  std::size_t played_ = 0;  // the played move's place in base_
};

Step resolveWritten(const Board& board, const pl::Ply& ply) {
  // Every description names the moving piece's letter, so the moves of pieces with
  // that letter are all the resolver and the shortest rewriting need.
  const uint32_t named = ply.kind == pl::Ply::Kind::Pass ? kAllPieces : pgnlike::piecesOfLetter(ply.piece);
  if (ply.kind != pl::Ply::Kind::Pass) {
    const PlyFilter filter(board, ply);
    if (const CellList* to = filter.destinations()) {  // the ply pins the destination: check the moves there
      const uint32_t placed = board.piecesOnBoard();
      std::vector<Move>& there = scratchMoves();
      addLegalMovesTo(board, named & filter.movers() & (ply.kind == pl::Ply::Kind::Place ? ~placed : placed), *to,
                      there);
      // Every move found fits the ply but for the second piece's place: its letter
      // named the pieces, in hand or on the board as the ply says, starting where
      // it says (movers) and ending where it may land (destinations).
      if (const auto only = onlyFitting(there, [&](const Move& m) { return isEastOfFirst(board, m); }))
        return Step::playLegal(*only);
    }
  }
  const auto legal = legalMoveVector(board, named);
  const auto fits = resolvePly(board, legal, ply);
  std::string none = "no legal move fits";
  if (fits.empty() && ply.kind != pl::Ply::Kind::Pass) {
    pl::Ply bare{ply.kind, ply.piece, ply.under, std::nullopt, std::nullopt, false};
    if (resolvePly(board, legal, bare).empty())
      none = std::string("no legal ") + (ply.kind == pl::Ply::Kind::Place ? "placement" : "move") + " of " + ply.piece +
             (ply.under ? std::string(" onto ") + ply.under : "");
    else none = "no legal move of " + std::string(1, ply.piece) + " goes to the place described";
  }
  return chooseOne(fits, none, [&](const Move& m) { return pl::writePly(ShortestPly(board, legal).write(m)); });
}

// The movements a ply fits once the sliding rules are dropped.
std::vector<Move> relaxedFitting(const Board& board, const pl::Ply& ply, const Step&) {
  if (ply.kind != pl::Ply::Kind::Move) return {};
  return fittingMoves(movementsIgnoringSlideRules(board, pgnlike::piecesOfLetter(ply.piece)), PlyFilter(board, ply));
}

// Takes the game's tags: the grammar hands each game over to be replayed once.
ReplayedGame replayPgnLikeGame(grammar::Game<pl::Ply>&& game, ReadOptions options) {
  std::string error;
  // Case gives colour, and either colour may move first.
  const auto setup = setupFromFirstPiece(
      game, options, [](const pl::Ply& p) { return p.kind == pl::Ply::Kind::Pass; },
      [](const pl::Ply& p) { return std::isupper(static_cast<unsigned char>(p.piece)) ? Color::White : Color::Black; },
      error);
  if (!setup) return refusedGame(game, error);
  auto step = [](const Board& board, const grammar::Written<pl::Ply>& w) { return resolveWritten(board, w.move); };
  auto repair = [&](const Board& board, const grammar::Written<pl::Ply>& w, const Step& failed) {
    return findRepair(board, w, failed, step, relaxedFitting, ColourLetters::Case, pl::parsePly);
  };
  return replayWritten(std::move(game), *setup, step, repair);
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

void readPgnLike(std::string_view text, const GameSink& sink, ReadOptions options) {
  NumberedSink out(sink);
  // Each game replayed as soon as it is parsed, not once the whole file is.
  pl::parseGames(text, [&](grammar::Game<pl::Ply>&& game) { out(replayPgnLikeGame(std::move(game), options)); });
}

std::string writePgnLike(const ReplayedGame& game) {
  grammar::Game<pl::Ply> out;
  out.tags = game.tags;
  // The game type travels as the expansion pieces in play, written for Base too
  // (empty): a tag is also what separates games in a file.
  std::erase_if(out.tags, [](const grammar::Tag& t) { return t.name == "ExpansionPieces" || t.name == "GameType"; });
  std::string expansions;
  for (const Bug bug : {Bug::Mosquito, Bug::Ladybug, Bug::Pillbug})
    if (game.board.type().has(bug)) expansions += {kBugLetters[int(bug)], char(std::tolower(kBugLetters[int(bug)]))};
  out.tags.push_back({"ExpansionPieces", expansions, {}});
  asPgnTags(out.tags);
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

}  // namespace apiary::notation
