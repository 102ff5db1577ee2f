#pragma once
// The checks every SpMV call makes on its vectors before launching anything:
// types at compile time; extents and aliasing on the host, free of device
// access.

#include <aspmv/error.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <type_traits>

namespace aspmv::impl {

// x and y for y = alpha * op(A) * x + beta * y, where op(A) has `out_rows`
// rows and `in_cols` columns (`op` names it in messages: "A" or "A^T").
// Rank 1, or rank 2 with one column per vector (both the same count).
template <class ExecSpace, class XView, class YView>
void check_vectors(const char* call, std::int64_t out_rows, std::int64_t in_cols, const XView& x, const YView& y,
                   const char* op = "A") {
  static_assert(Kokkos::is_view<XView>::value && Kokkos::is_view<YView>::value,
                "aspmv::spmv: x and y must be Kokkos::Views");
  static_assert((XView::rank == 1 || XView::rank == 2) && unsigned(XView::rank) == unsigned(YView::rank),
                "aspmv::spmv: x and y must be both rank-1 (vectors) or both rank-2 (one column per vector)");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename XView::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<ExecSpace, typename YView::memory_space>::accessible,
                "aspmv::spmv: the execution space cannot access x or y");
  static_assert(!std::is_const<typename YView::value_type>::value, "aspmv::spmv: y must be writable");
  const char* unit = XView::rank == 1 ? " entries, " : " rows, ";
  if (static_cast<std::int64_t>(x.extent(0)) != in_cols)
    throw Error(std::string(call) + ": x has " + std::to_string(x.extent(0)) + unit + op + " has " +
                std::to_string(in_cols) + " columns");
  if (static_cast<std::int64_t>(y.extent(0)) != out_rows)
    throw Error(std::string(call) + ": y has " + std::to_string(y.extent(0)) + unit + op + " has " +
                std::to_string(out_rows) + " rows");
  if (XView::rank == 2 && x.extent(1) != y.extent(1))
    throw Error(std::string(call) + ": x has " + std::to_string(x.extent(1)) + " columns (vectors), y has " +
                std::to_string(y.extent(1)));
  if (x.span() > 0 && y.span() > 0) {
    const auto* xb = reinterpret_cast<const char*>(x.data());
    const auto* yb = reinterpret_cast<const char*>(y.data());
    const auto* xe = xb + x.span() * sizeof(typename XView::value_type);
    const auto* ye = yb + y.span() * sizeof(typename YView::value_type);
    if (xb < ye && yb < xe) throw Error(std::string(call) + ": x and y overlap (aliasing is not allowed)");
  }
}

}  // namespace aspmv::impl
