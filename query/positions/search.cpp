#include "query/positions/search.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/canonical_board.hpp"
#include "notation/position_text.hpp"
#include "query/error.hpp"

namespace apiary::query {

namespace {

struct Line {
  std::vector<PositionKey> keys;            // ply 0..k
  std::vector<index::PositionHash> hashes;  // ply 0..k
  bool repeats = false;                     // a position of the line comes back in it
};

Line lineOf(const Board& position) {
  Line line;
  Board replay(position.type(), position.rules(), position.firstMover());
  const auto add = [&] {
    line.keys.push_back(canonicalize(replay).key);
    line.hashes.push_back(index::positionHash(line.keys.back()));
    line.repeats |= std::count(line.hashes.begin(), line.hashes.end(), line.hashes.back()) > 1;
  };
  add();
  for (const Move& m : position.history()) {
    replay.play(m);
    add();
  }
  return line;
}

// Whether the game's first plies pass through exactly the line's positions.
bool opensWith(const index::GameSearch& catalogue, index::GameId id, const Line& line) {
  const auto row = catalogue.movesOf(id);
  const auto type = row ? GameType::parse(row->gameType) : std::nullopt;
  if (!type || row->moves.size() + 1 < line.hashes.size()) return false;
  CanonicalBoard walk(Board(*type, Rules{.tournament = false}, row->firstMover));
  for (std::size_t ply = 1; ply < line.hashes.size(); ++ply) {
    const auto m = index::unpackMove(walk.board(), row->moves[ply - 1]);
    if (!m) return false;
    walk.play(*m);
    if (walk.hashed().hash != line.hashes[ply]) return false;
  }
  return true;
}

// The games that were at each of the line's positions at the line's ply, newest
// first. Postings keep the first ply a game was somewhere, so a position the line
// comes back to is looked for at its first ply, and such lines are replayed.
std::vector<index::Posting> sameOrderGames(const index::Database& db, const index::GameSearch& catalogue,
                                           const Line& line, KeptGames* kept) {
  const auto firstPly = [&](std::size_t ply) {
    return uint32_t(std::find(line.hashes.begin(), line.hashes.end(), line.hashes[ply]) - line.hashes.begin());
  };
  const std::size_t last = line.keys.size() - 1;
  std::vector<index::Posting> games;
  for (const index::Posting& p : db.postings(line.keys[last], 0, UINT64_MAX).postings)
    if (p.ply == firstPly(last)) games.push_back(p);
  if (kept) {
    std::vector<index::GameId> ids;
    for (const index::Posting& p : games) ids.push_back(p.game);
    const KeptSet& filter = kept->among(ids);
    std::erase_if(games, [&](const index::Posting& p) { return !filter.contains(p.game); });
  }
  // Ply 0 is the empty board, where every game starts.
  for (std::size_t ply = last; ply-- > 1 && !games.empty();) {
    if (firstPly(ply) != ply) continue;  // checked at its first ply
    std::vector<index::Posting> kept;
    std::size_t g = 0;
    for (const index::Posting& p : db.postings(line.keys[ply], 0, UINT64_MAX).postings) {
      while (g < games.size() && games[g].game > p.game) ++g;
      if (g < games.size() && games[g].game == p.game && p.ply == ply) kept.push_back(games[g]);
    }
    games = std::move(kept);
  }
  if (line.repeats) std::erase_if(games, [&](const index::Posting& p) { return !opensWith(catalogue, p.game, line); });
  return games;
}

// One page of a newest-first list.
std::vector<index::Posting> pageOf(std::vector<index::Posting> all, const Paging& o) {
  if (o.oldestFirst) std::reverse(all.begin(), all.end());
  if (o.offset >= all.size()) return {};
  const auto begin = all.begin() + std::ptrdiff_t(o.offset);
  return {begin, begin + std::ptrdiff_t(std::min<uint64_t>(o.limit, all.size() - o.offset))};
}

// One page of `all` (newest first, as postings come) in the order asked, each game
// with its ply.
std::vector<index::Posting> orderedPage(const index::GameSearch& catalogue, const std::vector<index::Posting>& all,
                                        const Paging& o) {
  std::vector<index::GameId> ids;
  ids.reserve(all.size());
  for (const index::Posting& p : all) ids.push_back(p.game);
  std::vector<index::Posting> page;
  for (index::GameId id : catalogue.pageAmong(ids, o.order, o.offset, o.limit, o.oldestFirst)) {
    const auto hit = std::lower_bound(all.begin(), all.end(), id,
                                      [](const index::Posting& p, index::GameId game) { return p.game > game; });
    if (hit != all.end() && hit->game == id) page.push_back(*hit);
  }
  return page;
}

}  // namespace

SearchPage searchPage(const index::Database& db, const index::GameSearch& catalogue, const Board& position,
                      const SearchOptions& options) {
  if (options.sameOrder && notation::isSetUp(position))
    throw QueryError(ErrorKind::BadInput, Field::SameOrder,
                     " needs the position as moves or a GameString, not a position string");
  const PositionKey key = canonicalize(position).key;
  SearchPage out;
  out.position = index::positionHash(key);
  std::vector<index::Posting>& page = out.hits;
  if (options.sameOrder || options.filter || options.page.order != index::GameOrder::Id) {
    std::vector<index::Posting> all;
    if (options.sameOrder) {
      all = sameOrderGames(db, catalogue, lineOf(position), options.filter);
    } else if (options.filter) {
      const index::PositionReads here = db.read(std::span(&out.position, 1), true);
      const KeptSet& filter = options.filter->through(here);
      for (const index::Posting& p : here.postings(0))
        if (filter.contains(p.game)) all.push_back(p);
    } else {
      all = db.postings(key, 0, UINT64_MAX).postings;
    }
    out.total = all.size();
    page = options.page.order == index::GameOrder::Id ? pageOf(std::move(all), options.page)
                                                      : orderedPage(catalogue, all, options.page);
  } else if (!options.page.oldestFirst) {
    index::PostingPage read = db.postings(key, options.page.offset, options.page.limit);
    out.total = read.total;
    page = std::move(read.postings);
  } else {
    out.total = db.postings(key, 0, 0).total;
    if (options.page.offset < out.total) {
      const uint64_t end = out.total - options.page.offset;  // oldest first: count from the end
      const uint64_t begin = end > options.page.limit ? end - options.page.limit : 0;
      page = db.postings(key, begin, end - begin).postings;
      std::reverse(page.begin(), page.end());
    }
  }
  return out;
}

SearchResult search(const index::Database& db, const index::GameSearch& catalogue, const Board& position,
                    const SearchOptions& options) {
  const SearchPage page = searchPage(db, catalogue, position, options);
  SearchResult out{page.position, page.total, {}};
  for (const index::Posting& p : page.hits)
    if (auto game = db.game(p.game)) out.games.push_back({std::move(*game), p.ply});
  return out;
}

}  // namespace apiary::query
