// The sniffers' token shapes are small X3 parsers. A token "fits" a notation when
// it is a whole ply or part of one there; it "marks" a notation when no other
// notation writes it that way.
#include "grammar/sniffers.hpp"

#include <algorithm>
#include <cctype>

#include "grammar/ascii.hpp"
#include "grammar/position_string.hpp"
#include "grammar/sniff_shapes.hpp"
#include "grammar/syntax.hpp"

namespace apiary::grammar {
namespace {
using namespace ascii;
using shapes::whole;

const auto upperBug = x3::char_("QSBGAMLP");
const auto anyBug = x3::char_("QSBGAMLPqsbgamlp");

// ---- UHP ---------------------------------------------------------------------
const auto sep = x3::char_("-/\\");
const auto uhpPiece = x3::char_("wb") >> upperBug >> -x3::char_("123");
const auto uhpRef = (sep >> uhpPiece) | (uhpPiece >> sep);
// A reference before a bare piece: X3's alternatives commit to the first that
// matches, so `wP` would take the front of `wP-` and leave the `-` unmatched.
const auto uhpWord = uhpRef | uhpPiece;

const auto gameStringHead = "Base" >> *x3::char_("+MLP") >> ';';

LineSign uhpLine(std::string_view line) {
  // A GameType tag leans towards UHP but does not decide: apiary's algebraic
  // files carry PGN tags too, and the moves tell the notations apart.
  if (whole(line, '[' >> x3::lit("GameType") >> x3::omit[*x3::char_])) return LineSign::Leans;
  if (whole(line, gameStringHead >> x3::omit[*x3::char_])) return LineSign::Decides;
  return LineSign::None;
}

// A piece with its number (`wA1`) or a reference (`-wS1`) marks UHP; a piece
// without one only fits.
int uhpToken(std::string_view tok) {
  if (!whole(tok, uhpWord)) return 0;
  const bool marks = tok.size() == 3 || tok.find_first_of("-/\\") != std::string_view::npos;
  return kFits + (marks ? kMarks : 0);
}

// `;` after a UHP move and before another is the separator of UHP move lists
// (`wQ;bG1 -wQ`, as GameStrings write them).
bool separatesUhpMoves(std::string_view before, std::string_view after) {
  const auto uhpMove = uhpPiece >> -(+blank >> uhpWord);
  const auto next = after.find_first_not_of(" \t");
  if (next == std::string_view::npos) return false;
  after = after.substr(next, after.find(';', next) - next);
  return (whole(before, uhpWord | "pass")) && whole(trimBlanks(after), uhpMove | "pass");
}

// ---- SGF ---------------------------------------------------------------------
bool sgfText(std::string_view text) {
  return whole(text.substr(0, 64), '(' >> *space >> ';' >> x3::omit[*x3::char_]) ||
         text.find("GM[27]") != std::string_view::npos;
}

// ---- PGN-like ----------------------------------------------------------------
// Plies: `[+] piece [x piece] [[from -] to] [#]`, locations of pieces, angles 1-5
// and bracketed qualifiers.
const auto pgnTok = -x3::lit('+') >> anyBug >> *(anyBug | x3::char_("1-5") | x3::char_("()x-")) >> -x3::lit('#');

LineSign pgnLikeLine(std::string_view line) {
  return whole(line, '[' >> x3::lit("ExpansionPieces") >> x3::omit[*x3::char_]) ? LineSign::Decides : LineSign::None;
}

int pgnLikeToken(std::string_view tok) {
  if (!whole(tok, pgnTok)) return 0;
  const bool blackPiece = tok.find_first_of("bgqlp") != std::string_view::npos;
  const bool inner = tok.find_first_of("#(") != std::string_view::npos;
  // `+SGs2`: a white piece, a location and a final angle.
  const char piece = tok.front() == '+' ? tok[1] : tok[0];
  const bool angle = tok.size() > 2 && piece >= 'A' && piece <= 'Z' &&
                     std::isdigit(static_cast<unsigned char>(tok.back())) &&
                     std::isalpha(static_cast<unsigned char>(tok[tok.size() - 2]));
  const bool marks = tok.front() == '+' || inner || angle || (blackPiece && !whole(tok, uhpWord));
  return kFits + (marks ? kMarks : 0);
}

// ---- direction-based ---------------------------------------------------------
// Plies: `x`/`×` opponent, `+` placement, `*`/`✳︎` both, direction last.
const auto times = x3::lit("\xC3\x97") | 'x';
const auto star = x3::lit("\xE2\x9C\xB3\xEF\xB8\x8E") | "\xE2\x9C\xB3" | '*';
const auto dirPiece = -times >> upperBug >> -x3::char_("123");
const auto dirTok = (-star >> dirPiece >> -((star | ('+' >> -times) | times) >> upperBug >> -x3::char_("123")) >>
                     -x3::char_("nasmrf")) |
                    "--" | "\xE2\x80\x94";

// `×`, `✳`, `—`, `--` or `*` anywhere in the token.
// Only the bytes a mark starts with are looked at: asked of every token, a test
// at every byte cost more than the notations' own shapes.
bool holdsDirectionMark(std::string_view tok) {
  constexpr std::string_view kFirstBytes = "*-\xC3\xE2";
  for (auto at = tok.find_first_of(kFirstBytes); at != std::string_view::npos;
       at = tok.find_first_of(kFirstBytes, at + 1)) {
    const std::string_view rest = tok.substr(at);
    if (rest[0] == '*' || rest.starts_with("--") || rest.starts_with("\xC3\x97") || rest.starts_with("\xE2\x9C\xB3") ||
        rest.starts_with("\xE2\x80\x94"))
      return true;
  }
  return false;
}

// The header the direction writer puts first (`GameType: Base+MLP`) leans towards
// it: a game of one ply (`1. Q`) has no token that tells the notations apart.
LineSign directionLine(std::string_view line) {
  return whole(line, x3::lit("GameType:") >> x3::omit[*x3::char_]) ? LineSign::Leans : LineSign::None;
}

int directionToken(std::string_view tok) {
  int weight = 0;
  if (whole(tok, dirTok)) {
    weight += kFits;
    // A '+' inside the ply, or a final n, r or f (not PGN-like piece letters).
    const char last = tok.back();
    if ((tok.find('+') != std::string_view::npos && tok.front() != '+') ||
        ((last == 'n' || last == 'r' || last == 'f') && tok.size() > 1))
      weight += kMarks;
  }
  if (holdsDirectionMark(tok)) weight += kMarks;
  return weight;
}

// ---- algebraic ---------------------------------------------------------------
const auto coord = -x3::lit('@') >> +lower >> -x3::char_("+-") >> +digit;
const auto algPiece = -x3::char_("wb") >> upperBug;
// Longer shapes first: an alternative that matches a token's front is kept (see uhpWord).
const auto algTok = (coord >> ')') | coord | (-x3::char_("wb") >> upperBug >> +lower >> -x3::char_("+-") >> +digit) |
                    algPiece | ('(' >> -x3::char_("wb") >> upperBug >> -x3::lit(')')) | (lower >> -lower);

int algebraicToken(std::string_view tok) {
  int weight = 0;
  if (whole(tok, algTok)) weight += kFits;
  if (whole(tok, coord) || tok.find('@') != std::string_view::npos) weight += kMarks;
  return weight;
}

// ---- position strings --------------------------------------------------------
// Every line that holds text is a position string, read without errors, and one
// of them holds more than a single bare piece (`wQ` alone is a move too).
bool positionStringsOnly(std::string_view text) {
  bool rows = false;
  for (std::size_t start = 0; start < text.size();) {
    const auto end = std::min(text.find('\n', start), text.size());
    const auto line = trimBlanks(text.substr(start, end - start));
    start = end + 1;
    if (line.empty()) continue;
    const auto parsed = parsePositionString(line);
    if (!parsed || !parsed.errors.empty()) return false;
    rows |= line.find_first_of("/=:0123456789") != std::string_view::npos;
  }
  return rows;
}

}  // namespace

const Sniffer uhpSniffer{nullptr, uhpLine, uhpToken, separatesUhpMoves, {"pgn", "uhp"}};
const Sniffer sgfSniffer{sgfText, nullptr, nullptr, nullptr, {"sgf"}};
const Sniffer pgnLikeSniffer{nullptr, pgnLikeLine, pgnLikeToken, nullptr, {"hive"}};
const Sniffer directionSniffer{nullptr, directionLine, directionToken, nullptr, {}};
const Sniffer algebraicSniffer{nullptr, nullptr, algebraicToken, nullptr, {}};
const Sniffer positionStringSniffer{positionStringsOnly, nullptr, nullptr, nullptr, {"fen"}};

}  // namespace apiary::grammar
