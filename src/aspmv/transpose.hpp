#pragma once
// aspmv::Transposed: A^T in CSR, built on the device from A, deterministic.
//
//   aspmv::Transposed<double, int, Mem> at(exec, A);   // asynchronous on exec
//   at.view();                                         // A^T, a CsrMatrix
//   at.refresh_values(exec);                           // after A's values changed in place
//
// Rows of A^T list their entries by increasing column (A's row), so every
// build of the same A gives the same A^T bit for bit. The build is a stable
// radix sort of A's entries by column (impl/stable_column_sort.hpp), a count
// per column and a gather. A^T holds its own copy of the values; the order
// of A's entries is kept, so refresh_values() copies A's current values in
// again without a new sort (one pass over nnz, no allocation).

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/column_counts.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/stable_column_sort.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv {

namespace impl {

// Entry i of A^T is A's entry order(i): its column in A^T is that entry's
// row in A (found by binary search on A's row offsets), its value A's value.
template <class Matrix, class Order, class Cols, class Vals>
struct GatherTransposed {
  typename Matrix::offsets_view offsets;
  typename Matrix::values_view values;
  Order order;
  Cols cols_t;
  Vals vals_t;
  std::int64_t num_rows;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const auto k = order(i);
    std::int64_t lo = 0, hi = num_rows - 1;  // last row r with offsets(r) <= k
    while (lo < hi) {
      const std::int64_t mid = (lo + hi + 1) / 2;
      if (offsets(mid) <= k)
        lo = mid;
      else
        hi = mid - 1;
    }
    cols_t(i) = static_cast<std::int32_t>(lo);
    vals_t(i) = values(k);
  }
};

template <class Values, class Order, class Vals>
struct GatherValues {
  Values values;
  Order order;
  Vals vals_t;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const { vals_t(i) = values(order(i)); }
};

}  // namespace impl

template <class Value, class Offset, class MemorySpace>
class Transposed {
 public:
  using source_type = CsrMatrix<Value, Offset, MemorySpace>;
  using matrix_type = CsrMatrix<Value, Offset, MemorySpace>;

  Transposed() = default;

  // Builds A^T on `exec` (asynchronously: the caller orders later work on
  // `exec` or fences it). A's row offsets must be nondecreasing and its
  // column indices in [0, num_cols) (aspmv::validate checks both).
  template <class ExecSpace>
  Transposed(const ExecSpace& exec, const source_type& a) : source_(a) {
    using Range = impl::RangePolicy<ExecSpace>;
    const std::int64_t nnz = a.nnz(), m = a.num_rows(), n = a.num_cols();
    auto offsets = impl::allocate<Offset, MemorySpace>(exec, n + 1, "aspmv::transpose::row_offsets");
    Kokkos::deep_copy(exec, offsets, Offset(0));
    auto cols = impl::allocate<std::int32_t, MemorySpace>(exec, nnz, "aspmv::transpose::col_indices");
    values_ = impl::allocate<Value, MemorySpace>(exec, nnz, "aspmv::transpose::values");
    order_ = impl::stable_column_order<Offset>(exec, a.col_indices(), n);
    if (nnz > 0) {
      Kokkos::parallel_for(
          "aspmv::transpose::count", Range(exec, 0, nnz),
          impl::CountPerColumn<decltype(offsets), typename source_type::indices_view>{offsets, a.col_indices()});
      Kokkos::parallel_scan("aspmv::transpose::offsets", Range(exec, 0, n + 1),
                            impl::ExclusiveScanInPlace<decltype(offsets)>{offsets});
      Kokkos::parallel_for("aspmv::transpose::gather", Range(exec, 0, nnz),
                           impl::GatherTransposed<source_type, Order, decltype(cols), Values>{
                               a.row_offsets(), a.values(), order_, cols, values_, m});
    }
    transposed_ = matrix_type(static_cast<std::int32_t>(n), static_cast<std::int32_t>(m), offsets, cols, values_);
  }

  // A^T (its views are owned by this object and by copies of the view).
  const matrix_type& view() const { return transposed_; }
  // A, as given.
  const source_type& source() const { return source_; }

  // Copies A's current values into A^T (for a matrix whose values changed in
  // place, same structure); asynchronous on `exec`, no allocation.
  template <class ExecSpace>
  void refresh_values(const ExecSpace& exec) const {
    if (order_.extent(0) == 0) return;
    Kokkos::parallel_for(
        "aspmv::transpose::refresh_values",
        impl::RangePolicy<ExecSpace>(exec, 0, static_cast<std::int64_t>(order_.extent(0))),
        impl::GatherValues<typename source_type::values_view, Order, Values>{source_.values(), order_, values_});
  }

 private:
  using Order = Kokkos::View<Offset*, MemorySpace>;
  using Values = Kokkos::View<Value*, MemorySpace>;
  source_type source_;
  matrix_type transposed_;
  Order order_;    // entry i of A^T is A's entry order_(i)
  Values values_;  // A^T's values (transposed_ holds a const view of them)
};

// A^T of `a`, built on `exec`.
template <class ExecSpace, class Value, class Offset, class MemorySpace>
Transposed<Value, Offset, MemorySpace> transpose(const ExecSpace& exec,
                                                 const CsrMatrix<Value, Offset, MemorySpace>& a) {
  return Transposed<Value, Offset, MemorySpace>(exec, a);
}

}  // namespace aspmv
