#pragma once
// aspmv::make_tuned_plan: a plan chosen by measurement, for callers who
// apply one matrix many times (iterative solvers).
//
//   aspmv::TuneOptions t;
//   t.plan.expected_calls = 10000;               // what the tuning may cost is a share of these
//   auto tuned = aspmv::make_tuned_plan(exec, A, t);
//   tuned.plan.apply(exec, alpha, x, beta, y);   // the fastest candidate's plan
//   std::puts(tuned.report.text().c_str());      // what was timed, and why
//
// make_plan chooses from features and trained models; on matrices unlike
// those the models learned from, their choice can be 20-70 % off the best
// (out of fold on the H100's real-derived matrices). make_tuned_plan builds
// the automatic plan and the model table's best-predicted alternatives
// (planner/tune_candidates.hpp: as many as TuneOptions::max_overhead lets
// the timing cost of the expected calls), applies each on scratch vectors
// (x = 1, y = 0: A's values and the caller's vectors are not touched) in
// interleaved batches, and returns the plan of the least time per call with
// a report of every candidate. Where the budget fits no second candidate
// (few expected calls), the table cannot rank on this space, or A has no
// entries, it returns the automatic plan untimed and the report says why.
//
// Costs: make_plan for each candidate (formats convert: their copies are
// freed unless chosen), the timed applies, a fence around each batch; host
// synchronous, like make_plan. Memory: every candidate's plan is held while
// they are timed, so the converted copies of the formats among them add up
// (each within PlanOptions::max_format_growth of A's CSR bytes); leave
// allow_conversion off, or lower max_candidates, where that cannot fit.
// Timing is on this process's device as it is now: the choice is a
// measurement, not a model, and may differ from run to run where candidates
// are within the noise of each other.

#include <aspmv/arch_table.hpp>
#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/features.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/planner/table_alternatives.hpp>
#include <aspmv/planner/tune_candidates.hpp>
#include <aspmv/tune_report.hpp>
#include <backends/traits.hpp>
#include <predictors/active_model_table.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace aspmv {

struct TuneOptions {
  // The plan's options: kernel must be automatic (there is nothing to choose
  // otherwise); expected_calls sets the budget; allow_conversion lets the
  // format alternatives in.
  PlanOptions plan;
  // Candidates timed at most, the automatic plan included (>= 1). The
  // budget below is what binds from 10,000 expected calls down; 16 (8
  // until 2026-12-07) lets it take the neighbouring configurations and the
  // formats together above that: replayed on the H100 collection at
  // 100,000 calls, within 5 % of the best on 98.8 % of the real-derived
  // matrices against 93.3 % with 8 (docs/studies/h100/runtime-models/
  // tuned-plan). The formats among them are at most the table's six.
  int max_candidates = 16;
  // Candidates are timed only while the predicted cost of timing them
  // (conversions, warm-ups, batches) stays within this share of the
  // predicted cost of expected_calls calls of the best-predicted one
  // (finite, >= 0). 1 % was the best of 0.2-2 % replayed on the H100
  // collection at 10,000 calls (docs/studies/h100/runtime-models/tuned-plan).
  double max_overhead = 0.01;
  // A timed batch runs as many calls as its predicted time needs to last
  // this long (two at least, 1,000 at most): a fence's cost stays small
  // beside it (>= 0).
  double min_batch_seconds = 50e-6;
  // Timed batches a candidate, interleaved over the candidates; its time is
  // the least batch's mean (>= 1).
  int batches = 2;
};

template <class PlanType>
struct TunedPlan {
  PlanType plan;
  TuneReport report;
};

