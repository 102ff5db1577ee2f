#pragma once
// LRB: logarithmic row binning (rocSPARSE's LRB algorithm, our own code).
// The plan bins the rows by length on the device (impl/row_bins.hpp: three
// parallel passes over the row offsets, no sort, one small copy to the host)
// and runs each bin (class) as a block of rows of near-equal length:
//  - rows of up to 2^k entries form class k, rows longer than the widest
//    vector and up to team_row_lane_passes passes of it the multi-pass
//    class; each class takes its TpR from the class's statistics by
//    Kokkos Kernels' rule (about 6 entries a lane: lrb_class_rule), or the
//    options' rule under Selector::rules, or the forced TpR; TpR 1 runs as a
//    flat range;
//  - longer rows get a whole team each, and rows above the table's
//    long_row_split_nnz several teams (impl/row_segments.hpp: atomics after
//    a prescale, or in order with PlanOptions::deterministic).
// On GPUs every class and the long rows run in one launch by default
// (impl/lrb_one_launch.hpp: a warp the unit, TpR up to a warp, rows over 8
// passes of a warp long in pieces of a warp each, the pieces 4 to 16 passes
// long by choose_lrb_piece, combined by the last piece in order); with the
// table's lrb_one_launch 0, neighbouring classes with the same TpR share a
// launch, and so does a launch whose rows would take less than one wave of
// the device at the next class's TpR, and the long rows take their own. Every
// row is summed by one fixed set of lanes, chosen by its length alone, so
// results repeat from run to run.
//
// The first version gave a row of up to 2^k entries 2^k lanes (one pass):
// on the H200 that was 0.515x the best other kernel, far too many lanes for
// short rows; with the planner's TpR 0.748x, in one launch 0.924x (double;
// docs/PERF.md). Its analysis is cheaper than CSR-Adaptive's and Gao's on
// large matrices. On CPUs (one lane a thread) the short and medium classes
// are one range over the listed rows, and only the team rows (whole or
// split) run apart.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/lrb_one_launch.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/row_bins.hpp>
#include <aspmv/impl/row_segments.hpp>
#include <aspmv/impl/strided_dot.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/kernels/csr_vector_team.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>
#include <predictors/tpr_rules.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace aspmv::impl {

// The launch shape: the widest vector, the row length above which a row is
// long (a team's, or in one launch cut into pieces of long_row to max_piece
// entries: choose_lrb_piece), whether the short and medium bins run as one
// range (CPUs), and whether everything runs in one launch (GPUs; TpR then at
// most a warp).
struct LrbShape {
  int max_lanes = 1;
  std::int64_t long_row = 1;
  std::int64_t max_piece = 1;
  bool one_range = true;
  int max_team_size = 1;
  bool one_launch = false;
  std::int64_t piece = 0;      // in one launch the long rows' pieces' length; 0: choose_lrb_piece's
  std::int64_t min_piece = 0;  // in one launch choose_lrb_piece's shortest piece; 0: long_row
};

// In one launch, rows over this many passes of the widest vector are long by
// default (the table's lrb_long_row 0), cut into pieces of lrb_piece_passes to
// team_row_lane_passes passes. With 4 (rows over 128 entries long on CUDA)
// the medium class of rows of 33 to 128 entries took a TpR from its
// statistics that ran rand-normal-r500000 2x slower than with 8 or 16 (H200,
// perf/results/h200/2026-11-29-lrb, call 8).
inline constexpr std::int64_t lrb_long_row_passes = 8;

// In one launch by default the long rows' pieces are from this many passes of
// the widest vector long (128 entries on CUDA: one unrolled pass of
// strided_dot a lane), longer where they would outnumber the device's warps
// or a row would have more than lrb_row_piece_passes passes of a warp's lanes
// of pieces. Fixed pieces of 4 passes against the 8 or 16 chosen before: lrb
// 1.10x faster on 61 matrices with long rows in double, 1.02x in float
// (H100, perf/results/h100/2026-12-06-lrb-pieces, call 1; pieces of 1, 2 and
// 8 passes slower); this rule against the one before in one run (call 2):
// 1.12x, 1.13x and 1.09x on the three lists there.
inline constexpr std::int64_t lrb_piece_passes = 4;
inline constexpr std::int64_t lrb_row_piece_passes = 8;

