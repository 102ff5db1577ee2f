// aspmv info: what this build is, what it runs on, which table it carries.

#include "arg_reader.hpp"
#include "commands.hpp"
#include "environment.hpp"
#include "for_each_space.hpp"
#include "model_table_text.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/version.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <iostream>

namespace aspmv::app {

const char* const info_usage =
    "usage: aspmv info [options]\n"
    "  -v, --verbose   also print Kokkos' configuration (Kokkos::print_configuration)\n"
    "Prints the build (version, commit, backend), Kokkos and its execution spaces with what each\n"
    "reports of its device, the OpenMP thread binding in effect, the registered kernels and the\n"
    "architecture table compiled in.\n";

namespace {
std::string l2(std::int64_t bytes) {
  if (bytes <= 0) return "unknown";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f MiB", bytes / 1048576.0);
  return buf;
}

void print_properties(const DeviceProperties& p, bool is_default) {
  std::printf("  %s%s: %s\n", p.backend.c_str(), is_default ? " (default)" : "", p.name.c_str());
  if (p.is_gpu) {
    std::printf("    compute capability %s, %d multiprocessors, warp/wavefront %d, max TpR %d, max team %d threads\n",
                p.compute_capability.c_str(), p.compute_units, p.simd_width, p.max_vector_length, p.max_team_threads);
    std::printf("    L2 %s, shared memory per team %.0f KiB, memory %.1f GiB, peak bandwidth %s\n",
                l2(p.l2_cache_bytes).c_str(), p.shared_memory_per_team_bytes / 1024.0, p.memory_bytes / 1073741824.0,
                p.peak_bandwidth_gbs > 0
                    ? (std::to_string(static_cast<long>(p.peak_bandwidth_gbs + 0.5)) + " GB/s").c_str()
                    : "unknown");
  } else {
    std::printf("    %d thread%s%s%s, L2 %s, memory %.1f GiB\n", p.compute_units, p.compute_units == 1 ? "" : "s",
                p.thread_binding.empty() ? "" : ", proc_bind ", p.thread_binding.c_str(), l2(p.l2_cache_bytes).c_str(),
                p.memory_bytes / 1073741824.0);
  }
}

// Where each space learns its L2 size.
const char* l2_source(const DeviceProperties& p) {
  if (p.backend == "Cuda") return "cudaDeviceProp::l2CacheSize";
  if (p.backend == "HIP") return "hipDeviceProp_t::l2CacheSize";
  return "sysconf(_SC_LEVEL2_CACHE_SIZE)";
}

// The hardware facts of the table against those the default space reports,
// each with its source, where the two differ.
void print_table_differences(const DeviceProperties& p) {
  const auto& hw = arch_table().hardware;
  const std::string table = std::string(arch_table().provenance.source_file) + " (\"" + hw.vendor + "\")";
  if (p.l2_cache_bytes != hw.l2_cache_bytes)
    std::printf("  note: L2 differs: this machine's %s reports %s (%s); the table says %s (%s)\n", p.backend.c_str(),
                l2(p.l2_cache_bytes).c_str(), l2_source(p), l2(hw.l2_cache_bytes).c_str(), table.c_str());
  if (p.compute_units != hw.compute_units)
    std::printf(
        "  note: compute units differ: this machine's %s has %d %s (Kokkos); the table was written for %d (%s)\n",
        p.backend.c_str(), p.compute_units, p.is_gpu ? "multiprocessors" : "threads", hw.compute_units, table.c_str());
}
}  // namespace

int command_info(const Args& args) {
  bool verbose = false;
  ArgReader r(args, info_usage);
  while (r.next()) {
    if (r.is("-v") || r.is("--verbose"))
      verbose = true;
    else
      r.unknown();
  }
  std::printf("aspmv %s (commit %s), backend %s, architecture table %s\n", version_string, build_git_commit,
              build_backend, build_arch);
  std::printf("Kokkos %d.%d.%d, default execution space %s\n", KOKKOS_VERSION / 10000, KOKKOS_VERSION / 100 % 100,
              KOKKOS_VERSION % 100, Kokkos::DefaultExecutionSpace::name());
  std::printf("execution spaces:\n");
  for_each_space([](auto space) {
    using S = decltype(space);
    print_properties(device_properties(space), std::is_same<S, Kokkos::DefaultExecutionSpace>::value);
  });
  std::printf("%s\n", openmp_binding_description().c_str());
  std::printf("kernels (--kernel NAME):");
  planner::for_each_kernel([](auto d) {
    using D = decltype(d);
    std::printf(" %s%s", to_string(D::id), D::traits.analysis ? "*" : "");
  });
  std::printf("  (* with a per-matrix analysis)\n");
  using Space = Kokkos::DefaultExecutionSpace;
  std::printf("%s\n", describe_architecture(false, backends::Traits<Space>::is_gpu, Space::name()).c_str());
  std::printf("%s\n", describe(arch_table()).c_str());
  print_table_differences(device_properties(Space()));
  std::printf("%s\n", describe_model_table().c_str());
  if (verbose) Kokkos::print_configuration(std::cout, true);
  return 0;
}

}  // namespace aspmv::app
