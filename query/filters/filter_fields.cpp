#include "query/filters/filter_fields.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>
#include <string>

#include "query/field_text.hpp"

namespace apiary::query {

namespace {

int number(std::string_view digits) {
  int n = 0;
  for (char c : digits) n = n * 10 + (c - '0');
  return n;
}

// yyyy, yyyy-mm or yyyy-mm-dd of a date that exists (2024-02-29, not 2023-02-29).
bool isIsoPrefix(std::string_view d) {
  static constexpr std::string_view kShape = "dddd-dd-dd";
  if (d.size() != 4 && d.size() != 7 && d.size() != 10) return false;
  for (std::size_t i = 0; i < d.size(); ++i)
    if (kShape[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(d[i])) : d[i] != '-') return false;
  if (d.size() == 4) return true;
  const int year = number(d.substr(0, 4)), month = number(d.substr(5, 2));
  if (month < 1 || month > 12) return false;
  if (d.size() == 7) return true;
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const int day = number(d.substr(8, 2));
  return day >= 1 && day <= kDays[month - 1] + (month == 2 && leap);
}

std::string date(Field field, std::string_view text) {
  if (!isIsoPrefix(text)) refuseText(field, text, "yyyy-mm-dd, yyyy-mm or yyyy");
  return std::string(text);
}

using Query = index::GameQuery;

struct FieldReader {
  Field field;
  void (*read)(Query&, std::string_view);
};

// One reader a field, in the order the CLI lists the fields.
constexpr FieldReader kReaders[] = {
    {Field::Player, [](Query& q, std::string_view t) { q.player = std::string(t); }},
    {Field::Color,
     [](Query& q, std::string_view t) {
       if (t != "first" && t != "second") refuseText(Field::Color, t, "first or second");
       q.playerSeat = t == "first" ? index::Seat::First : index::Seat::Second;
     }},
    {Field::White, [](Query& q, std::string_view t) { q.white = std::string(t); }},
    {Field::Black, [](Query& q, std::string_view t) { q.black = std::string(t); }},
    {Field::Event, [](Query& q, std::string_view t) { q.event = std::string(t); }},
    {Field::Site, [](Query& q, std::string_view t) { q.site = std::string(t); }},
    {Field::FromDate, [](Query& q, std::string_view t) { q.fromDate = date(Field::FromDate, t); }},
    {Field::ToDate, [](Query& q, std::string_view t) { q.toDate = date(Field::ToDate, t); }},
    {Field::Result,
     [](Query& q, std::string_view t) {
       q.result = resultFilterState(t);
       if (!q.result) refuseText(Field::Result, t, "white, black, draw or unknown");
     }},
    {Field::GameType,
     [](Query& q, std::string_view t) {
       q.gameType = GameType::parse(t);
       if (!q.gameType) refuseText(Field::GameType, t, "Base, Base+M, ..., Base+MLP");
     }},
    {Field::StrictOnly,
     [](Query& q, std::string_view t) {
       const bool on = flagText(Field::StrictOnly, t);
       if (on && q.repaired != true) q.repaired = false;
       if (!on && q.repaired == false) q.repaired.reset();
     }},
    {Field::Repaired,
     [](Query& q, std::string_view t) {
       const bool on = flagText(Field::Repaired, t);
       if (on) q.repaired = true;
       if (!on && q.repaired == true) q.repaired.reset();
     }},
    {Field::Humans, [](Query& q, std::string_view t) { q.humans = flagText(Field::Humans, t); }},
    {Field::NoGuests, [](Query& q, std::string_view t) { q.noGuests = flagText(Field::NoGuests, t); }},
    {Field::Tournament, [](Query& q, std::string_view t) { q.tournament = flagText(Field::Tournament, t); }},
    {Field::MinRating,
     [](Query& q, std::string_view t) { q.minRating = int64_t(numberText(Field::MinRating, t, 0, kMaxRating)); }},
};

const FieldReader* readerOf(Field field) {
  for (const FieldReader& r : kReaders)
    if (r.field == field) return &r;
  return nullptr;
}

}  // namespace

std::span<const Field> filterFields() {
  static const auto fields = [] {
    std::array<Field, std::size(kReaders)> out{};
    std::transform(std::begin(kReaders), std::end(kReaders), out.begin(), [](const FieldReader& r) { return r.field; });
    return out;
  }();
  return fields;
}

bool isFilterField(Field field) { return readerOf(field) != nullptr; }

void setFilterField(index::GameQuery& query, Field field, std::string_view text) {
  const FieldReader* reader = readerOf(field);
  if (!reader) throw std::logic_error("not a filter's field: " + std::string(fieldName(field)));
  reader->read(query, text);
}

void checkFilter(const index::GameQuery& query) {
  if (query.playerSeat && !query.player)
    throw QueryError(ErrorKind::BadInput, Field::Color, " needs a player: it says whether that player moved first");
}

std::optional<GameState> resultFilterState(std::string_view text) {
  std::string t(text);
  for (char& c : t) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (t == "white" || t == "1-0" || t == "whitewins") return GameState::WhiteWins;
  if (t == "black" || t == "0-1" || t == "blackwins") return GameState::BlackWins;
  if (t == "draw" || t == "1/2-1/2") return GameState::Draw;
  if (t == "unknown" || t == "*") return GameState::InProgress;
  return std::nullopt;
}

}  // namespace apiary::query
