#pragma once
// The rule that picks a kernel until trained models exist (and stays as a
// named baseline): a function of the features and the architecture table.
//   GPU: at least auto_adaptive_min_nnz nonzeros -> CSR-Adaptive (the best
//        kernel on most large matrices in the first H100 benchmarks,
//        perf/results/h100/2026-11-21-run2); else rows reaching T_LONG ->
//        Gao's partitioned kernel; else CSR-vector.
//   CPU: rows reaching T_LONG or very uneven rows (cov > 2) -> merge-path,
//        else CSR-scalar over row chunks.
//   Known features only (no pass over the rows): CSR-vector on GPUs,
//   CSR-scalar on CPUs - correct for any matrix, tuned for regular ones.

#include <aspmv/feature_set.hpp>
#include <aspmv/kernel.hpp>
#include <predictors/arch_table_data.hpp>
#include <predictors/tpr_rules.hpp>

#include <algorithm>
#include <string>

namespace aspmv::predictors {

struct KernelChoice {
  Kernel kernel;
  std::string why;
};

inline KernelChoice choose_kernel_by_rule(const RowStats& s, bool gathered, bool is_gpu, const KernelParameters& p) {
  if (s.rows == 0 || s.nnz == 0) return {is_gpu ? Kernel::csr_vector : Kernel::csr_scalar, "rule: no nonzeros"};
  if (!gathered) return {is_gpu ? Kernel::csr_vector : Kernel::csr_scalar, "rule: known features only"};
  const bool has_long_rows = s.max >= p.t_long;
  if (is_gpu && p.auto_adaptive_min_nnz > 0 && s.nnz >= p.auto_adaptive_min_nnz)
    return {Kernel::csr_adaptive,
            "rule: " + std::to_string(s.nnz) + " nonzeros >= " + std::to_string(p.auto_adaptive_min_nnz) + " on a GPU"};
  if (is_gpu)
    return has_long_rows ? KernelChoice{Kernel::gao_partitioned, "rule: longest row " + std::to_string(s.max) +
                                                                     " >= T_LONG " + std::to_string(p.t_long)}
                         : KernelChoice{Kernel::csr_vector, "rule: longest row below T_LONG"};
  // Row lengths whose standard deviation exceeds twice their mean leave
  // row-chunked CSR-scalar threads waiting on the longest chunk; merge-path
  // evens them (the first CPU collection, tuning_data/cpu-x86/measurements).
  constexpr double uneven_cov = 2.0;
  if (has_long_rows || s.cov() > uneven_cov)
    return {Kernel::merge_path,
            "rule: uneven rows on a CPU (max " + std::to_string(s.max) + ", cov " + std::to_string(s.cov()) + ")"};
  return {Kernel::csr_scalar, "rule: even rows on a CPU"};
}

// The kernel the planner's guards fall back to (src/aspmv/planner/selection_guards.hpp):
// it splits long rows and balances the nonzeros, so no row shape bounds its
// time far below the alternatives'. GPUs: vector_split, the drop-in's kernel
// (rows over chunks of nonzeros shared by every warp, no analysis); it
// replaced CSR-Adaptive (rowBlocks built per plan) on 2026-12-04: where the
// guard fires on the H200's real corpus it is the faster of the two (out of
// fold, docs/studies/h200/models-2026-12-04b.md). CPUs: merge-path.
inline Kernel robust_kernel(bool is_gpu) { return is_gpu ? Kernel::vector_split : Kernel::merge_path; }

// The rule of the drop-in call (no plan) where no known-feature model
// applies, among the kernels that launch without
// device arrays (KernelTraits::direct). GPUs run vector_split: CSR-vector at
// lanes from the mean, rows over a chunk shared by every warp of the launch
// (kernels/vector_split.hpp; before it the load-balanced merge-split, whose
// per-team chain cost 13-15 us on small matrices); CPUs CSR-scalar.
// Until 2026-12-02 GPUs ran CSR-vector with the CUSP mean TpR where m, n and
// nnz bound every row to 4x the mean (min(n, nnz) <= 4 x mean): that bound
// rules out skew but not a few long rows, which CSR-vector gives one warp
// each. On the 35 matrices of the 2026-12-02 collections where it held,
// vector_split ran 4.7-38x faster on the few-long-row ones (25 x 10,500 LP
// rows, 8 rows of 50,000; the drop-in 0.02-0.13x cuSPARSE there), 1.1-1.5x on
// dense blocks of 175-1,500 rows, and within noise (0.88-1.08x) on the small
// rest, on the H100 and the H200 alike (docs/PERF.md, "The drop-in's rule").
// CSR-vector-team (long rows by the whole team, one launch) in merge-split's
// place was measured and not taken: on the H200 it was 0.898x the best
// cuSPARSE on 54 shared real matrices (merge-split 0.668x) but 0.058x at
// worst, and 0.04-0.49x on six of seven large generated matrices: where
// long rows crowd the first rows no team can share them, and the CUSP TpR
// (8 lanes for rows of 7) halves a 7-point stencil's speed
// (perf/results/h200/2026-11-27-csr-vector-team). With merge-path shares a
// team (a search of the row offsets at each team's start) the hubs spread,
// but the search cost more than the rows of regular matrices: 0.432x on 44
// real matrices, merge_split 0.670x in the same run
// (perf/results/h100/2026-11-27-path-shares).
struct DirectChoice {
  Kernel kernel;
  int tpr;
  const char* source;  // "rule", or the model that chose
};

inline DirectChoice choose_direct_kernel(bool is_gpu) {
  if (is_gpu) return {Kernel::vector_split, 1, "rule"};
  return {Kernel::csr_scalar, 1, "rule"};
}

}  // namespace aspmv::predictors
