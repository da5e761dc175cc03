// The one reader of a filter's fields as users write them (query/filters/filter_fields.hpp):
// each field's good values give the typed filter, its bad ones a BadInput error
// naming that field, and nothing else of the filter is touched.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "query/error.hpp"
#include "query/filters/filter_fields.hpp"

using namespace apiary;
using query::Field;

namespace {

index::GameQuery read(Field field, std::string_view text) {
  index::GameQuery q;
  query::setFilterField(q, field, text);
  return q;
}

// The field a bad value is refused for, or None when it is taken.
Field refusedField(Field field, std::string_view text) {
  try {
    read(field, text);
  } catch (const query::QueryError& e) {
    CHECK(e.kind() == query::ErrorKind::BadInput);
    return e.field();
  }
  return Field::None;
}

}  // namespace

TEST_CASE("names and contained texts are taken as written") {
  CHECK(read(Field::Player, "Dumbot").player == "Dumbot");
  CHECK(read(Field::White, "Straße").white == "Straße");
  CHECK(read(Field::Black, "").black == "");  // given empty: a condition still
  CHECK(read(Field::Event, "World Cup").event == "World Cup");
  CHECK(read(Field::Site, "boardspace").site == "boardspace");
  const auto q = read(Field::Player, "x");
  CHECK_FALSE(q.white);
  CHECK_FALSE(q.event);
  CHECK_FALSE(q.empty());
}

TEST_CASE("colour is first or second, and wants a player when the filter is used") {
  CHECK(read(Field::Color, "first").playerSeat == index::Seat::First);
  CHECK(read(Field::Color, "second").playerSeat == index::Seat::Second);
  for (const char* bad : {"white", "First", "", "1"}) {
    INFO(bad);
    CHECK(refusedField(Field::Color, bad) == Field::Color);
  }
  auto q = read(Field::Color, "first");
  try {
    query::checkFilter(q);
    FAIL("a colour without a player was taken");
  } catch (const query::QueryError& e) {
    CHECK(e.field() == Field::Color);
    CHECK(e.message("--color") == "--color needs a player: it says whether that player moved first");
  }
  query::setFilterField(q, Field::Player, "Dumbot");
  CHECK_NOTHROW(query::checkFilter(q));
}

TEST_CASE("dates are yyyy, yyyy-mm or yyyy-mm-dd of a day that exists") {
  for (const char* good : {"2016", "2016-02", "2016-02-29", "2000-02-29", "1999-12-31"}) {
    INFO(good);
    CHECK(read(Field::FromDate, good).fromDate == good);
    CHECK(read(Field::ToDate, good).toDate == good);
  }
  for (const char* bad : {"yesterday", "2022-13-45", "2023-02-29", "1900-02-29", "2016-1", "16", "2016-04-31", ""}) {
    INFO(bad);
    CHECK(refusedField(Field::FromDate, bad) == Field::FromDate);
    CHECK(refusedField(Field::ToDate, bad) == Field::ToDate);
  }
  try {
    read(Field::FromDate, "2022-13-45");
  } catch (const query::QueryError& e) {
    CHECK(e.message("from_date") == "from_date '2022-13-45': expected yyyy-mm-dd, yyyy-mm or yyyy");
  }
}

TEST_CASE("results and game types are read into the catalogue's values") {
  CHECK(read(Field::Result, "white").result == GameState::WhiteWins);
  CHECK(read(Field::Result, "1-0").result == GameState::WhiteWins);
  CHECK(read(Field::Result, "BlackWins").result == GameState::BlackWins);
  CHECK(read(Field::Result, "1/2-1/2").result == GameState::Draw);
  CHECK(read(Field::Result, "Unknown").result == GameState::InProgress);
  CHECK(read(Field::Result, "*").result == GameState::InProgress);
  CHECK(refusedField(Field::Result, "nonsense") == Field::Result);
  CHECK(refusedField(Field::Result, "") == Field::Result);
  CHECK(read(Field::GameType, "Base").gameType == GameType{0});
  CHECK(read(Field::GameType, "Base+MLP").gameType == GameType::all());
  CHECK(read(Field::GameType, "Base+M").gameType == GameType{GameType::kMosquito});
  CHECK(refusedField(Field::GameType, "Chess") == Field::GameType);
  CHECK(refusedField(Field::GameType, "Base+Q") == Field::GameType);
}

TEST_CASE("the yes/no fields take 1, true or nothing, and 0 or false") {
  CHECK(read(Field::Humans, "1").humans);
  CHECK(read(Field::NoGuests, "true").noGuests);
  CHECK(read(Field::Tournament, "").tournament);
  CHECK(read(Field::Humans, "0").empty());
  CHECK(read(Field::Tournament, "false").empty());
  for (Field field : {Field::Humans, Field::NoGuests, Field::Tournament, Field::StrictOnly, Field::Repaired}) {
    INFO(query::fieldName(field));
    CHECK(refusedField(field, "yes") == field);
    CHECK(refusedField(field, "2") == field);
  }
}

TEST_CASE("strict_only and repaired are one condition, repaired outranking strict_only") {
  CHECK(read(Field::StrictOnly, "1").repaired == false);
  CHECK(read(Field::Repaired, "1").repaired == true);
  CHECK(read(Field::StrictOnly, "0").empty());
  CHECK(read(Field::Repaired, "0").empty());
  for (const auto& order : {std::vector{Field::StrictOnly, Field::Repaired}, {Field::Repaired, Field::StrictOnly}}) {
    index::GameQuery q;
    for (Field field : order) query::setFilterField(q, field, "1");
    CHECK(q.repaired == true);
  }
}

TEST_CASE("min_rating is a number from 0 to the largest rating") {
  CHECK(read(Field::MinRating, "0").minRating == 0);
  CHECK(read(Field::MinRating, "1600").minRating == 1600);
  CHECK(read(Field::MinRating, std::to_string(query::kMaxRating)).minRating == query::kMaxRating);
  for (const char* bad : {"-1", "abc", "", "1000001", "16OO", "1e3"}) {
    INFO(bad);
    CHECK(refusedField(Field::MinRating, bad) == Field::MinRating);
  }
}

TEST_CASE("every filter field has a reader, and other fields none") {
  CHECK(query::filterFields().size() == 16);
  for (Field field : query::filterFields()) CHECK(query::isFilterField(field));
  for (Field field : {Field::Position, Field::Limit, Field::Notation, Field::Sort, Field::None}) {
    INFO(query::fieldName(field));
    CHECK_FALSE(query::isFilterField(field));
    index::GameQuery q;
    CHECK_THROWS_WITH(query::setFilterField(q, field, "1"), Catch::Contains("not a filter's field"));
  }
}

TEST_CASE("a filter read twice from the same words is the same filter, other words differ") {
  const auto a = read(Field::Result, "white"), b = read(Field::Result, "1-0"), c = read(Field::Result, "black");
  CHECK(a == b);
  CHECK_FALSE(a == c);
  CHECK(index::GameQuery{} == index::GameQuery{});
}
