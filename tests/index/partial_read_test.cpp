// Reading parts of an encoded position record (statistics, a page of postings,
// the number of games) gives what decoding all of it gives, in every form.
#include <catch2/catch.hpp>

#include "index/position_record.hpp"

using namespace apiary::index;

namespace {

std::string encoded(int games, bool aggregate) {
  PositionRecord r;
  for (GameId g = 1000 + games; g > 1000; --g) {
    const std::vector<uint32_t> next{uint32_t(g % 4), uint32_t(g % 3 + 10)};
    r.addGame(g, uint32_t(g % 11), Outcome(g % 4), g % 6 ? std::span(next) : std::span(next).first(0));
  }
  if (aggregate) r.aggregate();
  std::string out;
  r.encode(out);
  return out;
}

}  // namespace

TEST_CASE("statsOf, postingsOf and gamesOf agree with a full decode") {
  for (const auto& [games, aggregate] : std::vector<std::pair<int, bool>>{{1, false}, {7, false}, {40, true}, {1, true}}) {
    INFO(games << (aggregate ? " games, aggregate" : " games, list"));
    const std::string bytes = encoded(games, aggregate);
    PositionRecord whole;
    REQUIRE(whole.decode(bytes));
    CHECK(PositionRecord::statsOf(bytes) == whole.stats());
    CHECK(PositionRecord::gamesOf(bytes) == uint64_t(games));
    const std::vector<Posting> all = whole.postings();
    for (uint64_t offset : {0, 1, 5, 39, 40, 100})
      for (uint64_t limit : {uint64_t(0), uint64_t(1), uint64_t(3), UINT64_MAX}) {
        std::vector<Posting> page;
        uint64_t total = 0;
        REQUIRE(PositionRecord::postingsOf(bytes, offset, limit, page, total));
        CHECK(total == all.size());
        const uint64_t begin = std::min<uint64_t>(offset, all.size());
        const uint64_t end = begin + std::min<uint64_t>(limit, all.size() - begin);
        CHECK(page == std::vector<Posting>(all.begin() + std::ptrdiff_t(begin), all.begin() + std::ptrdiff_t(end)));
      }
  }
}

TEST_CASE("partial reads refuse what is not a record") {
  std::string bytes = encoded(40, true);
  bytes.resize(bytes.size() / 2);  // postings cut off: the page past the cut fails
  std::vector<Posting> page;
  uint64_t total = 0;
  CHECK_FALSE(PositionRecord::postingsOf(bytes, 0, UINT64_MAX, page, total));
  CHECK_FALSE(PositionRecord::statsOf(std::string(1, '\x01')));
  CHECK_FALSE(PositionRecord::statsOf(""));
}
