// apiary show: one game (its tags, its moves, a diagram) or one position (a diagram),
// in the terminal, as JSON, and as an SVG file.
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <variant>

#include "cli/commands.hpp"
#include "cli/error_text.hpp"
#include "cli/filter_options.hpp"
#include "cli/position_options.hpp"
#include "cli/terminal_text.hpp"
#include "grammar/json_text.hpp"
#include "index/database.hpp"
#include "notation/notations.hpp"
#include "notation/uhp_text.hpp"
#include "query/board_json.hpp"
#include "query/drawing/diagram.hpp"
#include "query/drawing/svg.hpp"
#include "query/filters/filter_match.hpp"
#include "query/games/export.hpp"

namespace apiary::cli {

namespace {

struct ShowOptions {
  std::string target;  // GAME_ID, or a POSITION in any form positionFromLine reads
  PositionOptions position;
  std::optional<int> ply;
  std::string svg;
  std::string color = "auto";
  std::string notation = "uhp";  // the JSON's moves; a POSITION is read in it when it reads in it
  bool json = false;
  index::GameQuery filter;
};

// What is shown: a position, and the game it is from when there is one.
struct Shown {
  Board board;
  std::optional<index::GameRow> game;
  int plies = 0;  // the whole game's length (the board may be rewound from it)
};

bool colorWanted(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  // https://no-color.org, and terminals that cannot show colour.
  const char* term = std::getenv("TERM");
  return isTerminal() && !std::getenv("NO_COLOR") && !(term && std::string(term) == "dumb");
}

// A stored game's moves in UHP, its row replayed (none for a row that does not).
std::vector<std::string> storedMoves(const index::GameRow& game) {
  const auto board = game.replay();
  return board ? notation::moveStrings(*board) : std::vector<std::string>{};
}

// The game's moves in UHP, a turn (two plies) at a time, wrapped for a terminal
// between turns, never inside one.
std::string movesText(const std::vector<std::string>& moves) {
  std::string out, line;
  for (std::size_t ply = 0; ply < moves.size(); ply += 2) {
    std::string turn = std::to_string(ply / 2 + 1) + ". " + moves[ply];
    if (ply + 1 < moves.size()) turn += " " + moves[ply + 1];
    if (!line.empty() && line.size() + 3 + turn.size() > 78) out += line + "\n", line.clear();
    line += (line.empty() ? "" : "   ") + turn;
  }
  return line.empty() ? out : out + line + "\n";
}

std::vector<std::string> svgCaption(const Shown& shown, const query::Diagram& d) {
  std::vector<std::string> caption;
  if (shown.game) {
    const auto& g = *shown.game;
    std::string who = (g.white.empty() ? "?" : g.white) + " vs " + (g.black.empty() ? "?" : g.black);
    if (!g.event.empty()) who += ", " + g.event;
    if (!g.date.empty()) who += ", " + g.date;
    caption.push_back("game " + std::to_string(g.id) + ": " + who);
  }
  caption.push_back(query::statusText(d));
  return caption;
}

// A game's id is a number; anything else given in its place is a position.
bool isGameId(const std::string& text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

bool positionGiven(const ShowOptions& o) {
  return (!o.target.empty() && !isGameId(o.target)) || positionOptionsGiven(o.position) > 0;
}

// A game from the database: the one named, or the newest the filters keep. Prints
// why not and returns the exit code when there is none.
std::variant<Shown, int> findGame(const GlobalOptions& global, const ShowOptions& o) {
  query::checkFilter(o.filter);
  index::Database db(global.databasePath(), {index::Access::ReadOnly, {}});
  index::GameId id = 0;
  if (o.target.empty()) {
    const auto ids = query::selectGames(db, o.filter);
    if (ids.empty()) {
      std::cerr << "apiary show: no game matches the filters\n";
      return kExitFailures;
    }
    id = ids.back();
  } else {
    const auto [end, error] = std::from_chars(o.target.data(), o.target.data() + o.target.size(), id);
    if (error != std::errc() || id <= 0) {
      std::cerr << "apiary show: '" << o.target << "' is not a game id\n";
      return kExitUsage;
    }
  }
  auto row = db.game(id);
  if (!row) {
    std::cerr << "apiary show: no game " << id << " in " << global.databasePath() << "\n";
    return kExitFailures;
  }
  if (query::keptGames(db, o.filter, std::span(&id, 1)).empty()) {
    std::cerr << "apiary show: game " << id << " does not match the filters\n";
    return kExitFailures;
  }
  auto board = row->replay();
  if (!board) {
    std::cerr << "apiary show: game " << id << " does not replay (a corrupt row: try apiary check)\n";
    return kExitFailures;
  }
  const int plies = board->ply();
  return Shown{std::move(*board), std::move(row), plies};
}

// What to show: a position given on the command line, or a game.
std::variant<Shown, int> findShown(const GlobalOptions& global, const ShowOptions& o,
                                   const notation::Notation& notation) {
  if (!positionGiven(o)) {
    if (o.target.empty() && o.filter.empty()) {
      std::cerr << "apiary show: name a game id or a position, or give filters (the newest matching game)\n";
      return kExitUsage;
    }
    return findGame(global, o);
  }
  if (!o.filter.empty()) {
    std::cerr << "apiary show: filters choose games; they do not apply to a position\n";
    return kExitUsage;
  }
  try {
    Board board = query::readPosition(positionRequest(o.position, o.target, {}, &notation), nullptr);
    const int plies = int(board.history().size());
    return Shown{std::move(board), std::nullopt, plies};
  } catch (const std::invalid_argument& e) {
    std::cerr << "apiary show: " << errorText(e) << "\n";
    return kExitUsage;
  }
}

int runShow(const GlobalOptions& global, ShowOptions o) {
  const notation::Notation* notation = notation::findNotation(o.notation, notation::NotationUse::WriteMoves);
  if (!notation) {
    std::cerr << "apiary show: unknown notation '" << o.notation << "' ("
              << notation::notationNames(notation::NotationUse::WriteMoves) << ")\n";
    return kExitUsage;
  }
  if (o.position.request.game) {  // --game ID is the GAME_ID argument
    if (!o.target.empty()) {
      std::cerr << "apiary show: give the game once: as an argument or with --game\n";
      return kExitUsage;
    }
    o.target = std::to_string(*o.position.request.game);
    o.position.request.game.reset();
  }
  auto found = findShown(global, o, *notation);
  if (const int* code = std::get_if<int>(&found)) return *code;
  Shown& shown = std::get<Shown>(found);
  if (o.ply) {
    // A position string starts at its own ply, with no history to rewind.
    const int last = shown.board.ply(), first = last - int(shown.board.history().size());
    if (*o.ply < first || *o.ply > last) {
      std::cerr << "apiary show: --ply " << *o.ply << ": only plies " << first << " to " << last << " are known\n";
      return kExitUsage;
    }
    while (shown.board.ply() > *o.ply) shown.board.undo();
  }
  const query::Diagram diagram = query::diagramOf(shown.board);

  if (!o.svg.empty()) {
    std::ofstream file(o.svg);
    file << query::drawSvg(diagram, {.caption = svgCaption(shown, diagram)});
    if (!file) {
      std::cerr << "apiary show: cannot write " << o.svg << "\n";
      return kExitFailures;
    }
  }
  const std::string position = notation::writePosition(shown.board);
  if (o.json) {
    nlohmann::json out = query::boardJson(shown.board, *notation);
    if (shown.game) out["game"] = query::fullGameJson(*shown.game);
    if (!o.svg.empty()) out["svg"] = o.svg;
    std::cout << grammar::jsonText(out) << "\n";
    return kExitOk;
  }

  if (shown.game) {
    const auto& g = *shown.game;
    std::cout << "game " << g.id << "  " << g.gameType << ", " << shown.plies << " plies  (" << forTerminal(g.source)
              << " #" << g.sourceIndex + 1 << ", " << g.notation << ")\n";
    const index::Tags tags = query::tagsOf(g);
    std::size_t width = 0;
    for (const auto& tag : tags) width = std::max(width, tag.first.size());
    for (const auto& [name, value] : tags)
      std::cout << "  " << forTerminal(name) << std::string(width - name.size() + 2, ' ') << forTerminal(value) << "\n";
    std::cout << "\n" << movesText(storedMoves(g)) << "\n";
  }
  std::cout << query::drawText(diagram, {.color = colorWanted(o.color), .legend = true});
  std::cout << "position  " << position << "\n";
  if (!o.svg.empty()) std::cout << "svg       " << o.svg << "\n";
  return kExitOk;
}

}  // namespace

void addShowCommand(CLI::App& app, const GlobalOptions& global, int& exitCode) {
  auto o = std::make_shared<ShowOptions>();
  auto* cmd = app.add_subcommand("show", "A game's tags, moves and diagram, or a position's diagram");
  cmd->add_option("target", o->target,
                  "GAME_ID, or a POSITION (move list, GameString or position string); without either, the newest "
                  "game matching the filters");
  cmd->add_option("--ply", o->ply, "Show the position after this many plies (default: the end)");
  addPositionOptions(cmd, o->position);  // after --ply: show's own serves --game
  cmd->add_option("--svg", o->svg, "Also draw the position into this SVG file");
  cmd->add_option("--notation", o->notation,
                  "--json's moves in: " + notation::notationNames(notation::NotationUse::WriteMoves, true));
  cmd->add_option("--color", o->color, "Colours in the terminal: auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_flag("--json", o->json, "Print JSON");
  addFilterOptions(cmd, o->filter);
  cmd->callback([&global, o, &exitCode] { exitCode = runShow(global, *o); });
}

}  // namespace apiary::cli
