// aspmv run: reads matrices (or the demo set), runs the plan's SpMV on the
// default execution space, checks it against the CPU reference and times it.

#include "arg_reader.hpp"
#include "commands.hpp"
#include "demo_set.hpp"
#include "model_table_text.hpp"
#include "table_printer.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/reference.hpp>
#include <backends/traits.hpp>

#include <bench/bandwidth.hpp>
#include <bench/timing.hpp>
#include <corpus/rng.hpp>

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

namespace aspmv::app {

const char* const run_usage =
    "usage: aspmv run [options] [MATRIX...]\n"
    "  MATRIX               a Matrix Market / Harwell-Boeing file (.gz, .xz) or a generated name\n"
    "                       (stencil3d-27pt-100, rand-uniform-r1000-c1000-m8-s2-seed1, ...)\n"
    "  --float              single precision (default: double)\n"
    "  --kernel NAME        force a kernel (aspmv info lists them)\n"
    "  --tpr N              force threads per row, a power of two, with --kernel csr_vector or\n"
    "                       gao_partitioned (its short-row blocks)\n"
    "  --rules              choose by the rules alone, not the trained models (the baseline)\n"
    "  --rule NAME          TpR rule where no model decides: cusp_mean (default), reguly_sqrt_mean,\n"
    "                       kokkos_kernels\n"
    "  --calls N            expected applies per plan (default 100): whether gathering features pays\n"
    "  --allow-conversion   plans may convert A to another format (SELL, ELL, JAD, DIA) where the\n"
    "                       table's format models price it below CSR over the expected applies;\n"
    "                       without format models, CPUs convert grids to DIA where it pays (a rule)\n"
    "  --format-margin M    with --allow-conversion, a modelled format only where priced below CSR by\n"
    "                       this fraction (default 0.5; PlanOptions::format_margin)\n"
    "  --deterministic      combine split rows in a fixed order\n"
    "  --describe           print each plan\n"
    "Kernel and TpR come from the trained model table (aspmv info; ASPMV_MODEL_FILE=<json> swaps it),\n"
    "the rules where no model applies. With no MATRIX, runs the demo set. Each result is checked against the "
    "long-double "
    "CPU reference\n"
    "(docs/METRICS.md); exit status 1 if any matrix fails to load, plan or check.\n";

namespace {

// A forced TpR must reach the kernel: refused up front, before any matrix is
// read, when no kernel is forced (the one chosen per matrix may not use it)
// or the forced kernel takes none.
void check_tpr(const PlanOptions& p) {
  if (p.threads_per_row == 0) return;
  std::string users;
  planner::for_each_kernel([&](auto d) {
    if (decltype(d)::traits.uses_tpr) users += std::string(users.empty() ? "" : ", ") + to_string(decltype(d)::id);
  });
  if (p.kernel == Kernel::automatic)
    throw Error("--tpr needs --kernel with a kernel that uses it (" + users +
                "): the kernel chosen per matrix may take no TpR");
  if (!planner::kernel_traits(p.kernel).uses_tpr)
    throw Error(std::string("--tpr: ") + to_string(p.kernel) + " takes no threads per row (kernels that do: " + users +
                ")");
  constexpr int max_tpr = backends::Traits<Kokkos::DefaultExecutionSpace>::max_tpr;
  if (p.threads_per_row > max_tpr || (p.threads_per_row & (p.threads_per_row - 1)) != 0)
    throw Error("--tpr " + std::to_string(p.threads_per_row) + ": threads per row must be a power of two from 1 to " +
                std::to_string(max_tpr) + " on " + Kokkos::DefaultExecutionSpace::name());
}

struct RunOptions {
  bool single = false;
  bool describe = false;
  PlanOptions plan;
  std::vector<std::string> files;
};

RunOptions parse(const Args& args) {
  RunOptions o;
  ArgReader r(args, run_usage);
  while (r.next()) {
    if (r.is("--float"))
      o.single = true;
    else if (r.is("--describe"))
      o.describe = true;
    else if (r.is("--deterministic"))
      o.plan.deterministic = true;
    else if (r.is("--kernel"))
      o.plan.kernel = parse_kernel(r.value());
    else if (r.is("--tpr")) {
      const long long tpr = r.integer();
      if (tpr < 1 || tpr > std::numeric_limits<int>::max())
        throw Error("--tpr " + std::to_string(tpr) +
                    ": threads per row start at 1 (leave --tpr out and the TpR rule chooses)");
      o.plan.threads_per_row = static_cast<int>(tpr);
    } else if (r.is("--rule"))
      o.plan.tpr_rule = predictors::parse_tpr_rule(r.value());
    else if (r.is("--rules"))
      o.plan.selector = Selector::rules;
    else if (r.is("--calls")) {
      const long long calls = r.integer();
      if (calls < 1) throw Error("--calls " + std::to_string(calls) + ": expected calls start at 1");
      o.plan.expected_calls = calls;
    } else if (r.is("--allow-conversion"))
      o.plan.allow_conversion = true;
    else if (r.is("--format-margin"))
      o.plan.format_margin = format_margin_argument(r);
    else if (r.is_positional())
      o.files.push_back(r.current());
    else
      r.unknown();
  }
  check_tpr(o.plan);
  return o;
}

struct RunResult {
  std::vector<std::string> row;
  bool ok = false;
};

template <class Value, class Offset>
RunResult run_matrix(const MatrixSource& src, const HostCsr<double, std::int64_t>& host, const RunOptions& opt) {
  using Space = Kokkos::DefaultExecutionSpace;
  using Mem = Space::memory_space;
  Space exec;
  DeviceCsr<Value, Offset, Mem> a(exec, host, src.name);
  corpus::Rng rng(42);
  std::vector<Value> x(static_cast<std::size_t>(host.num_cols)), y0(static_cast<std::size_t>(host.num_rows));
  for (auto& v : x) v = static_cast<Value>(rng.signed_value());
  for (auto& v : y0) v = static_cast<Value>(rng.signed_value());
  Kokkos::View<Value*, Mem> xd("x", x.size()), yd("y", y0.size());
  Kokkos::deep_copy(exec, xd,
                    Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(x.data(), x.size()));
  Kokkos::deep_copy(exec, yd,
                    Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y0.data(), y0.size()));

