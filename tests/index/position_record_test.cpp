// Position records: both encodings round-trip, merging is addition whatever the
// grouping (game lengths included), a record turns into the aggregate form past
// kListMax games without changing what it says, postings kept apart come back with
// it, and corrupt bytes are refused.
#include <catch2/catch.hpp>

#include <map>
#include <random>

#include "index/positions/position_record.hpp"

using namespace apiary::index;

namespace {

std::vector<uint32_t> nextOf(GameId g) {
  return g % 5 == 0   ? std::vector<uint32_t>{}
         : g % 7 == 0 ? std::vector<uint32_t>{uint32_t(g % 3), 0xFFFFFFF0u}
                      : std::vector<uint32_t>{uint32_t(g % 3)};
}
uint32_t plyOf(GameId g) { return uint32_t(g % 9); }
// Some games go on for more than 127 plies after the position (two-byte lengths).
uint32_t pliesOf(GameId g) { return plyOf(g) + uint32_t(g * 37 % 200); }

PositionRecord built(GameId first, int n) {
  PositionRecord r;
  for (GameId g = first + n - 1; g >= first; --g) r.addGame(g, plyOf(g), pliesOf(g), Outcome(g % 4), nextOf(g));
  return r;
}

// A record of games [first, first + n) (written newest first), with varied results,
// plies, lengths and next positions.
std::string recordOf(GameId first, int n, bool aggregate = false) {
  PositionRecord r = built(first, n);
  if (aggregate) r.aggregate();
  std::string out;
  r.encode(out);
  return out;
}

// The same as an aggregate whose postings are kept apart, as a batch writes it:
// the record, and the posting list under the position's own key.
std::pair<std::string, std::string> apartOf(GameId first, int n) {
  PositionRecord r = built(first, n);
  r.aggregate();
  std::string record, apart;
  encodePostings(r.takePostings(), apart);
  r.encode(record);
  return {record, apart};
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
  r.addGame(123456, 3, 60, Outcome::FirstWins, next);
  std::string bytes;
  r.encode(bytes);
  CHECK(bytes.size() <= 12);
  const PositionRecord back = decoded(bytes);
  CHECK_FALSE(back.aggregated());
  CHECK(back.postings() == std::vector<Posting>{{123456, 3}});
  const PositionStats s = back.stats();
  CHECK(s.counts == countsOf(Outcome::FirstWins, 3, 60));  // ply 3: the second player moves, and loses
  CHECK(s.counts.moverLosses == 1);
  CHECK(s.counts.lengthSum == 60);
  REQUIRE(s.next.size() == 1);
  CHECK(s.next[0].label == 0xDEADBEEF);
  CHECK(s.next[0].counts.moverWins == 1);  // at the next position the winner is to move
  CHECK(s.next[0].counts.lengthSum == 60);
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

TEST_CASE("game lengths are summed for the position and for each next position") {
  const PositionStats s = decoded(recordOf(1, 40)).stats();
  Counts all;
  std::map<uint32_t, uint64_t> byLabel;
  for (GameId g = 1; g <= 40; ++g) {
    all.lengthSum += pliesOf(g);
    for (uint32_t label : nextOf(g)) byLabel[label] += pliesOf(g);
  }
  CHECK(s.counts.lengthSum == all.lengthSum);
  REQUIRE(s.next.size() == byLabel.size());
  for (const NextEdge& e : s.next) CHECK(e.counts.lengthSum == byLabel.at(e.label));
}

TEST_CASE("postings kept apart come back with the record, and merges keep them apart") {
  const auto [record, apart] = apartOf(1, 40);
  const PositionRecord whole = decoded(recordOf(1, 40));
  PositionRecord r;
  REQUIRE(r.decode(record, apart));
  CHECK(r.stats() == whole.stats());
  CHECK(r.postings() == whole.postings());
  CHECK(PositionRecord::apartOf(record) == 40);
  // Without the list apart the record still knows its statistics and what it lacks.
  const PositionRecord alone = decoded(record);
  CHECK(alone.stats() == whole.stats());
  CHECK(alone.postings().empty());
  CHECK(alone.postingsApart() == 40);
  CHECK(record.size() < apart.size());  // statistics only: no posting in the bucket

  // Later batches of few games: their postings stay in the record, the 40 apart.
  const std::string later = merged({record, recordOf(41, 10), recordOf(51, 5)});
  CHECK(PositionRecord::apartOf(later) == 40);
  REQUIRE(r.decode(later, apart));
  const PositionRecord all = decoded(recordOf(1, 55));
  CHECK(r.stats() == all.stats());
  CHECK(r.postings() == all.postings());
  // A list has nothing apart: a list apart beside it is corrupt.
  CHECK_FALSE(r.decode(recordOf(41, 10), apart));
}

TEST_CASE("posting lists kept apart merge into one, whatever the grouping") {
  const std::string a = apartOf(1, 40).second, b = apartOf(41, 50).second, c = apartOf(91, 35).second;
  const auto mergedLists = [](std::vector<std::string_view> lists) {
    std::string out;
    REQUIRE(mergePostingLists(lists, out));
    return out;
  };
  const std::string all = apartOf(1, 125).second;
  CHECK(mergedLists({a, b, c}) == all);
  CHECK(mergedLists({c, a, b}) == all);
  const std::string ab = mergedLists({b, a});
  CHECK(mergedLists({ab, c}) == all);
  std::string out;
  const std::string cut = a.substr(0, a.size() - 1);  // views need it alive
  const std::string_view bad[] = {a, cut};
  CHECK_FALSE(mergePostingLists(bad, out));
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
  bad.addGame(5, 0, 10, Outcome::Draw, {});
  bad.addGame(9, 0, 10, Outcome::Draw, {});  // ids must decrease
  bad.encode(outOfOrder);
  CHECK_FALSE(r.decode(outOfOrder));
  std::string out;
  const std::string_view parts[] = {good, "garbage"};
  CHECK_FALSE(mergeRecords(parts, out));
}
