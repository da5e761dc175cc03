// The pattern queries' pool: a query runs when a thread is free and is refused at
// once, not queued, when none is; a query's budget stops its scan.
#include <catch2/catch.hpp>
#include <condition_variable>
#include <mutex>

#include "query/patterns/pattern.hpp"
#include "query/session.hpp"
#include "server/handlers.hpp"
#include "server/pattern_pool.hpp"
#include "server_support.hpp"

using namespace apiary;

TEST_CASE("the pattern pool runs as many queries as it has threads and refuses one more at once") {
  server::PatternPool pool(2);
  std::mutex mutex;
  std::condition_variable changed;
  int started = 0, finished = 0;
  bool release = false;
  const auto blocking = [&] {
    std::unique_lock lock(mutex);
    ++started;
    changed.notify_all();
    changed.wait(lock, [&] { return release; });
    ++finished;
    changed.notify_all();
  };
  CHECK(pool.tryRun(blocking));
  CHECK(pool.tryRun(blocking));
  {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return started == 2; });
  }
  CHECK_FALSE(pool.tryRun([] {}));
  {
    std::unique_lock lock(mutex);
    release = true;
    changed.notify_all();
    changed.wait(lock, [&] { return finished == 2; });
  }
  // The threads are given back once their queries end (just after `finished`).
  bool ran = false;
  for (int i = 0; i < 200 && !ran; ++i) {
    ran = pool.tryRun([] {});
    if (!ran) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  CHECK(ran);
}

TEST_CASE("a pattern answer past its budget stops with PatternOverBudget, within it answers") {
  query::ReadSession session(test::servedDatabase());
  const server::Params params = server::parseParams("where=ply%20%3E%3D%202");
  CHECK_THROWS_AS(server::patternReply(params, session, std::chrono::nanoseconds(1)), query::PatternOverBudget);
  CHECK(server::patternReply(params, session, std::chrono::seconds(60)).status == 200);
}
