#pragma once
// The measurement collector: for every matrix of a corpus spec, every kernel
// and configuration (bench/methods.hpp: aspmv kernels and TpRs, cuSPARSE,
// Kokkos Kernels), the features and their collection times, and blockwise
// TpR samples; written in the layout of docs/COLLECTOR_FORMAT.md. Resumable:
// matrices listed in done.txt are skipped; a failing matrix is recorded in
// failures.csv and the run goes on.

#include "../bench/bandwidth.hpp"
#include "../bench/run_methods.hpp"
#include "blocks.hpp"
#include "csv_file.hpp"
#include "prefetch.hpp"
#include "progress.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/device_csr.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/matrix_features.hpp>
#include <aspmv/version.hpp>
#include <predictors/kernel_rules.hpp>
#include <predictors/tpr_rules.hpp>

#include <corpus/rng.hpp>
#include <corpus/spec.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <limits>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace aspmv::collect {

struct CollectOptions {
  std::string spec_path;
  std::string out_dir;
  bool single = false;   // float instead of double
  int rounds = 1;        // interleaved rounds per configuration
  int blocks_every = 4;  // blockwise samples from every N-th matrix (0: none)
  int max_blocks = 4;    // blocks sampled per matrix
  std::int32_t min_block_rows = 64;
  std::size_t limit = 0;  // stop after this many matrices in this session (0: all)
  double time_limit = 0;  // seconds: start no new matrix after this long (0: no limit)
  int threads = -1;       // generator threads ahead of the measurements; 0: generate in turn
                          // (CPU runs: no interference with the timings); -1: all cores but two on GPUs, 0 on CPUs
  // 10 warm-up calls (the protocol's minimum), the median of 5 batches of >= 1 ms.
  bench::TimingOptions timing{10, 5, 1e-3, 1 << 16, 5e-3, 3};
  std::vector<std::string> kernels;  // the kernel columns measured (--methods), the others not set up; empty: all
  std::string command;               // argv, for run.json
};

// The method kinds of `all` whose kernel is listed (all when none is), in `all`'s order; an unknown name is refused
// with the build's list.
std::vector<bench::MethodKind> measured_kinds(const std::vector<bench::MethodKind>& all,
                                              const std::vector<std::string>& kernels);

// Writes run.json (once per run folder) and the session log.
void write_run_json(const CollectOptions& o, const std::string& spec_sha, const DeviceProperties& dev,
                    const std::vector<bench::MethodKind>& methods, const char* space_name, double copy_gbs,
                    std::size_t matrices);
std::set<std::string> read_done(const std::string& out_dir);
std::string sha256_file(const std::string& path);

struct Files {
  CsvFile runtimes, features, blocks, failures;
  std::ofstream done;
  explicit Files(const std::string& dir);
};

