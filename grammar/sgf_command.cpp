// The command inside a BoardSpace node: an X3 grammar per argument form.
#include "grammar/sgf_command.hpp"

#include <boost/spirit/home/x3.hpp>
#include <cctype>

#include "grammar/ascii.hpp"
#include "grammar/syntax.hpp"

namespace apiary::grammar::sgf {
namespace {

using namespace ascii;

std::string_view view(const boost::iterator_range<It>& r) {
  return {r.begin(), static_cast<std::size_t>(r.end() - r.begin())};
}

// Matched against the lower-cased command word.
struct Commands : x3::symbols<Cmd> {
  Commands() {
    add("start", Cmd::Start)("pick", Cmd::Pick)("pickb", Cmd::PickB)("drop", Cmd::Drop)("dropb", Cmd::DropB)(
        "pdropb", Cmd::PDropB)("move", Cmd::Move)("pmove", Cmd::PMove)("movedone", Cmd::MoveDone)(
        "pmovedone", Cmd::PMoveDone)("done", Cmd::Done)("pass", Cmd::Pass)("passdone", Cmd::PassDone)(
        "nullmove", Cmd::NullMove)("resign", Cmd::Resign)("offerdraw", Cmd::OfferDraw)("acceptdraw", Cmd::AcceptDraw)(
        "declinedraw", Cmd::DeclineDraw)("reset", Cmd::Reset)("undo", Cmd::Undo)("pleaseundo", Cmd::PleaseUndo)(
        "dontundo", Cmd::DontUndo)("allowundo", Cmd::AllowUndo)("edit", Cmd::Edit)("swap", Cmd::Swap)(
        "playwhite", Cmd::PlayWhite)("playblack", Cmd::PlayBlack)("winontime", Cmd::WinOnTime);
  }
};
const Commands commands;

// The piece token's colour letter, if it has one, goes to pieceColor.
void setPiece(std::string_view p, Event& e) {
  if (p.empty()) return;
  if (p.size() > 1 && std::isalpha(static_cast<unsigned char>(p[1]))) {
    e.pieceColor = static_cast<char>(std::tolower(static_cast<unsigned char>(p[0])));
    p.remove_prefix(1);
  }
  e.piece = std::string(p);  // bug [digit], colour resolved later
}

// The arguments of `e.cmd` from `it` on; false when they do not fit its form.
bool parseArguments(It& it, It end, Event& e) {
  // A colour letter counts only if a bug letter follows: `b1` is Beetle 1.
  auto const bugs = x3::char_("QSBGAMLPqsbgamlp");
  auto const pieceTok = x3::raw[-(x3::char_("wbWB") >> &bugs) >> bugs >> -digit] >> !graph;
  boost::iterator_range<It> piece, col, hint;
  auto piece_ = [&](auto& ctx) { piece = x3::_attr(ctx); };
  auto col_ = [&](auto& ctx) { col = x3::_attr(ctx); };
  auto row_ = [&](auto& ctx) { e.row = x3::_attr(ctx); };
  auto hint_ = [&](auto& ctx) { hint = x3::_attr(ctx); };
  auto color_ = [&](auto& ctx) { e.color = static_cast<char>(std::tolower(x3::_attr(ctx))); };
  auto const sp = x3::omit[+blank];
  // Columns past Z and before A are written as a count and the letter: `2Z` is
  // two after Z, `3A` three before A.
  auto const column = x3::raw[(x3::uint_ >> x3::char_("AaZz") >> !graph) | +alpha];
  auto const place = sp >> column[col_] >> sp >> x3::int_[row_];
  auto const hintPart = -(sp >> x3::raw[+graph][hint_]);
  auto const colorTok = x3::char_("wWbB")[color_] >> !graph;
  // The set-up pools WS and BS of an edited board are the same colours' reserves.
  auto const poolTok = x3::char_("wWbB")[color_] >> -x3::char_("sS") >> !graph;
  auto const reserveRow = sp >> x3::omit[x3::uint_];
  bool ok = true;
  switch (e.cmd) {
    case Cmd::Start: ok = x3::parse(it, end, -(sp >> x3::char_("pP") >> x3::char_("01")[color_])); break;
    case Cmd::Pick: ok = x3::parse(it, end, sp >> poolTok >> reserveRow >> sp >> pieceTok[piece_]); break;
    case Cmd::Drop: ok = x3::parse(it, end, sp >> poolTok >> reserveRow >> sp >> pieceTok[piece_] >> hintPart); break;
    case Cmd::PickB: ok = x3::parse(it, end, place >> sp >> pieceTok[piece_]); break;
    case Cmd::DropB:
    case Cmd::PDropB: ok = x3::parse(it, end, sp >> pieceTok[piece_] >> place >> hintPart); break;
    case Cmd::Move:
    case Cmd::PMove:
    case Cmd::MoveDone:
    case Cmd::PMoveDone: ok = x3::parse(it, end, sp >> colorTok >> sp >> pieceTok[piece_] >> place >> hintPart); break;
    default: break;  // the rest take no arguments
  }
  setPiece(view(piece), e);
  for (char c : view(col)) e.col += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  e.hint = unescape(view(hint));
  return ok;
}

}  // namespace

std::string unescape(std::string_view v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] == '\\' && i + 1 < v.size()) ++i;
    out += v[i];
  }
  return out;
}

bool isPieceCommand(Cmd c) { return c == Cmd::DropB || c == Cmd::PDropB || isMoveCommand(c); }

bool isMoveCommand(Cmd c) { return c == Cmd::Move || c == Cmd::PMove || c == Cmd::MoveDone || c == Cmd::PMoveDone; }

namespace {

std::string lowered(std::string_view word) {
  std::string name;  // commands come in every case: `done`, `Done`, `PMove`
  for (char c : word) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

std::optional<Cmd> commandOf(const std::string& name) {
  Cmd cmd{};
  auto first = name.cbegin();
  if (!x3::parse(first, name.cend(), commands >> x3::eoi, cmd)) return std::nullopt;
  return cmd;
}

}  // namespace

bool isCommand(std::string_view word) { return commandOf(lowered(word)).has_value(); }

std::optional<std::string> parseCommand(std::string_view v, Event& e) {
  It it = v.data();
  It const end = it + v.size();
  boost::iterator_range<It> word;
  if (!x3::parse(it, end, x3::omit[*blank] >> -(x3::omit[x3::uint_] >> x3::omit[+blank]) >> x3::raw[+alpha] >> !graph,
                 word))
    return "malformed command '" + printable(trimBlanks(v)) + "'";
  const std::string name = lowered(view(word));
  const std::optional<Cmd> cmd = commandOf(name);
  if (!cmd) return "unknown command '" + name + "'";
  e.cmd = *cmd;
  if (!parseArguments(it, end, e) || !x3::parse(it, end, *space >> x3::eoi))
    return "malformed command '" + printable(trimBlanks(v)) + "'";
  return std::nullopt;
}

}  // namespace apiary::grammar::sgf
