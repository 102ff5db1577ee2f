#pragma once
// Gao's blockwise partitioned SpMV: the rows are cut into blocks by
// Algorithm 1 (partition.hpp); short blocks run CSR-vector with their own
// TpR, grouped by TpR into one dispatch each, with Eq. (3) team counts; long
// rows run one team each (impl/row_segments.hpp), several teams for rows
// above the split length.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/features.hpp>
#include <aspmv/impl/row_segments.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/kernels/csr_vector.hpp>
#include <aspmv/partition.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>

#include <Kokkos_Core.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace aspmv::impl {

// The short-block groups (one per TpR), then the long rows.
template <class ExecSpace, class Matrix>
class GaoPartitionedStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  GaoPartitionedStep(std::vector<CsrVectorStep<ExecSpace, Matrix>> short_groups,
                     std::optional<RowSegmentsStep<ExecSpace, Matrix>> long_rows)
      : short_groups_(std::move(short_groups)), long_rows_(std::move(long_rows)) {}

  std::size_t num_groups() const { return short_groups_.size() + (long_rows_ ? 1 : 0); }
  WorkspaceSize workspace_size() const { return long_rows_ ? long_rows_->workspace_size() : WorkspaceSize{}; }
  template <class XView, class YView>
  void run_group(std::size_t g, const ExecSpace& exec, const Workspace<Value, memory_space>& ws, Value alpha,
                 const XView& x, Value beta, const YView& y) const {
    if (g < short_groups_.size())
      short_groups_[g].run_group(0, exec, ws, alpha, x, beta, y);
    else
      long_rows_->run(exec, ws, alpha, x, beta, y);
  }

 private:
  std::vector<CsrVectorStep<ExecSpace, Matrix>> short_groups_;
  std::optional<RowSegmentsStep<ExecSpace, Matrix>> long_rows_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct GaoPartitioned {
  static constexpr Kernel id = Kernel::gao_partitioned;
  static constexpr KernelTraits traits{/*analysis*/ true,        /*uses_tpr*/ true, /*splits_rows*/ true,
                                       /*needs_structure*/ true, /*direct*/ false,
                                       /*row_bound*/ false};
  static constexpr TableParameter parameters[] = {TableParameter::team_threads,   TableParameter::host_rows_per_chunk,
                                                  TableParameter::t_long,         TableParameter::teams_per_cu,
                                                  TableParameter::long_row_split, TableParameter::tpr};
  template <class ExecSpace, class Matrix>
  using Step = impl::GaoPartitionedStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"gao_partitioned", std::string("rule=") + predictors::to_string(o.tpr_rule), o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& summary) {
    using Offset = typename Matrix::offset_type;
    const auto& p = ctx.params;
    const auto& a = ctx.a;
    const auto& offsets = ctx.host_offsets();
    summary.partition = gao_partition(offsets, p.t_long);
    const auto props = backends::Traits<ExecSpace>::properties(ctx.exec);
    const std::int64_t compute_units = props.compute_units > 0 ? props.compute_units : ctx.table.hardware.compute_units;
    const std::int64_t n_blks = compute_units * p.teams_per_compute_unit;  // N_BLKS

    std::int64_t long_nnz = 0, short_blocks = 0;
    for (const auto& b : summary.partition) {
      if (b.is_long)
        long_nnz += b.nnz;
      else
        ++short_blocks;
    }
    const std::int64_t short_nnz = a.nnz() - long_nnz;
    // Eq. (3): teams of short block i = max(floor(nnzBlk[i] (N_BLKS - N_BLKS_l) / (nnz - nnz_l)), 1).
    // Gao's single kernel shares N_BLKS between long and short blocks; here the
    // long rows run in a dispatch of their own after the short blocks, so they
    // take no teams from them: N_BLKS_l = 0 for the short-block dispatches.
    const std::int64_t available = n_blks > short_blocks ? n_blks : short_blocks;

    std::map<int, std::vector<impl::BlockTeams>> by_tpr;
    std::map<int, GroupSummary> group_of;
    std::vector<std::int32_t> long_row_list;
    for (const auto& b : summary.partition) {
      if (b.is_long) {
        for (auto r = b.row_begin; r < b.row_end; ++r) long_row_list.push_back(r);
        continue;
      }
      const RowStats bs = row_stats(offsets, a.num_cols(), b.row_begin, b.row_end);
      const int tpr = ctx.tpr_for_block(bs);
      const auto shape = impl::vector_shape<ExecSpace>(tpr, p);
      std::int64_t teams =
          short_nnz > 0 ? static_cast<std::int64_t>(double(b.nnz) * double(available) / double(short_nnz)) : 1;
      teams = teams < 1 ? 1 : teams;
      const std::int64_t cover = impl::teams_to_cover(b.row_end - b.row_begin, shape);
      teams = teams < cover ? teams : cover;  // more teams than rows would idle
      by_tpr[tpr].push_back({b.row_begin, b.row_end, teams});
      auto& g = group_of[tpr];
      g.kernel = id;
      g.role = GroupRole::short_rows;
      g.tpr = tpr;
      g.team_size = shape.team_size;
      g.teams += teams;
      g.blocks += 1;
      g.rows += b.row_end - b.row_begin;
      g.nnz += b.nnz;
      g.detail = ctx.tpr_source_block();
    }
    std::vector<impl::CsrVectorStep<ExecSpace, Matrix>> short_groups;
    for (auto& [tpr, blocks] : by_tpr) {
      short_groups.emplace_back(ctx.exec, a, blocks, impl::vector_shape<ExecSpace>(tpr, p));
      summary.groups.push_back(group_of[tpr]);
    }
    std::optional<impl::RowSegmentsStep<ExecSpace, Matrix>> long_rows;
    if (!long_row_list.empty()) {
      const auto segments = impl::cut_rows<Offset>(long_row_list, offsets, p.long_row_split_nnz);
      const auto shape = impl::segment_shape<ExecSpace>(p);
      long_rows.emplace(ctx.exec, a, segments, shape, ctx.options.deterministic);
      GroupSummary g;
      g.kernel = id;
      g.role = GroupRole::long_rows;
      g.tpr = shape.vector_length;
      g.team_size = shape.team_size;
      g.teams = long_rows->num_segments();
      g.blocks = long_rows->num_segments();
      g.rows = static_cast<std::int64_t>(long_row_list.size());
      g.nnz = long_nnz;
      g.detail =
          "one team per segment of <= " + std::to_string(p.long_row_split_nnz) + " nnz; " +
          std::to_string(long_rows->num_split_rows()) + " rows split" +
          (long_rows->num_split_rows() > 0 ? (ctx.options.deterministic ? " (ordered combine)" : " (atomics)") : "");
      summary.groups.push_back(g);
    }
    return Step<ExecSpace, Matrix>(std::move(short_groups), std::move(long_rows));
  }
};

}  // namespace aspmv::kernels
