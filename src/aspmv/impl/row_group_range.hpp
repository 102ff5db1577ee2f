#pragma once
// Rows of TpR lanes as a flat range of warps (GPUs; the table's
// vector_range 1): thread i is lane i % TpR of row i / TpR, each lane sums
// its strided share of the row (impl/strided_dot.hpp), the group of TpR
// lanes adds the sums by shuffles (impl/warp_ops.hpp's group_sum: the same
// lanes in the same order on every run) and its last lane writes y. It is
// the form of LRB's short rows (impl/lrb_one_launch.hpp) without a row
// order: no team, no Kokkos vector reduction, no per-row single; the range
// is launched as the table's direct_launch says (backends/range_launch.hpp).
// The row's column indices come from a run-columns source
// (impl/run_columns.hpp): A's own, or csr_delta's base + deltas. The matrix's
// streams are read with the cache hint H (backends/load_hint.hpp; the
// table's vector_load, A's own columns only).

#include <aspmv/error.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/run_columns.hpp>
#include <aspmv/impl/strided_dot.hpp>
#include <aspmv/impl/warp_ops.hpp>
#include <backends/load_hint.hpp>
#include <backends/range_launch.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace aspmv::impl {

template <class Backend, class Matrix, class RowColumns, class XView, class YView,
          backends::LoadHint H = backends::LoadHint::plain>
struct RowGroupRangeFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  static constexpr int warp = Backend::warp_lanes;

  typename Matrix::offsets_view offsets;
  typename Matrix::values_view vals;
  RowColumns columns;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t num_rows;
  int lanes_log2;  // TpR = 2^lanes_log2, at most a warp

  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const int lanes = 1 << lanes_log2;
    const std::int64_t row = i >> lanes_log2;
    const int lane = static_cast<int>(i % warp);
    const bool mine = row < num_rows;  // the range is whole warps: the last one's spare lanes add zeros
    Value sum = 0;
    if (mine) {
      const Offset begin = offsets(row), end = offsets(row + 1);
      const auto first = static_cast<Offset>(begin + (lane & (lanes - 1)));
      columns.with_run(row, [&](const auto& cols) {
        sum = strided_dot<Value, H>(first, end, static_cast<Offset>(lanes), cols, vals, x);
      });
    }
    sum = group_sum<Backend>(sum, lane, lanes);
    if (mine && (lane & (lanes - 1)) == lanes - 1) write_row(y, row, alpha, sum, beta);
  }
};

// Whether the range form runs rows of `tpr` lanes on ExecSpace: GPUs, TpR a
// power of two above one and at most a warp.
template <class ExecSpace>
constexpr bool row_groups_fit(int tpr) {
  using Backend = backends::Traits<ExecSpace>;
  return Backend::is_gpu && tpr > 1 && tpr <= Backend::warp_lanes && (tpr & (tpr - 1)) == 0;
}

// Every row of `a` with `tpr` lanes (row_groups_fit), one dispatch; the
// matrix's streams read with cache hint `hint` (a backends::LoadHint; A's own
// columns only, others plain).
template <class ExecSpace, class Matrix, class RowColumns, class XView, class YView>
void launch_row_groups(const char* label, const ExecSpace& exec, const Matrix& a, const RowColumns& columns, int tpr,
                       int direct, typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                       const YView& y, int hint = 0) {
  using Backend = backends::Traits<ExecSpace>;
  if (!row_groups_fit<ExecSpace>(tpr)) throw Error("aspmv::impl::launch_row_groups: TpR must be 2 to a warp");
  if (hint < 0 || hint >= backends::load_hint_count)
    throw Error("aspmv::impl::launch_row_groups: no cache hint " + std::to_string(hint));
  const std::int64_t rows = a.num_rows();
  if (rows <= 0) return;
  int log2 = 0;
  while ((1 << log2) < tpr) ++log2;
  constexpr std::int64_t warp = Backend::warp_lanes;
  if (rows > (std::numeric_limits<std::int64_t>::max() - warp) / tpr)
    throw Error("aspmv::impl::launch_row_groups: rows x TpR overflow a 64-bit range");
  const std::int64_t threads = (rows * tpr + warp - 1) / warp * warp;
  const auto launch = [&](auto hinted) {
    constexpr backends::LoadHint kind = decltype(hinted)::value;
    backends::parallel_range(label, RangePolicy<ExecSpace>(exec, 0, threads),
                             RowGroupRangeFunctor<Backend, Matrix, RowColumns, XView, YView, kind>{
                                 a.row_offsets(), a.values(), columns, x, y, alpha, beta, rows, log2},
                             direct);
  };
  using backends::LoadHint;
  if constexpr (is_plain_columns<RowColumns>::value) {
    switch (static_cast<LoadHint>(hint)) {
      case LoadHint::read_only: return launch(std::integral_constant<LoadHint, LoadHint::read_only>{});
      case LoadHint::streaming: return launch(std::integral_constant<LoadHint, LoadHint::streaming>{});
      case LoadHint::no_l1: return launch(std::integral_constant<LoadHint, LoadHint::no_l1>{});
      case LoadHint::no_l1_l2_first: return launch(std::integral_constant<LoadHint, LoadHint::no_l1_l2_first>{});
      case LoadHint::plain: break;
    }
  }
  launch(std::integral_constant<LoadHint, LoadHint::plain>{});
}

}  // namespace aspmv::impl
