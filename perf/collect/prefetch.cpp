// Background matrix generation (see prefetch.hpp).

#include "prefetch.hpp"

#include <chrono>
#include <exception>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace aspmv::collect {

Prefetcher::Prefetcher(std::size_t jobs, Load load, int threads, std::size_t ahead)
    : jobs_(jobs), load_(std::move(load)), ahead_(ahead < 1 ? 1 : ahead), slots_(jobs) {
  for (int t = 0; t < (threads < 1 ? 1 : threads); ++t) workers_.emplace_back([this] { work(); });
}

Prefetcher::~Prefetcher() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  for (auto& w : workers_) w.join();
}

namespace {

// Generators share the host with the thread that times launch-bound kernels
// (a few microseconds per call): a generator holding that thread's core
// delays its launches by a scheduler slice, milliseconds. Workers therefore
// run at a lower priority than the timing thread (Linux: per-thread nice).
void lower_this_threads_priority() {
#if defined(__linux__)
  constexpr int generator_nice = 10;
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), generator_nice);
#endif
}

}  // namespace

void Prefetcher::work() {
  lower_this_threads_priority();
  for (;;) {
    std::size_t job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] { return stop_ || next_ >= jobs_ || next_ < consumed_ + ahead_; });
      if (stop_ || next_ >= jobs_) return;
      job = next_++;
    }
    Loaded out;
    const auto t0 = std::chrono::steady_clock::now();
    try {
      out.matrix = load_(job);
    } catch (const std::exception& e) {
      out.error = e.what();
    } catch (...) {
      out.error = "unknown error";
    }
    out.load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      slots_[job] = std::move(out);
    }
    changed_.notify_all();
  }
}

Loaded Prefetcher::take(std::size_t i) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return slots_[i].has_value(); });
  Loaded out = std::move(*slots_[i]);
  slots_[i].reset();
  consumed_ = i + 1;
  lock.unlock();
  changed_.notify_all();
  return out;
}

}  // namespace aspmv::collect