namespace impl {

inline void check_tune_options(const TuneOptions& t) {
  const auto fail = [](const std::string& what) { throw Error("aspmv::make_tuned_plan: " + what); };
  if (t.plan.kernel != Kernel::automatic)
    fail(std::string("PlanOptions::kernel forces ") + to_string(t.plan.kernel) + ": there is nothing to tune");
  if (t.max_candidates < 1) fail("TuneOptions::max_candidates must be >= 1, got " + std::to_string(t.max_candidates));
  if (!(t.max_overhead >= 0) || !std::isfinite(t.max_overhead))
    fail("TuneOptions::max_overhead must be a finite number >= 0, got " + std::to_string(t.max_overhead));
  if (!(t.min_batch_seconds >= 0) || !std::isfinite(t.min_batch_seconds))
    fail("TuneOptions::min_batch_seconds must be a finite number >= 0, got " + std::to_string(t.min_batch_seconds));
  if (t.batches < 1) fail("TuneOptions::batches must be >= 1, got " + std::to_string(t.batches));
}

// Calls in a batch lasting min_batch_seconds at `seconds` a call: 2 to 1,000.
inline int calls_per_batch(double seconds, double min_batch_seconds) {
  if (!(seconds > 0)) return 2;
  return static_cast<int>(std::clamp(std::ceil(min_batch_seconds / seconds), 2.0, 1000.0));
}

}  // namespace impl

