#pragma once
// y = beta * y (beta == 0 writes zeros without reading y): the whole SpMV
// when alpha == 0 (A and x are not referenced, as in the BLAS).

#include <aspmv/impl/policies.hpp>

#include <Kokkos_Core.hpp>

namespace aspmv::impl {

template <class YView, class Value>
struct ScaleFunctor {
  YView y;
  Value beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const { y(i) = beta == Value(0) ? Value(0) : beta * y(i); }
};

template <class ExecSpace, class YView, class Value>
void scale(const ExecSpace& exec, const YView& y, Value beta) {
  if (y.extent(0) == 0) return;
  Kokkos::parallel_for("aspmv::spmv::scale", RangePolicy<ExecSpace>(exec, 0, static_cast<std::int64_t>(y.extent(0))),
                       ScaleFunctor<YView, Value>{y, beta});
}

}  // namespace aspmv::impl
