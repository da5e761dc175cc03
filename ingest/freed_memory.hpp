#pragma once
// What an ingest does with the memory it frees. It frees and allocates the same big
// buffers (a batch's records, a chunk's text, a batch file's blocks) again and
// again, and by default glibc hands them back to the kernel at once and faults them
// in again: much of ingest's system time. Kept, though, every thread's arena stays
// as big as it ever was, and over a long ingest those peaks (the parsers', each
// compaction's) add up. So an ingest keeps what it frees, up to a budget.

#include <cstddef>

namespace apiary::ingest {

// Resident memory past which freed memory goes back to the kernel after a batch.
inline constexpr std::size_t kResidentBudget = std::size_t(512) << 20;

// Process-wide (glibc's mallopt): freed memory is kept. Once, before an ingest.
void keepFreedMemory();
// Gives every arena's freed pages back when the process holds more than the
// budget; after a batch, when its records have been freed.
void giveBackFreedMemoryOverBudget();
// Gives every arena's freed pages back, whatever the process holds.
void giveBackFreedMemory();
// The process's resident memory now, in bytes.
std::size_t residentBytes();

}  // namespace apiary::ingest
