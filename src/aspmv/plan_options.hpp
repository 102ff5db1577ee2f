#pragma once
// aspmv::PlanOptions: what a caller may ask of make_plan. Everything is
// optional; the defaults let the plan choose.

#include <aspmv/kernel.hpp>
#include <predictors/tpr_rules.hpp>

#include <cstdint>

namespace aspmv {

using predictors::TprRule;

struct PlanOptions {
  // Force a kernel (experiments, baselines); automatic lets the plan choose.
  Kernel kernel = Kernel::automatic;
  // Force the threads per row of CSR-vector (whole matrix, or every short
  // block of a partitioned matrix); 0 lets the plan choose.
  int threads_per_row = 0;
  // CSR-Adaptive's staging unroll (loads in flight per thread: 1, 4 or 8);
  // 0 takes the architecture table's value. Banded matrices gain from 4.
  int adaptive_unroll = 0;
  // The rule that chooses TpR when no model decides (and the baseline a
  // study names): CUSP mean, Reguly sqrt-mean, Kokkos Kernels.
  TprRule tpr_rule = TprRule::cusp_mean;
  // How many applies the caller expects; weighs analysis cost against gains.
  std::int64_t expected_calls = 100;
  // Bitwise reproducible results: rows split over several teams combine
  // their partial sums in a fixed order instead of with atomics.
  bool deterministic = false;
  // Gather row-length features (two device reductions) when the kernel is
  // chosen automatically; false chooses from m, n, nnz alone (no host sync).
  bool gather_features = true;
  // Run aspmv::validate() on the matrix first (a full pass; off by default).
  bool validate = false;
};

}  // namespace aspmv
