#pragma once
// CSR-vector<TpR>: TpR threads (the team's vector lanes) per row, rows per
// team = team size; the row's products are summed by Kokkos' vector
// reduction (warp shuffles on GPUs). Runs over a set of row blocks, each with
// its own share of the league (Gao Eq. (3) for partitioned matrices, one team
// per `team_size` rows otherwise); a block's rows are dealt out with a
// league-stride loop.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/strided_dot.hpp>

#include <Kokkos_Core.hpp>

#include <vector>

namespace aspmv::impl {

template <class Matrix, class XView, class YView, class ExecSpace>
struct CsrVectorFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<const RowBlock*, typename Matrix::memory_space> blocks;  // with sentinel
  std::int64_t num_blocks;
  std::int64_t rows_per_team;    // team size
  std::int64_t rows_per_thread;  // > 1 on CPUs: a thread takes a chunk of rows
  int tpr;                       // threads per row (the team's vector length)

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const std::int64_t league = team.league_rank();
    const std::int64_t b = num_blocks == 1 ? 0 : find_block(blocks, num_blocks, league);
    const RowBlock blk = blocks(b);
    const std::int64_t teams = blocks(b + 1).team_begin - blk.team_begin;
    const std::int64_t t = league - blk.team_begin;
    const std::int64_t stride = teams * rows_per_team * rows_per_thread;
    for (std::int64_t first = blk.row_begin + (t * rows_per_team + team.team_rank()) * rows_per_thread;
         first < blk.row_end; first += stride) {
      const std::int64_t last = first + rows_per_thread < blk.row_end ? first + rows_per_thread : blk.row_end;
      for (std::int64_t row = first; row < last; ++row) {
        const Offset begin = offsets(row), end = offsets(row + 1);
        Value sum = 0;
        // One index per vector lane; each lane sums its strided share of the row.
        Kokkos::parallel_reduce(
            Kokkos::ThreadVectorRange(team, tpr),
            [&](const int lane, Value& s) { s += strided_dot<Value>(begin + lane, end, Offset(tpr), cols, vals, x); },
            sum);
        Kokkos::single(Kokkos::PerThread(team), [&]() { write_row(y, row, alpha, sum, beta); });
      }
    }
  }
};

// TpR = 1 on GPUs: one thread per row of the group's blocks, as a flat range
// (the team machinery costs about 2x on rows this short: measured on the H100,
// perf/results/h100/2026-11-21-run1, csr_vector<1> vs csr_scalar). Thread i
// finds its block by binary search on the blocks' row prefix.
template <class Matrix, class XView, class YView>
struct CsrVectorScalarFunctor {
  using Value = typename Matrix::value_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<const RowBlock*, typename Matrix::memory_space> blocks;
  Kokkos::View<const std::int64_t*, typename Matrix::memory_space> row_prefix;  // rows before block b; sentinel
  std::int64_t num_blocks;

  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    std::int64_t lo = 0, hi = num_blocks - 1;
    while (lo < hi) {
      const std::int64_t mid = (lo + hi + 1) / 2;
      if (row_prefix(mid) <= i)
        lo = mid;
      else
        hi = mid - 1;
    }
    const std::int64_t row = blocks(lo).row_begin + (i - row_prefix(lo));
    write_row(y, row, alpha, row_sum<Value>(offsets, cols, vals, x, row), beta);
  }
};

// Launch shape of a CSR-vector group.
struct VectorShape {
  int tpr = 1;                    // threads per row = team vector length
  int team_size = 1;              // rows per team
  std::int64_t rows_per_thread = 1;
};

// Teams one block needs so that each of its rows gets its own thread once.
inline std::int64_t teams_to_cover(std::int64_t rows, const VectorShape& s) {
  const std::int64_t per_team = s.team_size * s.rows_per_thread;
  return rows <= 0 ? 0 : (rows + per_team - 1) / per_team;
}

// A range of rows and how many teams work on it.
struct BlockTeams {
  std::int32_t row_begin;
  std::int32_t row_end;
  std::int64_t teams;
};

// One dispatch of CSR-vector over a group of row blocks sharing one TpR.
template <class ExecSpace, class Matrix>
class CsrVectorStep {
 public:
  using memory_space = typename Matrix::memory_space;

  CsrVectorStep(const ExecSpace& exec, const Matrix& a, const std::vector<BlockTeams>& blocks, VectorShape shape)
      : a_(a), shape_(shape), num_blocks_(static_cast<std::int64_t>(blocks.size())) {
    std::vector<RowBlock> host;
    std::int64_t team = 0;
    for (const auto& b : blocks) {
      host.push_back(RowBlock{b.row_begin, b.row_end, team});
      team += b.teams;
    }
    host.push_back(RowBlock{a.num_rows(), a.num_rows(), team});  // sentinel
    league_ = team;
    blocks_ = to_device<memory_space>(exec, host, "aspmv::csr_vector::blocks");
    std::vector<std::int64_t> prefix{0};
    for (const auto& b : blocks) prefix.push_back(prefix.back() + (b.row_end - b.row_begin));
    rows_ = prefix.back();
    row_prefix_ = to_device<memory_space>(exec, prefix, "aspmv::csr_vector::row_prefix");
  }

  template <class XView, class YView>
  void run(const ExecSpace& exec, typename Matrix::value_type alpha, const XView& x,
           typename Matrix::value_type beta, const YView& y) const {
    if (league_ == 0 || rows_ == 0) return;
    if (backends::Traits<ExecSpace>::is_gpu && shape_.tpr == 1) {
      Kokkos::parallel_for("aspmv::spmv::csr_vector_tpr1", RangePolicy<ExecSpace>(exec, 0, rows_),
                           CsrVectorScalarFunctor<Matrix, XView, YView>{a_.row_offsets(), a_.col_indices(), a_.values(),
                                                                       x, y, alpha, beta, blocks_, row_prefix_,
                                                                       num_blocks_});
      return;
    }
    CsrVectorFunctor<Matrix, XView, YView, ExecSpace> f{
        a_.row_offsets(), a_.col_indices(), a_.values(), x, y, alpha, beta, blocks_,
        num_blocks_, shape_.team_size, shape_.rows_per_thread, shape_.tpr};
    Kokkos::parallel_for("aspmv::spmv::csr_vector",
                         TeamPolicy<ExecSpace>(exec, static_cast<int>(league_), shape_.team_size, shape_.tpr), f);
  }

  const VectorShape& shape() const { return shape_; }
  std::int64_t league() const { return league_; }
  std::int64_t num_blocks() const { return num_blocks_; }

 private:
  Matrix a_;
  VectorShape shape_;
  std::int64_t num_blocks_;
  std::int64_t league_ = 0;
  std::int64_t rows_ = 0;
  Kokkos::View<RowBlock*, memory_space> blocks_;
  Kokkos::View<std::int64_t*, memory_space> row_prefix_;
};

}  // namespace aspmv::impl