// This space's shape: on GPUs its widest vector; rows above the table's
// lrb_long_row entries long (0: in one launch rows above
// lrb_long_row_passes passes of the widest vector, in pieces of
// lrb_piece_passes up to team_row_lane_passes passes; in a launch per TpR rows above
// team_row_lane_passes passes, a team each); on CPUs one lane a row and rows
// above long_row_split_nnz split over threads.
template <class ExecSpace>
LrbShape lrb_shape(const predictors::KernelParameters& p) {
  using Traits = backends::Traits<ExecSpace>;
  LrbShape s;
  s.max_team_size = Traits::max_team_size;
  if (Traits::is_gpu) {
    s.max_lanes = Traits::max_tpr;
    s.one_range = false;
    s.one_launch = p.lrb_one_launch != 0;
    const std::int64_t widest = team_row_lane_passes * Traits::max_tpr;
    if (p.lrb_long_row > 0) {
      s.long_row = s.max_piece = p.lrb_long_row;
    } else {
      s.long_row = s.one_launch ? lrb_long_row_passes * Traits::max_tpr : widest;
      s.max_piece = widest;
      if (s.one_launch) s.min_piece = lrb_piece_passes * Traits::max_tpr;
    }
    s.piece = p.lrb_piece;
  } else {
    s.long_row = s.max_piece = p.long_row_split_nnz;
  }
  return s;
}

// The TpR rule lrb's classes take unless PlanOptions say otherwise: Kokkos Kernels' (the smallest power of two VL
// with 6 VL >= the class's mean length: about 6 entries a lane). Measured on an H200 (perf/results/h200/
// 2026-12-03-lrb-tpr, calls 1-5, h100 table): the planner's TpR for a block of rows, the table's tpr_block model,
// gave the classes of small power-law graphs 32 lanes for rows of at most 8 entries (a class's statistics, the bin's
// bounds, are not the blocks it was trained on); CUSP's mean (a pass of lanes a row) ran the small matrices 0.53-1.05x
// the model's time but large ones up to 3.3x; this rule, over 30 matrices of 0.1-120 waves of the device (graphs,
// stencils, bands, circuits, power-law and normal rows), 0.868x the time of the better of those two (0.46-1.07x;
// web-sk-2005 11.9 -> 7.0 us, 3-D stencils of 27,000 rows 11.7 -> 5.3 us).
inline constexpr predictors::TprRule lrb_class_rule = predictors::TprRule::kokkos_kernels;

// The rule a plan's classes take: the options' under Selector::rules (the literature's baselines, studies), else
// lrb_class_rule.
inline predictors::TprRule lrb_rule_for(const PlanOptions& o) {
  return o.selector == Selector::rules ? o.tpr_rule : lrb_class_rule;
}

// The lanes of lrb's classes (`classes[k]`: class k's statistics; a class without rows takes 1) and the launch's
// threads at them over the device's resident threads.
struct LrbClassLanes {
  std::vector<int> lanes;
  double waves = 0;
};

// `lanes_for(stats)`: a class's lanes (a rule's or the forced TpR), each then at most max_lanes and a power of two.
template <class LanesFor>
LrbClassLanes lrb_class_lanes(const std::vector<RowStats>& classes, int max_lanes, std::int64_t resident_threads,
                              LanesFor&& lanes_for) {
  LrbClassLanes out;
  out.lanes.assign(classes.size(), 1);
  double threads = 0;
  for (std::size_t k = 0; k < classes.size(); ++k) {
    if (classes[k].rows == 0) continue;
    int lanes = std::clamp(static_cast<int>(lanes_for(classes[k])), 1, std::max(1, max_lanes));
    while ((lanes & (lanes - 1)) != 0) lanes &= lanes - 1;  // a power of two (the largest not above)
    out.lanes[k] = lanes;
    threads += double(classes[k].rows) * lanes;
  }
  out.waves = threads / double(std::max<std::int64_t>(1, resident_threads));
  return out;
}

// One launch over the listed rows [begin, end): `lanes` lanes a row.
struct LrbGroup {
  std::int64_t begin = 0, end = 0;
  int lanes = 1;
  int team_size = 1;
  int first_class = 0, last_class = 0;  // the bins it runs
  std::int64_t nnz = 0;
  std::int64_t rows() const { return end - begin; }
};

