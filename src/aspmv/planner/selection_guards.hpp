#pragma once
// Guards on the automatic kernel choice: no catastrophic pick by
// construction (issue 20). The models are trained on measurements and can be
// wrong on matrices unlike those; these guards use what the hardware and the
// kernels' shapes make certain, and override the models only where a pick
// would be bounded far below its alternatives.
//
// The skew guard. A row-bound kernel (KernelTraits::row_bound: CSR-scalar,
// CSR-vector) sums each row on one thread or one vector of at most
// `row_lanes` lanes (the largest TpR on a GPU, 1 on a CPU), so its time is at
// least the longest row's, max / row_lanes passes. A kernel that splits rows
// (CSR-Adaptive's VectorL, merge-path) can spread the nnz over every lane of
// the device, nnz / lanes passes (lanes: compute units x SIMD width on a GPU,
// threads on a CPU). Their ratio
//     share = (max / row_lanes) / (nnz / lanes) = max * lanes / (nnz * row_lanes)
// says how much longer the longest row alone takes than the whole product
// spread evenly. With only m, n, nnz known, max >= mean gives a lower bound,
// lanes / (rows * row_lanes): fewer rows than the device has lanes to give
// them (the 25 x 10,500 LP matrix with 5,000 nonzeros per row on the H100:
// 5.3; CSR-vector<32> took 10x CSR-Adaptive's time there). When the share
// exceeds the arch table's skew_guard_row_share and the longest row (or the
// mean, when only that is known) needs more than skew_guard_min_row_passes
// passes of row_lanes lanes (so a short matrix that is launch-bound anyway
// is left alone; 32 passes: with 8, the guard replaced CSR-vector<32> on 44
// generated matrices of 13k-62k nonzeros on the H100, 25 of them slower per
// call, and with CSR-Adaptive's analysis 32 of them > 20 % slower over 100
// calls, tuning_data/h100/measurements/2026-11-26; with 32 it fires on none of
// the study corpus and still on the 25-row LP matrix, 161 passes), a row-bound pick is replaced by the robust kernel of
// the device (predictors/kernel_rules.hpp: vector_split on GPUs, merge-path on CPUs), and the summary's `guard` says
// which guard fired and why. With the arch table's skew_guard_gather_row_bound 1 a row-bound pick of the known path
// gathers the row statistics first (automatic_choice.hpp), so that the guard judges the longest row.

#include <aspmv/feature_set.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <predictors/arch_table_data.hpp>
#include <predictors/kernel_rules.hpp>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace aspmv::planner {

// The device's lanes as the skew guard counts them.
struct GuardLanes {
  double lanes = 1;      // all lanes a row-splitting kernel can keep busy
  double row_lanes = 1;  // the most lanes one row gets in a row-bound kernel
};

// The skew guard's verdict: `fired` with its reason, or not.
struct GuardVerdict {
  bool fired = false;
  std::string why;
};

// Whether the skew guard judges a pick at all: a row-bound kernel on a
// non-empty matrix, with the guard on in the arch table.
inline bool skew_guard_applies(Kernel pick, const RowStats& s, const predictors::KernelParameters& p) {
  return kernel_traits(pick).row_bound && s.rows > 0 && s.nnz > 0 && p.skew_guard_row_share > 0;
}

inline GuardVerdict skew_guard(Kernel pick, const RowStats& s, bool gathered, const GuardLanes& l,
                               const predictors::KernelParameters& p) {
  GuardVerdict v;
  if (!skew_guard_applies(pick, s, p)) return v;
  const double longest = gathered ? double(s.max) : s.mean;  // the mean is a lower bound of the longest row
  const double share = longest * l.lanes / (double(s.nnz) * l.row_lanes);
  const double passes = longest / l.row_lanes;
  if (share <= p.skew_guard_row_share || passes <= double(p.skew_guard_min_row_passes)) return v;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "skew guard: %s is row-bound and the %s row (%.0f nonzeros, %.0f passes of %.0f lanes) takes "
                "%.2fx the whole product spread over %.0f lanes (> %.2f)",
                to_string(pick), gathered ? "longest" : "mean", longest, passes, l.row_lanes, share, l.lanes,
                p.skew_guard_row_share);
  v.fired = true;
  v.why = buf;
  return v;
}

// The row-lanes guard (CPUs). csr_scalar sums each row of 5 or more
// nonzeros on average in AVX-512 lanes where the table's host_row_simd is 2
// and the CPU runs AVX-512 (kernels/csr_scalar.hpp): a row's entries side by
// side in vector lanes, what CSR-vector with TpR > 1 does through a Kokkos
// team vector, without the team. A CSR-vector pick with TpR > 1 there runs
// csr_scalar instead. The cpu-x86 table learned its CSR-vector picks from
// timings before the lanes (2026-12-03, fourth session); retrained on timings
// with them it lost out of fold (docs/studies/cpu-x86/models-2026-12-03b.md).
// On the 16-core host's AVX-512 collection of the real corpus
// (tuning_data/cpu-x86/measurements/2026-12-03-avx512-*) it fires on 58 of
// the table's out-of-fold picks, where csr_scalar ran 1.073x faster
// (geometric mean; 2.36x faster to 1.26x slower): the real matrices' picks
// 0.939 of the best CSR kernel per call instead of 0.926 (minimum 0.471
// instead of 0.393), the real-derived ones unchanged (no such pick); on the
// 2-core build machine the 5 such picks among the 62 shared real matrices ran
// 1.8-2.1x slower than csr_scalar (docs/studies/cpu-x86/lanes-guard.md).
inline bool lanes_guard_applies(const std::optional<int>& tpr_of_pick, Kernel pick, const RowStats& s,
                                bool cpu_avx512_rows, const predictors::KernelParameters& p) {
  return cpu_avx512_rows && p.host_row_simd == 2 && pick == Kernel::csr_vector && tpr_of_pick && *tpr_of_pick > 1 &&
         s.rows > 0 && s.nnz >= impl::avx512_lanes_min_mean_row * s.rows;
}

inline GuardVerdict lanes_guard(const std::optional<int>& tpr_of_pick, Kernel pick, const RowStats& s,
                                bool cpu_avx512_rows, const predictors::KernelParameters& p) {
  GuardVerdict v;
  if (!lanes_guard_applies(tpr_of_pick, pick, s, cpu_avx512_rows, p)) return v;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "row-lanes guard: csr_scalar sums these rows (%.1f nonzeros on average) in AVX-512 lanes, as "
                "%s<%d> sums them across a team vector",
                double(s.nnz) / double(s.rows), to_string(pick), *tpr_of_pick);
  v.fired = true;
  v.why = buf;
  return v;
}

}  // namespace aspmv::planner
