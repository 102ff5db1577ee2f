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

template <class ExecSpace, class XView, class YView>
void check_vectors(const char* call, std::int64_t num_rows, std::int64_t num_cols, const XView& x, const YView& y) {
  static_assert(Kokkos::is_view<XView>::value && Kokkos::is_view<YView>::value,
                "aspmv::spmv: x and y must be Kokkos::Views");
  static_assert(XView::rank == 1 && YView::rank == 1, "aspmv::spmv: x and y must be rank-1 views");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename XView::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<ExecSpace, typename YView::memory_space>::accessible,
                "aspmv::spmv: the execution space cannot access x or y");
  static_assert(!std::is_const<typename YView::value_type>::value, "aspmv::spmv: y must be writable");
  if (static_cast<std::int64_t>(x.extent(0)) != num_cols)
    throw Error(std::string(call) + ": x has " + std::to_string(x.extent(0)) + " entries, A has " +
                std::to_string(num_cols) + " columns");
  if (static_cast<std::int64_t>(y.extent(0)) != num_rows)
    throw Error(std::string(call) + ": y has " + std::to_string(y.extent(0)) + " entries, A has " +
                std::to_string(num_rows) + " rows");
  if (x.span() > 0 && y.span() > 0) {
    const auto* xb = reinterpret_cast<const char*>(x.data());
    const auto* yb = reinterpret_cast<const char*>(y.data());
    const auto* xe = xb + x.span() * sizeof(typename XView::value_type);
    const auto* ye = yb + y.span() * sizeof(typename YView::value_type);
    if (xb < ye && yb < xe) throw Error(std::string(call) + ": x and y overlap (aliasing is not allowed)");
  }
}

// x is gathered at random: kernels read it through the read-only (texture) path.
template <class XView>
using RandomAccessVector = Kokkos::View<const typename XView::non_const_value_type*, typename XView::array_layout,
                                        typename XView::device_type, Kokkos::MemoryTraits<Kokkos::RandomAccess>>;

}  // namespace aspmv::impl
