#pragma once
// Gathering the row statistics into a plan's summary, one way wherever a
// plan gathers them: make_plan's automatic choice, a forced kernel that
// needs them, a kernel's own planner (csr_chunks' lanes rule).

#include <aspmv/plan_summary.hpp>

#include <chrono>

namespace aspmv::planner {

// s.stats from gather_stats() (a pass over the row offsets), s.features_gathered set and s.features_seconds the
// pass's time.
template <class GatherStats>
void gather_row_stats(PlanSummary& s, GatherStats&& gather_stats) {
  const auto t0 = std::chrono::steady_clock::now();
  s.stats = gather_stats();
  s.features_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  s.features_gathered = true;
}

}  // namespace aspmv::planner
