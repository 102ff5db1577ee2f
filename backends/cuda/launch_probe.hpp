#pragma once
// A probe of what a launch costs on this machine: an empty kernel launched
// on a stream with the runtime API, no Kokkos in between
// (perf/launch/launch_floor.cpp compares Kokkos' and aspmv's calls, and
// their graphs, with it).

#include <cuda_runtime.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace aspmv::backends::cuda_probe {

__global__ inline void empty_kernel() {}

// An argument of `Bytes` bytes that the kernel reads one word of (so it is
// passed, not optimized away): does the size of a kernel's argument (an
// SpMV functor carries 200-600 bytes of Views and scalars) change the cost
// of a launch?
template <int Bytes>
struct ProbeArgument {
  int words[Bytes / 4];
};

template <int Bytes>
__global__ void argument_kernel(ProbeArgument<Bytes> a, int* sink) {
  if (a.words[0] == -1) *sink = a.words[Bytes / 4 - 1];
}

inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess)
    throw std::runtime_error(std::string("aspmv launch probe: ") + what + ": " + cudaGetErrorString(e));
}

inline void launch_empty(cudaStream_t stream) {
  empty_kernel<<<1, 32, 0, stream>>>();
  check(cudaPeekAtLastError(), "the empty kernel did not launch");
}

template <int Bytes>
void launch_with_argument(cudaStream_t stream) {
  ProbeArgument<Bytes> a{};
  argument_kernel<Bytes><<<1, 32, 0, stream>>>(a, nullptr);
  check(cudaPeekAtLastError(), "the argument kernel did not launch");
}

}  // namespace aspmv::backends::cuda_probe