template <class Space, class Value, class Offset>
void measure_matrix(const Space& exec, const corpus::SpecEntry& entry, const HostCsr<double, std::int64_t>& host,
                    const CollectOptions& o, bool sample_blocks_here, Files& files) {
  using Mem = typename Space::memory_space;
  const auto& table = arch_table();
  DeviceCsr<Value, Offset, Mem> a(exec, host, entry.name);

  // Features first, timed per group on the device. The first pass of a run
  // pays one-time costs (Kokkos' reduction scratch, module loading): 7-9 ms
  // instead of 30-45 us on the H100 for the first matrix of each 2026-11-26
  // collection, which made gathering look 200x dearer there; so the first
  // matrix of a run is gathered once untimed.
  static bool features_warm = false;
  if (!features_warm) {
    (void)matrix_features(exec, a.view());
    features_warm = true;
  }
  const MatrixFeatures f = matrix_features(exec, a.view());

  corpus::Rng rng(42);
  std::vector<Value> x(static_cast<std::size_t>(host.num_cols));
  for (auto& v : x) v = static_cast<Value>(rng.signed_value());
  Kokkos::View<Value*, Mem> xd("x", x.size()), yd("y", static_cast<std::size_t>(host.num_rows));
  Kokkos::deep_copy(exec, xd,
                    Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(x.data(), x.size()));
  std::function<bool(const std::string&)> wanted;
  if (!o.kernels.empty())
    wanted = [&](const std::string& k) { return std::find(o.kernels.begin(), o.kernels.end(), k) != o.kernels.end(); };
  auto methods = bench::make_methods(exec, a.view(), xd, yd, {}, wanted);
  const auto hv = convert<Value, std::int64_t>(host);
  const auto results = bench::run_methods(exec, std::move(methods), hv, x, yd, o.rounds, o.timing);
  const double bytes =
      bench::spmv_bytes(host.num_rows, host.num_cols, host.nnz(), sizeof(Value), sizeof(Offset), false);
  for (const auto& r : results) {
    if (!r.error.empty()) {
      files.failures.row({entry.name, "kernel:" + r.method.kernel + "/" + r.method.config, r.error});
      continue;
    }
    files.runtimes.row({entry.name, r.method.kernel, r.method.config, sci(r.seconds), sci(r.method.setup_seconds),
                        num(bytes / r.seconds / 1e9), sci(r.relative_error), r.ok ? "1" : "0"});
  }

  const auto& s = f.stats;
  const int max_tpr = backends::Traits<Space>::max_tpr;
  // The automatic plan's kernel (the models' choice, the rule's where none
  // applies); the rule's when that plan was not measured.
  Kernel auto_kernel =
      predictors::choose_kernel_by_rule(s, true, backends::Traits<Space>::is_gpu, table.parameters).kernel;
  for (const auto& r : results)
    if (r.method.name == "aspmv_auto" && r.method.plan_kernel != Kernel::automatic) auto_kernel = r.method.plan_kernel;
  files.features.row({entry.name,
                      entry.family,
                      num(double(s.rows)),
                      num(double(s.cols)),
                      num(double(s.nnz)),
                      num(s.density()),
                      num(s.mean),
                      num(double(s.min)),
                      num(double(s.max)),
                      num(s.var),
                      num(s.max_minus_mean()),
                      num(s.sqrt_mean()),
                      num(s.cov()),
                      num(f.dispersion()),
                      num(double(f.shape.mode)),
                      num(double(f.shape.median)),
                      num(double(f.columns.min_dist)),
                      num(double(f.columns.max_dist)),
                      num(double(f.columns.bandwidth)),
                      num(f.density_min()),
                      num(f.density_max()),
                      num(f.density_mean()),
                      num(f.density_var()),
                      std::to_string(predictors::tpr_by_rule(predictors::TprRule::cusp_mean, s, max_tpr)),
                      std::to_string(predictors::tpr_by_rule(predictors::TprRule::reguly_sqrt_mean, s, max_tpr)),
                      std::to_string(predictors::tpr_by_rule(predictors::TprRule::kokkos_kernels, s, max_tpr)),
                      to_string(auto_kernel),
                      sci(f.time_row_stats),
                      sci(f.time_row_histogram),
                      sci(f.time_columns),
                      sci(f.collection_time())});

  if (sample_blocks_here) {
    try {
      const auto& offsets = hv.row_offsets;
      std::vector<Offset> off(offsets.begin(), offsets.end());
      const auto blocks = sample_blocks(off, table.parameters.t_long, o.max_blocks, o.min_block_rows);
      for (const auto& b : time_blocks(exec, a.view(), off, blocks, xd, o.timing)) {
        const auto& bs = b.stats;
        files.blocks.row({entry.name, std::to_string(b.block), std::to_string(b.row_begin), std::to_string(b.row_end),
                          num(double(bs.rows)), num(double(bs.cols)), num(double(bs.nnz)), num(bs.density()),
                          num(double(bs.min)), num(double(bs.max)), num(bs.mean), num(bs.var), num(bs.max_minus_mean()),
                          num(bs.sqrt_mean()), num(bs.cov()), std::to_string(b.tpr), sci(b.seconds)});
      }
    } catch (const std::exception& e) {
      files.failures.row({entry.name, "blocks", e.what()});
    }
  }
}

