#pragma once
// A probe of what a launch costs on this machine: an empty kernel launched
// on a stream with the runtime API, no Kokkos in between
// (perf/launch/launch_floor.cpp compares Kokkos' and aspmv's calls, and
// their graphs, with it).

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace aspmv::backends::cuda_probe {

__global__ inline void empty_kernel() {}

inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess)
    throw std::runtime_error(std::string("aspmv launch probe: ") + what + ": " + cudaGetErrorString(e));
}

inline void launch_empty(cudaStream_t stream) {
  empty_kernel<<<1, 32, 0, stream>>>();
  check(cudaPeekAtLastError(), "the empty kernel did not launch");
}

}  // namespace aspmv::backends::cuda_probe
