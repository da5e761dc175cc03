// BoardSpace `.sgf`: an X3 tokenizer for the SGF-like layer (trees, nodes,
// properties), an X3 grammar for the command inside a P0/P1 value, and a
// hand-written pass that assembles committed turns from the event log.
#include "grammar/sgf.hpp"

#include <boost/spirit/home/x3.hpp>
#include <cctype>
#include <optional>

#include "grammar/sgf_command.hpp"
#include "grammar/sgf_turns.hpp"
#include "grammar/uhp.hpp"

#include "grammar/ascii.hpp"

namespace apiary::grammar {
namespace {

using namespace ascii;
using sgf::Cmd;
using sgf::Event;
using sgf::unescape;

std::string_view view(const boost::iterator_range<It>& r) {
  return {r.begin(), static_cast<std::size_t>(r.end() - r.begin())};
}

// ---- the SGF layer -------------------------------------------------------

struct Property {
  std::string_view name;
  std::vector<std::string_view> values;  // raw, escapes still in
  It at;
};
struct Node {
  It at;
  std::vector<Property> props;
};
struct Tree {
  It at;
  std::vector<Node> nodes;
};

// Token by token, so that junk costs one error and the reader resynchronises at
// the next line instead of losing the rest of the file.
std::vector<Tree> scanTrees(It begin, It end, const LineIndex& lines, std::vector<Rejection>& errors) {
  auto const comment = '#' >> *~x3::char_("\r\n");  // `# move beetle on top of wS1`
  auto const skip = *(space | comment);
  auto const value = '[' >> x3::raw[*(('\\' >> x3::char_) | ~x3::char_(']'))] >> ']';
  auto const name = x3::raw[+(alnum | '-')];
  auto pos = [&](It p) { return lines.at(static_cast<std::size_t>(p - begin)); };

  std::vector<Tree> trees;
  bool open = false;
  It it = begin;
  while (true) {
    x3::parse(it, end, skip);
    if (it == end) break;
    It const at = it;
    boost::iterator_range<It> nameText;
    std::vector<boost::iterator_range<It>> values;
    auto setName = [&](auto& ctx) { nameText = x3::_attr(ctx); };
    auto addValue = [&](auto& ctx) { values.push_back(x3::_attr(ctx)); };
    if (x3::parse(it, end, x3::lit('('))) {
      if (open) errors.push_back(syntaxError(pos(at), "nested game tree, read as a new game"));
      trees.push_back({at, {}});
      open = true;
    } else if (x3::parse(it, end, x3::lit(')'))) {
      if (!open) errors.push_back(syntaxError(pos(at), "')' without a game tree"));
      open = false;
    } else if (x3::parse(it, end, x3::lit(';'))) {
      if (!open) {
        errors.push_back(syntaxError(pos(at), "node outside a game tree"));
        trees.push_back({at, {}});
        open = true;
      }
      trees.back().nodes.push_back({at, {}});
    } else if (x3::parse(it, end, name[setName] >> +(skip >> value[addValue]))) {
      if (!open || trees.back().nodes.empty()) {
        errors.push_back(syntaxError(pos(at), "property outside a node"));
        continue;
      }
      Property p{view(nameText), {}, at};
      for (auto& v : values) p.values.push_back(view(v));
      trees.back().nodes.back().props.push_back(std::move(p));
    } else {
      It lineEnd = it;
      while (lineEnd != end && *lineEnd != '\n') ++lineEnd;
      bool unterminated = x3::parse(it, end, name >> skip >> '[');
      errors.push_back(syntaxError(
          pos(at), unterminated ? "unterminated property value"
                                : "unexpected text '" + printable(std::string_view(at, lineEnd - at)) + "'"));
      it = lineEnd;
    }
  }
  if (open) errors.push_back(syntaxError(pos(end), "game tree not closed: the file is truncated"));
  return trees;
}

// ---- turn assembly ---------------------------------------------------------

// Header properties become the game's tags; P0/P1 values that start with a number
// (boardspace numbers every move it records) or with a command are the events of
// play, returned in order.
std::vector<Event> readProperties(const Tree& tree, Game<SgfTurn>& game, const auto& pos) {
  std::vector<Event> events;
  for (const Node& node : tree.nodes) {
    for (const Property& prop : node.props) {
      std::string value = prop.values.empty() ? "" : unescape(prop.values.front());
      const bool isPlayer = prop.name == "P0" || prop.name == "P1";
      const bool numbered = !value.empty() && std::isdigit(static_cast<unsigned char>(value[0]));
      if (isPlayer && (numbered || sgf::isCommand(value.substr(0, value.find(' '))))) {
        Event e;
        e.player = prop.name[1] - '0';
        e.at = node.at;
        e.text = std::string_view(prop.at, prop.values.back().data() + prop.values.back().size() + 1 - prop.at);
        if (auto err = sgf::parseCommand(prop.values.front(), e)) {
          game.errors.push_back(syntaxError(pos(prop.at), *err));
          continue;
        }
        events.push_back(std::move(e));
      } else if (isPlayer) {
        // `id "name"`, `ranking 1247`, `time 0:06:05 `
        auto sp = value.find(' ');
        std::string key = value.substr(0, sp);
        std::string rest(trimBlanks(sp == std::string::npos ? "" : std::string_view(value).substr(sp + 1)));
        if (rest.size() >= 2 && rest.front() == '"' && rest.back() == '"') rest = rest.substr(1, rest.size() - 2);
        game.tags.push_back(
            {key == "id" ? std::string(prop.name) : std::string(prop.name) + " " + key, rest, pos(prop.at)});
      } else if (prop.name != "TM" && prop.name != "P-1") {
        game.tags.push_back({std::string(prop.name), value, pos(prop.at)});
      }
    }
  }
  return events;
}

// The hive-viewer dialect writes pdropb for every drop: spot a pdropb that follows
// a pick from the reserve.
bool pdropbIsPlain(const std::vector<Event>& events) {
  Cmd last[2] = {Cmd::Done, Cmd::Done};
  for (const Event& e : events) {
    if (e.cmd == Cmd::PDropB && last[e.player] == Cmd::Pick) return true;
    if (e.cmd == Cmd::Pick || e.cmd == Cmd::PickB || e.cmd == Cmd::Done) last[e.player] = e.cmd;
  }
  return false;
}

Game<SgfTurn> assemble(const Tree& tree, const LineIndex& lines, It begin) {
  Game<SgfTurn> game;
  const auto pos = [&](It p) { return lines.at(static_cast<std::size_t>(p - begin)); };
  game.pos = pos(tree.at);
  const std::vector<Event> events = readProperties(tree, game, pos);
  sgf::TurnAssembler assembler(game, pos, pdropbIsPlain(events));
  for (const Event& e : events) assembler.event(e);
  assembler.finish();
  return game;
}

bool sameGame(const Game<SgfTurn>& a, const Game<SgfTurn>& b) {
  if (a.tags.size() != b.tags.size() || a.moves.size() != b.moves.size()) return false;
  for (std::size_t i = 0; i < a.tags.size(); ++i)
    if (a.tags[i].name != b.tags[i].name || a.tags[i].value != b.tags[i].value) return false;
  for (std::size_t i = 0; i < a.moves.size(); ++i)
    if (!(a.moves[i].move == b.moves[i].move)) return false;
  return true;
}

}  // namespace

std::vector<Game<SgfTurn>> parseSgf(std::string_view content) {
  LineIndex lines(content);
  It const begin = content.data();
  std::vector<Rejection> fileErrors;
  auto trees = scanTrees(begin, begin + content.size(), lines, fileErrors);

  std::vector<Game<SgfTurn>> games;
  for (const Tree& tree : trees) {
    auto game = assemble(tree, lines, begin);
    bool duplicate = false;
    for (const auto& g : games) duplicate = duplicate || sameGame(g, game);
    if (!duplicate || !game.errors.empty()) games.push_back(std::move(game));
  }
  if (games.empty()) {
    games.emplace_back();
    games.back().pos = {1, 1};
    if (fileErrors.empty()) fileErrors.push_back(syntaxError({1, 1}, "no game tree in the text"));
  }
  // Errors of the SGF layer go to the game they stand in (the last one started).
  for (auto& err : fileErrors) {
    Game<SgfTurn>* home = &games.front();
    for (auto& g : games)
      if (g.pos.line < err.line || (g.pos.line == err.line && g.pos.column <= err.column)) home = &g;
    home->errors.push_back(err);
  }
  return games;
}

std::string sgfVariant(std::string_view su) {
  su = trimBlanks(su);
  std::string out;
  for (char c : su.substr(0, su.find(' '))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace apiary::grammar
