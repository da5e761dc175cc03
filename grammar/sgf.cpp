// BoardSpace `.sgf`: an X3 tokenizer for the SGF-like layer (trees, nodes,
// properties), an X3 grammar for the command inside a P0/P1 value, and a
// hand-written pass that assembles committed turns from the event log.
#include "grammar/sgf.hpp"

#include <boost/spirit/home/x3.hpp>
#include <cctype>
#include <optional>

#include "grammar/uhp.hpp"

#include "grammar/ascii.hpp"

namespace apiary::grammar {
namespace {

namespace x3 = boost::spirit::x3;
using It = const char*;
using namespace ascii;


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

// SGF escapes: a backslash takes the next character literally, so the `\\wQ`
// of the files is the reference `\wQ`.
std::string unescape(std::string_view v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] == '\\' && i + 1 < v.size()) ++i;
    out += v[i];
  }
  return out;
}

// Token by token, so that junk costs one error and the reader resynchronises at
// the next line instead of losing the rest of the file.
std::vector<Tree> scanTrees(It begin, It end, const LineIndex& lines, std::vector<ParseError>& errors) {
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
      if (open) errors.push_back({pos(at), "nested game tree, read as a new game"});
      trees.push_back({at, {}});
      open = true;
    } else if (x3::parse(it, end, x3::lit(')'))) {
      if (!open) errors.push_back({pos(at), "')' without a game tree"});
      open = false;
    } else if (x3::parse(it, end, x3::lit(';'))) {
      if (!open) {
        errors.push_back({pos(at), "node outside a game tree"});
        trees.push_back({at, {}});
        open = true;
      }
      trees.back().nodes.push_back({at, {}});
    } else if (x3::parse(it, end, name[setName] >> +(skip >> value[addValue]))) {
      if (!open || trees.back().nodes.empty()) {
        errors.push_back({pos(at), "property outside a node"});
        continue;
      }
      Property p{view(nameText), {}, at};
      for (auto& v : values) p.values.push_back(view(v));
      trees.back().nodes.back().props.push_back(std::move(p));
    } else {
      It lineEnd = it;
      while (lineEnd != end && *lineEnd != '\n') ++lineEnd;
      bool unterminated = x3::parse(it, end, name >> skip >> '[');
      errors.push_back({pos(at), unterminated ? "unterminated property value"
                                              : "unexpected text '" +
                                                    printable(std::string_view(at, lineEnd - at)) + "'"});
      it = lineEnd;
    }
  }
  if (open) errors.push_back({pos(end), "game tree not closed: the file is truncated"});
  return trees;
}

// ---- the command inside P0[...] / P1[...] --------------------------------

enum class Cmd { Start, Pick, PickB, Drop, DropB, PDropB, Move, PMove, MoveDone, PMoveDone,
                 Done, Pass, PassDone, Resign, OfferDraw, AcceptDraw, DeclineDraw, Reset };

// Matched against the lower-cased command word.
struct Commands : x3::symbols<Cmd> {
  Commands() {
    add("start", Cmd::Start)("pick", Cmd::Pick)("pickb", Cmd::PickB)("dropb", Cmd::DropB)
        ("pdropb", Cmd::PDropB)("move", Cmd::Move)("pmove", Cmd::PMove)("movedone", Cmd::MoveDone)
        ("pmovedone", Cmd::PMoveDone)("done", Cmd::Done)("pass", Cmd::Pass)("passdone", Cmd::PassDone)
        ("resign", Cmd::Resign)("offerdraw", Cmd::OfferDraw)("acceptdraw", Cmd::AcceptDraw)
        ("declinedraw", Cmd::DeclineDraw)
        // BoardSpace's "put the picked piece back" and "undo this turn so far": no
        // sample file has them, but they are plain UI actions, not errors.
        ("drop", Cmd::Drop)("reset", Cmd::Reset);
  }
};
const Commands commands;

struct Event {
  int player = 0;
  Cmd cmd = Cmd::Done;
  char color = 0;     // from `pick w`, `move B`, `Start P1` (as '0'/'1'); 0 when none
  std::string piece;    // bug and number as written (`S1`, `b1`), colour stripped
  char pieceColor = 0;  // colour written in the piece token itself
  std::string col;
  int row = 0;
  std::string hint;
  It at;
  std::string_view text;
};

