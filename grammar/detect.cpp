// Format detection: decisive markers first (SGF trees, UHP and PGN-like tags,
// GameStrings, a position string), then a vote over the move tokens where each
// notation's token shapes are small X3 parsers. A token "fits" a notation when
// it is a whole ply or part of one there; it "marks" a notation when no other
// notation writes it that way. Marks weigh more than fits.
#include "grammar/detect.hpp"

#include <algorithm>
#include <array>
#include <boost/spirit/home/x3.hpp>
#include <cctype>
#include <string>
#include <vector>

#include "grammar/annotation.hpp"
#include "grammar/ascii.hpp"
#include "grammar/position_string.hpp"
#include "grammar/syntax.hpp"

namespace apiary::grammar {
namespace {
namespace x3 = boost::spirit::x3;
using It = const char*;
using namespace ascii;

template <class Parser>
bool whole(std::string_view s, const Parser& p) {
  It it = s.data();
  return x3::parse(it, s.data() + s.size(), p >> x3::eoi);
}

std::string toLower(std::string_view s) {
  std::string out;
  for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// ---- token shapes ------------------------------------------------------------
const auto upperBug = x3::char_("QSBGAMLP");
const auto anyBug = x3::char_("QSBGAMLPqsbgamlp");
const auto sep = x3::char_("-/\\");
const auto uhpPiece = x3::char_("wb") >> upperBug >> -x3::char_("123");
const auto uhpRef = (sep >> uhpPiece) | (uhpPiece >> sep);
const auto uhpNumbered = x3::char_("wb") >> upperBug >> x3::char_("123");

const auto coord = -x3::lit('@') >> +lower >> -x3::char_("+-") >> +digit;
const auto algPiece = -x3::char_("wb") >> upperBug;
const auto algTok = coord | algPiece | (-x3::char_("wb") >> upperBug >> +lower >> -x3::char_("+-") >> +digit) |
                    ('(' >> -x3::char_("wb") >> upperBug >> -x3::lit(')')) | (coord >> ')') | (lower >> -lower);

// Direction plies: `x`/`×` opponent, `+` placement, `*`/`✳︎` both, direction last.
const auto times = x3::lit("\xC3\x97") | 'x';
const auto star = x3::lit("\xE2\x9C\xB3\xEF\xB8\x8E") | "\xE2\x9C\xB3" | '*';
const auto dirPiece = -times >> upperBug >> -x3::char_("123");
const auto dirTok = (-star >> dirPiece >> -((star | ('+' >> -times) | times) >> upperBug >> -x3::char_("123")) >>
                     -x3::char_("nasmrf")) |
                    "--" | "\xE2\x80\x94";
const auto dirMark = x3::lit("\xC3\x97") | "\xE2\x9C\xB3" | "\xE2\x80\x94" | "--" | '*';

// PGN-like plies: `[+] piece [x piece] [[from -] to] [#]`, locations of pieces,
// angles 1-5 and bracketed qualifiers.
const auto pgnTok = -x3::lit('+') >> anyBug >> *(anyBug | x3::char_("1-5") | x3::char_("()x-")) >> -x3::lit('#');

enum Vote { VUhp, VAlg, VDir, VPgn, VCount };

// Adds the token's votes: 0 when it fits no notation (a word of prose), 1 when
// it only fits some, 2 when it marks one.
int vote(std::string_view tok, std::array<int, VCount>& score) {
  const int fit = 1, mark = 4;
  const auto before = score;
  if (whole(tok, uhpPiece | uhpRef)) score[VUhp] += fit;
  if (whole(tok, uhpRef | uhpNumbered)) score[VUhp] += mark;
  if (whole(tok, algTok)) score[VAlg] += fit;
  if (whole(tok, coord) || tok.find('@') != std::string_view::npos) score[VAlg] += mark;
  if (whole(tok, dirTok)) {
    score[VDir] += fit;
    // A '+' inside the ply, or a final n, r or f (not PGN-like piece letters).
    const char last = tok.back();
    if ((tok.find('+') != std::string_view::npos && tok.front() != '+') ||
        ((last == 'n' || last == 'r' || last == 'f') && tok.size() > 1))
      score[VDir] += mark;
  }
  {
    It it = tok.data();
    It const end = it + tok.size();
    if (x3::parse(it, end, x3::omit[*(x3::char_ - dirMark)] >> dirMark)) score[VDir] += mark;
  }
  if (whole(tok, pgnTok)) {
    score[VPgn] += fit;
    const bool blackPiece = tok.find_first_of("bgqlp") != std::string_view::npos;
    const bool inner = tok.find_first_of("#(") != std::string_view::npos;
    // `+SGs2`: a white piece, a location and a final angle.
    const char piece = tok.front() == '+' ? tok[1] : tok[0];
    const bool angle = tok.size() > 2 && piece >= 'A' && piece <= 'Z' &&
                       std::isdigit(static_cast<unsigned char>(tok.back())) &&
                       std::isalpha(static_cast<unsigned char>(tok[tok.size() - 2]));
    if (tok.front() == '+' || inner || angle || (blackPiece && !whole(tok, uhpPiece | uhpRef)))
      score[VPgn] += mark;
  }
  int gained = 0;
  for (int v = 0; v < VCount; ++v) gained = std::max(gained, score[v] - before[v]);
  return gained >= mark ? 2 : gained > 0;
}

// `;` after a UHP move and before another is the separator of UHP move lists
// (`wQ;bG1 -wQ`, as GameStrings write them); anywhere else it starts a comment.
bool separatesUhpMoves(std::string_view before, std::string_view after) {
  const auto uhpMove = uhpPiece >> -(+blank >> (uhpRef | uhpPiece));
  const auto next = after.find_first_not_of(" \t");
  if (next == std::string_view::npos) return false;
  after = after.substr(next, after.find(';', next) - next);
  return (whole(before, uhpPiece | uhpRef | "pass")) && whole(trimBlanks(after), uhpMove | "pass");
}

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

std::optional<Format> fromHint(std::string_view hint) {
  auto dot = hint.find_last_of('.');
  auto slash = hint.find_last_of("/\\");
  if (dot != std::string_view::npos && (slash == std::string_view::npos || dot > slash))
    hint = hint.substr(dot + 1);
  const std::string h = toLower(hint);
  if (h == "sgf") return Format::Sgf;
  if (h == "pgn" || h == "uhp") return Format::Uhp;
  if (h == "hive") return Format::PgnLike;
  if (h == "fen") return Format::PositionString;
  if (auto f = parseFormatName(h)) return f;
  return std::nullopt;
}

}  // namespace

Format detectFormat(std::string_view content, std::string_view extensionHint) {
  if (content.substr(0, 3) == "\xEF\xBB\xBF") content.remove_prefix(3);  // UTF-8 BOM
  const auto firstText = content.find_first_not_of(" \t\r\n");
  if (firstText == std::string_view::npos) return Format::Unknown;
  const std::string_view text = content.substr(firstText);
  const auto hinted = fromHint(extensionHint);

  if (whole(text.substr(0, 64), '(' >> *space >> ';' >> x3::omit[*x3::char_]) ||
      text.find("GM[27]") != std::string_view::npos)
    return Format::Sgf;

  // Lines of rows, one position a line.
  if (positionStringsOnly(text)) return Format::PositionString;

  std::array<int, VCount> score{};
  std::size_t tokens[3] = {};  // how many fit no notation, fit some, mark one
  bool inComment = false;
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = trimBlanks(text.substr(start, end - start));
    start = end + 1;
    if (!inComment) {
      // A GameType tag leans towards UHP but does not decide: apiary's algebraic
      // files carry PGN tags too, and the moves tell the notations apart.
      if (whole(line, '[' >> x3::lit("GameType") >> x3::omit[*x3::char_])) {
        score[VUhp] += 1;
        continue;
      }
      if (whole(line, '[' >> x3::lit("ExpansionPieces") >> x3::omit[*x3::char_])) return Format::PgnLike;
      if (whole(line, "Base" >> *x3::char_("+MLP") >> ';' >> x3::omit[*x3::char_])) return Format::Uhp;
      if (!line.empty() && line.front() == '[') continue;  // other tags say nothing
    }
    // Split into tokens, skipping `{...}` (may span lines), `;` comments and move numbers.
    std::string tok;
    auto flush = [&] {
      // Marks (`!?`) and NAGs (`$1`) say nothing of the notation.
      while (!tok.empty() && annotation::markLength(&tok.back(), tok.data() + tok.size())) tok.pop_back();
      // Move numbers, results and `pass` are written alike in several notations.
      const bool neutral = whole(tok, +digit >> +x3::lit('.')) || whole(tok, annotation::nag) ||
                           whole(tok, x3::lit("pass") | "1-0" | "0-1" | "1/2-1/2" | "*" | "WhiteWins" |
                                          "BlackWins" | "Draw");
      if (!tok.empty() && !neutral) ++tokens[vote(tok, score)];
      tok.clear();
    };
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (inComment) {
        inComment = c != '}';
      } else if (c == '{') {
        flush();
        inComment = true;
      } else if (c == ';' && !separatesUhpMoves(tok, line.substr(i + 1))) {
        break;
      } else if (c == ' ' || c == '\t' || c == ';') {
        flush();
      } else {
        tok += c;
        if (c == '.' && whole(tok, +digit >> '.')) flush();  // `1.wS1`
      }
    }
    flush();
  }

