#pragma once
// Checks every method against the reference, then times them interleaved:
// `rounds` passes over the methods, each pass timing every method (median of
// fenced batches), so drifts (clocks, temperature) hit all methods alike; a
// method's time is the median of its rounds.

#include "methods.hpp"
#include "timing.hpp"

#include <aspmv/host_csr.hpp>
#include <aspmv/reference.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

namespace aspmv::bench {

struct MethodResult {
  Method method;
  double seconds = 0;         // median over rounds of the per-round median
  double relative_error = 0;  // ||y - ref|| / ||ref||
  bool ok = false;            // below the tolerance of docs/METRICS.md, no NaN
  std::string error;          // a method that threw: its message (not timed)
};

template <class Space, class Value>
std::vector<MethodResult> run_methods(const Space& exec, std::vector<Method> methods,
                                      const HostCsr<Value, std::int64_t>& host_v, const std::vector<Value>& x_host,
                                      const Kokkos::View<Value*, typename Space::memory_space>& y, int rounds,
                                      const TimingOptions& timing) {
  const std::vector<Value> y0(static_cast<std::size_t>(host_v.num_rows), Value(0));
  const auto ref = reference_spmv(host_v, 1.0, x_host, 0.0, y0);
  const double tol = sizeof(Value) == 8 ? 1e-12 : 1e-5;
  std::vector<MethodResult> results;
  std::vector<Value> yh(y0.size());
  for (auto& m : methods) {
    MethodResult r;
    r.error = m.setup_error;
    if (r.error.empty()) try {
        Kokkos::deep_copy(exec, y, std::numeric_limits<Value>::quiet_NaN());  // every entry must be written
        m.call();
        Kokkos::deep_copy(exec, Kokkos::View<Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(yh.data(), yh.size()),
                          y);
        exec.fence();
        const auto c = compare(host_v, yh, ref, std::numeric_limits<Value>::epsilon());
        r.relative_error = c.relative_error;
        r.ok = c.nonfinite_rows == 0 && c.relative_error < tol;
      } catch (const std::exception& e) {
        r.error = e.what();
      }
    r.method = std::move(m);
    results.push_back(std::move(r));
  }
  std::vector<std::vector<double>> per_round(results.size());
  for (int round = 0; round < rounds; ++round)
    for (std::size_t i = 0; i < results.size(); ++i) {
      if (!results[i].error.empty()) continue;
      try {
        per_round[i].push_back(time_calls(exec, results[i].method.call, timing).seconds_per_call);
      } catch (const std::exception& e) {
        results[i].error = e.what();
      }
    }
  for (std::size_t i = 0; i < results.size(); ++i) {
    auto& v = per_round[i];
    if (!results[i].error.empty() || v.empty()) {
      results[i].ok = false;
      continue;
    }
    std::sort(v.begin(), v.end());
    results[i].seconds = v[v.size() / 2];
  }
  return results;
}

}  // namespace aspmv::bench
