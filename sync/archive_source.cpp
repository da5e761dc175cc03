#include "sync/archive_source.hpp"

#include <strings.h>

#include <array>

#include "grammar/syntax.hpp"
#include "sync/boardspace_archive.hpp"

namespace apiary::sync {

namespace {

const std::array<SourceRow, 1> kSources{{
    {"boardspace", "https://www.boardspace.net/hive/hivegames/",
     "boardspace.net's Hive archive: every game played there since 2006, in daily zips", &walkBoardspace},
}};

}  // namespace

std::span<const SourceRow> sourceTable() { return kSources; }

const SourceRow* findSource(std::string_view word, std::span<const SourceRow> table) {
  word = grammar::trimBlanks(word);
  for (const auto& row : table)
    if (row.name.size() == word.size() && strncasecmp(row.name.data(), word.data(), word.size()) == 0) return &row;
  return nullptr;
}

std::string sourceNames(std::span<const SourceRow> table) {
  std::string names;
  for (const auto& row : table) names += (names.empty() ? "" : ", ") + std::string(row.name);
  return names;
}

}  // namespace apiary::sync
