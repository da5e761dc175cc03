#include "ingest/freed_memory.hpp"

#include <malloc.h>
#include <unistd.h>

#include <fstream>

namespace apiary::ingest {

std::size_t residentBytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * std::size_t(sysconf(_SC_PAGESIZE));
}

void keepFreedMemory() {
  // A thread's arena is trimmed from its top only past the threshold, and no
  // arena's top outgrows its 64 MiB heap: under this threshold none is trimmed, and
  // giveBackFreedMemory is what bounds them.
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
}

void giveBackFreedMemoryOverBudget() {
  if (residentBytes() > kResidentBudget) giveBackFreedMemory();
}

void giveBackFreedMemory() { malloc_trim(0); }

}  // namespace apiary::ingest