// Reads `12 dropb wA1 M 12 /wS1` into an event, or says what is wrong.
std::optional<std::string> parseCommand(std::string_view v, Event& e) {
  It it = v.data();
  It const end = it + v.size();
  // A colour letter counts only if a bug letter follows: `b1` is Beetle 1.
  auto const bugs = x3::char_("QSBGAMLPqsbgamlp");
  auto const pieceTok = x3::raw[-(x3::char_("wbWB") >> &bugs) >> bugs >> -digit] >> !graph;
  boost::iterator_range<It> piece, col, hint;
  auto setPiece = [&](auto& ctx) { piece = x3::_attr(ctx); };
  auto setCol = [&](auto& ctx) { col = x3::_attr(ctx); };
  auto setRow = [&](auto& ctx) { e.row = x3::_attr(ctx); };
  auto setHint = [&](auto& ctx) { hint = x3::_attr(ctx); };
  auto setColor = [&](auto& ctx) { e.color = static_cast<char>(std::tolower(x3::_attr(ctx))); };
  auto const sp = x3::omit[+blank];
  auto const place = sp >> x3::raw[+alpha][setCol] >> sp >> x3::int_[setRow];
  auto const hintPart = -(sp >> x3::raw[+graph][setHint]);
  auto const colorTok = x3::char_("wWbB")[setColor] >> !graph;

  boost::iterator_range<It> word;
  if (!x3::parse(it, end, x3::omit[*blank >> x3::uint_] >> sp >> x3::raw[+alpha] >> !graph, word))
    return "malformed command '" + printable(trimBlanks(v)) + "'";
  std::string name;  // commands come in every case: `done`, `Done`, `PMove`
  for (char c : view(word)) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto first = name.cbegin();
  if (!x3::parse(first, name.cend(), commands >> x3::eoi, e.cmd))
    return "unknown command '" + name + "'";
  bool ok = true;
  switch (e.cmd) {
    case Cmd::Start:
      ok = x3::parse(it, end, -(sp >> x3::char_("pP") >> x3::char_("01")[setColor]));
      break;
    case Cmd::Pick:
      ok = x3::parse(it, end, sp >> colorTok >> sp >> x3::omit[x3::uint_] >> sp >> pieceTok[setPiece]);
      break;
    case Cmd::PickB:
      ok = x3::parse(it, end, place >> sp >> pieceTok[setPiece]);
      break;
    case Cmd::DropB: case Cmd::PDropB:
      ok = x3::parse(it, end, sp >> pieceTok[setPiece] >> place >> hintPart);
      break;
    case Cmd::Move: case Cmd::PMove: case Cmd::MoveDone: case Cmd::PMoveDone:
      ok = x3::parse(it, end, sp >> colorTok >> sp >> pieceTok[setPiece] >> place >> hintPart);
      break;
    case Cmd::Drop: case Cmd::Reset:
      it = end;  // their arguments say nothing about the committed turn
      break;
    default:
      break;
  }
  if (!ok || !x3::parse(it, end, *space >> x3::eoi))
    return "malformed command '" + printable(trimBlanks(v)) + "'";
  std::string_view p = view(piece);
  if (!p.empty()) {
    if (p.size() > 1 && std::isalpha(static_cast<unsigned char>(p[1]))) {
      e.pieceColor = static_cast<char>(std::tolower(static_cast<unsigned char>(p[0])));
      p.remove_prefix(1);
    }
    e.piece = std::string(p);  // bug [digit], colour resolved later
  }
  for (char c : view(col)) e.col += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  e.hint = unescape(view(hint));
  return std::nullopt;
}

// ---- turn assembly ---------------------------------------------------------

bool isPieceCommand(Cmd c) {
  return c == Cmd::DropB || c == Cmd::PDropB || c == Cmd::Move || c == Cmd::PMove ||
         c == Cmd::MoveDone || c == Cmd::PMoveDone;
}

