// What explore, search and games print on a terminal: readable tables (their JSON
// documents are query/json.hpp's).
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <vector>

#include "index/catalogue/game_row.hpp"
#include "query/patterns/pattern.hpp"
#include "query/positions/explore.hpp"
#include "query/positions/search.hpp"

namespace apiary::cli {

void printExploration(std::ostream& out, const query::Exploration& e);
// pattern, search and games print a line a game as each is read (a long page is
// never held whole): a head, the lines, and for pattern and games a closing line.
void printPatternHead(std::ostream& out, const query::PatternResult& r);
void printPatternEnd(std::ostream& out, uint64_t total, uint64_t offset, uint64_t shown);
void printSearchHead(std::ostream& out, uint64_t total, uint64_t offset, uint64_t onPage);
void printHit(std::ostream& out, const index::GameRow& g, uint32_t ply);  // a game and the ply it matched at
void printGamesHead(std::ostream& out, std::optional<uint64_t> total);
void printGameLine(std::ostream& out, const index::GameRow& g);
void printGamesEnd(std::ostream& out, uint64_t shown, uint64_t offset, bool more);

// Their JSON the same way (and rejected's): {"games": [...], then the other
// members}, an entry written as it is read.
class ArrayJsonWriter {
 public:
  explicit ArrayJsonWriter(std::ostream& out, const char* name = "games");
  void add(const nlohmann::json& entry);
  void finish(const nlohmann::json& members);  // an object: the members after the array

 private:
  std::ostream& out_;
  uint64_t entries_ = 0;
};

}  // namespace apiary::cli
