// What explore, search and games print on a terminal: readable tables (their JSON
// documents are query/json.hpp's).
#pragma once
#include <cstdint>
#include <optional>
#include <ostream>
#include <vector>

#include "index/game_row.hpp"
#include "query/explore.hpp"
#include "query/pattern.hpp"
#include "query/search.hpp"

namespace apiary::cli {

void printExploration(std::ostream& out, const query::Exploration& e);
void printSearch(std::ostream& out, const query::SearchResult& r, uint64_t offset);
void printPattern(std::ostream& out, const query::PatternResult& r, uint64_t offset);
void printGames(std::ostream& out, const std::vector<index::GameRow>& games, uint64_t offset, bool more,
                std::optional<uint64_t> total);

}  // namespace apiary::cli
