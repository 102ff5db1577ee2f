#pragma once
// Building a plan's dispatch steps: gather features, choose the kernel,
// partition, choose each group's TpR and team counts, build device arrays.
// The choices here are the only place rules and (later) models are consulted.

#include <aspmv/backends/traits.hpp>
#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/features.hpp>
#include <aspmv/kernels/csr_adaptive.hpp>
#include <aspmv/kernels/csr_scalar.hpp>
#include <aspmv/kernels/csr_vector.hpp>
#include <aspmv/kernels/merge_path.hpp>
#include <aspmv/kernels/row_segments.hpp>
#include <aspmv/partition.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/predictors/arch_table_data.hpp>
#include <aspmv/predictors/kernel_rules.hpp>
#include <aspmv/predictors/tpr_rules.hpp>

#include <Kokkos_Core.hpp>

#include <chrono>
#include <map>
#include <variant>
#include <vector>

namespace aspmv::impl {

template <class ExecSpace, class Matrix>
using PlanStep = std::variant<CsrScalarStep<ExecSpace, Matrix>, CsrVectorStep<ExecSpace, Matrix>,
                              RowSegmentsStep<ExecSpace, Matrix>, CsrAdaptiveStep<ExecSpace, Matrix>,
                              MergePathStep<ExecSpace, Matrix>>;

template <class ExecSpace, class Matrix>
struct BuiltPlan {
  std::vector<PlanStep<ExecSpace, Matrix>> steps;
  PlanSummary summary;
};

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <class Value>
const char* value_name() {
  return sizeof(Value) == 4 ? "float" : "double";
}

// Checks a forced TpR against what the backend runs.
template <class ExecSpace>
int checked_tpr(int tpr) {
  constexpr int max_tpr = backends::Traits<ExecSpace>::max_tpr;
  if (tpr < 1 || tpr > max_tpr || (tpr & (tpr - 1)) != 0)
    throw Error("aspmv::make_plan: threads_per_row " + std::to_string(tpr) + " is not a power of two in [1, " +
                std::to_string(max_tpr) + "] on " + backends::Traits<ExecSpace>::name);
  return tpr;
}

// CSR-vector launch shape for a TpR on this backend.
template <class ExecSpace>
VectorShape vector_shape(int tpr, const predictors::KernelParameters& p) {
  VectorShape s;
  s.tpr = tpr;
  if (backends::Traits<ExecSpace>::is_gpu) {
    s.team_size = p.team_threads / tpr > 0 ? p.team_threads / tpr : 1;
    s.rows_per_thread = 1;
  } else {
    s.team_size = 1;
    s.rows_per_thread = p.host_rows_per_chunk;
  }
  return s;
}

// Team shape of the team-per-row-segment kernel: the widest vector.
template <class ExecSpace>
TeamShape segment_shape(const predictors::KernelParameters& p) {
  TeamShape s;
  if (backends::Traits<ExecSpace>::is_gpu) {
    s.vector_length = backends::Traits<ExecSpace>::max_tpr;
    s.team_size = p.team_threads / s.vector_length > 0 ? p.team_threads / s.vector_length : 1;
  }
  return s;
}

template <class Offset, class Mem, class ExecSpace>
std::vector<Offset> offsets_to_host(const ExecSpace& exec, const Kokkos::View<const Offset*, Mem>& d) {
  std::vector<Offset> h(d.extent(0));
  Kokkos::deep_copy(exec, Kokkos::View<Offset*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(h.data(), h.size()), d);
  exec.fence();
  if (h.empty()) h.push_back(0);  // a 0-row matrix given without offsets
  return h;
}

// Gao's blockwise plan: Algorithm 1, Eq. (3) team counts, short blocks
// grouped by TpR (one CSR-vector dispatch per TpR), long rows one team each
// (several for rows above the split length).
template <class ExecSpace, class Matrix>
void build_gao(const ExecSpace& exec, const Matrix& a, const PlanOptions& opt, const predictors::ArchTableData& table,
               const std::vector<typename Matrix::offset_type>& offsets, BuiltPlan<ExecSpace, Matrix>& out) {
  using Offset = typename Matrix::offset_type;
  const auto& p = table.parameters;
  auto& summary = out.summary;
  summary.partition = gao_partition(offsets, p.t_long);
  const auto props = backends::Traits<ExecSpace>::properties(exec);
  const std::int64_t compute_units = props.compute_units > 0 ? props.compute_units : table.hardware.compute_units;
  const std::int64_t n_blks = compute_units * p.teams_per_compute_unit;  // N_BLKS

  std::int64_t long_nnz = 0, short_blocks = 0;
  for (const auto& b : summary.partition) {
    if (b.is_long) {
      long_nnz += b.nnz;
    } else {
      ++short_blocks;
    }
  }
  const std::int64_t short_nnz = a.nnz() - long_nnz;
  // Eq. (3): teams of short block i = max(floor(nnzBlk[i] (N_BLKS - N_BLKS_l) / (nnz - nnz_l)), 1).
  // Gao's single kernel shares N_BLKS between long and short blocks; here the
  // long rows run in a dispatch of their own after the short blocks, so they
  // take no teams from them: N_BLKS_l = 0 for the short-block dispatches.
  const std::int64_t available = n_blks > short_blocks ? n_blks : short_blocks;

  std::map<int, std::vector<BlockTeams>> by_tpr;
  std::map<int, GroupSummary> group_of;
  std::vector<std::int32_t> long_row_list;
  for (const auto& b : summary.partition) {
    if (b.is_long) {
      for (auto r = b.row_begin; r < b.row_end; ++r) long_row_list.push_back(r);
      continue;
    }
    const RowStats bs = row_stats(offsets, a.num_cols(), b.row_begin, b.row_end);
    const int tpr = opt.threads_per_row > 0
                        ? checked_tpr<ExecSpace>(opt.threads_per_row)
                        : predictors::tpr_by_rule(opt.tpr_rule, bs, backends::Traits<ExecSpace>::max_tpr);
    const VectorShape shape = vector_shape<ExecSpace>(tpr, p);
    std::int64_t teams = short_nnz > 0 ? static_cast<std::int64_t>(double(b.nnz) * double(available) / double(short_nnz)) : 1;
    teams = teams < 1 ? 1 : teams;
    const std::int64_t cover = teams_to_cover(b.row_end - b.row_begin, shape);
    teams = teams < cover ? teams : cover;  // more teams than rows would idle
    by_tpr[tpr].push_back({b.row_begin, b.row_end, teams});
    auto& g = group_of[tpr];
    g.kernel = "csr_vector";
    g.tpr = tpr;
    g.team_size = shape.team_size;
    g.teams += teams;
    g.blocks += 1;
    g.rows += b.row_end - b.row_begin;
    g.nnz += b.nnz;
    g.detail = opt.threads_per_row > 0 ? "TpR forced" : std::string("TpR by rule ") + predictors::to_string(opt.tpr_rule);
  }
  for (auto& [tpr, blocks] : by_tpr) {
    out.steps.emplace_back(CsrVectorStep<ExecSpace, Matrix>(exec, a, blocks, vector_shape<ExecSpace>(tpr, p)));
    summary.groups.push_back(group_of[tpr]);
  }
  if (!long_row_list.empty()) {
    const auto segments = cut_rows<Offset>(long_row_list, offsets, p.long_row_split_nnz);
    const auto shape = segment_shape<ExecSpace>(p);
    RowSegmentsStep<ExecSpace, Matrix> step(exec, a, segments, shape, opt.deterministic);
    GroupSummary g;
    g.kernel = "row_segments";
    g.tpr = shape.vector_length;
    g.team_size = shape.team_size;
    g.teams = step.num_segments();
    g.blocks = step.num_segments();
    g.rows = static_cast<std::int64_t>(long_row_list.size());
    g.nnz = long_nnz;
    g.detail = "long rows, one team per segment of <= " + std::to_string(p.long_row_split_nnz) + " nnz; " +
               std::to_string(step.num_split_rows()) + " rows split" +
               (step.num_split_rows() > 0 ? (opt.deterministic ? " (ordered combine)" : " (atomics)") : "");
    out.steps.emplace_back(std::move(step));
    summary.groups.push_back(g);
  }
}

template <class ExecSpace, class Matrix>
BuiltPlan<ExecSpace, Matrix> build_plan_steps(const ExecSpace& exec, const Matrix& a, const PlanOptions& opt,
                                              const predictors::ArchTableData& table) {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Traits = backends::Traits<ExecSpace>;
  const auto t_start = std::chrono::steady_clock::now();
  const auto& p = table.parameters;
  BuiltPlan<ExecSpace, Matrix> out;
  auto& s = out.summary;
  s.value_type = value_name<Value>();
  s.offset_type = std::string(std::is_signed<Offset>::value ? "int" : "uint") + std::to_string(8 * sizeof(Offset));
  s.execution_space = Traits::name;
  s.arch = table.arch;
  s.arch_status = table.provenance.status;
  s.deterministic = opt.deterministic;
  s.expected_calls = opt.expected_calls;
  if (opt.threads_per_row != 0) checked_tpr<ExecSpace>(opt.threads_per_row);

  // Features: known ones are free; gathered ones cost two device reductions.
  s.stats.rows = a.num_rows();
  s.stats.cols = a.num_cols();
  s.stats.nnz = a.nnz();
  s.stats.mean = s.stats.rows > 0 ? double(s.stats.nnz) / double(s.stats.rows) : 0.0;
  const bool needs_structure = opt.kernel != Kernel::csr_scalar && opt.kernel != Kernel::csr_vector;
  const bool gather = opt.kernel == Kernel::automatic ? opt.gather_features : needs_structure;
  if (gather) {
    const auto t0 = std::chrono::steady_clock::now();
    s.stats = row_stats(exec, a);
    s.features_seconds = seconds_since(t0);
    s.features_gathered = true;
  }

  if (opt.kernel == Kernel::automatic) {
    const auto choice = predictors::choose_kernel_by_rule(s.stats, s.features_gathered, Traits::is_gpu, p);
    s.kernel = choice.kernel;
    s.why = choice.why;
  } else {
    s.kernel = opt.kernel;
    s.why = "forced by options";
  }

  const auto t_setup = std::chrono::steady_clock::now();
  switch (s.kernel) {
    case Kernel::automatic:
    case Kernel::csr_scalar: {
      const std::int64_t chunk = Traits::is_gpu ? 1 : p.host_rows_per_chunk;
      out.steps.emplace_back(CsrScalarStep<ExecSpace, Matrix>(a, chunk));
      s.groups.push_back({"csr_scalar", 1, 1, s.stats.rows, 1, s.stats.rows, s.stats.nnz,
                          Traits::is_gpu ? "one thread per row" : "rows in chunks of " + std::to_string(chunk)});
      break;
    }
    case Kernel::csr_vector: {
      const int tpr = opt.threads_per_row > 0
                          ? opt.threads_per_row
                          : predictors::tpr_by_rule(opt.tpr_rule, s.stats, Traits::max_tpr);
      const auto shape = vector_shape<ExecSpace>(tpr, p);
      const std::int64_t teams = teams_to_cover(a.num_rows(), shape);
      std::vector<BlockTeams> blocks;
      if (a.num_rows() > 0) blocks.push_back({0, a.num_rows(), teams});
      out.steps.emplace_back(CsrVectorStep<ExecSpace, Matrix>(exec, a, blocks, shape));
      s.groups.push_back({"csr_vector", tpr, shape.team_size, teams, 1, s.stats.rows, s.stats.nnz,
                          opt.threads_per_row > 0 ? "TpR forced"
                                                  : std::string("TpR by rule ") + predictors::to_string(opt.tpr_rule)});
      break;
    }
    case Kernel::gao_partitioned: {
      const auto offsets = offsets_to_host(exec, a.row_offsets());
      build_gao(exec, a, opt, table, offsets, out);
      break;
    }
    case Kernel::csr_adaptive: {
      AdaptiveParams ap;
      ap.nnz_per_wg = p.adaptive_nnz_per_wg.template get<Value>();
      ap.num_rows_stream = p.adaptive_num_rows_stream.template get<Value>();
      ap.nnz_multiplier = p.adaptive_nnz_multiplier.template get<Value>();
      ap.stage_unroll = opt.adaptive_unroll > 0 ? opt.adaptive_unroll : p.adaptive_stage_unroll;
      if (ap.stage_unroll != 1 && ap.stage_unroll != 4 && ap.stage_unroll != 8)
        throw Error("aspmv::make_plan: adaptive_unroll " + std::to_string(ap.stage_unroll) + " is not 1, 4 or 8");
      const int team = Traits::is_gpu ? p.adaptive_workgroup_threads : 1;
      ap.max_rows = team;
      const bool on_device = a.num_rows() >= p.adaptive_device_build_min_rows;
      std::vector<Offset> offsets;
      if (!on_device) offsets = offsets_to_host(exec, a.row_offsets());
      using Step = CsrAdaptiveStep<ExecSpace, Matrix>;
      Step step(exec, a, &offsets, ap, team, opt.deterministic, on_device ? Step::Build::device : Step::Build::host);
      GroupSummary g{"csr_adaptive", 0, team, step.num_blocks(), step.num_blocks(), s.stats.rows, s.stats.nnz, ""};
      g.detail = "rowBlocks built on the " + std::string(on_device ? "device" : "host") + " in " +
                 std::to_string(step.build_seconds() * 1e3) + " ms; NNZ_PER_WG " + std::to_string(ap.nnz_per_wg) +
                 ", num_rows_stream " + std::to_string(ap.num_rows_stream) + ", NNZ_multiplier " +
                 std::to_string(ap.nnz_multiplier) + ", staging unroll " + std::to_string(ap.stage_unroll) + "; " +
                 std::to_string(step.num_split_rows()) + " rows on CSR-VectorL";
      out.steps.emplace_back(std::move(step));
      s.groups.push_back(g);
      break;
    }
    case Kernel::merge_path: {
      const std::int64_t ipt = p.merge_items_per_thread.template get<Value>();
      MergePathStep<ExecSpace, Matrix> step(exec, a, ipt, opt.deterministic);
      s.groups.push_back({"merge_path", 1, 1, step.threads(), step.threads(), s.stats.rows, s.stats.nnz,
                          std::to_string(ipt) + " items (rows + nnz) per thread" +
                              (opt.deterministic ? ", ordered carries" : ", atomic carries")});
      out.steps.emplace_back(std::move(step));
      break;
    }
  }
  s.setup_seconds = seconds_since(t_setup);
  s.analysis_seconds = seconds_since(t_start);
  return out;
}

}  // namespace aspmv::impl