  // Prose (a readme) has short words any notation's tokens look like, more words
  // that none does, and nothing that marks a notation: it holds no games.
  if (tokens[2] == 0 && tokens[0] > tokens[1]) return Format::Unknown;
  int best = -1, bestScore = 0;
  bool tie = false;
  for (int v = 0; v < VCount; ++v) {
    if (score[v] > bestScore) {
      best = v, bestScore = score[v], tie = false;
    } else if (score[v] == bestScore && bestScore > 0) {
      tie = true;
    }
  }
  static constexpr Format byVote[VCount] = {Format::Uhp, Format::Algebraic, Format::Direction, Format::PgnLike};
  if (best >= 0 && !tie) return byVote[best];
  if (hinted) return *hinted;
  return Format::Unknown;
}

std::string_view formatName(Format format) {
  switch (format) {
    case Format::Uhp: return "uhp";
    case Format::Sgf: return "sgf";
    case Format::PgnLike: return "pgn-like";
    case Format::Direction: return "direction";
    case Format::Algebraic: return "algebraic";
    case Format::PositionString: return "fen";
    case Format::Unknown: break;
  }
  return "unknown";
}

std::optional<Format> parseFormatName(std::string_view name) {
  const std::string n = toLower(trimBlanks(name));
  if (n == "uhp" || n == "standard") return Format::Uhp;
  if (n == "sgf" || n == "boardspace") return Format::Sgf;
  if (n == "pgn-like" || n == "pgnlike") return Format::PgnLike;
  if (n == "direction") return Format::Direction;
  if (n == "algebraic") return Format::Algebraic;
  if (n == "fen" || n == "position") return Format::PositionString;
  return std::nullopt;
}

}  // namespace apiary::grammar