// One lane a row: a flat range over the listed rows.
template <class Matrix, class XView, class YView>
struct LrbScalarFunctor {
  using Value = typename Matrix::value_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<const std::int32_t*, typename Matrix::memory_space> perm;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const std::int64_t row = perm(i);
    write_row(y, row, alpha, row_sum<Value>(offsets, cols, vals, x, row), beta);
  }
};

// `lanes` vector lanes a row, team_size rows a team.
template <class ExecSpace, class Matrix, class XView, class YView>
struct LrbVectorFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<const std::int32_t*, typename Matrix::memory_space> perm;
  std::int64_t begin, end;
  int lanes;
  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const std::int64_t i = begin + static_cast<std::int64_t>(team.league_rank()) * team.team_size() + team.team_rank();
    if (i >= end) return;
    const std::int64_t row = perm(i);
    const Offset first = offsets(row), last = offsets(row + 1);
    Value sum = 0;
    Kokkos::parallel_reduce(
        Kokkos::ThreadVectorRange(team, lanes),
        [&](const int lane, Value& s) { s += strided_dot<Value>(first + lane, last, Offset(lanes), cols, vals, x); },
        sum);
    Kokkos::single(Kokkos::PerThread(team), [&]() { write_row(y, row, alpha, sum, beta); });
  }
};

// Reads the team class's rows back as whole-row segments (few: each has more
// than long_row entries).
template <class Offsets, class Perm, class Segments>
struct LrbTeamRows {
  Offsets offsets;
  Perm perm;
  Segments segments;
  std::int64_t begin;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const std::int32_t row = perm(begin + i);
    using Segment = typename Segments::non_const_value_type;
    segments(i) = Segment{row, offsets(row), offsets(row + 1)};
  }
};

template <class ExecSpace, class Matrix>
class LrbStep {
 public:
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using memory_space = typename Matrix::memory_space;

  // Bins the rows of `a` and forms the launches. `lanes_for(stats)` gives a
  // class its lanes from its rows' statistics (then clamped to the launch's
  // widest vector and a power of two: lrb_class_lanes); `wave_lanes`: the
  // lanes of one wave of the device (a launch whose rows would take less than
  // that at the next class's lanes takes that class too).
  template <class LanesFor>
  LrbStep(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& p, const LrbShape& shape,
          std::int64_t wave_lanes, bool deterministic, LanesFor&& lanes_for)
      : a_(a) {
    using Clock = std::chrono::steady_clock;
    const auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
    const auto t0 = Clock::now();
    rule_ = row_bin_rule(shape.max_lanes, shape.long_row);
    bins_ = bin_rows(exec, a.row_offsets(), a.num_rows(), a.nnz(), rule_);
    perm_ = bins_.perm;
    build_.bins = since(t0);
    const bool one = shape.one_launch && !shape.one_range;
    LrbShape formed = shape;
    if (one) formed.max_lanes = std::min(shape.max_lanes, LrbOneLaunch<ExecSpace, Matrix>::warp);
    // in one launch, no reason to join classes
    form_groups(p, formed, one ? 0 : wave_lanes, std::max<std::int64_t>(1, exec.concurrency()), lanes_for);
    const auto t1 = Clock::now();
    const auto long_rows = team_rows_on_host(exec, a);
    build_.long_rows = since(t1);
    const auto t2 = Clock::now();
    if (one) {
      LrbLayout layout;
      for (const auto& g : groups_)
        add_lrb_part(layout, g.begin, g.end, g.lanes, LrbOneLaunch<ExecSpace, Matrix>::warp);
      const int warp = LrbOneLaunch<ExecSpace, Matrix>::warp;
      const std::int64_t resident_warps = std::max<std::int64_t>(1, exec.concurrency() / warp);
      const std::int64_t shortest = shape.min_piece > 0 ? shape.min_piece : rule_.long_row;
      const std::int64_t piece = shape.piece > 0
                                     ? shape.piece
                                     : choose_lrb_piece(long_rows, shortest, std::max(shape.max_piece, shortest),
                                                        resident_warps, lrb_row_piece_passes * warp);
      one_.emplace(exec, layout, long_rows, piece, p.direct_launch);
    } else if (!long_rows.empty()) {
      team_.emplace(exec, a, cut_segments(long_rows, p.long_row_split_nnz), segment_shape<ExecSpace>(p), deterministic);
    }
    build_.launch = since(t2);
    build_.total = since(t0);
  }

