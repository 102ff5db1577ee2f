// backends::cached_device_properties: a device's properties queried once a process; a failed query asked again.

#include <backends/device_properties_cache.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace {

TEST_CASE("device properties are queried once a device, failures again", "[unit][backends]") {
  using aspmv::DeviceProperties;
  using aspmv::backends::cached_device_properties;
  int calls = 0;
  bool succeed = false;
  const auto query = [&](int device, DeviceProperties& p) {
    ++calls;
    p.name = "device " + std::to_string(device);
    p.compute_units = succeed ? 132 : 0;
    return succeed;
  };
  // Device numbers far from any a test machine has, so that no other test's cache entry is met.
  CHECK(cached_device_properties(9001, query).compute_units == 0);  // failed: returned, not kept
  CHECK(cached_device_properties(9001, query).compute_units == 0);
  CHECK(calls == 2);
  succeed = true;
  CHECK(cached_device_properties(9001, query).compute_units == 132);
  CHECK(calls == 3);
  succeed = false;  // kept: the query is not asked again
  const auto kept = cached_device_properties(9001, query);
  CHECK(kept.compute_units == 132);
  CHECK(kept.name == "device 9001");
  CHECK(calls == 3);
  // Another device is its own entry.
  CHECK(cached_device_properties(9002, query).compute_units == 0);
  CHECK(calls == 4);
}

}  // namespace
