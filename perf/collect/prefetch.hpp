#pragma once
// Generates (or reads) the matrices of a run ahead of the measurements, in
// parallel on the host: worker threads take jobs in order and stay at most
// `ahead` jobs in front of the consumer, so the device never waits for a
// generator while memory stays bounded.

#include <aspmv/host_csr.hpp>

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace aspmv::collect {

struct Loaded {
  HostCsr<double, std::int64_t> matrix;
  std::string error;  // non-empty: loading failed, matrix is empty
  double load_seconds = 0;
};

class Prefetcher {
 public:
  using Load = std::function<HostCsr<double, std::int64_t>(std::size_t)>;

  Prefetcher(std::size_t jobs, Load load, int threads, std::size_t ahead);
  Prefetcher(const Prefetcher&) = delete;
  Prefetcher& operator=(const Prefetcher&) = delete;
  ~Prefetcher();

  // Waits for job i (taken in increasing order) and hands it over.
  Loaded take(std::size_t i);

 private:
  void work();

  std::size_t jobs_;
  Load load_;
  std::size_t ahead_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t next_ = 0;      // next job a worker starts
  std::size_t consumed_ = 0;  // jobs handed over
  bool stop_ = false;
  std::vector<std::optional<Loaded>> slots_;
  std::vector<std::thread> workers_;
};

}  // namespace aspmv::collect