  // A class's rows as statistics: rows, nonzeros and mean exact; shortest
  // and longest the class's bounds; the variance that of lengths spread
  // evenly between them.
  RowStats class_stats(int k) const {
    RowStats s;
    s.rows = bins_.rows(k);
    s.cols = a_.num_cols();
    s.nnz = bins_.nnz(k);
    const int vc = rule_.vector_classes;
    if (k < vc) {
      s.min = k == 0 ? 0 : (std::int64_t{1} << (k - 1)) + 1;
      s.max = std::int64_t{1} << k;
    } else if (k == rule_.multi_pass_class()) {
      s.min = (std::int64_t{1} << (vc - 1)) + 1;
      s.max = rule_.long_row;
    } else {
      s.min = rule_.long_row + 1;
      s.max = s.nnz;
    }
    s.mean = s.rows > 0 ? double(s.nnz) / double(s.rows) : 0.0;
    const auto spread = static_cast<double>(s.max - s.min);
    s.var = spread * spread / 12.0;
    return s;
  }

  std::size_t num_groups() const { return one_ ? 1 : groups_.size() + (team_ ? 1 : 0); }
  WorkspaceSize workspace_size() const {
    if (one_) return one_->workspace_size();
    return team_ ? team_->workspace_size() : WorkspaceSize{};
  }

  template <class XView, class YView>
  void run_group(std::size_t i, const ExecSpace& exec, const Workspace<Value, memory_space>& ws, Value alpha,
                 const XView& x, Value beta, const YView& y) const {
    if (one_) {
      one_->run(exec, ws, a_, perm_, alpha, x, beta, y);
      return;
    }
    if (i >= groups_.size()) {
      team_->run(exec, ws, alpha, x, beta, y);
      return;
    }
    const LrbGroup& g = groups_[i];
    if (g.rows() == 0) return;
    if (g.lanes == 1) {
      Kokkos::parallel_for("aspmv::spmv::lrb", RangePolicy<ExecSpace>(exec, g.begin, g.end),
                           LrbScalarFunctor<Matrix, XView, YView>{a_.row_offsets(), a_.col_indices(), a_.values(), x, y,
                                                                  alpha, beta, perm_});
      return;
    }
    const std::int64_t teams = (g.rows() + g.team_size - 1) / g.team_size;
    Kokkos::parallel_for(
        "aspmv::spmv::lrb", TeamPolicy<ExecSpace>(exec, planner::checked_league(teams, "LRB"), g.team_size, g.lanes),
        LrbVectorFunctor<ExecSpace, Matrix, XView, YView>{a_.row_offsets(), a_.col_indices(), a_.values(), x, y, alpha,
                                                          beta, perm_, g.begin, g.end, g.lanes});
  }

  const std::vector<LrbGroup>& groups() const { return groups_; }
  const RowBinRule& rule() const { return rule_; }
  const LrbClassLanes& class_lanes() const { return class_lanes_; }
  const std::vector<std::int64_t>& class_begin() const { return bins_.class_begin; }
  std::int64_t team_rows() const { return bins_.rows(rule_.team_class()); }
  std::int64_t team_nnz() const { return bins_.nnz(rule_.team_class()); }
  const std::optional<RowSegmentsStep<ExecSpace, Matrix>>& team_step() const { return team_; }
  const std::optional<LrbOneLaunch<ExecSpace, Matrix>>& one_launch() const { return one_; }
  // Host wall time of the build and of its parts (the parts end in a fence or a copy back: each is done when timed).
  struct BuildTimes {
    double bins = 0;       // bin_rows: the rows binned on the device, the classes' bounds copied back
    double long_rows = 0;  // the long rows copied back as segments
    double launch = 0;     // the launches' arrays: the one launch's pieces, or the long rows' team step
    double total = 0;      // with forming the groups on the host
  };
  const BuildTimes& build_times() const { return build_; }

 private:
  // The team class's rows as whole-row segments, on the host (few: each has
  // more than long_row entries).
  std::vector<RowSegment<Offset>> team_rows_on_host(const ExecSpace& exec, const Matrix& a) const {
    const int team_class = rule_.team_class();
    const std::int64_t n = bins_.rows(team_class);
    std::vector<RowSegment<Offset>> host(static_cast<std::size_t>(n));
    if (n == 0) return host;
    auto whole = allocate<RowSegment<Offset>, memory_space>(exec, n, "aspmv::lrb::team_rows");
    Kokkos::parallel_for("aspmv::lrb::team_rows", RangePolicy<ExecSpace>(exec, 0, n),
                         LrbTeamRows<typename Matrix::offsets_view, decltype(perm_), decltype(whole)>{
                             a.row_offsets(), perm_, whole, bins_.class_begin[team_class]});
    Kokkos::deep_copy(
        exec, Kokkos::View<RowSegment<Offset>*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(host.data(), host.size()),
        whole);
    exec.fence();
    return host;
  }

