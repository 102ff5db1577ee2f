#pragma once
// Type lists the kernel tests are stamped over.

#include <backends/traits.hpp>

#include <cstdint>
#include <tuple>
#include <type_traits>

namespace aspmv::testing {

// The execution spaces the tests are stamped over: every space this build
// enables, or those the ASPMV_TESTS_SPACES cache variable lists
// (tests/CMakeLists.txt). The sanitizer and C++20 presets test one host space
// (the cpu preset tests both), the GPU presets' compile checks their GPU
// space (never run; the host spaces' instantiations are the cpu preset's).
#if defined(ASPMV_TESTS_SPACES_LISTED)  // with ASPMV_TESTS_SPACE_<SPACE> = 1 (listed) or 0
namespace detail {
template <bool Listed, class Tuple>
using listed_t = std::conditional_t<Listed, Tuple, std::tuple<>>;
}  // namespace detail
using Spaces = backends::detail::Concat<detail::listed_t<ASPMV_TESTS_SPACE_SERIAL, backends::detail::SerialSpaces>,
                                        detail::listed_t<ASPMV_TESTS_SPACE_OPENMP, backends::detail::OpenMPSpaces>,
                                        detail::listed_t<ASPMV_TESTS_SPACE_CUDA, backends::detail::CudaSpaces>,
                                        detail::listed_t<ASPMV_TESTS_SPACE_HIP, backends::detail::HipSpaces>>::type;
static_assert(std::tuple_size<Spaces>::value > 0, "ASPMV_TESTS_SPACES lists no execution space this build enables");
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
