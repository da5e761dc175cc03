// Byte-level encodings shared by the index's keys and values: LEB128 varints,
// little-endian fixed 32-bit words, and big-endian 64-bit words (for keys, so that
// RocksDB's bytewise order is numeric order). Readers never go past the end: a
// Reader that runs short sets a flag instead, and the caller treats the value as
// corrupt.
#pragma once
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace apiary::index {

// The encoders write at a raw pointer (for buffers sized once) and return the end;
// put* append the same bytes to a string.
inline char* writeVarint(char* out, uint64_t v) {
  for (; v >= 0x80; v >>= 7) *out++ = char(uint8_t(v) | 0x80);
  *out++ = char(uint8_t(v));
  return out;
}

// Appends go through append(pointer, length): append(first, last) is the iterator
// range overload, std::string's general replace, far dearer for the few bytes
// written here.
inline void putVarint(std::string& out, uint64_t v) {
  char buffer[10];
  out.append(buffer, std::size_t(writeVarint(buffer, v) - buffer));
}

inline char* writeFixed32(char* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) *out++ = char(uint8_t(v >> (8 * i)));
  return out;
}

inline void putFixed32(std::string& out, uint32_t v) {
  char buffer[4];
  out.append(buffer, std::size_t(writeFixed32(buffer, v) - buffer));
}

inline char* writeBigEndian64(char* out, uint64_t v) {
  for (int i = 7; i >= 0; --i) *out++ = char(uint8_t(v >> (8 * i)));
  return out;
}

inline void putBigEndian64(std::string& out, uint64_t v) {
  char buffer[8];
  out.append(buffer, std::size_t(writeBigEndian64(buffer, v) - buffer));
}

inline uint64_t readBigEndian64(std::string_view bytes) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = v << 8 | uint8_t(bytes[i]);
  return v;
}

// A varint that ends within the 8 bytes at p, in one load: its bytes' 7-bit groups
// packed together without a branch per byte. A bucket's steps take 5-7 bytes each,
// and a loop over bytes mispredicts its exit about once a step.
[[gnu::always_inline]] inline bool varintInWord(const char*& p, uint64_t& v) {
  uint64_t word = 0;
  std::memcpy(&word, p, sizeof word);
  if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
  const uint64_t stops = ~word & 0x8080808080808080ULL;
  if (!stops) return false;
  const int length = std::countr_zero(stops) / 8 + 1;
  uint64_t x = length == 8 ? word : word & ((uint64_t(1) << (8 * length)) - 1);
  x = ((x & 0x7F007F007F007F00ULL) >> 1) | (x & 0x007F007F007F007FULL);
  x = ((x & 0x3FFF00003FFF0000ULL) >> 2) | (x & 0x00003FFF00003FFFULL);
  x = ((x & 0x0FFFFFFF00000000ULL) >> 4) | (x & 0x000000000FFFFFFFULL);
  v = x;
  p += length;
  return true;
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : p_(bytes.data()), end_(bytes.data() + bytes.size()) {}

  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p_ == end_) return fail();
      const uint8_t b = uint8_t(*p_++);
      v |= uint64_t(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    return fail();
  }
  // A varint likely 5-8 bytes long (a bucket's steps): in one load while 8 bytes remain.
  uint64_t longVarint() {
    uint64_t v = 0;
    if (end_ - p_ >= 8 && varintInWord(p_, v)) return v;
    return varint();
  }
  uint8_t byte() {
    if (p_ == end_) return uint8_t(fail());
    return uint8_t(*p_++);
  }
  uint32_t fixed32() {
    if (end_ - p_ < 4) return uint32_t(fail());
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t(uint8_t(p_[i])) << (8 * i);
    p_ += 4;
    return v;
  }
  // The next n bytes, or an empty view (and not ok) when fewer remain.
  std::string_view take(uint64_t n) {
    if (uint64_t(end_ - p_) < n) {
      fail();
      return {};
    }
    const std::string_view out(p_, n);
    p_ += n;
    return out;
  }
  // Everything not read yet (nothing is read past it).
  std::string_view rest() {
    const std::string_view out(p_, std::size_t(end_ - p_));
    p_ = end_;
    return out;
  }
  bool ok() const { return ok_; }
  bool atEnd() const { return p_ == end_; }
  // The caller's own consistency checks (a count too large, an order broken) use
  // this to mark the value corrupt the same way a short read does.
  void invalidate() { fail(); }

 private:
  uint64_t fail() {
    ok_ = false;
    p_ = end_;
    return 0;
  }
  const char* p_;
  const char* end_;
  bool ok_ = true;
};

}  // namespace apiary::index
