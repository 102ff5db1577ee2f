#pragma once
// One team per row segment, the whole team (threads x vector lanes) reducing
// the segment's products. A segment that covers its whole row writes the row
// (Gao's long-row blocks: one team per row); a row split into several
// segments (rows longer than the split length) combines its partial sums
// through impl/split_rows.hpp, by atomics or deterministically (partial
// sums in the plan's workspace). Gao's partitioned kernel runs its long rows
// with it.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/split_rows.hpp>
#include <aspmv/impl/strided_dot.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>

#include <Kokkos_Core.hpp>

#include <utility>
#include <vector>

namespace aspmv::impl {

template <class Matrix, class XView, class YView, class ExecSpace>
struct RowSegmentsFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<const RowSegment<Offset>*, typename Matrix::memory_space> segments;
  Kokkos::View<Value*, typename Matrix::memory_space> partials;  // deterministic mode: one workspace slot per segment
  bool deterministic;
  int threads;  // team size x vector length

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const std::int64_t s = team.league_rank();
    const RowSegment<Offset> seg = segments(s);
    Value sum = 0;
    // One index per (thread, lane) of the team; each sums its strided share.
    Kokkos::parallel_reduce(
        Kokkos::TeamVectorRange(team, threads),
        [&](const int t, Value& acc) {
          acc += strided_dot<Value>(seg.nnz_begin + t, seg.nnz_end, Offset(threads), cols, vals, x);
        },
        sum);
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      const bool whole = seg.nnz_begin == offsets(seg.row) && seg.nnz_end == offsets(seg.row + 1);
      if (whole)
        write_row(y, seg.row, alpha, sum, beta);
      else if (deterministic)
        partials(s) = sum;
      else
        Kokkos::atomic_add(&y(seg.row), alpha * sum);
    });
  }
};

struct TeamShape {
  int team_size = 1;
  int vector_length = 1;
};

// Team shape of the team-per-row-segment dispatch: the widest vector.
template <class ExecSpace>
TeamShape segment_shape(const predictors::KernelParameters& p) {
  TeamShape s;
  if (backends::Traits<ExecSpace>::is_gpu) {
    s.vector_length = backends::Traits<ExecSpace>::max_tpr;
    s.team_size = p.team_threads / s.vector_length > 0 ? p.team_threads / s.vector_length : 1;
  }
  return s;
}

// Cuts each whole-row segment of `rows` into segments of at most
// `split_length` nonzeros. The segments of one row stay contiguous and in
// order.
template <class Offset>
std::vector<RowSegment<Offset>> cut_segments(const std::vector<RowSegment<Offset>>& rows, std::int64_t split_length) {
  std::vector<RowSegment<Offset>> segs;
  for (const auto& w : rows) {
    const Offset b = w.nnz_begin, e = w.nnz_end;
    if (e - b <= static_cast<Offset>(split_length)) {
      segs.push_back(w);
      continue;
    }
    // 64-bit positions: k + split_length may pass the largest Offset.
    for (std::int64_t k = b; k < static_cast<std::int64_t>(e); k += split_length)
      segs.push_back({w.row, static_cast<Offset>(k),
                      static_cast<std::int64_t>(e) - k > split_length ? static_cast<Offset>(k + split_length) : e});
  }
  return segs;
}

// Cuts each of `rows` into segments of at most `split_length` nonzeros.
// Rows come in increasing order; the segments of one row are contiguous.
template <class Offset>
std::vector<RowSegment<Offset>> cut_rows(const std::vector<std::int32_t>& rows, const std::vector<Offset>& offsets_host,
                                         std::int64_t split_length) {
  std::vector<RowSegment<Offset>> whole;
  whole.reserve(rows.size());
  for (const auto r : rows) whole.push_back({r, offsets_host[r], offsets_host[r + 1]});
  return cut_segments(whole, split_length);
}

// One dispatch over a list of segments (plus the prescale or finalize
// dispatch when some rows are split).
template <class ExecSpace, class Matrix>
class RowSegmentsStep {
 public:
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using memory_space = typename Matrix::memory_space;

  RowSegmentsStep(const ExecSpace& exec, Matrix a, const std::vector<RowSegment<Offset>>& segments, TeamShape shape,
                  bool deterministic)
      : a_(std::move(a)),
        shape_(shape),
        deterministic_(deterministic),
        num_segments_(static_cast<std::int64_t>(segments.size())) {
    std::vector<SplitRow> split;
    for (std::size_t i = 0; i < segments.size();) {
      std::size_t j = i + 1;
      while (j < segments.size() && segments[j].row == segments[i].row) ++j;
      if (j - i > 1) split.push_back({segments[i].row, static_cast<std::int64_t>(i), static_cast<std::int64_t>(j)});
      i = j;
    }
    num_split_rows_ = static_cast<std::int64_t>(split.size());
    planner::checked_league(num_segments_, "the long-row segments");
    segments_ = to_device<memory_space>(exec, segments, "aspmv::row_segments::segments");
    split_rows_ = to_device<memory_space>(exec, split, "aspmv::row_segments::split_rows");
  }

  // Deterministic combining keeps one partial sum per segment.
  WorkspaceSize workspace_size() const {
    WorkspaceSize w;
    if (deterministic_ && num_split_rows_ > 0) w.values = num_segments_;
    return w;
  }

  template <class XView, class YView>
  void run(const ExecSpace& exec, const Workspace<Value, memory_space>& ws, Value alpha, const XView& x, Value beta,
           const YView& y) const {
    if (num_segments_ == 0) return;
    const bool atomics = !deterministic_ && num_split_rows_ > 0;
    if (atomics) prescale_split_rows(exec, split_rows_, y, beta);
    RowSegmentsFunctor<Matrix, XView, YView, ExecSpace> f{a_.row_offsets(),
                                                          a_.col_indices(),
                                                          a_.values(),
                                                          x,
                                                          y,
                                                          alpha,
                                                          beta,
                                                          segments_,
                                                          ws.values,
                                                          deterministic_,
                                                          shape_.team_size * shape_.vector_length};
    Kokkos::parallel_for(
        "aspmv::spmv::row_segments",
        TeamPolicy<ExecSpace>(exec, static_cast<int>(num_segments_), shape_.team_size, shape_.vector_length), f);
    if (deterministic_ && num_split_rows_ > 0) finalize_split_rows(exec, split_rows_, ws.values, y, alpha, beta);
  }

  std::int64_t num_segments() const { return num_segments_; }
  std::int64_t num_split_rows() const { return num_split_rows_; }
  const TeamShape& shape() const { return shape_; }

 private:
  Matrix a_;
  TeamShape shape_;
  bool deterministic_;
  std::int64_t num_segments_;
  std::int64_t num_split_rows_ = 0;
  Kokkos::View<RowSegment<Offset>*, memory_space> segments_;
  Kokkos::View<SplitRow*, memory_space> split_rows_;
};

}  // namespace aspmv::impl
