// The pattern queries' own threads: a few, one query each, no queue. A query that
// finds them all busy is refused at once (the caller answers 503) rather than
// waiting behind minutes of work, and explore, search and the page never wait for
// a pattern query's thread.
#pragma once
#include <atomic>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <utility>

namespace apiary::server {

class PatternPool {
 public:
  explicit PatternPool(unsigned threads) : threads_(threads), pool_(threads) {}
  ~PatternPool() { stop(); }

  // Runs `work` on a free thread; false (and `work` dropped) when none is free.
  template <class Work>
  bool tryRun(Work work) {
    if (running_.fetch_add(1) >= threads_) {
      running_.fetch_sub(1);
      return false;
    }
    boost::asio::post(pool_, [this, work = std::move(work)]() mutable {
      struct Done {
        std::atomic<unsigned>& running;
        ~Done() { running.fetch_sub(1); }
      } done{running_};
      work();
    });
    return true;
  }
  void stop() {
    pool_.stop();
    pool_.join();
  }

 private:
  const unsigned threads_;
  std::atomic<unsigned> running_{0};
  boost::asio::thread_pool pool_;
};

}  // namespace apiary::server
