#pragma once
// Merge-path SpMV (Merrill & Garland; Seer's "work-oriented" kernel): the
// m row ends and the nnz nonzeros are merged into one path of m + nnz items
// and every thread takes an equal share of the path. A thread writes each
// row whose end it consumes (with its own part of the row), and leaves its
// last, unfinished row as a carry (row, partial sum); a second dispatch adds
// the carries: atomically, or deterministically by summing each row's run of
// carries in order. The threads' starting coordinates on the path depend only
// on the structure, so the plan finds them once (binary search on the merge
// diagonals) and apply reads them; the carries are the plan's workspace.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>

#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

namespace aspmv::impl {

// Row of the merge-path coordinate on diagonal d: the number of row ends
// consumed after d items (Merrill & Garland's MergePathSearch).
template <class Offsets>
KOKKOS_INLINE_FUNCTION std::int64_t merge_path_row(const Offsets& offsets, std::int64_t num_rows, std::int64_t nnz,
                                                   std::int64_t d) {
  std::int64_t lo = d - nnz > 0 ? d - nnz : 0;
  std::int64_t hi = d < num_rows ? d : num_rows;
  while (lo < hi) {
    const std::int64_t pivot = (lo + hi) / 2;
    if (static_cast<std::int64_t>(offsets(pivot + 1)) <= d - pivot - 1)
      lo = pivot + 1;
    else
      hi = pivot;
  }
  return lo;
}

template <class Offsets, class Starts>
struct MergePathStarts {
  Offsets offsets;
  Starts starts;
  std::int64_t num_rows, nnz, items_per_thread;
  KOKKOS_FUNCTION void operator()(const std::int64_t t) const {
    const std::int64_t items = num_rows + nnz;
    const std::int64_t d = t * items_per_thread < items ? t * items_per_thread : items;
    starts(t) = static_cast<std::int32_t>(merge_path_row(offsets, num_rows, nnz, d));
  }
};

template <class Matrix, class XView, class YView>
struct MergePathFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Mem = typename Matrix::memory_space;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<const std::int32_t*, Mem> starts;
  Kokkos::View<std::int32_t*, Mem> carry_rows;
  Kokkos::View<Value*, Mem> carry_values;
  std::int64_t num_rows, nnz, items_per_thread;

  KOKKOS_FUNCTION void operator()(const std::int64_t t) const {
    const std::int64_t items = num_rows + nnz;
    const std::int64_t d0 = t * items_per_thread;
    const std::int64_t d1 = d0 + items_per_thread < items ? d0 + items_per_thread : items;
    std::int64_t i = starts(t);
    std::int64_t k = d0 - i;
    Value sum = 0;
    for (std::int64_t d = d0; d < d1; ++d) {
      if (k < static_cast<std::int64_t>(offsets(i + 1))) {
        sum += vals(k) * x(cols(k));
        ++k;
      } else {
        write_row(y, i, alpha, sum, beta);
        sum = 0;
        ++i;
      }
    }
    carry_rows(t) = static_cast<std::int32_t>(i);  // num_rows when the thread ended on a row end
    carry_values(t) = sum;
  }
};

template <class Mem, class YView, class Value>
struct MergePathFixup {
  Kokkos::View<const std::int32_t*, Mem> carry_rows;
  Kokkos::View<const Value*, Mem> carry_values;
  YView y;
  Value alpha;
  std::int64_t num_rows, threads;
  bool deterministic;
  KOKKOS_FUNCTION void operator()(const std::int64_t t) const {
    const std::int64_t r = carry_rows(t);
    if (r >= num_rows) return;
    if (!deterministic) {
      Kokkos::atomic_add(&y(r), alpha * carry_values(t));
      return;
    }
    if (t > 0 && carry_rows(t - 1) == r) return;  // not the first of this row's run
    Value sum = 0;
    for (std::int64_t u = t; u < threads && carry_rows(u) == r; ++u) sum += carry_values(u);
    y(r) += alpha * sum;
  }
};

template <class ExecSpace, class Matrix>
class MergePathStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  MergePathStep(const ExecSpace& exec, const Matrix& a, std::int64_t items_per_thread, bool deterministic)
      : a_(a), items_per_thread_(items_per_thread), deterministic_(deterministic) {
    const std::int64_t items = static_cast<std::int64_t>(a.num_rows()) + a.nnz();
    threads_ = (items + items_per_thread - 1) / items_per_thread;
    starts_ = allocate<std::int32_t, memory_space>(exec, threads_ + 1, "aspmv::merge_path::starts");
    Kokkos::parallel_for("aspmv::merge_path::find_starts", RangePolicy<ExecSpace>(exec, 0, threads_ + 1),
                         MergePathStarts<typename Matrix::offsets_view, decltype(starts_)>{
                             a.row_offsets(), starts_, a.num_rows(), a.nnz(), items_per_thread});
    exec.fence();
  }

  std::size_t num_groups() const { return 1; }
  // One carry (row, partial sum) per thread.
  WorkspaceSize workspace_size() const { return {threads_, threads_}; }

  template <class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Workspace<Value, memory_space>& ws, Value alpha,
                 const XView& x, Value beta, const YView& y) const {
    if (threads_ == 0) return;
    Kokkos::parallel_for("aspmv::spmv::merge_path", RangePolicy<ExecSpace>(exec, 0, threads_),
                         MergePathFunctor<Matrix, XView, YView>{a_.row_offsets(), a_.col_indices(), a_.values(), x, y,
                                                                alpha, beta, starts_, ws.indices, ws.values,
                                                                a_.num_rows(), a_.nnz(), items_per_thread_});
    Kokkos::parallel_for("aspmv::spmv::merge_path_fixup", RangePolicy<ExecSpace>(exec, 0, threads_),
                         MergePathFixup<memory_space, YView, Value>{ws.indices, ws.values, y, alpha, a_.num_rows(),
                                                                    threads_, deterministic_});
  }

  std::int64_t threads() const { return threads_; }
  std::int64_t items_per_thread() const { return items_per_thread_; }

 private:
  Matrix a_;
  std::int64_t items_per_thread_;
  bool deterministic_;
  std::int64_t threads_ = 0;
  Kokkos::View<std::int32_t*, memory_space> starts_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct MergePath {
  static constexpr Kernel id = Kernel::merge_path;
  static constexpr KernelTraits traits{/*analysis*/ true,        /*uses_tpr*/ false, /*splits_rows*/ true,
                                       /*needs_structure*/ true, /*direct*/ false,
                                       /*row_bound*/ false};
  static constexpr TableParameter parameters[] = {TableParameter::merge_items};
  template <class ExecSpace, class Matrix>
  using Step = impl::MergePathStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"merge_path", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    using Value = typename Matrix::value_type;
    const std::int64_t ipt = ctx.params.merge_items_per_thread.template get<Value>();
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, ipt, ctx.options.deterministic);
    GroupSummary g;
    g.kernel = id;
    g.team_size = 1;
    g.teams = step.threads();
    g.blocks = step.threads();
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    g.detail = std::to_string(ipt) + " items (rows + nnz) per thread" +
               (ctx.options.deterministic ? ", ordered carries" : ", atomic carries");
    s.groups.push_back(g);
    return step;
  }
};

}  // namespace aspmv::kernels
