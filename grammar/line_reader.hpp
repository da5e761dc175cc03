// What the readers of the line-based notations (direction-based, algebraic) share:
// the text is taken one line at a time, and each line adds tags, moves, comments or
// errors to the game in progress, with positions counted from that line.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grammar/syntax.hpp"

namespace apiary::grammar {

template <class Description>
class LineReader {
 public:
  virtual ~LineReader() = default;

  std::vector<Game<Description>> run(std::string_view text) {
    const auto lines = splitLines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      line_ = static_cast<int>(i + 1);
      readLine(lines[i]);
    }
    return std::move(games_);
  }

 protected:
  virtual void readLine(std::string_view line) = 0;

  // Byte `column` (0-based) of the current line.
  SourcePos pos(std::size_t column) const { return {line_, static_cast<int>(column + 1)}; }

  // The game in progress; text before any tag starts one where it stands.
  Game<Description>& game(std::size_t column) {
    if (games_.empty()) startGame(column);
    return games_.back();
  }

  // The game a tag at `column` belongs to: a tag after moves opens the next game.
  Game<Description>& gameForTag(std::size_t column) {
    if (games_.empty() || !games_.back().moves.empty()) startGame(column);
    return games_.back();
  }

  void error(std::size_t column, std::string message) {
    game(column).errors.push_back({pos(column), std::move(message)});
  }

  std::vector<Game<Description>> games_;

 private:
  void startGame(std::size_t column) {
    games_.emplace_back();
    games_.back().pos = pos(column);
  }

  int line_ = 0;
};

}  // namespace apiary::grammar