  auto plan = make_plan(exec, a.view(), opt.plan);
  if (opt.describe) std::printf("%s: %s", src.name.c_str(), plan.describe().c_str());

  // Check y = A x against the long-double reference before timing.
  plan.apply(exec, Value(1), xd, Value(0), yd);
  std::vector<Value> y(y0.size());
  Kokkos::deep_copy(exec, Kokkos::View<Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y.data(), y.size()), yd);
  exec.fence();
  const auto hv = convert<Value, std::int64_t>(host);
  const auto ref = reference_spmv(hv, 1.0, x, 0.0, y0);
  const auto cmp = compare(hv, y, ref, std::numeric_limits<Value>::epsilon());
  const double tol = sizeof(Value) == 8 ? 1e-12 : 1e-5;  // docs/METRICS.md
  const bool ok = cmp.nonfinite_rows == 0 && cmp.relative_error < tol;

  const auto t = bench::time_calls(exec, [&] { plan.apply(exec, Value(1), xd, Value(0), yd); });
  const double bytes =
      bench::spmv_bytes(host.num_rows, host.num_cols, host.nnz(), sizeof(Value), sizeof(Offset), false);
  const auto& s = plan.summary();
  const std::string kernel = s.groups.size() == 1 ? s.groups[0].label() : to_string(s.kernel);
  RunResult r;
  r.ok = ok;
  char err[32];
  std::snprintf(err, sizeof err, "%.1e", cmp.relative_error);
  r.row = {src.name,
           std::to_string(host.num_rows),
           std::to_string(host.num_cols),
           std::to_string(host.nnz()),
           kernel,
           fixed(s.analysis_seconds * 1e3, 2),
           fixed(t.seconds_per_call * 1e6, 2),
           fixed(bytes / t.seconds_per_call / 1e9, 1),
           std::string(ok ? "ok " : "FAIL ") + err};
  return r;
}

}  // namespace

int command_run(const Args& args) {
  const auto opt = parse(args);
  const std::vector<MatrixSource> sources = named_sources(opt.files);  // files or generated names; none: the demo set

  using Space = Kokkos::DefaultExecutionSpace;
  const bool rules_only = opt.plan.selector == Selector::rules;
  std::printf("aspmv run: %s on %s\n%s\n", opt.single ? "float" : "double", Space::name(),
              describe_architecture(rules_only, backends::Traits<Space>::is_gpu, Space::name()).c_str());
  std::fflush(stdout);  // before any error on stderr
  TablePrinter table({"matrix", "rows", "cols", "nnz", "kernel", "plan ms", "time us", "GB/s", "check (rel. error)"});
  int failures = 0;
  for (const auto& src : sources) {
    try {
      const HostCsr<double, std::int64_t> host = src.load();
      const bool small = host.nnz() <= std::numeric_limits<std::int32_t>::max();
      RunResult r;
      if (opt.single)
        r = small ? run_matrix<float, std::int32_t>(src, host, opt) : run_matrix<float, std::int64_t>(src, host, opt);
      else
        r = small ? run_matrix<double, std::int32_t>(src, host, opt) : run_matrix<double, std::int64_t>(src, host, opt);
      failures += r.ok ? 0 : 1;
      table.add_row(r.row);
    } catch (const std::exception& e) {
      std::fflush(stdout);
      std::fprintf(stderr, "aspmv run: %s: %s\n", src.name.c_str(), without_call_prefix(e.what()).c_str());
      ++failures;
    }
  }
  if (table.empty()) return 1;  // every matrix failed, each with its message: no empty table
  std::printf("%s", table.str().c_str());
  std::printf("time: median of 9 fenced batches per call; GB/s: bytes moved (docs/METRICS.md, beta = 0) / time\n");
  return failures == 0 ? 0 : 1;
}

}  // namespace aspmv::app
