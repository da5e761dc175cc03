// Spirit X3 grammars for standard notation: move strings, GameStrings and the
// PGN-style files. Each parse works on `const char*` over the caller's text, so
// positions are plain byte offsets turned into line/column by LineIndex.
#include "grammar/uhp.hpp"

#include <boost/spirit/home/x3.hpp>
#include <cctype>

#include "grammar/ascii.hpp"

namespace apiary::grammar {
namespace {

namespace x3 = boost::spirit::x3;
using It = const char*;
using namespace ascii;


// The shape of a piece name: colour, bug, optional digit, and nothing glued on
// (`wA12` and `wAnt` are not pieces). Case is normalised afterwards.
const auto pieceShape =
    x3::char_("wbWB") >> x3::char_("QSBGAMLPqsbgamlp") >> -digit >> !(alnum | '_');

std::string_view view(const boost::iterator_range<It>& r) {
  return {r.begin(), static_cast<std::size_t>(r.end() - r.begin())};
}

// Parses a whole lower-cased copy of a word (ASCII letters only, by construction).
template <class Parser, class Attr>
bool parseLowered(std::string_view word, const Parser& p, Attr& attr) {
  std::string w;
  for (char c : word) w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto first = w.cbegin();
  return x3::parse(first, w.cend(), p >> x3::eoi, attr);
}

// The word starting at `from`, for quoting what could not be parsed.
std::string_view untilBlank(It from, It end) {
  It to = from;
  while (to != end && *to != ' ' && *to != '\t' && *to != '\r' && *to != '\n') ++to;
  return {from, static_cast<std::size_t>(to - from)};
}

// Separators before the reference put the destination on its west side,
// separators after it on its east side (notations.md section 1). Plain
// alternatives rather than x3::symbols: a symbols table is copied into every
// expression that uses it, which cost more than the rest of a move's parse.
const auto prefixSide = (x3::lit('-') >> x3::attr(UhpSide::W)) | (x3::lit('/') >> x3::attr(UhpSide::SW)) |
                        (x3::lit('\\') >> x3::attr(UhpSide::NW));
const auto suffixSide = (x3::lit('-') >> x3::attr(UhpSide::E)) | (x3::lit('/') >> x3::attr(UhpSide::NE)) |
                        (x3::lit('\\') >> x3::attr(UhpSide::SE));
// Looked up in the lower-cased word: `Pass` and `Offer-Draw` occur too.
struct SpecialMoves : x3::symbols<UhpMoveKind> {
  SpecialMoves() {
    add("pass", UhpMoveKind::Pass)("resign", UhpMoveKind::Resign)
        ("offer-draw", UhpMoveKind::OfferDraw)("offerdraw", UhpMoveKind::OfferDraw)
        ("accept-draw", UhpMoveKind::AcceptDraw)("acceptdraw", UhpMoveKind::AcceptDraw)
        ("decline-draw", UhpMoveKind::DeclineDraw)("declinedraw", UhpMoveKind::DeclineDraw);
  }
};
const SpecialMoves specialMoves;

// Shape is already checked by pieceShape; this normalises case and applies the
// numbering rules, which X3 could express only clumsily.
std::optional<PieceName> pieceFromShape(std::string_view s) {
  PieceName p;
  p.color = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  p.bug = static_cast<char>(std::toupper(static_cast<unsigned char>(s[1])));
  if (s.size() > 2) p.number = s[2] - '0';
  const bool unique = std::string_view("QMLP").find(p.bug) != std::string_view::npos;
  if (p.number > 3 || (s.size() > 2 && p.number == 0)) return std::nullopt;
  if (unique) {
    if (p.number > 1) return std::nullopt;
    p.number = 0;  // `wP1` is how some files spell `wP`
  }
  return p;
}

// Shared by parseMoveString and the file parsers, which add their offsets.
UhpMoveResult parseMoveAt(std::string_view text) {
  UhpMoveResult res;
  It const begin = text.data();
  It const end = begin + text.size();
  It it = begin;
  auto fail = [&](It at, std::string why) {
    res.move.reset();
    res.error = {{1, static_cast<int>(at - begin) + 1}, std::move(why)};
    return res;
  };
  x3::parse(it, end, *blank);
  if (it == end) return fail(it, "empty move");

  // A piece name first: nearly every move starts with one, and no special word
  // (pass, resign, ...) has a piece's shape.
  UhpMove move;
  boost::iterator_range<It> pieceText;
  It const pieceStart = it;
  if (x3::parse(it, end, x3::raw[pieceShape], pieceText)) {
    auto piece = pieceFromShape(view(pieceText));
    if (!piece) return fail(pieceStart, "unknown piece '" + std::string(view(pieceText)) + "'");
    move.piece = *piece;

    It const afterPiece = it;
    x3::parse(it, end, *blank);
    if (it != end && it == afterPiece)
      return fail(it, "unexpected text '" + printable(untilBlank(it, end)) + "' after the piece");
    if (it != end && !x3::parse(it, end, x3::lit('.') >> !graph)) {
      // (side piece) or (piece [side]), then nothing glued on.
      UhpSide side = UhpSide::OnTop;
      boost::iterator_range<It> refText;
      It const refStart = it;
      const bool prefixed = x3::parse(it, end, prefixSide, side);
      bool ok = x3::parse(it, end, x3::raw[pieceShape], refText);
      if (ok && !prefixed) x3::parse(it, end, suffixSide, side);  // optional
      if (!ok || !x3::parse(it, end, !graph))
        return fail(refStart, "bad reference '" + printable(untilBlank(refStart, end)) + "'");
      auto refPiece = pieceFromShape(view(refText));
      if (!refPiece)
        return fail(refStart, "unknown reference piece '" + std::string(view(refText)) + "'");
      move.reference = UhpReference{*refPiece, side};
    }
  } else {
    UhpMoveKind special{};
    boost::iterator_range<It> word;
    if (!x3::parse(it, end, x3::raw[+(alpha | '-')] >> !alnum, word) ||
        !parseLowered(view(word), specialMoves, special))
      return fail(pieceStart, "unknown piece '" + printable(untilBlank(pieceStart, end)) + "'");
    move.kind = special;
  }
  x3::parse(it, end, *blank);
  if (it != end) return fail(it, "unexpected text '" + printable(untilBlank(it, end)) + "'");
  res.move = move;
  return res;
}

const char* kindWord(UhpMoveKind kind) {
  switch (kind) {
    case UhpMoveKind::Pass: return "pass";
    case UhpMoveKind::Resign: return "resign";
    case UhpMoveKind::OfferDraw: return "offer-draw";
    case UhpMoveKind::AcceptDraw: return "accept-draw";
    case UhpMoveKind::DeclineDraw: return "decline-draw";
    case UhpMoveKind::Normal: break;
  }
  return "";
}

// A move found at byte `offset` of a larger text: parse it and place it there.
void addMove(Game<UhpMove>& game, std::string_view text, std::size_t offset,
             const LineIndex& lines) {
  auto result = parseMoveAt(text);
  if (!result) {
    auto pos = lines.at(offset + static_cast<std::size_t>(result.error.pos.column - 1));
    game.errors.push_back({pos, result.error.message});
    return;
  }
  game.moves.push_back({*result.move, std::string(text), lines.at(offset), ""});
}

// One GameString standing at [offset, offset + text.size()) of the whole text.
Game<UhpMove> gameStringAt(std::string_view text, std::size_t offset, const LineIndex& lines) {
  Game<UhpMove> game;
  game.pos = lines.at(offset);
  It const begin = text.data();
  It it = begin;
  std::vector<boost::iterator_range<It>> fields;
  x3::parse(it, begin + text.size(), x3::raw[*~x3::char_(";\r\n")] % ';', fields);
  auto at = [&](It p) { return lines.at(offset + static_cast<std::size_t>(p - begin)); };
  if (fields.size() < 3) {
    game.errors.push_back({game.pos, "a GameString starts GameType;GameState;Turn"});
    return game;
  }

  // Header fields: checked, but kept as written (state and turn get recomputed).
  auto const gameType = x3::lit("Base") >> -(-x3::lit('+') >> +x3::char_("MLP"));
  auto const gameState = x3::lit("NotStarted") | "InProgress" | "Draw" | "WhiteWins" | "BlackWins";
  auto const turn = (x3::lit("White") | "Black") >> '[' >> x3::uint_ >> ']';
  auto header = [&](std::size_t i, const char* name, auto const& shape) {
    auto field = trimBlanks(view(fields[i]));
    It f = field.data();
    if (!x3::parse(f, field.data() + field.size(), shape >> x3::eoi))
      game.errors.push_back({at(fields[i].begin()), std::string("bad ") + name + " '" +
                                                        printable(field) + "'"});
    game.tags.push_back({name, std::string(field), at(fields[i].begin())});
  };
  header(0, "GameType", gameType);
  header(1, "GameState", gameState);
  header(2, "Turn", turn);

  for (std::size_t i = 3; i < fields.size(); ++i) {
    auto field = view(fields[i]);
    if (trimBlanks(field).empty()) {
      if (i + 1 == fields.size()) break;  // the trailing ';' real files end with
      game.errors.push_back({at(fields[i].begin()), "empty move"});
      continue;
    }
    addMove(game, field, offset + static_cast<std::size_t>(field.data() - begin), lines);
  }
  if (it != begin + text.size())
    game.errors.push_back({at(it), "unexpected text '" + printable(untilBlank(it, begin + text.size())) + "'"});
  return game;
}

// What one line (or a multi-line comment) of a PGN-style file can hold.
struct Item {
  enum Kind { Tag, Move, Comment, Result, GameString, Bad } kind;
  It at;  // where it starts, for its position
  std::string_view text, value;
};

std::vector<Item> scanFile(It begin, It end) {
  std::vector<Item> items;
  std::string_view name, value;
  auto push = [&](Item::Kind kind, It at, std::string_view text, std::string_view v = {}) {
    items.push_back({kind, at, text, v});
  };
  auto rangeOf = [](auto& ctx) { return view(x3::_attr(ctx)); };
  auto onComment = [&](auto& ctx) { push(Item::Comment, rangeOf(ctx).data() - 1, rangeOf(ctx)); };
  auto setName = [&](auto& ctx) { name = rangeOf(ctx); };
  auto setValue = [&](auto& ctx) { value = rangeOf(ctx); };
  auto onTag = [&](auto&) { push(Item::Tag, name.data() - 1, name, value); };
  auto onMove = [&](auto& ctx) {
    auto text = trimBlanks(rangeOf(ctx));
    push(Item::Move, text.data(), text);
  };
  auto onResult = [&](auto& ctx) { push(Item::Result, rangeOf(ctx).data(), rangeOf(ctx)); };
  auto onGameString = [&](auto& ctx) {
    auto text = trimBlanks(rangeOf(ctx));
    push(Item::GameString, text.data(), text);
  };

  auto const nl = x3::lit("\r\n") | '\n' | '\r';
  auto const comment = '{' >> x3::raw[*~x3::char_('}')][onComment] >> '}';
  auto const tag = '[' >> *blank >> x3::raw[alpha >> *(alnum | '_')][setName] >>
                   +blank >> '"' >> x3::raw[*(('\\' >> x3::char_) | ~x3::char_("\"\r\n"))][setValue] >>
                   '"' >> *blank >> ']' >> x3::eps[onTag];
  auto const move = x3::omit[x3::uint_] >> '.' >> *blank >> x3::raw[+~x3::char_("{\r\n")][onMove];
  auto const result =
      x3::raw[x3::lit("WhiteWins") | "BlackWins" | "Draw" | "1/2-1/2" | "1-0" | "0-1" | "*"][onResult] >>
      &(blank | nl | '{' | x3::eoi);
  auto const gameString =
      x3::raw[&(x3::lit("Base") >> *x3::char_("+MLP") >> ';') >> +~x3::char_("\r\n")][onGameString];
  auto const filler = *(blank | comment);

  It it = begin;
  while (it != end) {
    x3::parse(it, end, filler);
    x3::parse(it, end, -(tag | move | result | gameString) >> filler);
    if (x3::parse(it, end, nl | x3::eoi)) continue;
    It const junk = it;
    x3::parse(it, end, *~x3::char_("\r\n") >> -nl);
    push(Item::Bad, junk, std::string_view(junk, static_cast<std::size_t>(it - junk)));
  }
  return items;
}

// `\"` and `\\` are the only escapes a PGN tag value has.
std::string unescapeTag(std::string_view v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] == '\\' && i + 1 < v.size()) ++i;
    out += v[i];
  }
  return out;
}

}  // namespace

