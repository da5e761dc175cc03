// GET /api/notations: the rows of notation/notation_table.hpp, so that a page
// offers the notations this server knows instead of a list of its own.
#include <nlohmann/json.hpp>

#include "notation/notation_table.hpp"
#include "server/handlers.hpp"

namespace apiary::server {

namespace {

std::string_view colourLettersName(notation::ColourLetters letters) {
  switch (letters) {
    case notation::ColourLetters::Case: return "case";
    case notation::ColourLetters::Prefix: return "prefix";
    case notation::ColourLetters::None: break;
  }
  return "none";
}

}  // namespace

Reply notationsReply() {
  using notation::NotationUse;
  nlohmann::json rows = nlohmann::json::array();
  for (const notation::Notation& n : notation::notationTable()) {
    nlohmann::json aliases = nlohmann::json::array();
    for (std::string_view alias : n.aliases)
      if (!alias.empty()) aliases.push_back(alias);
    rows.push_back({{"name", n.name},
                    {"aliases", aliases},
                    {"read", serves(n, NotationUse::Read)},
                    {"write", serves(n, NotationUse::Write)},
                    {"moves", serves(n, NotationUse::WriteMoves)},
                    {"lenient", {{"slide_rules", n.repairs.slideRules},
                                 {"colour_letters", colourLettersName(n.repairs.colourLetters)}}}});
  }
  return Reply::json({{"notations", rows}});
}

}  // namespace apiary::server
