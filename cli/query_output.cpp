#include "cli/query_output.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "cli/table_text.hpp"
#include "cli/terminal_text.hpp"
#include "grammar/json_text.hpp"
#include "query/json.hpp"

namespace apiary::cli {

namespace {

const char* colorName(Color c) { return c == Color::White ? "white" : "black"; }

std::string dateOf(const index::GameRow& g) { return g.date.empty() ? "?" : g.date; }

// Games without a known result: the win, draw and loss shares add up with theirs.
uint64_t unfinished(const index::Counts& c) {
  return c.games - std::min(c.games, c.moverWins + c.draws + c.moverLosses);
}

}  // namespace

void printExploration(std::ostream& out, const query::Exploration& e) {
  const auto& c = e.counts;
  out << colorName(e.board.toMove()) << " to move, " << c.games << (c.games == 1 ? " game" : " games");
  if (c.games) {
    out << ": mover wins " << percent(c.moverWins, c.games) << "%, draws " << percent(c.draws, c.games)
        << "%, mover losses " << percent(c.moverLosses, c.games) << "%, unfinished " << percent(unfinished(c), c.games)
        << "%; first player won " << c.firstWins << ", second " << c.secondWins;
    if (e.averagePlies) out << "; average length " << fixed1(e.averagePlies) << " plies";
  }
  out << "\n";
  if (e.moves.empty()) return;
  std::size_t width = 4;
  for (const auto& m : e.moves) width = std::max(width, m.text.size());
  out << "\n" << cell("move", width) << "    games   win%  draw%  loss%  unfin%  avg plies  same order  transposed\n";
  for (const auto& m : e.moves) {
    const auto& k = m.counts;
    out << cell(m.text, width) << cell(std::to_string(k.games), 9, true) << "  " << percent(k.moverWins, k.games)
        << "  " << percent(k.draws, k.games) << "  " << percent(k.moverLosses, k.games) << "   "
        << percent(unfinished(k), k.games) << cell(fixed1(m.averagePlies), 11, true)
        << cell(std::to_string(k.games), 12, true) << cell(std::to_string(m.transpositions), 12, true) << "\n";
  }
  out << "\n(win/draw/loss for the player making the move, unfin: no known result; transposed: games that reached the "
         "same position by"
         " another move order)\n";
}

void printHit(std::ostream& out, const index::GameRow& g, uint32_t ply) {
  out << cell(std::to_string(g.id), 8, true) << "  ply " << cell(std::to_string(ply), 4) << dateOf(g) << "  "
      << forTerminal(g.white) << " - " << forTerminal(g.black) << "  " << query::resultName(g.result) << "  "
      << g.gameType << "  " << forTerminal(g.source) << "\n";
}

void printSearchHead(std::ostream& out, uint64_t total, uint64_t offset, uint64_t onPage) {
  out << total << (total == 1 ? " game" : " games") << " reached the position";
  if (onPage) out << "; " << offset + 1 << "-" << offset + onPage << ":";
  out << "\n";
}

void printPatternHead(std::ostream& out, const query::PatternResult& r) {
  const auto& o = r.outcomes;
  out << r.total << (r.total == 1 ? " game" : " games") << " of " << r.scanned << " (" << r.positions
      << (r.positions == 1 ? " position" : " positions") << ")";
  if (r.total) {
    out << "; " << (r.side ? std::string("the pattern's side (") + query::sideName(*r.side) + ")" : "White")
        << " then won " << percent(o.sideWins, r.total) << "%, lost " << percent(o.sideLosses, r.total) << "%, drew "
        << percent(o.draws, r.total) << "%, unfinished " << percent(o.unknown, r.total) << "%";
  }
  out << "\n";
}

void printPatternEnd(std::ostream& out, uint64_t total, uint64_t offset, uint64_t shown) {
  if (shown < total && offset + shown < total) out << "(more: --offset " << offset + shown << ")\n";
}

void printGamesHead(std::ostream& out, std::optional<uint64_t> total) {
  if (total) out << *total << (*total == 1 ? " game matches\n" : " games match\n");
}

void printGameLine(std::ostream& out, const index::GameRow& g) {
  out << cell(std::to_string(g.id), 8, true) << "  " << cell(dateOf(g), 10) << "  " << forTerminal(g.white) << " - "
      << forTerminal(g.black) << "  " << query::resultName(g.result) << "  " << g.gameType << "  " << g.plies
      << " plies  " << forTerminal(g.event) << "  " << forTerminal(g.source) << "\n";
}

void printGamesEnd(std::ostream& out, uint64_t shown, uint64_t offset, bool more) {
  if (!shown) out << "no games" << (offset ? " past offset " + std::to_string(offset) : "") << "\n";
  else if (more) out << "(more: --offset " << offset + shown << ")\n";
}

ArrayJsonWriter::ArrayJsonWriter(std::ostream& out, const char* name) : out_(out) { out_ << "{\"" << name << "\":["; }

void ArrayJsonWriter::add(const nlohmann::json& entry) { out_ << (entries_++ ? "," : "") << grammar::jsonText(entry); }

void ArrayJsonWriter::finish(const nlohmann::json& members) {
  const std::string text = grammar::jsonText(members);  // {"a":1,...}: its members follow the array
  out_ << "]" << (text.size() > 2 ? "," + text.substr(1) : "}") << "\n";
}

}  // namespace apiary::cli