std::optional<PieceName> parsePieceName(std::string_view text) {
  It it = text.data();
  It const end = it + text.size();
  if (!x3::parse(it, end, pieceShape >> x3::eoi)) return std::nullopt;
  return pieceFromShape(text);
}

std::string writePieceName(const PieceName& piece) {
  std::string s{piece.color, piece.bug};
  if (piece.number > 0) s += static_cast<char>('0' + piece.number);
  return s;
}

UhpMoveResult parseMoveString(std::string_view text) { return parseMoveAt(text); }

Game<UhpMove> parseGameString(std::string_view text) {
  LineIndex lines(text);
  return gameStringAt(text, 0, lines);
}

std::vector<Game<UhpMove>> parseUhpFile(std::string_view content) {
  LineIndex lines(content);
  It const begin = content.data();
  auto offsetOf = [&](std::string_view s) { return static_cast<std::size_t>(s.data() - begin); };
  std::vector<Game<UhpMove>> games;
  bool open = false;      // the last game may still take tags and moves
  bool hasMoves = false;  // ... and a tag would now start a new game
  auto startGame = [&](It at) {
    games.emplace_back();
    games.back().pos = lines.at(static_cast<std::size_t>(at - begin));
    open = true;
    hasMoves = false;
  };

  for (const Item& item : scanFile(begin, begin + content.size())) {
    // Moves find their own position; looking it up for every item cost as much.
    auto pos = [&] { return lines.at(static_cast<std::size_t>(item.at - begin)); };
    switch (item.kind) {
      case Item::Tag:
        if (!open || hasMoves) startGame(item.at);
        games.back().tags.push_back({std::string(item.text), unescapeTag(item.value), pos()});
        break;
      case Item::Move:
        if (!open) startGame(item.at);
        hasMoves = true;
        addMove(games.back(), item.text, offsetOf(item.text), lines);
        break;
      case Item::Comment:
        // A comment belongs to the move before it; one before any move is dropped.
        if (open && !games.back().moves.empty()) {
          auto& c = games.back().moves.back().comment;
          c += (c.empty() ? "" : " ") + std::string(trimBlanks(item.text));
        }
        break;
      case Item::Result:
        if (!open) startGame(item.at);
        hasMoves = true;  // a result closes the game's moves
        if (!games.back().tag("Result")) games.back().tags.push_back({"Result", std::string(item.text), pos()});
        break;
      case Item::GameString:
        games.push_back(gameStringAt(item.text, offsetOf(item.text), lines));
        open = false;
        break;
      case Item::Bad:
        if (!open) startGame(item.at);
        games.back().errors.push_back({pos(), "unrecognised text '" + printable(item.text) + "'"});
        break;
    }
  }
  if (games.empty()) {
    games.emplace_back();
    games.back().pos = {1, 1};
    games.back().errors.push_back({{1, 1}, "no game in the text"});
  }
  return games;
}