template <class Value>
int collect(const CollectOptions& o) {
  using Space = Kokkos::DefaultExecutionSpace;
  Space exec;
  const auto entries = corpus::read_spec(o.spec_path);
  const auto done = read_done(o.out_dir);
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (!done.count(entries[i].name)) todo.push_back(i);
  if (o.limit > 0 && todo.size() > o.limit) todo.resize(o.limit);

  const auto kinds =
      measured_kinds(bench::method_kinds<Space>(), o.kernels);  // an unknown name refused before device work
  const auto dev = device_properties(exec);
  const double copy_gbs = bench::measure_copy_bandwidth(exec, std::int64_t(dev.is_gpu ? 1024 : 256) << 20);
  write_run_json(o, sha256_file(o.spec_path), dev, kinds, Space::name(), copy_gbs, entries.size());
  Files files(o.out_dir);
  std::fprintf(stdout, "aspmv collect: %zu matrices in %s, %zu already done, %zu in this session; %s on %s (%s)\n",
               entries.size(), o.spec_path.c_str(), done.size(), todo.size(), sizeof(Value) == 8 ? "double" : "float",
               dev.name.c_str(), Space::name());
  std::fflush(stdout);

  // GPUs: generate ahead on all cores but two (the timing thread and the
  // driver's own threads keep a core each); CPUs: in turn, so generation does
  // not disturb the timings.
  const int threads = o.threads >= 0
                          ? o.threads
                          : (dev.is_gpu ? std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 2) : 0);
  std::unique_ptr<Prefetcher> prefetch;
  auto load = [&](std::size_t j) { return corpus::load(entries[todo[j]]); };
  if (threads > 0)
    prefetch = std::make_unique<Prefetcher>(todo.size(), load, threads, static_cast<std::size_t>(threads));
  Progress progress(todo.size(), stderr_is_terminal());
  std::size_t failed = 0, measured = 0;
  const auto t_start = std::chrono::steady_clock::now();
  for (std::size_t j = 0; j < todo.size(); ++j) {
    const auto& entry = entries[todo[j]];
    if (o.time_limit > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count() > o.time_limit) {
      std::fprintf(stdout, "aspmv collect: time limit reached before %s; run again to resume\n", entry.name.c_str());
      break;
    }
    progress.update(j, entry.name);
    Loaded loaded;
    if (prefetch) {
      loaded = prefetch->take(j);
    } else {
      try {
        loaded.matrix = load(j);
      } catch (const std::exception& e) {
        loaded.error = e.what();
      }
    }
    if (!loaded.error.empty()) {
      files.failures.row({entry.name, "load", loaded.error});
      ++failed;
      continue;
    }
    const bool blocks_here = o.blocks_every > 0 && todo[j] % static_cast<std::size_t>(o.blocks_every) == 0;
    try {
      if (loaded.matrix.nnz() <= std::numeric_limits<std::int32_t>::max())
        measure_matrix<Space, Value, std::int32_t>(exec, entry, loaded.matrix, o, blocks_here, files);
      else
        measure_matrix<Space, Value, std::int64_t>(exec, entry, loaded.matrix, o, blocks_here, files);
      files.done << entry.name << "\n" << std::flush;
      ++measured;
    } catch (const std::exception& e) {
      files.failures.row({entry.name, "measure", e.what()});
      ++failed;
    }
  }
  progress.finish();
  std::fprintf(stdout, "aspmv collect: %zu measured, %zu failed (see %s/failures.csv)\n", measured, failed,
               o.out_dir.c_str());
  return 0;
}

}  // namespace aspmv::collect
