#include "query/error.hpp"

#include <array>
#include <span>
#include <utility>

namespace apiary::query {

namespace {

constexpr std::array<std::pair<Field, std::string_view>, 32> kNames{{
    {Field::None, ""},
    {Field::Position, "position"},
    {Field::Moves, "moves"},
    {Field::Game, "game"},
    {Field::Ply, "ply"},
    {Field::Notation, "notation"},
    {Field::Player, "player"},
    {Field::Color, "color"},
    {Field::White, "white"},
    {Field::Black, "black"},
    {Field::Event, "event"},
    {Field::Site, "site"},
    {Field::FromDate, "from_date"},
    {Field::ToDate, "to_date"},
    {Field::Result, "result"},
    {Field::GameType, "game_type"},
    {Field::StrictOnly, "strict_only"},
    {Field::Repaired, "repaired"},
    {Field::Humans, "humans"},
    {Field::NoGuests, "no_guests"},
    {Field::Tournament, "tournament"},
    {Field::MinRating, "min_rating"},
    {Field::Limit, "limit"},
    {Field::Offset, "offset"},
    {Field::OldestFirst, "oldest_first"},
    {Field::SameOrder, "same_order"},
    {Field::Sort, "sort"},
    {Field::MinGames, "min_games"},
    {Field::Prefix, "prefix"},
    {Field::Pattern, "pattern"},
    {Field::Where, "where"},
    {Field::Name, "name"},
}};

// Names a field was called before, still taken so that links and scripts keep working.
constexpr std::array<std::pair<Field, std::string_view>, 1> kOldNames{{
    {Field::Notation, "format"},
}};

bool sameName(std::string_view spelled, std::string_view name) {
  bool same = spelled.size() == name.size();
  for (std::size_t i = 0; same && i < name.size(); ++i) same = spelled[i] == (name[i] == '-' ? '_' : name[i]);
  return same;
}

}  // namespace

std::string_view fieldName(Field field) {
  for (const auto& [f, name] : kNames)
    if (f == field) return name;
  return {};
}

std::optional<Field> fieldNamed(std::string_view name) {
  if (name.empty()) return std::nullopt;
  using Names = std::span<const std::pair<Field, std::string_view>>;
  for (const Names names : {Names(kNames), Names(kOldNames)})
    for (const auto& [f, spelled] : names)
      if (sameName(spelled, name)) return f;
  return std::nullopt;
}

QueryError::QueryError(ErrorKind kind, Field field, std::string detail)
    : std::invalid_argument(std::string(fieldName(field)) + detail),
      kind_(kind),
      field_(field),
      detail_(std::move(detail)) {}

std::string QueryError::message(std::string_view name) const {
  return field_ == Field::None ? detail_ : std::string(name) + detail_;
}

}  // namespace apiary::query
