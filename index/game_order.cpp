// GameSearch's answers over a set of games named by id (a position's postings):
// one page of them in date or length order; and players by the start of a name.
#include <algorithm>
#include <functional>
#include <optional>

#include "index/catalogue/text_fold.hpp"
#include "index/game_query.hpp"

namespace apiary::index {

namespace {

// What a game sorts by: its date or the lower of its ratings (NULL before every
// value, as SQLite orders), or its length; then its id.
struct SortKey {
  std::optional<std::string> date;
  int64_t plies = 0;
  std::optional<int64_t> rating;
  GameId id = 0;
};

bool before(const SortKey& a, const SortKey& b, GameOrder order) {
  if (order == GameOrder::Date && a.date != b.date) return a.date < b.date;  // nullopt first
  if (order == GameOrder::Plies && a.plies != b.plies) return a.plies < b.plies;
  if (order == GameOrder::Rating && a.rating != b.rating) return a.rating < b.rating;
  return a.id < b.id;
}

std::vector<GameId> pageOf(std::vector<GameId> ids, uint64_t offset, uint64_t limit) {
  if (offset >= ids.size()) return {};
  const auto begin = ids.begin() + std::ptrdiff_t(offset);
  return {begin, begin + std::ptrdiff_t(std::min<uint64_t>(limit, ids.size() - offset))};
}

// The largest code point: a text after every text that starts with a prefix.
constexpr std::string_view kAfterEveryText = "\xF4\x8F\xBF\xBF";

}  // namespace

std::vector<GameId> GameSearch::pageAmong(std::span<const GameId> ids, GameOrder order, uint64_t offset, uint64_t limit,
                                          bool oldestFirst) const {
  // Newest first, as a position's postings come: those are searched in place, not
  // copied (a popular position names every game).
  std::vector<GameId> sortedCopy;
  std::span<const GameId> newest = ids;
  if (!std::is_sorted(ids.begin(), ids.end(), std::greater<>())) {
    sortedCopy.assign(ids.begin(), ids.end());
    std::sort(sortedCopy.begin(), sortedCopy.end(), std::greater<>());
    newest = sortedCopy;
  }
  if (order == GameOrder::Id) {
    std::vector<GameId> page;
    for (uint64_t i = offset; i < newest.size() && page.size() < limit; ++i)
      page.push_back(oldestFirst ? newest[newest.size() - 1 - i] : newest[i]);
    return page;
  }
  const char* column = order == GameOrder::Date    ? "date"
                       : order == GameOrder::Plies ? "plies"
                                                   : "min(white_rating, black_rating)";
  const char* direction = oldestFirst ? " ASC" : " DESC";
  // Walking the whole catalogue in order reads about (offset + limit) * visible /
  // ids rows until the page is full; looking up each game reads ids rows, each a
  // few times dearer. The cheaper one is taken.
  const uint64_t wanted = offset + limit;
  const uint64_t walked =
      newest.empty() ? 0 : std::min<uint64_t>(visible_, wanted * uint64_t(visible_) / newest.size());
  if (walked < 4 * newest.size()) {
    StatementLease walk(prepared(std::string("SELECT id FROM games WHERE id <= ? ORDER BY ") + column + direction +
                                 ", id" + direction));
    walk->bind(1, visible_);
    std::vector<GameId> out;
    uint64_t skipped = 0;
    while (out.size() < limit && walk->step()) {
      const GameId id = walk->integer(0);
      if (!std::binary_search(newest.begin(), newest.end(), id, std::greater<>())) continue;
      if (skipped < offset) ++skipped;
      else out.push_back(id);
    }
    return out;
  }
  std::vector<SortKey> keys;
  keys.reserve(newest.size());
  {
    StatementLease look(
        prepared("SELECT date, plies, min(white_rating, black_rating) FROM games WHERE id = ?1 AND id <= ?2"));
    for (auto it = newest.rbegin(); it != newest.rend(); ++it) {  // forwards through the file
      const GameId id = *it;
      look->bindAll(id, visible_);
      if (look->step())
        keys.push_back({look->isNull(0) ? std::nullopt : std::optional(look->text(0)), look->integer(1),
                        look->isNull(2) ? std::nullopt : std::optional(look->integer(2)), id});
      look->reset();
    }
  }
  const auto less = [order](const SortKey& a, const SortKey& b) { return before(a, b, order); };
  if (oldestFirst) std::sort(keys.begin(), keys.end(), less);
  else std::sort(keys.begin(), keys.end(), [&](const SortKey& a, const SortKey& b) { return less(b, a); });
  std::vector<GameId> ordered;
  ordered.reserve(keys.size());
  for (const SortKey& k : keys) ordered.push_back(k.id);
  return pageOf(std::move(ordered), offset, limit);
}

std::vector<NameCount> GameSearch::playersStarting(std::string_view prefix, uint64_t limit) const {
  const std::string from = foldCase(prefix);
  const std::string to = from + std::string(kAfterEveryText);
  // The first few hundred names in fold order are counted: a one-letter prefix
  // would otherwise count the games of half the players.
  StatementLease s(prepared(
      "SELECT max(c.value), sum((SELECT count(*) FROM game_tags t WHERE t.value = c.id AND t.game <= ?3)) AS games"
      " FROM (SELECT v.id, v.value, v.folded FROM tag_values v JOIN tag_names n ON n.id = v.name"
      "       WHERE (n.name = 'White' COLLATE NOCASE OR n.name = 'Black' COLLATE NOCASE)"
      "         AND v.folded >= ?1 AND v.folded < ?2 ORDER BY v.folded LIMIT 400) c"
      " GROUP BY c.folded HAVING games > 0 ORDER BY games DESC, c.folded LIMIT ?4"));
  s->bindAll(std::string_view(from), std::string_view(to), visible_, int64_t(std::min<uint64_t>(limit, INT64_MAX)));
  std::vector<NameCount> out;
  while (s->step()) out.push_back({s->text(0), uint64_t(s->integer(1))});
  return out;
}

}  // namespace apiary::index
