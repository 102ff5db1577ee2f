#pragma once
// aspmv::backends::TileMma<ExecSpace>: the matrix-unit body of the tile8x4
// format (kernels/tile8x4.hpp), where the execution space has one.
//
// available: whether apply() exists for this space in this build. Today only
// CUDA on compute capability 8.0 or newer (FP64 tensor cores: the
// m8n8k4 DMMA) has one (backends/cuda/tile_mma.hpp); every other space runs
// the format's portable body, one thread per row.
//
// apply(exec, tiles, rows, groups, alpha, x, beta, y): y = alpha * A * x +
// beta * y over `groups` tiles of 8 rows, `tiles` providing starts(g) (the
// first stored entry of group g, groups + 1 of them), cols(k) (-1 for
// padding) and vals(k) in the lane order of kernels/tile8x4.hpp.

#include <Kokkos_Core.hpp>

namespace aspmv::backends {

template <class ExecSpace>
struct TileMma {
  static constexpr bool available = false;
};

}  // namespace aspmv::backends

#ifdef KOKKOS_ENABLE_CUDA
#include <backends/cuda/tile_mma.hpp>
#endif