// Header properties become the game's tags; P0/P1 values that start with a number
// are the events of play, returned in order.
std::vector<Event> readProperties(const Tree& tree, Game<SgfTurn>& game, const auto& pos) {
  std::vector<Event> events;
  for (const Node& node : tree.nodes) {
    for (const Property& prop : node.props) {
      std::string value = prop.values.empty() ? "" : unescape(prop.values.front());
      const bool isPlayer = prop.name == "P0" || prop.name == "P1";
      if (isPlayer && !value.empty() && std::isdigit(static_cast<unsigned char>(value[0]))) {
        Event e;
        e.player = prop.name[1] - '0';
        e.at = node.at;
        e.text = std::string_view(prop.at, prop.values.back().data() + prop.values.back().size() + 1 - prop.at);
        if (auto err = parseCommand(prop.values.front(), e)) {
          game.errors.push_back({pos(prop.at), *err});
          continue;
        }
        events.push_back(std::move(e));
      } else if (isPlayer) {
        // `id "name"`, `ranking 1247`, `time 0:06:05 `
        auto sp = value.find(' ');
        std::string key = value.substr(0, sp);
        std::string rest(trimBlanks(sp == std::string::npos ? "" : std::string_view(value).substr(sp + 1)));
        if (rest.size() >= 2 && rest.front() == '"' && rest.back() == '"') rest = rest.substr(1, rest.size() - 2);
        game.tags.push_back({key == "id" ? std::string(prop.name) : std::string(prop.name) + " " + key, rest,
                             pos(prop.at)});
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

// Turns the events of play into committed turns: a player's last pending turn
// counts when `done` commits it.
template <class Pos>
class TurnAssembler {
 public:
  TurnAssembler(Game<SgfTurn>& game, const Pos& pos, bool plainPdropb)
      : game_(game), pos_(pos), plainPdropb_(plainPdropb) {}

  void event(const Event& e) {
    const int p = e.player;
    switch (e.cmd) {
      case Cmd::Start:
        starter_ = toMove_ = e.color == '1' ? 1 : 0;
        pending_[0].reset();
        pending_[1].reset();
        break;
      case Cmd::Pick: pickColor_[p] = e.pieceColor ? e.pieceColor : e.color; break;
      case Cmd::PickB: pickColor_[p] = e.pieceColor; break;
      case Cmd::Reset: pending_[p].reset(); break;
      case Cmd::Pass: pending_[p] = written(e, SgfTurnKind::Pass); break;
      case Cmd::PassDone: pending_[p].reset(); commit(written(e, SgfTurnKind::Pass)); break;
      case Cmd::Resign: pending_[p] = written(e, SgfTurnKind::Resign); break;
      case Cmd::OfferDraw: pending_[p] = written(e, SgfTurnKind::OfferDraw); break;
      case Cmd::AcceptDraw: pending_[p] = written(e, SgfTurnKind::AcceptDraw); break;
      case Cmd::DeclineDraw: pending_[p] = written(e, SgfTurnKind::DeclineDraw); break;
      case Cmd::Done:
        if (pending_[p]) {
          commit(std::move(*pending_[p]));
          pending_[p].reset();
        } else if (p == toMove_) {
          commit(written(e, SgfTurnKind::Pass));  // newer files omit forced passes
        }
        break;
      default:
        if (isPieceCommand(e.cmd)) piece(e);
    }
  }

  // A log that stops before the final `done`: what was played still counts.
  void finish() {
    for (int who : {toMove_, 1 - toMove_})
      if (pending_[who]) commit(std::move(*pending_[who]));
  }

 private:
  void piece(const Event& e) {
    const int p = e.player;
    const bool isMove = e.cmd == Cmd::Move || e.cmd == Cmd::PMove || e.cmd == Cmd::MoveDone || e.cmd == Cmd::PMoveDone;
    char color = e.pieceColor;
    if (!color) color = isMove ? e.color : pickColor_[p];
    if (!color) color = p == starter_ ? 'w' : 'b';
    auto name = parsePieceName(std::string(1, color) + e.piece);
    if (!name) {
      game_.errors.push_back({pos_(e.at), "unknown piece '" + e.piece + "'"});
      return;
    }
    auto w = written(e, SgfTurnKind::Piece);
    w.move.piece = writePieceName(*name);
    w.move.col = e.col;
    w.move.row = e.row;
    w.move.hint = e.hint;
    w.move.pillbugAssisted =
        e.cmd == Cmd::PMove || e.cmd == Cmd::PMoveDone || (e.cmd == Cmd::PDropB && !plainPdropb_);
    pickColor_[p] = 0;
    if (e.cmd == Cmd::MoveDone || e.cmd == Cmd::PMoveDone) {
      pending_[p].reset();
      commit(std::move(w));
    } else {
      pending_[p] = std::move(w);  // only the last drop before `done` counts
    }
  }

  void commit(Written<SgfTurn> w) {
    const auto kind = w.move.kind;
    const int player = w.move.player;
    game_.moves.push_back(std::move(w));
    // Draw offers and answers do not use up the turn.
    if (kind == SgfTurnKind::Piece || kind == SgfTurnKind::Pass) toMove_ = 1 - player;
  }

  Written<SgfTurn> written(const Event& e, SgfTurnKind kind) const {
    Written<SgfTurn> w;
    w.move.player = e.player;
    w.move.kind = kind;
    w.text = std::string(e.text);
    w.pos = pos_(e.at);
    return w;
  }

  Game<SgfTurn>& game_;
  const Pos& pos_;
  bool plainPdropb_;
  int starter_ = 0, toMove_ = 0;
  char pickColor_[2] = {0, 0};
  std::optional<Written<SgfTurn>> pending_[2];
};

Game<SgfTurn> assemble(const Tree& tree, const LineIndex& lines, It begin) {
  Game<SgfTurn> game;
  const auto pos = [&](It p) { return lines.at(static_cast<std::size_t>(p - begin)); };
  game.pos = pos(tree.at);
  const std::vector<Event> events = readProperties(tree, game, pos);
  TurnAssembler assembler(game, pos, pdropbIsPlain(events));
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
  std::vector<ParseError> fileErrors;
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
    if (fileErrors.empty()) fileErrors.push_back({{1, 1}, "no game tree in the text"});
  }
  // Errors of the SGF layer go to the game they stand in (the last one started).
  for (auto& err : fileErrors) {
    Game<SgfTurn>* home = &games.front();
    for (auto& g : games)
      if (g.pos.line < err.pos.line || (g.pos.line == err.pos.line && g.pos.column <= err.pos.column)) home = &g;
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
