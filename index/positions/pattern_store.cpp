#include "index/positions/pattern_store.hpp"

#include "index/catalogue/catalogue_schema.hpp"
#include "index/codec.hpp"

namespace apiary::index {

namespace {

void putFixed64(std::string& out, uint64_t v) {
  putFixed32(out, uint32_t(v));
  putFixed32(out, uint32_t(v >> 32));
}

}  // namespace

std::string encodePatternBatch(GameId firstGame, std::span<const GameRecord* const> games) {
  std::size_t size = 20;
  for (const GameRecord* g : games) size += 1 + 5 + 32 + PlyFeatures::kBytes * g->plies;
  std::string out;
  out.reserve(size);
  putVarint(out, uint64_t(firstGame));
  putVarint(out, games.size());
  for (const GameRecord* g : games) {
    out.push_back(char(resultCode(g->result()) | int(g->firstMover == Color::Black) << 2 | g->type.expansions << 3));
    putVarint(out, g->plyFeatures.size());
    for (uint64_t w : g->contacts.words) putFixed64(out, w);
    for (PlyFeatures f : g->plyFeatures) {
      putFixed32(out, uint32_t(f.bits));
      out.push_back(char(f.bits >> 32));
    }
  }
  return out;
}

PatternBatchReader::PatternBatchReader(std::string_view value) {
  Reader r(value);
  nextId_ = GameId(r.varint());
  left_ = r.varint();
  ok_ = r.ok();
  rest_ = r.rest();
}

bool PatternBatchReader::next(StoredGame& game) {
  if (!ok_ || !left_) return false;
  Reader r(rest_);
  const uint8_t head = r.byte();
  game.id = nextId_;
  game.result = stateOfCode(head & 3);
  game.firstMover = head & 4 ? Color::Black : Color::White;
  game.type = GameType{uint8_t(head >> 3 & 7)};
  game.plies = uint32_t(r.varint());
  for (uint64_t& w : game.contacts.words) w = r.fixed32() | uint64_t(r.fixed32()) << 32;
  game.features = reinterpret_cast<const unsigned char*>(r.take(PlyFeatures::kBytes * uint64_t(game.plies)).data());
  if (!r.ok()) return ok_ = false;
  rest_ = r.rest();
  ++nextId_;
  --left_;
  return true;
}

}  // namespace apiary::index
