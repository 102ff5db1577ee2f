#pragma once
// Checks one SpMV form (a mode, rank-1 or rank-2 views of a layout) against
// the long-double reference, column by column: the test behind the
// drop-in's modes and multivectors, the transposed plans and the handle.

#include "support/spmv_check.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/host_csr.hpp>
#include <aspmv/mode.hpp>
#include <aspmv/reference.hpp>

#include <corpus/rng.hpp>

#include <Kokkos_Core.hpp>

#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace aspmv::testing {

struct FormCase {
  Mode mode = Mode::normal;
  int vectors = 1;  // columns of x and y
  double alpha = 1.0;
  double beta = 0.0;
  bool nan_in_y = false;
  std::uint64_t seed = 11;
};

struct FormOutcome {
  bool ok = true;
  std::string failure;                 // the first failing column, for INFO
  std::vector<std::vector<double>> y;  // per column, for bitwise comparisons
};

// Runs call(exec, A, x, y) with rank-2 views x, y of `Layout` (vectors
// columns; call takes a column subview for rank-1 forms) and compares every
// column with alpha * op(A) x + beta y0.
template <class Space, class Value, class Offset, class Layout, class Call>
FormOutcome check_form(const HostCsr<double, std::int64_t>& host, const FormCase& c, const Call& call) {
  using Mem = typename Space::memory_space;
  Space exec;
  DeviceCsr<Value, Offset, Mem> a(exec, host);
  const auto hv = convert<Value, std::int64_t>(host);
  const auto op = c.mode == Mode::transpose ? transposed(hv) : hv;
  const std::size_t rows = static_cast<std::size_t>(op.num_rows), cols = static_cast<std::size_t>(op.num_cols);
  const std::size_t k = static_cast<std::size_t>(c.vectors);
  Kokkos::View<Value**, Layout, Mem> x("x", cols, k), y("y", rows, k);
  auto xh = Kokkos::create_mirror_view(x);
  auto yh = Kokkos::create_mirror_view(y);
  corpus::Rng rng(c.seed);
  std::vector<std::vector<Value>> xc(k, std::vector<Value>(cols)), y0(k, std::vector<Value>(rows));
  for (std::size_t j = 0; j < k; ++j) {
    for (std::size_t i = 0; i < cols; ++i) xh(i, j) = xc[j][i] = static_cast<Value>(rng.signed_value());
    for (std::size_t i = 0; i < rows; ++i)
      yh(i, j) = y0[j][i] =
          c.nan_in_y ? std::numeric_limits<Value>::quiet_NaN() : static_cast<Value>(rng.signed_value());
  }
  Kokkos::deep_copy(x, xh);
  Kokkos::deep_copy(y, yh);
  call(exec, a.view(), x, y);
  exec.fence();
  Kokkos::deep_copy(yh, y);
  FormOutcome out;
  for (std::size_t j = 0; j < k; ++j) {
    std::vector<Value> yj(rows);
    for (std::size_t i = 0; i < rows; ++i) yj[i] = yh(i, j);
    out.y.emplace_back(yj.begin(), yj.end());
    const auto cmp = compare(op, yj, reference_spmv(op, c.alpha, xc[j], c.beta, y0[j]), epsilon_of<Value>());
    if (!cmp.within_bounds && out.ok) {
      std::ostringstream s;
      s << "column " << j << " of " << k << ": worst row " << cmp.worst_row << " at " << cmp.worst_ratio
        << " x its bound, " << cmp.nonfinite_rows << " non-finite rows";
      out.ok = false;
      out.failure = s.str();
    }
  }
  return out;
}

}  // namespace aspmv::testing
