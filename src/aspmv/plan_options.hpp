#pragma once
// aspmv::PlanOptions: what a caller may ask of make_plan. Everything is
// optional; the defaults let the plan choose.

#include <aspmv/kernel.hpp>
#include <aspmv/mode.hpp>
#include <predictors/tpr_rules.hpp>

#include <aspmv/error.hpp>

#include <cstdint>
#include <string>

namespace aspmv {

using predictors::TprRule;

// Who chooses what the options leave open: the trained models of the
// architecture's model table (tuning_data/<arch>/model.json, or the file
// ASPMV_MODEL_FILE names), falling back to the rules where no trained model
// applies; or the rules alone (the baseline studies compare against).
enum class Selector { models, rules };

inline const char* to_string(Selector s) { return s == Selector::rules ? "rules" : "models"; }

// Parses "models" or "rules"; throws aspmv::Error otherwise.
inline Selector parse_selector(const std::string& name) {
  if (name == "models") return Selector::models;
  if (name == "rules") return Selector::rules;
  throw Error("aspmv::parse_selector: unknown selector '" + name + "' (models, rules)");
}

struct PlanOptions {
  // Force a kernel (experiments, baselines); automatic lets the plan choose.
  Kernel kernel = Kernel::automatic;
  // Force the threads per row of CSR-vector (whole matrix, or every short
  // block of a partitioned matrix); 0 lets the plan choose.
  int threads_per_row = 0;
  // CSR-Adaptive's staging unroll (loads in flight per thread: 1, 4 or 8);
  // 0 takes the architecture table's value. Banded matrices gain from 4.
  int adaptive_unroll = 0;
  // Models (trained tables, rules where none applies) or rules only.
  Selector selector = Selector::models;
  // The rule that chooses TpR when no model decides (and the baseline a
  // study names): CUSP mean, Reguly sqrt-mean, Kokkos Kernels.
  TprRule tpr_rule = TprRule::cusp_mean;
  // How many applies the caller expects; weighs analysis cost against gains
  // (the input `calls` of the model that decides whether to gather features).
  std::int64_t expected_calls = 100;
  // Bitwise reproducible results: rows split over several teams combine
  // their partial sums in a fixed order instead of with atomics.
  bool deterministic = false;
  // May gather row-length features (two device reductions) when the kernel
  // is chosen automatically: with models, the `gather` model decides whether
  // it pays for expected_calls; with rules, they are gathered. false chooses
  // from m, n, nnz alone (no host sync).
  bool gather_features = true;
  // Run aspmv::validate() on the matrix first (a full pass; off by default;
  // always on for a transposed plan, whose build writes where A's column
  // indices point).
  bool validate = false;
  // The operator the plan applies: A, or A^T. A transposed plan builds A^T
  // once on the device (aspmv/transpose.hpp) and plans it like any matrix;
  // it holds its own copy of A's values: after they change in place, call
  // plan.refresh_values(exec).
  Mode mode = Mode::normal;
  // Formats other than CSR (SELL-C-sigma, ELL: KernelTraits::copies_values)
  // run on a converted copy of A's values, which the plan holds: after A's
  // values change in place, plan.refresh_values(exec). The automatic choice
  // considers them only when this is true; a forced kernel always runs.
  bool allow_conversion = false;
  // With allow_conversion and a table's format models: a format is taken
  // only where its predicted cost (conversion + expected_calls x time) times
  // 1 + format_margin stays below the best CSR kernel's. The models err by
  // 10-40 % a class, and the least of several such predictions is biased
  // low: on the H200 real corpus, out of fold, margin 0 converted where it
  // lost (2.7 % over the real-derived matrices at 1,000 calls), and the
  // margins chosen on training folds were 0.3-1.0
  // (docs/studies/h200/formats/README.md). Must be >= 0 (aspmv::Error).
  double format_margin = 0.5;
  // Memory guard of the padded formats: a conversion that would take more
  // than max_format_growth times A's CSR bytes, and more than
  // format_growth_floor_bytes, is refused (aspmv::Error) before allocating.
  double max_format_growth = 3.0;
  std::int64_t format_growth_floor_bytes = std::int64_t(64) << 20;
  // DIA stores every diagonal that holds an entry whole (the rows it crosses
  // without an entry too); it moves fewer bytes than CSR only when few slots
  // are empty. A DIA conversion that would store more than max_dia_fill
  // times A's nonzeros is refused (aspmv::FormatRefused) before allocating,
  // whatever the matrix's size.
  double max_dia_fill = 1.5;
};

}  // namespace aspmv
