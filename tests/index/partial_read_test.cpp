// Reading parts of an encoded position record (statistics, a page of postings,
// the number of games) gives what decoding all of it gives, in every form, and
// with postings kept apart under the position's own key.
#include <catch2/catch.hpp>

#include "index/positions/position_record.hpp"

using namespace apiary::index;

namespace {

PositionRecord built(GameId first, int games) {
  PositionRecord r;
  for (GameId g = first + games - 1; g >= first; --g) {
    const std::vector<uint32_t> next{uint32_t(g % 4), uint32_t(g % 3 + 10)};
    r.addGame(g, uint32_t(g % 11), uint32_t(g % 11 + 30), Outcome(g % 4),
              g % 6 ? std::span(next) : std::span(next).first(0));
  }
  return r;
}

std::string encoded(int games, bool aggregate) {
  PositionRecord r = built(1001, games);
  if (aggregate) r.aggregate();
  std::string out;
  r.encode(out);
  return out;
}

std::string merged(std::vector<std::string> parts) {
  const std::vector<std::string_view> views(parts.begin(), parts.end());
  std::string out;
  REQUIRE(mergeRecords(views, out));
  return out;
}

// Games 1-100 of a position as batches of 20 leave them: batches 1-20 and 61-80
// held more than kListMax games of it (postings apart, merged into one list), the
// others fewer (postings in the record).
std::pair<std::string, std::string> interleaved() {
  std::string apart;
  std::vector<std::string> records, lists;
  for (GameId first = 1; first <= 100; first += 20) {
    PositionRecord r = built(first, 20);
    const bool many = first == 1 || first == 61;
    if (many) r.aggregate();
    if (many) encodePostings(r.takePostings(), lists.emplace_back());
    r.encode(records.emplace_back());
  }
  const std::vector<std::string_view> views(lists.begin(), lists.end());
  REQUIRE(mergePostingLists(views, apart));
  return {merged(records), apart};
}

}  // namespace

TEST_CASE("statsOf, postingsOf and gamesOf agree with a full decode") {
  const auto [mixed, apart] = interleaved();
  struct Case {
    std::string name, bytes, apart;
  };
  const std::vector<Case> cases = {{"1 game, list", encoded(1, false), ""},
                                   {"7 games, list", encoded(7, false), ""},
                                   {"40 games, aggregate", encoded(40, true), ""},
                                   {"1 game, aggregate", encoded(1, true), ""},
                                   {"100 games, 40 apart", mixed, apart}};
  for (const Case& c : cases) {
    INFO(c.name);
    PositionRecord whole;
    REQUIRE(whole.decode(c.bytes, c.apart));
    CHECK(PositionRecord::statsOf(c.bytes) == whole.stats());
    CHECK(PositionRecord::gamesOf(c.bytes) == whole.games());
    const std::vector<Posting> all = whole.postings();
    CHECK(all.size() == whole.games());
    for (uint64_t offset : {0, 1, 5, 39, 40, 100})
      for (uint64_t limit : {uint64_t(0), uint64_t(1), uint64_t(3), uint64_t(30), UINT64_MAX}) {
        std::vector<Posting> page;
        uint64_t total = 0;
        REQUIRE(PositionRecord::postingsOf(c.bytes, c.apart, offset, limit, page, total));
        CHECK(total == all.size());
        const uint64_t begin = std::min<uint64_t>(offset, all.size());
        const uint64_t end = begin + std::min<uint64_t>(limit, all.size() - begin);
        CHECK(page == std::vector<Posting>(all.begin() + std::ptrdiff_t(begin), all.begin() + std::ptrdiff_t(end)));
      }
  }
  // The interleaved record is the record of games 1-100 written at once.
  PositionRecord whole;
  REQUIRE(whole.decode(mixed, apart));
  const PositionRecord once = built(1, 100);
  CHECK(whole.postings() == once.postings());
  CHECK(whole.stats() == once.stats());
  CHECK(PositionRecord::apartOf(mixed) == 40);
}

TEST_CASE("partial reads refuse what is not a record") {
  std::string bytes = encoded(40, true);
  bytes.resize(bytes.size() / 2);  // postings cut off: the page past the cut fails
  std::vector<Posting> page;
  uint64_t total = 0;
  CHECK_FALSE(PositionRecord::postingsOf(bytes, {}, 0, UINT64_MAX, page, total));
  const auto [mixed, apart] = interleaved();
  CHECK_FALSE(PositionRecord::postingsOf(mixed, apart.substr(0, apart.size() - 3), 0, UINT64_MAX, page, total));
  CHECK_FALSE(PositionRecord::statsOf(std::string(1, '\x01')));
  CHECK_FALSE(PositionRecord::statsOf(""));
}
