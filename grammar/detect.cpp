// Detection: decisive texts first (an SGF tree, a position string), then line by
// line (UHP and PGN-like tags, GameStrings), then a vote over the move tokens in
// which each sniffer weighs every token. Marks weigh more than fits.
#include "grammar/detect.hpp"

#include <algorithm>
#include <vector>

#include "grammar/annotation.hpp"
#include "grammar/ascii.hpp"
#include "grammar/sniff_shapes.hpp"
#include "grammar/syntax.hpp"

namespace apiary::grammar {
namespace {
using namespace ascii;
using shapes::whole;

// The votes of a text so far: each sniffer's score, and how many tokens fit no
// notation, fit some, mark one.
class Vote {
 public:
  explicit Vote(std::span<const Sniffer* const> sniffers) : sniffers_(sniffers), score_(sniffers.size()) {}

  void lean(std::size_t which) { score_[which] += kFits; }

  void token(std::string_view tok) {
    int gained = 0;
    for (std::size_t i = 0; i < sniffers_.size(); ++i) {
      if (!sniffers_[i]->token) continue;
      const int weight = sniffers_[i]->token(tok);
      score_[i] += weight;
      gained = std::max(gained, weight);
    }
    ++tokens_[gained >= kMarks ? 2 : gained > 0];
  }

  bool separatesAtSemicolon(std::string_view before, std::string_view after) const {
    return std::any_of(sniffers_.begin(), sniffers_.end(), [&](const Sniffer* s) {
      return s->separatesAtSemicolon && s->separatesAtSemicolon(before, after);
    });
  }

  Sniffed verdict() const {
    // Prose (a readme) has short words any notation's tokens look like, more words
    // that none does, and nothing that marks a notation: it holds no games.
    if (tokens_[2] == 0 && tokens_[0] > tokens_[1]) return {};
    const auto best = std::max_element(score_.begin(), score_.end());
    if (best == score_.end() || *best <= 0 || std::count(score_.begin(), score_.end(), *best) > 1)
      return {Sniffed::Verdict::Undecided, 0};
    return {Sniffed::Verdict::Decided, std::size_t(best - score_.begin())};
  }

 private:
  std::span<const Sniffer* const> sniffers_;
  std::vector<int> score_;
  std::size_t tokens_[3] = {};
};

// A token that says nothing of the notation: move numbers, NAGs, results and
// `pass`, written alike in several notations.
bool neutral(std::string_view tok) {
  // Every such token starts with one of these: most tokens are over at the first byte.
  const char c = tok.front();
  if (!((c >= '0' && c <= '9') || c == '$' || c == 'p' || c == '*' || c == 'W' || c == 'B' || c == 'D')) return false;
  return whole(tok, +digit >> +x3::lit('.')) || whole(tok, annotation::nag) ||
         whole(tok, x3::lit("pass") | "1-0" | "0-1" | "1/2-1/2" | "*" | "WhiteWins" | "BlackWins" | "Draw");
}

// Splits a line into tokens for the vote, skipping `{...}` (may span lines, kept
// in `inComment`), `;` comments and move numbers.
void voteOnLine(std::string_view line, bool& inComment, Vote& vote) {
  // A token is a run of the line's bytes: every byte that does not join one ends it.
  std::string_view tok;
  auto flush = [&] {
    // Marks (`!?`) and NAGs (`$1`) say nothing of the notation.
    while (!tok.empty() && annotation::markLength(&tok.back(), tok.data() + tok.size())) tok.remove_suffix(1);
    if (!tok.empty() && !neutral(tok)) vote.token(tok);
    tok = {};
  };
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (inComment) {
      inComment = c != '}';
    } else if (c == '{') {
      flush();
      inComment = true;
    } else if (c == ';' && !vote.separatesAtSemicolon(tok, line.substr(i + 1))) {
      break;
    } else if (c == ' ' || c == '\t' || c == ';') {
      flush();
    } else {
      tok = tok.empty() ? line.substr(i, 1) : std::string_view(tok.data(), tok.size() + 1);
      if (c == '.' && whole(tok, +digit >> '.')) flush();  // `1.wS1`
    }
  }
  flush();
}

}  // namespace

Sniffed sniff(std::string_view content, std::span<const Sniffer* const> sniffers) {
  if (content.substr(0, 3) == "\xEF\xBB\xBF") content.remove_prefix(3);  // UTF-8 BOM
  const auto firstText = content.find_first_not_of(" \t\r\n");
  if (firstText == std::string_view::npos) return {};
  const std::string_view text = content.substr(firstText);
  for (std::size_t i = 0; i < sniffers.size(); ++i)
    if (sniffers[i]->decidesText && sniffers[i]->decidesText(text)) return {Sniffed::Verdict::Decided, i};

  Vote vote(sniffers);
  bool inComment = false;
  for (std::size_t start = 0; start < text.size();) {
    const auto end = std::min(text.find('\n', start), text.size());
    const std::string_view line = trimBlanks(text.substr(start, end - start));
    start = end + 1;
    if (!inComment) {
      bool leaned = false;
      for (std::size_t i = 0; i < sniffers.size(); ++i) {
        const LineSign sign = sniffers[i]->line ? sniffers[i]->line(line) : LineSign::None;
        if (sign == LineSign::Decides) return {Sniffed::Verdict::Decided, i};
        if (sign == LineSign::Leans) vote.lean(i), leaned = true;
      }
      if (leaned || (!line.empty() && line.front() == '[')) continue;  // other tags say nothing
    }
    voteOnLine(line, inComment, vote);
  }
  return vote.verdict();
}

}  // namespace apiary::grammar
