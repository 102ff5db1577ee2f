#pragma once
// The candidates make_tuned_plan times (aspmv/tuned_plan.hpp): the plan's
// automatic choice first, then the model table's alternatives
// (table_alternatives.hpp) in order of predicted cost over the expected
// calls (conversion + calls x time per call), as many as the budget lets
// through: a candidate is timed only while the predicted cost of timing all
// those taken (their conversions and timed calls) stays within
// `max_overhead` of the predicted cost of the expected calls with the best
// predicted alternative. Out of fold on the H100 collection the runtime
// model's first-ranked alternative is within 5 % of the best on 44-97 % of
// the matrices, its best of the first six on 86-99 % at 10,000 calls
// (docs/studies/h100/runtime-models/tuned-plan/README.md): timing the few
// best-predicted alternatives is what holds where the models do not.

#include <aspmv/error.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/planner/table_alternatives.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

namespace aspmv::planner {

struct TuneCandidate {
  std::string label;       // "csr_vector/tpr=8", "sell"; the automatic plan's as plan_label() names it
  bool automatic = false;  // make_plan's own choice (options: the caller's)
  PlanOptions options;     // the forced configuration (the automatic plan: the caller's options)
  double predicted_seconds = std::numeric_limits<double>::quiet_NaN();  // per call; NaN: not priced
  double predicted_conversion_seconds = 0;                              // formats' (format_conversion)
  double predicted_timing_seconds = 0;  // predicted_timing_cost(): what timing it should cost (its conversion too,
                                        // but the automatic plan's)
  double predicted_cost(double calls) const { return predicted_conversion_seconds + calls * predicted_seconds; }
};

struct TuneCandidates {
  std::vector<TuneCandidate> list;  // the automatic plan first
  std::string note;                 // why there is no second candidate ("" when there is)
  double budget_seconds = 0;        // max_overhead x the least predicted cost of the expected calls
};

// Predicted cost of timing a candidate: its conversion, a warm-up and
// `batches` batches, each a lead call (tuned_plan.hpp) and calls lasting at
// least min_batch_seconds (two calls or more).
inline double predicted_timing_cost(const TuneCandidate& c, int batches, double min_batch_seconds) {
  const double t = c.predicted_seconds;
  const double calls_per_batch = std::max(2.0, std::ceil(min_batch_seconds / t));
  return c.predicted_conversion_seconds + (1.0 + batches * (calls_per_batch + 1.0)) * t;
}

// From the table's alternatives `priced` (table_alternatives()), the
// automatic plan's label and the caller's options: the candidates within
// the budget. Formats only with allow_conversion; a label once.
inline TuneCandidates choose_tune_candidates(const TableAlternatives& priced, const std::string& automatic_label,
                                             const PlanOptions& caller, int max_candidates, double max_overhead,
                                             int batches, double min_batch_seconds) {
  const double calls = static_cast<double>(std::max<std::int64_t>(caller.expected_calls, 1));
  TuneCandidates out;
  TuneCandidate automatic;
  automatic.label = automatic_label;
  automatic.automatic = true;
  automatic.options = caller;
  std::vector<TuneCandidate> others;
  for (const auto& a : priced.list) {
    if (!(a.seconds_per_call > 0) || !std::isfinite(a.seconds_per_call)) continue;
    const bool format = kernel_traits(a.options.kernel).copies_values;
    if (a.label == automatic_label) {
      if (std::isnan(automatic.predicted_seconds)) {
        automatic.predicted_seconds = a.seconds_per_call;
        automatic.predicted_conversion_seconds = format ? a.conversion_seconds : 0;
      }
      continue;
    }
    if (format && !caller.allow_conversion) continue;
    if (std::any_of(others.begin(), others.end(), [&](const TuneCandidate& o) { return o.label == a.label; })) continue;
    TuneCandidate c;
    c.label = a.label;
    c.options = caller;
    c.options.kernel = a.options.kernel;
    c.options.threads_per_row = a.options.threads_per_row;
    c.options.validate = false;  // the automatic plan validated A where asked
    c.predicted_seconds = a.seconds_per_call;
    c.predicted_conversion_seconds = format ? a.conversion_seconds : 0;
    others.push_back(std::move(c));
  }
  std::stable_sort(others.begin(), others.end(), [&](const TuneCandidate& a, const TuneCandidate& b) {
    return a.predicted_cost(calls) < b.predicted_cost(calls);
  });
  if (others.empty()) {
    out.list.push_back(std::move(automatic));
    out.note = "the model table prices no other configuration this space runs";
    return out;
  }
  // The automatic plan's own configuration unpriced (a configuration the
  // runtime model has no class for): priced as the best other for the
  // budget (its predicted_seconds stay NaN).
  TuneCandidate priced_automatic = automatic;
  if (std::isnan(priced_automatic.predicted_seconds))
    priced_automatic.predicted_seconds = others.front().predicted_seconds;
  const double best = std::min(priced_automatic.predicted_cost(calls), others.front().predicted_cost(calls));
  const double budget = max_overhead * best;
  out.budget_seconds = budget;
  priced_automatic.predicted_conversion_seconds = 0;  // its conversion is the plan's own, not the tuning's
  automatic.predicted_timing_seconds = predicted_timing_cost(priced_automatic, batches, min_batch_seconds);
  double spent = automatic.predicted_timing_seconds;
  out.list.push_back(std::move(automatic));
  for (auto& c : others) {
    if (static_cast<int>(out.list.size()) >= max_candidates) break;
    c.predicted_timing_seconds = predicted_timing_cost(c, batches, min_batch_seconds);
    if (spent + c.predicted_timing_seconds > budget) continue;  // a cheaper one further down may still fit
    spent += c.predicted_timing_seconds;
    out.list.push_back(std::move(c));
  }
  if (out.list.size() == 1 && max_candidates == 1) {
    out.note = "TuneOptions::max_candidates is 1";
  } else if (out.list.size() == 1) {
    char b[160];
    std::snprintf(b, sizeof b,
                  "timing a second candidate would cost more than %.3g %% of %.0f expected calls "
                  "(PlanOptions::expected_calls, TuneOptions::max_overhead)",
                  max_overhead * 100, calls);
    out.note = b;
  }
  return out;
}

}  // namespace aspmv::planner