std::string writeMove(const UhpMove& move) {
  if (move.kind != UhpMoveKind::Normal) return kindWord(move.kind);
  std::string s = writePieceName(move.piece);
  if (!move.reference) return s;
  std::string ref = writePieceName(move.reference->piece);
  switch (move.reference->side) {
    case UhpSide::OnTop: return s + " " + ref;
    case UhpSide::W: return s + " -" + ref;
    case UhpSide::E: return s + " " + ref + "-";
    case UhpSide::NW: return s + " \\" + ref;
    case UhpSide::NE: return s + " " + ref + "/";
    case UhpSide::SW: return s + " /" + ref;
    case UhpSide::SE: return s + " " + ref + "\\";
  }
  return s;
}

std::string writeGameString(const Game<UhpMove>& game) {
  const std::string* type = game.tag("GameType");
  const std::string* state = game.tag("GameState");
  const auto n = game.moves.size();
  std::string s = type ? *type : "Base";
  s += ";";
  s += state ? *state : (n == 0 ? "NotStarted" : "InProgress");
  s += n % 2 == 0 ? ";White[" : ";Black[";
  s += std::to_string(n / 2 + 1) + "]";
  for (const auto& m : game.moves) s += ";" + writeMove(m.move);
  return s;
}

std::string writePgn(const Game<UhpMove>& game) {
  std::string s;
  for (const auto& t : game.tags) {
    std::string value;
    for (char c : t.value) {
      if (c == '"' || c == '\\') value += '\\';
      value += c;
    }
    s += "[" + t.name + " \"" + value + "\"]\n";
  }
  s += "\n";
  int number = 1;
  for (const auto& m : game.moves) {
    s += std::to_string(number++) + ". " + writeMove(m.move);
    if (!m.comment.empty()) s += " {" + m.comment + "}";
    s += "\n";
  }
  if (const std::string* r = game.tag("Result"); r && (*r == "WhiteWins" || *r == "BlackWins" || *r == "Draw"))
    s += "\n" + *r + "\n";
  return s;
}

}  // namespace apiary::grammar
