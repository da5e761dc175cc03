#include "engine/generate.hpp"

#include <algorithm>
#include <cstdio>

#include "engine/movegen.hpp"

namespace apiary {

namespace {

constexpr std::size_t kBookLines = 48;
constexpr std::size_t kPlayers = 240;
const char* const kSyllables[] = {"ka", "ro", "mi", "ta", "ve", "lu",  "zo",  "ne",  "bi",  "sa",
                                  "qu", "do", "ri", "fa", "ho", "jen", "pax", "wil", "mor", "tes"};
const char* const kEvents[] = {"Online League",   "Club Championship",
                               "Open Tournament", "Friendly",
                               "Ladder",          "World Championship Qualifier",
                               "Masters",         "Casual"};

int queenPressure(const Board& board, Color c) {
  const PieceId q = pieceId(c, Bug::Queen);
  return board.onBoard(q) ? board.occupiedNeighbors(board.cellOf(q)) : 0;
}

std::string playerName(std::size_t i) {
  std::string name = kSyllables[i % 20];
  name += kSyllables[(i / 20 + 7 * i) % 20];
  name[0] = char(name[0] - 'a' + 'A');
  return name + std::to_string(i % 97);
}

std::string resultTag(GameState s) {
  switch (s) {
    case GameState::WhiteWins: return "WhiteWins";
    case GameState::BlackWins: return "BlackWins";
    case GameState::Draw: return "Draw";
    default: return "InProgress";
  }
}

}  // namespace

GameGenerator::GameGenerator(uint64_t seed, std::optional<GameType> type)
    : rng_(seed), type_(type), books_(kAllGameTypes.size()) {}

std::size_t GameGenerator::zipf(std::size_t n) {
  // Weight 1/(k+1): a few openings and players dominate, as in real collections.
  double total = 0;
  for (std::size_t k = 0; k < n; ++k) total += 1.0 / double(k + 1);
  double x = std::uniform_real_distribution<double>(0, total)(rng_);
  for (std::size_t k = 0; k < n; ++k) {
    x -= 1.0 / double(k + 1);
    if (x <= 0) return k;
  }
  return n - 1;
}

GameType GameGenerator::pickType() {
  if (type_) return *type_;
  // Mostly the full game, as played online today; some Base and partial sets.
  const int roll = int(rng_() % 100);
  if (roll < 60) return GameType::all();
  if (roll < 80) return GameType{};
  return kAllGameTypes[1 + rng_() % 6];
}

const std::vector<std::vector<Move>>& GameGenerator::bookFor(GameType type) {
  std::size_t index = 0;
  while (!(kAllGameTypes[index] == type)) ++index;
  auto& book = books_[index];
  if (book.empty()) {
    for (std::size_t line = 0; line < kBookLines; ++line) {
      Board board(type);
      const int length = 6 + int(rng_() % 7);
      MoveList moves;
      for (int ply = 0; ply < length && !board.gameOver(); ++ply) {
        legalMoves(board, moves);
        board.play(moves[rng_() % moves.size()]);
      }
      book.push_back(board.history());
    }
  }
  return book;
}

Move GameGenerator::choose(Board& board, double aggression) {
  MoveList moves;
  legalMoves(board, moves);
  if (moves.size() == 1) return moves[0];
  const Color me = board.toMove();
  const bool greedy = std::uniform_real_distribution<double>(0, 1)(rng_) < aggression;
  double bestScore = -1e9;
  Move best = moves[rng_() % moves.size()];
  for (const Move& m : moves) {
    board.play(m);
    const GameState s = board.state();
    const int mine = queenPressure(board, me), theirs = queenPressure(board, other(me));
    board.undo();
    const bool wins = s == (me == Color::White ? GameState::WhiteWins : GameState::BlackWins);
    const bool loses = s == (me == Color::White ? GameState::BlackWins : GameState::WhiteWins);
    if (wins && rng_() % 100 < 97) return m;
    if (loses) continue;
    if (!greedy) continue;
    const double score = 2.0 * theirs - 1.5 * mine + std::uniform_real_distribution<double>(0, 1.2)(rng_);
    if (score > bestScore) bestScore = score, best = m;
  }
  return best;
}

GeneratedGame GameGenerator::next() {
  const GameType type = pickType();
  const auto& book = bookFor(type);
  const auto& line = book[zipf(book.size())];
  // Follow the book for at least four plies, often to its end, then diverge.
  const std::size_t follow = std::min(line.size(), 4 + std::size_t(rng_() % line.size()));

  Board board(type);
  for (std::size_t i = 0; i < follow && i < line.size(); ++i) board.play(line[i]);
  const double aggression = std::uniform_real_distribution<double>(0.55, 0.95)(rng_);
  // Some games stop early (abandoned, or drawn by agreement); long ones end when the
  // side whose Queen is more pressed resigns, as real players do.
  const int roll = int(rng_() % 100);
  const int stopAt = roll < 8 ? 12 + int(rng_() % 60) : 110 + int(rng_() % 90);
  while (!board.gameOver() && board.ply() < stopAt) board.play(choose(board, aggression));

  std::string result = resultTag(board.state());
  if (!board.gameOver()) {
    const int white = queenPressure(board, Color::White), black = queenPressure(board, Color::Black);
    if (roll < 3) result = "Draw";
    else if (roll >= 8 && white != black) result = white > black ? "BlackWins" : "WhiteWins";
  }
  const std::size_t white = zipf(kPlayers), black = (white + 1 + zipf(kPlayers - 1)) % kPlayers;
  const int year = 2012 + int(rng_() % 14);
  char date[16];
  std::snprintf(date, sizeof date, "%04d.%02d.%02d", year, 1 + int(rng_() % 12), 1 + int(rng_() % 28));
  ++serial_;
  GeneratedGame game{std::move(board), {}};
  game.tags = {{"GameType", type.name()},
               {"Event", std::string(kEvents[zipf(std::size(kEvents))]) + " " + std::to_string(year)},
               {"Site", "apiary generate"},
               {"Date", date},
               {"Round", std::to_string(serial_)},
               {"White", playerName(white)},
               {"Black", playerName(black)},
               {"Result", result}};
  return game;
}

}  // namespace apiary
