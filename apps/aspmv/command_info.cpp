// aspmv info: what this build is, what it runs on, which table it carries.

#include "commands.hpp"
#include "for_each_space.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/version.hpp>

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <iostream>

namespace aspmv::app {

namespace {
void print_properties(const DeviceProperties& p, bool is_default) {
  std::printf("  %s%s: %s\n", p.backend.c_str(), is_default ? " (default)" : "", p.name.c_str());
  if (p.is_gpu) {
    std::printf("    compute capability %s, %d multiprocessors, warp/wavefront %d, max TpR %d, max team %d threads\n",
                p.compute_capability.c_str(), p.compute_units, p.simd_width, p.max_vector_length, p.max_team_threads);
    std::printf("    L2 %.1f MiB, shared memory per team %.0f KiB, memory %.1f GiB, peak bandwidth %.0f GB/s\n",
                p.l2_cache_bytes / 1048576.0, p.shared_memory_per_team_bytes / 1024.0, p.memory_bytes / 1073741824.0,
                p.peak_bandwidth_gbs);
  } else {
    std::printf("    %d threads, L2 %.2f MiB, memory %.1f GiB\n", p.compute_units, p.l2_cache_bytes / 1048576.0,
                p.memory_bytes / 1073741824.0);
  }
}
}  // namespace

int command_info(const Args& args) {
  const bool verbose = !args.empty() && (args[0] == "-v" || args[0] == "--verbose");
  std::printf("aspmv %s (commit %s), backend %s, architecture table %s\n", version_string, build_git_commit,
              build_backend, build_arch);
  std::printf("Kokkos %d.%d.%d, default execution space %s\n", KOKKOS_VERSION / 10000, KOKKOS_VERSION / 100 % 100,
              KOKKOS_VERSION % 100, Kokkos::DefaultExecutionSpace::name());
  std::printf("execution spaces:\n");
  for_each_space([](auto space) {
    using S = decltype(space);
    print_properties(device_properties(space), std::is_same<S, Kokkos::DefaultExecutionSpace>::value);
  });
  std::printf("kernels (--kernel NAME):");
  planner::for_each_kernel([](auto d) {
    using D = decltype(d);
    std::printf(" %s%s", to_string(D::id), D::traits.analysis ? "*" : "");
  });
  std::printf("  (* with a per-matrix analysis)\n");
  std::printf("%s\n", describe(arch_table()).c_str());
  if (std::string(arch_table().provenance.status) == "placeholder")
    std::printf("  note: this table is a placeholder - kernel choices come from rules, not trained models.\n");
  if (verbose) Kokkos::print_configuration(std::cout, true);
  return 0;
}

}  // namespace aspmv::app
