#pragma once
// CSR-Adaptive-delta: CSR-Adaptive (kernels/csr_adaptive.hpp: the same
// rowBlocks, CSR-Stream, CSR-Vector and CSR-VectorL) reading compressed
// column indices: 8- or 16-bit deltas from a base per rowBlock
// (impl/block_deltas.hpp), the "base column per row block". A
// nonzero moves 8 + 1 or 8 + 2 bytes of matrix instead of 8 + 4 (double),
// 4 + 1 or 4 + 2 instead of 4 + 4 (float), plus 4 bytes per block; A's
// values are read in place (no copy). The conversion (two passes over the
// indices on the device, timed with the rowBlocks as analysis) is the
// plan's; blocks too wide for the width read A's own indices. csr_delta is
// the row-bound form (per-row bases, CSR-vector); this one keeps
// CSR-Adaptive's coalesced staging and its long-row blocks.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/block_deltas.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/kernels/csr_adaptive.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>

#include <Kokkos_Core.hpp>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace aspmv::impl {

template <class ExecSpace, class Matrix>
class CsrAdaptiveDeltaStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  CsrAdaptiveDeltaStep(CsrAdaptiveStep<ExecSpace, Matrix> body, BlockDeltas<ExecSpace, Matrix> deltas)
      : body_(std::move(body)), deltas_(std::move(deltas)) {}

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return body_.workspace_size(); }

  template <class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Workspace<Value, memory_space>& ws, Value alpha,
                 const XView& x, Value beta, const YView& y) const {
    deltas_.visit([&](const auto& cols) { body_.run_with_columns(exec, ws, cols, alpha, x, beta, y); });
  }

 private:
  CsrAdaptiveStep<ExecSpace, Matrix> body_;
  BlockDeltas<ExecSpace, Matrix> deltas_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct CsrAdaptiveDelta {
  static constexpr Kernel id = Kernel::csr_adaptive_delta;
  static constexpr KernelTraits traits{/*analysis*/ true,        /*uses_tpr*/ false, /*splits_rows*/ true,
                                       /*needs_structure*/ true, /*direct*/ false,
                                       /*row_bound*/ false};
  static constexpr TableParameter parameters[] = {TableParameter::nnz_per_wg, TableParameter::num_rows_stream,
                                                  TableParameter::nnz_multiplier, TableParameter::workgroup_threads,
                                                  TableParameter::stage_unroll};
  template <class ExecSpace, class Matrix>
  using Step = impl::CsrAdaptiveDeltaStep<ExecSpace, Matrix>;

  // The staging unrolls, as csr_adaptive's.
  static std::vector<KernelConfig> configurations(int /*max_tpr*/) { return impl::unroll_configurations(id); }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    GroupSummary g;
    auto body = impl::plan_adaptive_step(ctx, s, g);
    const auto t0 = std::chrono::steady_clock::now();
    impl::BlockDeltas<ExecSpace, Matrix> deltas(ctx.exec, ctx.a, body.blocks());
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    g.kernel = id;
    g.detail = std::to_string(deltas.bits()) + "-bit column deltas from a base per rowBlock, converted in " +
               std::to_string(ms) + " ms; " + std::to_string(deltas.wide_blocks()) + " wide blocks (" +
               std::to_string(deltas.wide_nonzeros()) + " nonzeros) read 32-bit indices; " + g.detail;
    s.groups.push_back(g);
    return Step<ExecSpace, Matrix>(std::move(body), std::move(deltas));
  }
};

}  // namespace aspmv::kernels
