#pragma once
// Type lists the kernel tests are stamped over.

#include <backends/traits.hpp>

#include <cstdint>
#include <tuple>

namespace aspmv::testing {

// Every execution space this build enables (Serial, OpenMP, Cuda, HIP); in
// the GPU presets' compile checks (ASPMV_TESTS_DEVICE_SPACES_ONLY, never run)
// the GPU space alone.
#if defined(ASPMV_TESTS_DEVICE_SPACES_ONLY) && (defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_HIP))
using Spaces = backends::detail::Concat<backends::detail::CudaSpaces, backends::detail::HipSpaces>::type;
#else
using Spaces = backends::EnabledExecutionSpaces;
#endif

template <class Space, class Value, class Offset>
struct Config {
  using space = Space;
  using value = Value;
  using offset = Offset;
};

namespace detail {
template <class... S>
auto configs(std::tuple<S...>)
    -> decltype(std::tuple_cat(std::tuple<Config<S, double, std::int32_t>, Config<S, double, std::int64_t>,
                                          Config<S, float, std::int32_t>, Config<S, float, std::int64_t>>{}...));
}  // namespace detail

// Every space x {double, float} x {int32, int64 offsets}.
using Configs = decltype(detail::configs(Spaces{}));

}  // namespace aspmv::testing
