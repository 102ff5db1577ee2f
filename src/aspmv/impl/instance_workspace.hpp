#pragma once
// The workspace the drop-in call's merge-split kernel uses: one per
// execution-space instance (and value type and memory space), owned by the
// library, allocated on the instance's first call and kept until
// Kokkos::finalize. Its size does not depend on the matrix (one carry per
// team, a fixed team count per space), so later calls allocate nothing.
// Calls on one instance run in order on its queue, so they can share it;
// another instance (another stream) gets its own.

#include <aspmv/impl/device_copy.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

namespace aspmv::impl {

template <class Value, class MemorySpace, class ExecSpace>
Workspace<Value, MemorySpace> instance_workspace(const ExecSpace& exec, std::int64_t values, std::int64_t indices) {
  struct Entry {
    ExecSpace instance;
    Workspace<Value, MemorySpace> views;
  };
  static std::mutex mutex;
  static std::vector<Entry>* entries = nullptr;
  std::lock_guard<std::mutex> lock(mutex);
  if (entries == nullptr) {
    entries = new std::vector<Entry>();
    // Views must be released before Kokkos finalizes.
    Kokkos::push_finalize_hook([] {
      std::lock_guard<std::mutex> inner(mutex);
      delete entries;
      entries = nullptr;
    });
  }
  for (const auto& e : *entries) {
    if (backends::Traits<ExecSpace>::same_instance(e.instance, exec) &&
        static_cast<std::int64_t>(e.views.values.extent(0)) >= values &&
        static_cast<std::int64_t>(e.views.indices.extent(0)) == indices)
      return e.views;
  }
  Workspace<Value, MemorySpace> views;
  views.values = allocate<Value, MemorySpace>(exec, values, "aspmv::drop_in::carry_values");
  // Zeroed: the last entry is merge-split's team counter.
  views.indices = Kokkos::View<std::int32_t*, MemorySpace>(Kokkos::view_alloc(exec, "aspmv::drop_in::carry_rows"),
                                                           static_cast<std::size_t>(indices));
  entries->push_back({exec, views});
  return views;
}

}  // namespace aspmv::impl
