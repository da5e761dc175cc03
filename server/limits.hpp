// Every bound on what one client may send, hold or cost the server, in one place.
// What a client gets past each (server/README.md lists them for users):
//   header bytes, header count    431, JSON, then the connection is closed
//   URL length                    414, JSON, then closed
//   body                          413, JSON, then closed (only a POSTed position has one)
//   request not whole in time     closed without an answer (a slowloris client)
//   idle between requests         closed
//   open connections              the newest gets 503, JSON, and is closed
//   a stream's client not reading dropped after the write timeout
//   pattern query past its budget 503, JSON, saying what to narrow
//   pattern queries all running   503 at once, JSON
#pragma once
#include <chrono>
#include <cstddef>

namespace apiary::server::limits {

using std::chrono::seconds;

// A request: its header (request line included) and body, in bytes.
inline constexpr std::size_t kMaxHeaderBytes = 32 * 1024;
inline constexpr std::size_t kMaxHeaderCount = 64;
// A URL carries a position of up to 16 KiB (server/params.hpp), some of it encoded.
inline constexpr std::size_t kMaxUrlBytes = 24 * 1024;
// A POSTed form: a whole game pasted as the position (32 KiB at most, params.cpp).
inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;

// From the first byte of a request to its last: a client sending a byte a second
// holds its connection no longer than this.
inline constexpr seconds kRequestDeadline{10};
// A keep-alive connection with no request under way.
inline constexpr seconds kIdleTimeout{5};
// One write of an answer, or of a stream's page, to a client that does not read.
inline constexpr seconds kWriteTimeout{10};

// Open connections: an idle or slow one costs a few KiB, not a thread. Also kept
// under the process's file limit, which the server raises to its hard limit.
inline constexpr std::size_t kMaxConnections = 8192;
inline constexpr int kListenBacklog = 1024;

// NDJSON search streams open at once; each holds a catalogue connection and one
// page of lines.
inline constexpr std::size_t kMaxStreams = 64;
inline constexpr std::size_t kStreamPageGames = 200;

// Pattern queries: they run on a pool of their own, one query a thread, so they
// never hold the threads that answer everything else; one more is refused at once.
inline constexpr unsigned kPatternThreads = 2;
inline constexpr seconds kDefaultPatternBudget{10};

}  // namespace apiary::server::limits
