// Position records: both encodings round-trip, merging is addition whatever the
// grouping, a record turns into the aggregate form past kListMax games without
// changing what it says, and corrupt bytes are refused.
#include <catch2/catch.hpp>

#include <random>

#include "index/position_record.hpp"

using namespace apiary::index;

namespace {

// A record of games [first, first + n) (written newest first), with varied results,
// plies and next positions.
std::string recordOf(GameId first, int n, bool aggregate = false) {
  PositionRecord r;
  for (GameId g = first + n - 1; g >= first; --g) {
    const std::vector<uint32_t> next = g % 5 == 0 ? std::vector<uint32_t>{}
                                       : g % 7 == 0 ? std::vector<uint32_t>{uint32_t(g % 3), 0xFFFFFFF0u}
                                                    : std::vector<uint32_t>{uint32_t(g % 3)};
    r.addGame(g, uint32_t(g % 9), Outcome(g % 4), next);
  }
  if (aggregate) r.aggregate();
  std::string out;
  r.encode(out);
  return out;
}

PositionRecord decoded(const std::string& bytes) {
  PositionRecord r;
  REQUIRE(r.decode(bytes));
  return r;
}

std::string merged(std::vector<std::string> parts) {
  std::vector<std::string_view> views(parts.begin(), parts.end());
  std::string out;
  REQUIRE(mergeRecords(views, out));
  return out;
}

}  // namespace

TEST_CASE("a single game's record is a dozen bytes and says what the game did") {
  PositionRecord r;
  const uint32_t next[] = {0xDEADBEEF};
  r.addGame(123456, 3, Outcome::FirstWins, next);
  std::string bytes;
  r.encode(bytes);
  CHECK(bytes.size() <= 12);
  const PositionRecord back = decoded(bytes);
  CHECK_FALSE(back.aggregated());
  CHECK(back.postings() == std::vector<Posting>{{123456, 3}});
  const PositionStats s = back.stats();
  CHECK(s.counts == countsOf(Outcome::FirstWins, 3));  // ply 3: the second player moves, and loses
  CHECK(s.counts.moverLosses == 1);
  REQUIRE(s.next.size() == 1);
  CHECK(s.next[0].label == 0xDEADBEEF);
  CHECK(s.next[0].counts.moverWins == 1);  // at the next position the winner is to move
  CHECK(PositionRecord::gamesOf(bytes) == 1);
}

TEST_CASE("the aggregate form says the same as the list it came from") {
  const PositionRecord list = decoded(recordOf(1, 30));
  const PositionRecord agg = decoded(recordOf(1, 30, true));
  CHECK_FALSE(list.aggregated());
  CHECK(agg.aggregated());
  CHECK(list.stats() == agg.stats());
  CHECK(list.postings() == agg.postings());
  CHECK(PositionRecord::gamesOf(recordOf(1, 30, true)) == 30);
}

TEST_CASE("merging adds games, whatever the grouping, and switches form past kListMax") {
  const std::string a = recordOf(1, 10), b = recordOf(11, 10), c = recordOf(21, 20);
  const PositionRecord all = decoded(recordOf(1, 40));
  const PositionRecord flat = decoded(merged({a, b, c}));
  const PositionRecord left = decoded(merged({merged({a, b}), c}));
  const PositionRecord right = decoded(merged({a, merged({c, b})}));
  for (const PositionRecord* r : {&flat, &left, &right}) {
    CHECK(r->aggregated());  // 40 games > kListMax
    CHECK(r->stats() == all.stats());
    CHECK(r->postings() == all.postings());
  }
  const PositionRecord small = decoded(merged({recordOf(1, 3), recordOf(4, 3)}));
  CHECK_FALSE(small.aggregated());
  CHECK(small.postings() == decoded(recordOf(1, 6)).postings());
  CHECK(small.stats() == decoded(recordOf(1, 6)).stats());
}

TEST_CASE("a large random merge equals the record written at once") {
  std::mt19937 rng(7);
  std::vector<std::string> parts;
  GameId next = 1;
  while (next < 3000) {
    const int n = 1 + int(rng() % 50);
    parts.push_back(recordOf(next, n, rng() % 2));
    next += n;
  }
  std::shuffle(parts.begin(), parts.end(), rng);
  const PositionRecord all = decoded(recordOf(1, int(next - 1)));
  const PositionRecord m = decoded(merged(parts));
  CHECK(m.stats() == all.stats());
  CHECK(m.postings() == all.postings());
}

TEST_CASE("corrupt records are refused, not misread") {
  PositionRecord r;
  CHECK_FALSE(r.decode(""));
  CHECK_FALSE(r.decode(std::string(1, '\x07')));  // no such form
  const std::string good = recordOf(1, 12);
  CHECK_FALSE(r.decode(good.substr(0, good.size() - 1)));  // cut short
  CHECK_FALSE(r.decode(good + "x"));                       // trailing bytes
  std::string outOfOrder;
  PositionRecord bad;
  bad.addGame(5, 0, Outcome::Draw, {});
  bad.addGame(9, 0, Outcome::Draw, {});  // ids must decrease
  bad.encode(outOfOrder);
  CHECK_FALSE(r.decode(outOfOrder));
  std::string out;
  const std::string_view parts[] = {good, "garbage"};
  CHECK_FALSE(mergeRecords(parts, out));
}
