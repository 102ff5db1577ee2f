#pragma once
// A GPU's properties worked out once a device and process. cudaGetDeviceProperties fills every field of
// cudaDeviceProp and took most of a millisecond a call on an H200 (CUDA 13): lrb's and gao_partitioned's plans ask
// for the SM count, and their setup was 0.7-1.2 ms where lrb's own build took 0.2-0.35 ms
// (perf/results/h200/2026-12-03-lrb-recollect, calls 5-6). A device's properties do not change while a process runs.

#include <backends/device_properties.hpp>

#include <map>
#include <mutex>

namespace aspmv::backends {

// `query(device, properties)` fills the properties and says whether it could; a failed query is not kept (asked
// again next time), its result returned as the query left it.
template <class Query>
DeviceProperties cached_device_properties(int device, Query&& query) {
  static std::mutex mutex;
  static std::map<int, DeviceProperties> known;
  {
    std::lock_guard<std::mutex> lock(mutex);
    const auto it = known.find(device);
    if (it != known.end()) return it->second;
  }
  DeviceProperties p;
  const bool ok = query(device, p);
  if (ok) {
    std::lock_guard<std::mutex> lock(mutex);
    known.emplace(device, p);
  }
  return p;
}

}  // namespace aspmv::backends
