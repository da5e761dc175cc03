// An open-loop HTTP load for bench/serve: requests go out at a fixed rate over a
// fixed number of keep-alive connections, and each one's latency is counted from
// the time it was scheduled to be sent, not from when it went out, so a stalled
// server is charged for the requests that queued behind it (no coordinated
// omission, as in wrk2). Request i is scheduled at start + i / RATE on connection
// i mod CONNECTIONS; each connection cycles through the paths from a place of its own.
//
// Usage: bench_serve_load HOST PORT PATHS_FILE RATE SECONDS CONNECTIONS
// Prints what was sent and answered, the rate achieved, and latency percentiles.
#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct ConnectionResult {
  std::vector<double> latenciesMs;
  uint64_t failed = 0;  // no answer, or a status other than 200
};

std::vector<std::string> readPaths(const char* file) {
  std::vector<std::string> paths;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) paths.push_back(line);
  return paths;
}

void runConnection(const std::string& host, int port, const std::vector<std::string>& paths, std::size_t first,
                   Clock::time_point start, std::chrono::nanoseconds interval, uint64_t total, unsigned connection,
                   unsigned connections, ConnectionResult& out) {
  httplib::Client client(host, port);
  client.set_keep_alive(true);
  client.set_tcp_nodelay(true);
  client.set_url_encode(false);  // the paths are encoded already
  std::size_t next = first;
  for (uint64_t i = connection; i < total; i += connections) {
    const Clock::time_point scheduled = start + interval * i;
    std::this_thread::sleep_until(scheduled);
    const auto answer = client.Get(paths[next]);
    out.latenciesMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - scheduled).count());
    if (!answer || answer->status != 200) ++out.failed;
    next = (next + 1) % paths.size();
  }
}

double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto rank = std::size_t(p / 100.0 * double(sorted.size() - 1) + 0.5);
  return sorted[std::min(rank, sorted.size() - 1)];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) {
    std::fprintf(stderr, "usage: bench_serve_load HOST PORT PATHS_FILE RATE SECONDS CONNECTIONS\n");
    return 2;
  }
  const std::string host = argv[1];
  const int port = std::stoi(argv[2]);
  const std::vector<std::string> paths = readPaths(argv[3]);
  const double rate = std::stod(argv[4]);
  const double seconds = std::stod(argv[5]);
  const unsigned connections = unsigned(std::stoul(argv[6]));
  if (paths.empty() || rate <= 0 || seconds <= 0 || connections == 0) {
    std::fprintf(stderr, "bench_serve_load: no paths, or a rate, duration or connection count that is not positive\n");
    return 2;
  }
  const auto total = uint64_t(rate * seconds);
  const auto interval = std::chrono::nanoseconds(int64_t(1e9 / rate));
  std::mt19937 rng(7);
  std::vector<ConnectionResult> results(connections);
  std::vector<std::thread> threads;
  // Connections are opened by their first request; start a little later so that
  // the threads are all waiting when the schedule begins.
  const Clock::time_point start = Clock::now() + std::chrono::milliseconds(100);
  for (unsigned c = 0; c < connections; ++c)
    threads.emplace_back(runConnection, host, port, std::cref(paths), rng() % paths.size(), start, interval, total, c,
                         connections, std::ref(results[c]));
  for (auto& t : threads) t.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();

  std::vector<double> latencies;
  uint64_t failed = 0;
  for (const auto& r : results) {
    latencies.insert(latencies.end(), r.latenciesMs.begin(), r.latenciesMs.end());
    failed += r.failed;
  }
  std::sort(latencies.begin(), latencies.end());
  std::printf("open loop: %llu requests scheduled at %.0f/s over %u connections, %.1f s; %llu failed\n",
              (unsigned long long)total, rate, connections, elapsed, (unsigned long long)failed);
  std::printf("answered at %.0f requests/s\n", double(latencies.size()) / elapsed);
  std::printf("latency from the scheduled send (ms): p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f\n",
              percentile(latencies, 50), percentile(latencies, 90), percentile(latencies, 99),
              percentile(latencies, 99.9), latencies.empty() ? 0.0 : latencies.back());
  return failed ? 1 : 0;
}
