#pragma once
// A cheap check of user-given CSR: row offsets start at 0, never decrease and
// end at nnz; column indices lie in [0, num_cols). Sortedness and duplicate
// columns are reported (SpMV is defined for them: duplicates are summed) but
// are not errors unless asked for. Runs as device reductions on `exec`, or on
// a HostCsr.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/host_csr.hpp>
#include <aspmv/impl/policies.hpp>
#include <backends/kokkos_compat.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>

namespace aspmv {

struct ValidationReport {
  bool offsets_ok = true;            // offsets[0] == 0, monotone, offsets[m] == nnz
  std::int64_t bad_offset_row = -1;  // first row r with offsets[r+1] < offsets[r] (or -1)
  std::int64_t columns_out_of_range = 0;
  std::int64_t unsorted_rows = 0;      // rows whose columns are not ascending
  std::int64_t duplicate_entries = 0;  // entries repeating the previous column of their row
  bool values_finite = true;           // no NaN or Inf among the values
  std::string first_problem;           // empty when valid

  bool valid() const { return first_problem.empty(); }
  bool sorted() const { return unsorted_rows == 0; }
};

struct ValidateOptions {
  bool require_sorted = false;  // unsorted rows become an error
  bool require_unique = false;  // duplicate entries become an error
  bool require_finite = false;  // NaN/Inf values become an error
};

namespace impl {

struct RowCheck {
  std::int64_t bad_row = INT64_MAX;  // smallest row with bad offsets
  std::int64_t out_of_range = 0;
  std::int64_t unsorted = 0;
  std::int64_t duplicates = 0;
  std::int64_t nonfinite = 0;
};

// One row's findings; `off`, `col`, `val` are views or pointers indexable by ().
template <class Off, class Col, class Val>
KOKKOS_INLINE_FUNCTION void check_row(const Off& off, const Col& col, const Val& val, std::int64_t r,
                                      std::int64_t num_cols, std::int64_t nnz, RowCheck& c) {
  const auto b = static_cast<std::int64_t>(off(r)), e = static_cast<std::int64_t>(off(r + 1));
  if (e < b || b < 0 || e > nnz) {
    if (r < c.bad_row) c.bad_row = r;
    return;
  }
  bool unsorted = false;
  for (auto k = b; k < e; ++k) {
    const std::int64_t j = col(k);
    if (j < 0 || j >= num_cols) ++c.out_of_range;
    if (k > b) {
      if (j < col(k - 1)) unsorted = true;
      if (j == col(k - 1)) ++c.duplicates;
    }
    const auto v = val(k);
    // NaN or Inf: v - v is NaN, never 0 (portable to every space and Kokkos version, unlike isfinite)
    if (!(v - v == decltype(v)(0))) ++c.nonfinite;  // NOLINT(misc-redundant-expression)
  }
  if (unsorted) ++c.unsorted;
}

// Reduction functor over rows. Kokkos 3.4 joins through volatile
// references, Kokkos 4 through plain ones: both overloads are given.
template <class Matrix>
struct RowCheckFunctor {
  using value_type = RowCheck;
  typename Matrix::offsets_view off;
  typename Matrix::indices_view col;
  typename Matrix::values_view val;
  std::int64_t num_cols, nnz;
  KOKKOS_FUNCTION void operator()(const std::int64_t r, RowCheck& c) const {
    check_row(off, col, val, r, num_cols, nnz, c);
  }
  KOKKOS_FUNCTION void init(RowCheck& c) const { c = RowCheck{}; }
  KOKKOS_FUNCTION void join(RowCheck& d, const RowCheck& s) const {
    d.bad_row = s.bad_row < d.bad_row ? s.bad_row : d.bad_row;
    d.out_of_range += s.out_of_range;
    d.unsorted += s.unsorted;
    d.duplicates += s.duplicates;
    d.nonfinite += s.nonfinite;
  }
  KOKKOS_FUNCTION void join(volatile RowCheck& d, const volatile RowCheck& s) const {  // Kokkos 3.4 (kokkos_compat.hpp)
    d.bad_row = s.bad_row < d.bad_row ? s.bad_row : d.bad_row;
    backends::volatile_add(d.out_of_range, s.out_of_range);
    backends::volatile_add(d.unsorted, s.unsorted);
    backends::volatile_add(d.duplicates, s.duplicates);
    backends::volatile_add(d.nonfinite, s.nonfinite);
  }
};

ValidationReport finish_report(std::int64_t m, std::int64_t nnz, std::int64_t first_offset, std::int64_t last_offset,
                               const RowCheck& c, const ValidateOptions& opt);

}  // namespace impl

template <class Value, class Offset>
ValidationReport validate(const HostCsr<Value, Offset>& a, const ValidateOptions& opt = {}) {
  const auto m = static_cast<std::int64_t>(a.num_rows);
  const auto nnz = a.nnz();
  if (a.row_offsets.size() != static_cast<std::size_t>(m) + 1 || a.values.size() != a.col_indices.size()) {
    ValidationReport r;
    r.offsets_ok = false;
    r.first_problem = "array sizes do not match the shape";
    return r;
  }
  // Unmanaged host views: check_row is a host-device function.
  Kokkos::View<const Offset*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> off(a.row_offsets.data(),
                                                                              a.row_offsets.size());
  Kokkos::View<const std::int32_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> col(a.col_indices.data(),
                                                                                    a.col_indices.size());
  Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> val(a.values.data(), a.values.size());
  impl::RowCheck c;
  for (std::int64_t r = 0; r < m; ++r) impl::check_row(off, col, val, r, a.num_cols, nnz, c);
  return impl::finish_report(m, nnz, static_cast<std::int64_t>(a.row_offsets.front()),
                             static_cast<std::int64_t>(a.row_offsets.back()), c, opt);
}

template <class ExecSpace, class Value, class Offset, class Mem>
ValidationReport validate(const ExecSpace& exec, const CsrMatrix<Value, Offset, Mem>& a,
                          const ValidateOptions& opt = {}) {
  const std::int64_t m = a.num_rows(), nnz = a.nnz();
  if (m == 0 && a.row_offsets().extent(0) == 0) return impl::finish_report(0, nnz, 0, 0, impl::RowCheck{}, opt);
  impl::RowCheck c;
  if (m > 0) {
    Kokkos::parallel_reduce("aspmv::validate", impl::RangePolicy<ExecSpace>(exec, 0, m),
                            impl::RowCheckFunctor<CsrMatrix<Value, Offset, Mem>>{a.row_offsets(), a.col_indices(),
                                                                                 a.values(), a.num_cols(), nnz},
                            c);
  }
  Offset first = 0, last = 0;
  Kokkos::deep_copy(exec, first, Kokkos::subview(a.row_offsets(), 0));
  Kokkos::deep_copy(exec, last, Kokkos::subview(a.row_offsets(), m));
  exec.fence();
  return impl::finish_report(m, nnz, static_cast<std::int64_t>(first), static_cast<std::int64_t>(last), c, opt);
}

// Throws aspmv::Error("<what>: <problem>") when the report is not valid.
inline void throw_if_invalid(const ValidationReport& r, const std::string& what) {
  if (!r.valid()) throw Error(what + ": invalid CSR matrix: " + r.first_problem);
}

}  // namespace aspmv