  template <class LanesFor>
  void form_groups(const predictors::KernelParameters& p, const LrbShape& shape, std::int64_t wave_lanes,
                   std::int64_t resident_threads, LanesFor&& lanes_for) {
    const int last = rule_.multi_pass_class();
    if (shape.one_range) {  // one lane a row everywhere: one range
      LrbGroup g;
      g.begin = bins_.class_begin[0];
      g.end = bins_.class_begin[last + 1];
      g.first_class = 0;
      g.last_class = last;
      g.nnz = bins_.class_nnz_begin[last + 1] - bins_.class_nnz_begin[0];
      if (g.rows() > 0) groups_.push_back(g);
      return;
    }
    std::optional<LrbGroup> open;
    const auto close = [&]() {
      open->team_size = std::clamp(p.team_threads / open->lanes, 1, shape.max_team_size);
      groups_.push_back(*open);
      open.reset();
    };
    std::vector<RowStats> classes;
    for (int k = 0; k <= last; ++k) classes.push_back(class_stats(k));
    class_lanes_ = lrb_class_lanes(classes, shape.max_lanes, resident_threads, lanes_for);
    for (int k = 0; k <= last; ++k) {
      if (bins_.rows(k) == 0) continue;
      const int lanes = class_lanes_.lanes[static_cast<std::size_t>(k)];
      if (open && open->lanes != lanes && open->rows() * lanes > wave_lanes) close();
      if (!open) {
        open.emplace();
        open->begin = bins_.class_begin[k];
        open->first_class = k;
      }
      open->end = bins_.class_begin[k + 1];
      open->last_class = k;
      open->lanes = lanes;
      open->nnz += bins_.nnz(k);
    }
    if (open) close();
  }

