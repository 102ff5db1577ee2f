#pragma once
// `aspmv bench --tuned CALLS`: the method "aspmv_tuned", make_tuned_plan's
// plan for CALLS expected calls (aspmv/tuned_plan.hpp), beside the kernels
// and the automatic plan. Its setup is the whole tuning (every candidate's
// plan and timed calls); its detail the tuning report.

#include <aspmv/tuned_plan.hpp>

#include "methods.hpp"

#include <Kokkos_Core.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace aspmv::bench {

template <class Space, class Value, class Offset>
Method tuned_method(const Space& exec, const CsrMatrix<Value, Offset, typename Space::memory_space>& a,
                    const Kokkos::View<Value*, typename Space::memory_space>& x,
                    const Kokkos::View<Value*, typename Space::memory_space>& y, std::int64_t calls) {
  Method m = named_method("aspmv_tuned", "aspmv", "aspmv_tuned", "calls=" + std::to_string(calls));
  m.automatic = true;
  TuneOptions tune;
  tune.plan.expected_calls = calls;
  const auto t0 = std::chrono::steady_clock::now();
  try {
    auto tuned = std::make_shared<TunedPlan<Plan<Space, Value, Offset>>>(make_tuned_plan(exec, a, tune));
    exec.fence();
    m.setup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    m.plan_kernel = tuned->plan.summary().kernel;
    m.detail = tuned->report.text();
    m.call = [tuned, exec, x, y]() { tuned->plan.apply(exec, Value(1), x, Value(0), y); };
  } catch (const std::exception& e) {
    m.setup_error = e.what();
  }
  return m;
}

}  // namespace aspmv::bench
