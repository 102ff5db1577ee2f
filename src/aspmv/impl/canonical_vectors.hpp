#pragma once
// The view types the SpMV kernels are compiled for. Every call turns its x
// and y, whatever their memory traits, constness of x, static extents or
// (rank-1) LayoutRight, into one of a few unmanaged view types of the same
// data: the kernels are then instantiated once per value, offset, space and
// vector shape, not once per way a caller spelled a view, and libaspmv
// compiles the common shapes once (src/aspmv/instances/, declared in
// plan.hpp and spmv.hpp) so that callers' translation units do not.
//
//  - x is gathered at random: it is read through the read-only (texture)
//    path (RandomAccess), const;
//  - rank-1 LayoutLeft and LayoutRight are the same contiguous vector (one
//    type, LayoutLeft); LayoutStride stays strided;
//  - unmanaged: the caller's views keep the allocations alive for the call
//    (and, for asynchronous applies, until they are fenced, as with any
//    Kokkos view handed to a kernel).

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace aspmv::impl {

// A vector shape: its data type for a value type, and its layout.
struct Rank1Contiguous {
  template <class Value>
  using data = Value*;
  using layout = Kokkos::LayoutLeft;
};
struct Rank2Left {
  template <class Value>
  using data = Value**;
  using layout = Kokkos::LayoutLeft;
};
struct Rank2Right {
  template <class Value>
  using data = Value**;
  using layout = Kokkos::LayoutRight;
};

// M(Space, Value, Offset, Shape) for each shape above (the explicit
// instantiations of plan.hpp and spmv.hpp).
#define ASPMV_IMPL_FOR_EACH_VECTOR_SHAPE(M, Space, Value, Offset) \
  M(Space, Value, Offset, ::aspmv::impl::Rank1Contiguous)         \
  M(Space, Value, Offset, ::aspmv::impl::Rank2Left)               \
  M(Space, Value, Offset, ::aspmv::impl::Rank2Right)

// x and y of a shape, for values of type Value in MemorySpace.
template <class Shape, class Value, class MemorySpace>
using InputVectorOf = Kokkos::View<typename Shape::template data<const Value>, typename Shape::layout, MemorySpace,
                                   Kokkos::MemoryTraits<Kokkos::Unmanaged | Kokkos::RandomAccess>>;
template <class Shape, class Value, class MemorySpace>
using OutputVectorOf = Kokkos::View<typename Shape::template data<Value>, typename Shape::layout, MemorySpace,
                                    Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

namespace detail {
template <class View>
using vector_layout_t =
    std::conditional_t<View::rank == 1 && std::is_same<typename View::array_layout, Kokkos::LayoutRight>::value,
                       Kokkos::LayoutLeft, typename View::array_layout>;
template <class Value, unsigned Rank>
using dynamic_data_t = std::conditional_t<Rank == 1, Value*, Value**>;
}  // namespace detail

// The kernels' type of a caller's x (rank 1 or 2), and of a caller's y.
template <class XView>
using InputVector =
    Kokkos::View<detail::dynamic_data_t<typename XView::const_value_type, XView::rank>, detail::vector_layout_t<XView>,
                 typename XView::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged | Kokkos::RandomAccess>>;
template <class YView>
using OutputVector =
    Kokkos::View<detail::dynamic_data_t<typename YView::non_const_value_type, YView::rank>,
                 detail::vector_layout_t<YView>, typename YView::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

template <class XView>
InputVector<XView> input_vector(const XView& x) {
  return x;
}
template <class YView>
OutputVector<YView> output_vector(const YView& y) {
  return y;
}

}  // namespace aspmv::impl
