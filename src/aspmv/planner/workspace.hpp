#pragma once
// Scratch that applies write (merge-path carries, per-segment partial sums
// of split rows in deterministic mode), kept apart from the plan's immutable
// analysis.
//
// The rule: a workspace is bound to one execution-space instance. Applying
// on that instance needs no synchronization. Applying on another instance
// first fences the bound one, then binds the workspace to the new one (Kokkos
// Kernels' SPMVHandle rule), under a mutex, so applies from several host
// threads or streams never share scratch while it is in use. Plans whose
// kernels need no scratch have no workspace and never fence. A plan made for
// concurrent use on another instance (Plan::for_instance) has its own
// workspace and shares the analysis.

#include <aspmv/impl/device_copy.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <mutex>

namespace aspmv::impl {

// Sizes a plan's step asks for.
struct WorkspaceSize {
  std::int64_t values = 0;   // partial sums
  std::int64_t indices = 0;  // carry rows
  bool empty() const { return values == 0 && indices == 0; }
};

// The scratch views a step's dispatches write (empty views when not needed).
template <class Value, class MemorySpace>
struct Workspace {
  Kokkos::View<Value*, MemorySpace> values;
  Kokkos::View<std::int32_t*, MemorySpace> indices;
};

template <class ExecSpace, class Value, class MemorySpace>
class WorkspaceBinding {
 public:
  WorkspaceBinding(const ExecSpace& exec, WorkspaceSize size) : instance_(exec) {
    if (size.values > 0) views_.values = allocate<Value, MemorySpace>(exec, size.values, "aspmv::workspace::values");
    // Zeroed: merge-split keeps its team counter here, zero between applies.
    if (size.indices > 0)
      views_.indices = Kokkos::View<std::int32_t*, MemorySpace>(Kokkos::view_alloc(exec, "aspmv::workspace::indices"),
                                                                static_cast<std::size_t>(size.indices));
  }

  // Runs launch(views) on `exec` with the workspace bound to it (see the rule above).
  template <class Launch>
  void use(const ExecSpace& exec, Launch&& launch) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!backends::Traits<ExecSpace>::same_instance(instance_, exec)) {
      instance_.fence();
      instance_ = exec;
    }
    launch(views_);
  }

 private:
  Workspace<Value, MemorySpace> views_;
  ExecSpace instance_;
  std::mutex mutex_;
};

}  // namespace aspmv::impl
