// mergePostingLists against a plain merge of the decoded lists (interleaved ids,
// many operands, broken lists), and its heap: a compaction merges the start
// position's list of every game, so the merge must not hold the postings decoded.
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <new>
#include <random>

#include "index/positions/posting_list.hpp"

namespace {

// The heap this executable holds, and the most it held since a reset.
std::atomic<long> heapNow{0}, heapPeak{0};

void counted(void* p) {
  const long now = heapNow += long(malloc_usable_size(p));
  for (long peak = heapPeak; now > peak && !heapPeak.compare_exchange_weak(peak, now);) {
  }
}

void* allocate(std::size_t size) noexcept {
  void* p = std::malloc(size ? size : 1);
  if (p) counted(p);
  return p;
}

void release(void* p) noexcept {
  if (p) heapNow -= long(malloc_usable_size(p));
  std::free(p);
}

}  // namespace

// Every plain form, so that each allocation pairs malloc with free (a sanitizer's
// own operator new beside these would see a mismatch); GCC cannot see through that.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t size) {
  if (void* p = allocate(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return allocate(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return allocate(size); }
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
#pragma GCC diagnostic pop

using namespace apiary::index;

namespace {

std::string encoded(std::vector<Posting> postings) {
  std::sort(postings.begin(), postings.end(), [](const Posting& a, const Posting& b) { return a.game > b.game; });
  std::string out;
  encodePostings(postings, out);
  return out;
}

}  // namespace

TEST_CASE("merged posting lists equal the decoded lists merged, ids interleaved or not") {
  std::mt19937 random(7);
  for (int round = 0; round < 200; ++round) {
    const int lists = 1 + int(random() % 6);
    std::vector<std::vector<Posting>> parts(static_cast<std::size_t>(lists));
    std::vector<Posting> all;
    const bool runs = random() % 2;  // consecutive ids per list, as batches write them
    for (int game = 1 + int(random() % 1000), n = int(random() % 400); n > 0; --n, game += 1 + int(random() % 3)) {
      const std::size_t list = runs ? std::size_t(lists * n / 401) : std::size_t(random() % unsigned(lists));
      const Posting p{game, uint32_t(random() % 200)};
      parts[list].push_back(p);
      all.push_back(p);
    }
    std::vector<std::string> bytes;
    for (const auto& part : parts) bytes.push_back(part.empty() && random() % 2 ? std::string() : encoded(part));
    std::shuffle(bytes.begin(), bytes.end(), random);
    const std::vector<std::string_view> views(bytes.begin(), bytes.end());
    std::string out;
    REQUIRE(mergePostingLists(views, out));
    CHECK(out == encoded(all));
  }
}

TEST_CASE("a broken posting list fails the merge") {
  const std::string a = encoded({{9, 1}, {7, 2}, {5, 3}}), b = encoded({{8, 4}, {6, 5}});
  std::string out;
  for (const std::string& bad : {a.substr(0, a.size() - 1), a + '\x01', std::string("\x05\x01\x01", 3)}) {
    const std::string_view lists[] = {b, bad};
    CHECK_FALSE(mergePostingLists(lists, out));
  }
}

TEST_CASE("merging posting lists holds little more than the lists") {
  // Two batches' lists of the start position, a million games each.
  std::vector<Posting> newer, older;
  for (int64_t g = 2'000'000; g > 1'000'000; --g) newer.push_back({g, uint32_t(g % 7)});
  for (int64_t g = 1'000'000; g > 0; --g) older.push_back({g, uint32_t(g % 7)});
  std::string a, b;
  encodePostings(newer, a);
  encodePostings(older, b);
  newer = {}, older = {};
  const std::string_view lists[] = {a, b};
  std::string out;
  heapPeak = heapNow.load();
  const long before = heapNow;
  REQUIRE(mergePostingLists(lists, out));
  const long held = heapPeak - before;
  // The merged list itself, about the two lists' size, and a little more: decoded,
  // the postings alone would take 32 MB.
  CHECK(held <= long(a.size() + b.size()) + (1 << 20));
  CHECK(out.size() <= a.size() + b.size());
}
