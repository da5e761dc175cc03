#include "notation/white_first.hpp"

#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "engine/canonical.hpp"

namespace apiary::notation {

namespace {

constexpr std::string_view kWhite = "White", kBlack = "Black";

// The tag of the other colour: `BlackElo` for `WhiteElo`; nullopt for a tag
// that names no colour.
std::optional<std::string> otherColourName(const std::string& name) {
  if (name.starts_with(kWhite)) return std::string(kBlack) + name.substr(kWhite.size());
  if (name.starts_with(kBlack)) return std::string(kWhite) + name.substr(kBlack.size());
  return std::nullopt;
}

// A Result naming its winner by colour, in the spellings the readers take.
void swapWinner(std::string& result) {
  constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kTwins{
      {{"WhiteWins", "BlackWins"}, {"BlackWins", "WhiteWins"}, {"1-0", "0-1"}, {"0-1", "1-0"}}};
  for (const auto& [from, to] : kTwins)
    if (result == from) {
      result = to;
      return;
    }
}

}  // namespace

void swapColourTags(std::vector<grammar::Tag>& tags) {
  std::vector<bool> swapped(tags.size(), false);
  for (std::size_t i = 0; i < tags.size(); ++i) {
    if (tags[i].name == "Result") swapWinner(tags[i].value);
    const auto other = otherColourName(tags[i].name);
    if (!other || swapped[i]) continue;
    swapped[i] = true;
    // A pair trades values, so White still comes before Black; a lone tag is renamed.
    std::size_t j = i + 1;
    while (j < tags.size() && tags[j].name != *other) ++j;
    if (j < tags.size()) {
      std::swap(tags[i].value, tags[j].value);
      swapped[j] = true;
    } else {
      tags[i].name = *other;
    }
  }
}

std::optional<Board> whiteFirst(const Board& game) {
  if (game.firstMover() == Color::White) return std::nullopt;
  // The identity symmetry: only the colours change. Every swapped move is legal,
  // as the rules do not tell the colours apart; were one refused (an engine bug),
  // the game is written as it stands.
  return transformedGame(game, Symmetry{}, true);
}

std::optional<ReplayedGame> whiteFirst(const ReplayedGame& game) {
  if (game.setUp) return std::nullopt;
  std::optional<Board> board = whiteFirst(game.board);
  if (!board) return std::nullopt;
  ReplayedGame out = game;
  out.board = std::move(*board);
  swapColourTags(out.tags);
  return out;
}

}  // namespace apiary::notation
