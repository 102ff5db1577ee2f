#pragma once
// aspmv::backends::L2Window<ExecSpace>: while it lives, the kernels an
// instance runs keep one array (SpMV's x) in the device's L2 cache as
// "persisting" lines, which the streaming of A cannot evict. Issue 21's
// "x reuse": a gather from x that misses the L2 costs a whole sector from
// DRAM for one value, and A's stream (12 bytes a nonzero, read once) pushes
// x out of an LRU cache long before its values are used again.
//
//   {
//     backends::L2Window<Space> keep(exec, x.data(), x.size() * sizeof(x[0]));
//     ...kernels on exec...
//   }  // the instance's previous access policy is back
//
// Where the space has no such control (host spaces, HIP), or the instance
// cannot take it (CUDA's legacy default stream), nothing changes: active()
// is false and why() says why. The CUDA version (backends/cuda/l2_window.hpp)
// sets the stream's access policy window and, the first time, the device's
// set-aside for persisting lines (a device-wide limit: see there).

#include <cstddef>
#include <string>

namespace aspmv::backends {

template <class ExecSpace>
class L2Window {
 public:
  L2Window(const ExecSpace&, const void*, std::size_t) {}
  L2Window(const L2Window&) = delete;
  L2Window& operator=(const L2Window&) = delete;
  bool active() const { return false; }
  std::string why() const { return "this execution space has no L2 access policy: nothing changes"; }
};

}  // namespace aspmv::backends

#ifdef KOKKOS_ENABLE_CUDA
#include <backends/cuda/l2_window.hpp>
#endif
