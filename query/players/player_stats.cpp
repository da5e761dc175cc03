#include "query/players/player_stats.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/canonical.hpp"
#include "index/catalogue/text_fold.hpp"
#include "notation/move_notation.hpp"
#include "query/filters/filter_fields.hpp"

namespace apiary::query {

namespace {

constexpr uint32_t kLineLengths[] = {2, 4, 6};

// The lines of one seat, keyed by length and canonical position.
class Repertoire {
 public:
  explicit Repertoire(const notation::Notation& notation) : notation_(notation) {}

  void add(const index::GameRow& game, PlayerResult result) {
    const auto type = GameType::parse(game.gameType);
    if (!type) return;
    Board board(*type, Rules{.tournament = false}, game.firstMover);
    for (uint32_t ply = 0; ply < kLineLengths[2] && ply < game.moves.size(); ++ply) {
      const auto move = index::unpackMove(board, game.moves[ply]);
      if (!move || board.gameOver()) return;  // a corrupt row: its lines stop here
      board.play(*move);
      if (std::find(std::begin(kLineLengths), std::end(kLineLengths), ply + 1) == std::end(kLineLengths)) continue;
      auto [it, isNew] = lines_.try_emplace({ply + 1, std::string(canonicalize(board).key.bytes())});
      if (isNew) it->second = {ply + 1, writtenMoves(game, *type, ply + 1), {}};
      it->second.record.add(result, game.plies);
    }
  }

  std::vector<RepertoireLine> mostPlayed(std::size_t perLength) const {
    std::vector<RepertoireLine> all;
    for (const auto& [key, line] : lines_) all.push_back(line);
    std::stable_sort(all.begin(), all.end(), [](const RepertoireLine& a, const RepertoireLine& b) {
      return a.plies != b.plies ? a.plies < b.plies : a.record.games > b.record.games;
    });
    std::vector<RepertoireLine> out;
    std::map<uint32_t, std::size_t> taken;
    for (auto& line : all)
      if (taken[line.plies]++ < perLength) out.push_back(std::move(line));
    return out;
  }

 private:
  std::vector<std::string> writtenMoves(const index::GameRow& game, GameType type, uint32_t plies) const {
    Board board(type, Rules{.tournament = false}, game.firstMover);
    std::vector<std::string> out;
    for (uint32_t ply = 0; ply < plies; ++ply) {
      const auto move = index::unpackMove(board, game.moves[ply]);
      out.push_back(notation::MoveNotation(notation_, board).write(board, *move));
      board.play(*move);
    }
    return out;
  }

  const notation::Notation& notation_;
  // Ordered by key so that equal counts come out the same on every run.
  std::map<std::pair<uint32_t, std::string>, RepertoireLine> lines_;
};

class Opponents {
 public:
  void add(const std::string& name, PlayerResult result, uint32_t plies) {
    Opponent& o = byFold_[index::foldCase(name)];
    o.name = name;  // games come oldest first: the latest spelling stays
    o.record.add(result, plies);
  }
  std::vector<Opponent> mostFrequent(std::size_t count) const {
    std::vector<Opponent> all;
    for (const auto& [folded, o] : byFold_) all.push_back(o);
    std::stable_sort(all.begin(), all.end(),
                     [](const Opponent& a, const Opponent& b) { return a.record.games > b.record.games; });
    if (all.size() > count) all.resize(count);
    return all;
  }

 private:
  std::map<std::string, Opponent> byFold_;
};

}  // namespace

PlayerStats playerStats(const index::GameSearch& catalogue, const std::string& name, index::GameQuery filter,
                        const PlayerOptions& options) {
  filter.player = name;
  const std::string folded = index::foldCase(name);
  PlayerStats stats;
  stats.name = name;
  Repertoire asFirst(*options.notation), asSecond(*options.notation);
  Opponents opponents;
  uint64_t streak = 0;
  checkFilter(filter);
  catalogue.forEachPlayerGame(filter, /*withMoves=*/true, [&](const index::GameRow& game) {
    const auto colour = colourOf(game, folded);
    if (!colour) return;
    const PlayerResult result = resultFor(game, *colour);
    const bool first = *colour == game.firstMover;
    stats.name = *colour == Color::White ? game.white : game.black;
    stats.overall.add(result, game.plies);
    (first ? stats.asFirst : stats.asSecond).add(result, game.plies);
    stats.byYear[game.date.size() >= 4 ? game.date.substr(0, 4) : "unknown"].add(result, game.plies);
    (first ? asFirst : asSecond).add(game, result);
    opponents.add(*colour == Color::White ? game.black : game.white, result, game.plies);
    if (result == PlayerResult::Win) stats.longestWinningStreak = std::max(stats.longestWinningStreak, ++streak);
    else if (result != PlayerResult::Unfinished) streak = 0;
  });
  stats.openingsAsFirst = asFirst.mostPlayed(options.linesPerLength);
  stats.openingsAsSecond = asSecond.mostPlayed(options.linesPerLength);
  stats.opponents = opponents.mostFrequent(options.opponents);
  return stats;
}

}  // namespace apiary::query