  Matrix a_;
  RowBinRule rule_;
  RowBins<memory_space> bins_;
  Kokkos::View<const std::int32_t*, memory_space> perm_;
  std::vector<LrbGroup> groups_;
  LrbClassLanes class_lanes_;
  std::optional<RowSegmentsStep<ExecSpace, Matrix>> team_;
  std::optional<LrbOneLaunch<ExecSpace, Matrix>> one_;
  BuildTimes build_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct Lrb {
  static constexpr Kernel id = Kernel::lrb;
  static constexpr KernelTraits traits{/*analysis*/ true,         /*uses_tpr*/ true, /*splits_rows*/ true,
                                       /*needs_structure*/ false, /*direct*/ false,
                                       /*row_bound*/ false};
  static constexpr TableParameter parameters[] = {TableParameter::team_threads, TableParameter::long_row_split,
                                                  TableParameter::tpr,          TableParameter::lrb_one_launch,
                                                  TableParameter::lrb_long_row, TableParameter::lrb_piece,
                                                  TableParameter::direct_launch};
  template <class ExecSpace, class Matrix>
  using Step = impl::LrbStep<ExecSpace, Matrix>;

  // One configuration: each class's TpR from the planner (as Gao's blocks).
  // The configuration keeps its name, "rule=cusp_mean" (the options' rule, which the classes take only under
  // Selector::rules; by default they take lrb_class_rule): the trained tables and the collections key lrb by it.
  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"lrb", std::string("rule=") + predictors::to_string(o.tpr_rule), o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    using Traits = backends::Traits<ExecSpace>;
    const auto& p = ctx.params;
    const auto props = Traits::properties(ctx.exec);
    const std::int64_t compute_units = props.compute_units > 0 ? props.compute_units : ctx.table.hardware.compute_units;
    const std::int64_t wave_lanes = std::max<std::int64_t>(1, compute_units) * std::max(1, p.team_threads);
    const auto shape = impl::lrb_shape<ExecSpace>(p);
    const int forced = ctx.options.threads_per_row;
    const auto class_rule = impl::lrb_rule_for(ctx.options);
    const auto lanes_for = [&](const RowStats& b) {
      return forced > 0 ? forced : predictors::tpr_by_rule(class_rule, b, Traits::max_tpr);
    };
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, p, shape, wave_lanes, ctx.options.deterministic, lanes_for);
    const auto& rule = step.rule();
    const auto bin_name = [&](int k) {
      if (k < rule.vector_classes) return "<=" + std::to_string(std::int64_t{1} << k);
      return "<=" + std::to_string(rule.long_row);
    };
    const auto& one = step.one_launch();
    constexpr int warp = impl::LrbOneLaunch<ExecSpace, Matrix>::warp;
    const auto& chosen = step.class_lanes();
    char waves[32];
    std::snprintf(waves, sizeof waves, "%.2g", chosen.waves);
    const std::string lanes_source =
        (forced > 0 ? std::string("TpR forced") : std::string("TpR by rule ") + predictors::to_string(class_rule)) +
        " (" + waves + " waves of the device)";
    for (std::size_t i = 0; i < step.groups().size(); ++i) {
      const auto& grp = step.groups()[i];
      GroupSummary g;
      g.kernel = id;
      g.role = GroupRole::short_rows;
      g.tpr = grp.lanes;
      if (one) {  // this class's share of the one launch's warps
        const auto& layout = one->layout();
        const std::int64_t end = i + 1 < step.groups().size() ? layout.parts[i + 1].first_unit : layout.units;
        g.team_size = warp;
        g.teams = end - layout.parts[i].first_unit;
      } else {
        g.team_size = grp.lanes == 1 ? 0 : grp.team_size;
        g.teams = grp.lanes == 1 ? 0 : (grp.rows() + grp.team_size - 1) / grp.team_size;
      }
      g.blocks = grp.last_class - grp.first_class + 1;
      g.rows = grp.rows();
      g.nnz = grp.nnz;
      g.detail = "rows of " +
                 (grp.first_class == grp.last_class ? bin_name(grp.last_class)
                                                    : bin_name(grp.first_class) + " .. " + bin_name(grp.last_class)) +
                 " entries, " + (shape.one_range ? std::string("one lane a row") : lanes_source);
      s.groups.push_back(g);
    }
    if (one && one->num_pieces() > 0) {
      GroupSummary g;
      g.kernel = id;
      g.role = GroupRole::long_rows;
      g.tpr = warp;
      g.team_size = warp;
      g.teams = one->num_pieces();
      g.blocks = one->num_pieces();
      g.rows = step.team_rows();
      g.nnz = step.team_nnz();
      g.detail = "rows over " + std::to_string(rule.long_row) + " entries in " + std::to_string(one->num_pieces()) +
                 " pieces of <= " + std::to_string(one->piece()) + " entries, a warp each (" +
                 std::to_string(one->num_split_rows()) + " rows of several pieces: the last piece adds them in order)";
      s.groups.push_back(g);
    }
    if (const auto& team = step.team_step()) {
      GroupSummary g;
      g.kernel = id;
      g.role = GroupRole::long_rows;
      g.tpr = team->shape().vector_length;
      g.team_size = team->shape().team_size;
      g.teams = team->num_segments();
      g.blocks = team->num_segments();
      g.rows = step.team_rows();
      g.nnz = step.team_nnz();
      g.detail = "rows over " + std::to_string(rule.long_row) + " entries, a team each, " +
                 std::to_string(team->num_split_rows()) +
                 " split over teams (<= " + std::to_string(p.long_row_split_nnz) + " nnz a team" +
                 (team->num_split_rows() > 0 ? (ctx.options.deterministic ? ", ordered combine)" : ", atomics)") : ")");
      s.groups.push_back(g);
    }
    if (!s.groups.empty()) {
      const auto& b = step.build_times();
      const auto us = [](double seconds) { return std::to_string(std::llround(seconds * 1e6)); };
      s.groups.front().detail += "; built in " + us(b.total) + " us (rows binned on the device " + us(b.bins) +
                                 ", long rows " + us(b.long_rows) + ", launch arrays " + us(b.launch) + ")";
      if (one)
        s.groups.front().detail += "; every class and the long rows in one launch of " +
                                   std::to_string(one->threads() / warp) + " warps (a range of " +
                                   std::to_string(one->threads()) + " threads)";
    }
    return step;
  }
};

}  // namespace aspmv::kernels
