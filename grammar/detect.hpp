// Which notation a text is written in, decided from the content by the sniffers
// of the notations asked (grammar/sniffers.hpp), in the order given: notation/'s
// table walks its rows through here. Cheap: it reads shapes of lines and tokens,
// it does not parse games.
#pragma once
#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace apiary::grammar {

// What a token adds to a notation's vote.
inline constexpr int kFits = 1;   // it is a ply, or part of one, in the notation
inline constexpr int kMarks = 4;  // and no other notation writes it that way

// What a line outside comments says of a text.
enum class LineSign { None, Leans, Decides };

// One notation's syntax, as detection asks it; a missing function says nothing.
struct Sniffer {
  // The whole text (from its first character) is surely this notation.
  bool (*decidesText)(std::string_view text) = nullptr;
  // A line of tags or a header: decides the text, or leans towards it (a fit).
  LineSign (*line)(std::string_view line) = nullptr;
  // What a move token adds to the vote: 0, kFits, kMarks or more.
  int (*token)(std::string_view token) = nullptr;
  // A `;` here separates two moves (the token before it, the line after it);
  // elsewhere it starts a comment.
  bool (*separatesAtSemicolon)(std::string_view before, std::string_view after) = nullptr;
  // File extensions (without the dot, lower case) that break a tie towards it.
  std::array<std::string_view, 2> extensions{};
};

// Decided: sniffers[which] won (a decisive text or line, else the vote). Undecided:
// a tie, or no vote; an extension may break it. NoGames: empty, or prose (no token
// marks a notation and most words fit none).
struct Sniffed {
  enum class Verdict { Decided, Undecided, NoGames } verdict = Verdict::NoGames;
  std::size_t which = 0;
};

// Whole-text checks first, in the given order; then line by line, a deciding line
// wins; then the vote over every token.
Sniffed sniff(std::string_view content, std::span<const Sniffer* const> sniffers);

}  // namespace apiary::grammar
