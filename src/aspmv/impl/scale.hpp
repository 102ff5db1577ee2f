#pragma once
// y = beta * y (beta == 0 writes zeros without reading y): the whole SpMV
// when alpha == 0 (A and x are not referenced, as in the BLAS); and the same
// on the rows a list names (rows no thread writes, split rows before their
// teams add to them).

#include <aspmv/impl/policies.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

template <class YView, class Value>
struct ScaleFunctor {
  YView y;
  Value beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const { y(i) = beta == Value(0) ? Value(0) : beta * y(i); }
};

// The row a list entry names: the entry itself for a list of row indices;
// list element types of their own overload row_of beside them (found by ADL).
KOKKOS_INLINE_FUNCTION std::int64_t row_of(const std::int32_t r) { return r; }
KOKKOS_INLINE_FUNCTION std::int64_t row_of(const std::int64_t r) { return r; }

template <class List, class YView, class Value>
struct ScaleListedRows {
  List list;
  YView y;
  Value beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const auto r = row_of(list(i));
    y(r) = beta == Value(0) ? Value(0) : beta * y(r);
  }
};

// y(r) = beta * y(r) for every row r that `list` names.
template <class ExecSpace, class List, class YView, class Value>
void scale_listed_rows(const char* label, const ExecSpace& exec, const List& list, const YView& y, Value beta) {
  if (list.extent(0) == 0) return;
  Kokkos::parallel_for(label, RangePolicy<ExecSpace>(exec, 0, static_cast<std::int64_t>(list.extent(0))),
                       ScaleListedRows<List, YView, Value>{list, y, beta});
}

template <class ExecSpace, class YView, class Value>
void scale(const ExecSpace& exec, const YView& y, Value beta) {
  if (y.extent(0) == 0) return;
  Kokkos::parallel_for("aspmv::spmv::scale", RangePolicy<ExecSpace>(exec, 0, static_cast<std::int64_t>(y.extent(0))),
                       ScaleFunctor<YView, Value>{y, beta});
}

// y = beta * y for a vector (rank 1) or every column of a multivector (rank 2).
template <class ExecSpace, class YView, class Value>
void scale_vectors(const ExecSpace& exec, const YView& y, Value beta) {
  if constexpr (YView::rank == 1) {
    scale(exec, y, beta);
  } else {
    for (std::size_t c = 0; c < y.extent(1); ++c) scale(exec, Kokkos::subview(y, Kokkos::ALL(), c), beta);
  }
}

}  // namespace aspmv::impl