template <class ExecSpace, class Value, class Offset, class MemorySpace>
TunedPlan<Plan<ExecSpace, Value, Offset, MemorySpace>> make_tuned_plan(const ExecSpace& exec,
                                                                       const CsrMatrix<Value, Offset, MemorySpace>& a,
                                                                       const TuneOptions& tune,
                                                                       const ArchTable& table) {
  using PlanType = Plan<ExecSpace, Value, Offset, MemorySpace>;
  using Clock = std::chrono::steady_clock;
  const auto t_start = Clock::now();
  const auto since = [](Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); };
  impl::check_tune_options(tune);

  auto t0 = Clock::now();
  std::vector<std::optional<PlanType>> plans;
  plans.emplace_back(make_plan(exec, a, tune.plan, table));
  exec.fence();
  TuneReport report;
  TunedCandidate automatic;
  automatic.label = planner::plan_label(plans[0]->summary());
  automatic.automatic = true;
  automatic.analysis_seconds = since(t0);
  const auto untimed = [&](std::string why) {
    report.candidates.push_back(automatic);
    report.note = std::move(why);
    report.seconds = since(t_start);
    return TunedPlan<PlanType>{std::move(*plans[0]), std::move(report)};
  };

  const auto& m = plans[0]->matrix();  // A, or A^T for a transposed plan
  if (m.num_rows() == 0 || m.nnz() == 0) return untimed("A has no entries: nothing to tune");
  const auto& s = plans[0]->summary();
  const RowStats stats = s.features_gathered ? s.stats : row_stats(exec, m);
  planner::TuneCandidates chosen;
  try {
    chosen = planner::choose_tune_candidates(
        planner::table_alternatives<ExecSpace>(stats, static_cast<std::int64_t>(sizeof(Value)),
                                               static_cast<double>(tune.plan.expected_calls),
                                               predictors::active_model_table(), table),
        automatic.label, tune.plan, tune.max_candidates, tune.max_overhead, tune.batches, tune.min_batch_seconds);
  } catch (const Error& e) {
    return untimed(e.what());
  }
  automatic.predicted_seconds = chosen.list.front().predicted_seconds;
  automatic.predicted_conversion_seconds = chosen.list.front().predicted_conversion_seconds;
  if (chosen.list.size() < 2) return untimed(chosen.note);

  report.candidates.push_back(automatic);
  // The budget holds for what building the candidates costs too (their
  // analyses and conversions, which the models do not price): no further
  // candidate is built once the time spent building, with the predicted
  // timing of those built, has reached it.
  const auto t_build = Clock::now();
  double timing = chosen.list.front().predicted_timing_seconds;  // of those built: their calls (conversions are built)
  for (std::size_t i = 1; i < chosen.list.size(); ++i) {
    const auto& c = chosen.list[i];
    if (since(t_build) + timing + c.predicted_timing_seconds > chosen.budget_seconds) {
      report.cut = std::to_string(chosen.list.size() - i) + " of " + std::to_string(chosen.list.size()) +
                   " candidates not built: building the first " + std::to_string(i) + " took the budget";
      break;
    }
    timing += c.predicted_timing_seconds - c.predicted_conversion_seconds;
    TunedCandidate r;
    r.label = c.label;
    r.predicted_seconds = c.predicted_seconds;
    r.predicted_conversion_seconds = c.predicted_conversion_seconds;
    t0 = Clock::now();
    try {
      plans.emplace_back(make_plan(exec, a, c.options, table));
      exec.fence();
    } catch (const std::exception& e) {  // a format's memory guard, a configuration this matrix cannot run
      plans.emplace_back(std::nullopt);
      r.error = e.what();
    }
    r.analysis_seconds = since(t0);
    report.candidates.push_back(std::move(r));
  }
  if (plans.size() < 2) {  // the automatic plan alone: nothing to time
    report.note = report.cut;
    report.seconds = since(t_start);
    return TunedPlan<PlanType>{std::move(*plans[0]), std::move(report)};
  }

  // Scratch vectors: the candidates' products are thrown away.
  Kokkos::View<Value*, MemorySpace> x("aspmv::make_tuned_plan x", static_cast<std::size_t>(m.num_cols()));
  Kokkos::View<Value*, MemorySpace> y("aspmv::make_tuned_plan y", static_cast<std::size_t>(m.num_rows()));
  Kokkos::deep_copy(exec, x, Value(1));
  const auto apply = [&](std::size_t i) { plans[i]->apply(exec, Value(1), x, Value(0), y); };
  for (std::size_t i = 0; i < plans.size(); ++i) {  // warm-up: first-touch costs, and the batch size
    if (!plans[i]) continue;
    exec.fence();
    t0 = Clock::now();
    apply(i);
    exec.fence();
    report.candidates[i].calls_per_batch = impl::calls_per_batch(since(t0), tune.min_batch_seconds);
  }
  // Each batch starts with a lead call whose launch is not timed: on a GPU
  // the host's cost of the first launch of a batch (larger for some kernels'
  // launches than others', and hidden behind the running kernel in a
  // caller's loop of calls) would otherwise count once a batch. Its run on
  // the device falls inside the timing (asynchronous launch), so the batch
  // counts calls_per_batch + 1 calls there; a host space runs it before the
  // clock starts. On an H100 without the lead call the tuning's times were
  // 2-10 % above the bench's long batches on medium-row matrices, more for
  // csr_chunks' team launch than for CSR-vector's (call 1); with it within
  // 2 % of them, no kernel apart (perf/results/h100/2026-12-07-tuned-16,
  // call 2).
  constexpr bool async_launch = backends::Traits<ExecSpace>::is_gpu;
  for (int b = 0; b < tune.batches; ++b)
    for (std::size_t i = 0; i < plans.size(); ++i) {
      if (!plans[i]) continue;
      auto& r = report.candidates[i];
      apply(i);  // the lead call (the warm-up's or the previous batch's fence left the device idle)
      t0 = Clock::now();
      for (int k = 0; k < r.calls_per_batch; ++k) apply(i);
      exec.fence();
      const double per_call = since(t0) / (r.calls_per_batch + (async_launch ? 1 : 0));
      if (!(per_call >= r.measured_seconds)) r.measured_seconds = per_call;  // the least (NaN before the first)
    }
  for (std::size_t i = 1; i < plans.size(); ++i)
    if (plans[i] && report.candidates[i].measured_seconds < report.candidates[report.chosen].measured_seconds)
      report.chosen = i;
  report.seconds = since(t_start);
  return TunedPlan<PlanType>{std::move(*plans[report.chosen]), std::move(report)};
}

// With this build's table.
template <class ExecSpace, class Value, class Offset, class MemorySpace>
TunedPlan<Plan<ExecSpace, Value, Offset, MemorySpace>> make_tuned_plan(const ExecSpace& exec,
                                                                       const CsrMatrix<Value, Offset, MemorySpace>& a,
                                                                       const TuneOptions& tune = {}) {
  return make_tuned_plan(exec, a, tune, arch_table());
}

}  // namespace aspmv
