#pragma once
// row_length_moments(exec, offsets, rows, mean): the min, max and sum of
// squared deviations from `mean` of the row lengths, by the backend's own
// reduction where a space has one (CUDA: one launch and one wait,
// backends/cuda/row_length_moments.hpp); has_row_length_moments<Space> says
// where. Elsewhere features.hpp reduces through Kokkos.

#include <Kokkos_Core.hpp>

#ifdef KOKKOS_ENABLE_CUDA
#include <backends/cuda/row_length_moments.hpp>
#endif

#include <cstdint>
#include <type_traits>

namespace aspmv::backends {

template <class Space>
constexpr bool space_has_row_length_moments() {
#ifdef KOKKOS_ENABLE_CUDA
  return std::is_same_v<Space, Kokkos::Cuda>;
#else
  return false;
#endif
}
template <class Space>
inline constexpr bool has_row_length_moments = space_has_row_length_moments<Space>();

// Only where has_row_length_moments<ExecSpace>; rows > 0, `offsets` in the space's memory. Waits for `exec`.
// Returns the backend's value: min, max and sq members.
template <class ExecSpace, class Offset>
auto row_length_moments([[maybe_unused]] const ExecSpace& exec, [[maybe_unused]] const Offset* offsets,
                        [[maybe_unused]] std::int64_t rows, [[maybe_unused]] double mean) {
  static_assert(has_row_length_moments<ExecSpace>, "row_length_moments: no backend reduction on this space");
#ifdef KOKKOS_ENABLE_CUDA
  return cuda::row_length_moments(exec.cuda_stream(), exec.cuda_device(), offsets, rows, mean);
#endif
}

}  // namespace aspmv::backends
