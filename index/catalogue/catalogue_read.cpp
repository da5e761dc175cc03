// The catalogue's reader side. Every query is bound to `visible` (see catalogue.hpp).
#include "index/catalogue/catalogue.hpp"
#include "index/catalogue/catalogue_schema.hpp"

#include "index/codec.hpp"

namespace apiary::index {

namespace {

constexpr const char* kGameColumns =
    "SELECT g.id, g.batch, s.path, g.source_index, g.notation, g.game_type, g.white, g.black, g.event,"
    " g.site, g.date, g.result, g.first_mover, g.plies, g.moves, g.final_key, g.fingerprint, g.sequence, g.tags,"
    " g.tournament, g.white_rating, g.black_rating, g.time_control FROM games g JOIN sources s ON s.id = g.source";

GameRow rowFrom(const Statement& s) {
  GameRow g;
  g.id = s.integer(0);
  g.batch = uint64_t(s.integer(1));
  g.source = s.text(2);
  g.sourceIndex = s.integer(3);
  g.notation = s.text(4);
  g.gameType = s.text(5);
  g.white = s.text(6);
  g.black = s.text(7);
  g.event = s.text(8);
  g.site = s.text(9);
  g.date = s.text(10);
  g.result = stateOfCode(s.integer(11));
  g.firstMover = s.integer(12) ? Color::Black : Color::White;
  g.plies = uint32_t(s.integer(13));
  const auto moves = s.blob(14);
  for (std::size_t i = 0; i + 1 < moves.size(); i += 2) g.moves.push_back(PackedMove(moves[i] | moves[i + 1] << 8));
  const auto key = s.blob(15);
  g.finalKey = PositionKey::fromBytes({reinterpret_cast<const char*>(key.data()), key.size()});
  g.fingerprint = uint64_t(s.integer(16));
  g.sequence = uint64_t(s.integer(17));
  g.tournament = s.integer(19) != 0;
  if (!s.isNull(20)) g.whiteRating = s.integer(20);
  if (!s.isNull(21)) g.blackRating = s.integer(21);
  if (!s.isNull(22)) g.timeControl = s.text(22);
  return g;
}

std::vector<int64_t> tagValueIds(const Statement& s, int column) {
  const auto blob = s.blob(column);
  Reader in({reinterpret_cast<const char*>(blob.data()), blob.size()});
  std::vector<int64_t> ids;
  while (!in.atEnd() && in.ok()) ids.push_back(int64_t(in.varint()));
  return ids;
}

}  // namespace

std::optional<GameRow> Catalogue::game(GameId id, GameId visible) const {
  Transaction read(db_, Transaction::Kind::Read);  // one snapshot and one lock for the row and its tags
  static const std::string sql = std::string(kGameColumns) + " WHERE g.id = ?1 AND g.id <= ?2";
  auto s = prepared(sql.c_str());
  s->bindAll(id, visible);
  if (!s->step()) return std::nullopt;
  GameRow row = rowFrom(*s);
  const std::vector<int64_t> values = tagValueIds(*s, 18);
  s->reset();
  for (int64_t value : values) {
    auto tag = prepared("SELECT n.name, v.value FROM tag_values v JOIN tag_names n ON n.id = v.name WHERE v.id = ?1");
    tag->bind(1, value);
    if (tag->step()) row.tags.emplace_back(tag->text(0), tag->text(1));
  }
  read.commit();
  return row;
}

void Catalogue::forEachGame(GameId visible, const std::function<void(const GameRow&)>& f) const {
  Statement s(db_, std::string(kGameColumns) + " WHERE g.id <= ?1 ORDER BY g.id");
  s.bind(1, visible);
  while (s.step()) f(rowFrom(s));
}

void Catalogue::forEachTag(GameId visible,
                           const std::function<void(GameId, const std::string&, const std::string&)>& f) const {
  Statement s(db_,
              "SELECT t.game, n.name, v.value FROM game_tags t JOIN tag_values v ON v.id = t.value"
              " JOIN tag_names n ON n.id = v.name WHERE t.game <= ?1");
  s.bind(1, visible);
  while (s.step()) f(s.integer(0), s.text(1), s.text(2));
}

CatalogueCounts Catalogue::counts(GameId visible) const {
  CatalogueCounts c;
  // One pass over the games for both groupings.
  auto s = prepared("SELECT game_type, notation, count(*) FROM games WHERE id <= ?1 GROUP BY game_type, notation");
  s->bind(1, visible);
  while (s->step()) {
    const auto n = uint64_t(s->integer(2));
    c.gamesByType[s->text(0)] += n;
    c.notations[s->text(1)] += n;
    c.games += n;
  }
  const auto single = [&](const char* sql) {
    auto q = prepared(sql);
    q->step();
    return uint64_t(q->integer(0));
  };
  c.rejected = single("SELECT count(*) FROM rejected");
  auto repaired = prepared("SELECT count(DISTINCT game) FROM game_repairs WHERE game <= ?1");
  repaired->bind(1, visible);
  repaired->step();
  c.repaired = uint64_t(repaired->integer(0));
  c.sources = single("SELECT count(*) FROM sources");
  auto batches = prepared("SELECT count(*) FROM batches WHERE first_game <= ?1");
  batches->bind(1, visible);
  batches->step();
  c.batches = uint64_t(batches->integer(0));
  // Down the date index from its top: the first visible game is the newest.
  auto newest = prepared(
      "SELECT date FROM games WHERE id <= ?1 AND date IS NOT NULL AND date <> ''"
      " ORDER BY date DESC LIMIT 1");
  newest->bind(1, visible);
  if (newest->step()) c.newestDate = newest->text(0);
  return c;
}

std::vector<CatalogueBatch> Catalogue::batches() const {
  std::vector<CatalogueBatch> out;
  auto s = prepared("SELECT id, state = 'committed', first_game, games FROM batches ORDER BY id");
  while (s->step())
    out.push_back({uint64_t(s->integer(0)), s->integer(1) != 0, s->integer(2), uint64_t(s->integer(3))});
  return out;
}

}  // namespace apiary::index
