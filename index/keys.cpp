#include "index/keys.hpp"

#include "index/codec.hpp"

#include <cstdio>

namespace apiary::index {

std::string IndexKey::encode() const {
  std::string out;
  out.reserve(kSize);
  out.push_back(char(space));
  putBigEndian64(out, id);
  return out;
}

std::string IndexKey::spaceStart(Space space) { return std::string(1, char(space)); }

std::optional<IndexKey> IndexKey::decode(std::string_view bytes) {
  if (bytes.size() != kSize) return std::nullopt;
  const Space space = Space(bytes[0]);
  if (space != Space::Batch && space != Space::Patterns && space != Space::Postings && space != Space::Bucket)
    return std::nullopt;
  return IndexKey{space, readBigEndian64(bytes.substr(1))};
}

std::string hexOf(PositionHash h) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(h));
  return buffer;
}

}  // namespace apiary::index
