// aspmv bench: every aspmv kernel and TpR against cuSPARSE (CSR, COO, SELL),
// Kokkos Kernels' native spmv and oneMKL's inspector-executor (the
// comparators the build has), interleaved in one process, on files or
// generated matrices; time, GB/s and the copy bandwidth measured in the
// same run (docs/METRICS.md). Optionally appends CSV rows.

#include "arg_reader.hpp"
#include "commands.hpp"
#include "demo_set.hpp"
#include "for_each_matrix.hpp"
#include "strip_alternatives.hpp"
#include "table_printer.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/device_csr.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/version.hpp>

#include <bench/bandwidth.hpp>
#include <bench/graph_methods.hpp>
#include <bench/l2_methods.hpp>
#include <bench/run_methods.hpp>
#include <bench/tuned_method.hpp>
#include <corpus/generated.hpp>
#include <corpus/rng.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <string>

namespace aspmv::app {

const char* const bench_usage =
    "usage: aspmv bench [options] [MATRIX...]\n"
    "  MATRIX: a file (.mtx[.gz], .rua/.rsa[.gz]) or a generated name (stencil3d-27pt-130,\n"
    "          shortlong-s2000000-l200-n200000-seed1, rand-uniform-r100000-c100000-m30-s20-seed3, ...)\n"
    "          none: the demo set\n"
    "  --float           single precision (default double)\n"
    "  --rounds N        interleaved rounds per method (default 3)\n"
    "  --csv FILE        append one row per method to FILE (header written when the file is new)\n"
    "  --copy-mib N      buffer size of the copy-bandwidth measurement (default 1024 on GPUs, 256 on CPUs)\n"
    "  --variant K=V[,K=V]  also run the kernels the parameters affect with these values (repeatable;\n"
    "                    see perf/bench/variants.hpp)\n"
    "  --tuned CALLS     also time aspmv_tuned: make_tuned_plan's plan for CALLS expected calls (the\n"
    "                    automatic plan and the model table's best-predicted alternatives timed here; its\n"
    "                    setup is the tuning, its detail what was timed)\n"
    "  --groups          also time each dispatch group of the multi-group plans (gao_partitioned, ...)\n"
    "  --methods P[,P]   time only the methods whose name starts with one of these prefixes; a\n"
    "                    prefix that names a method takes that method and its forms only\n"
    "                    (sell,ell,cusparse: SELL and its variants, ELL (not ell_bro), the cuSPARSE algorithms)\n"
    "  --graphs          run on an instance with a stream of its own and time every method again as\n"
    "                    <name>@graph: its call captured once and replayed as a graph (CUDA; elsewhere\n"
    "                    the twins report that the space has no graphs)\n"
    "  --l2-x            run on an instance with a stream of its own and time every method again as\n"
    "                    <name>@l2x: each call inside an L2 access policy window that keeps x's lines\n"
    "                    persisting (CUDA 8.0+; sets the device's persisting set-aside to its maximum;\n"
    "                    elsewhere the twins report why not)\n"
    "Comparators, where the build has them: cuSPARSE (CUDA), Kokkos Kernels' spmv, oneMKL (x86_64 host builds).\n"
    "Protocol, tolerance and GB/s: docs/METRICS.md.\n";

namespace {

struct BenchOptions {
  bool single = false;
  bool groups = false;
  bool graphs = false;
  bool l2_x = false;
  std::int64_t tuned_calls = 0;  // > 0: also make_tuned_plan's plan for this many expected calls
  int rounds = 3;
  std::string csv;
  std::int64_t copy_mib = 0;
  std::vector<bench::Variant> variants;
  std::vector<std::string> method_prefixes;  // empty: every method
  std::vector<std::string> matrices;
};

// "sell,ell,cusparse" -> its non-empty prefixes; an empty list is refused.
std::vector<std::string> method_prefixes(const std::string& text) {
  auto out = split_list(text);
  if (out.empty()) throw Error("--methods '" + text + "' names no method prefix");
  return out;
}

// Whether `name` is selected: a prefix that is itself the name of a method
// (`all_names`) selects that method and its forms (name<...>, name[...],
// name@...) only, so "ell" is ELL, not ELL-BRO; any other prefix selects
// every name it begins ("cusparse", "csr_delta").
bool selected(const std::string& name, const std::vector<std::string>& prefixes,
              const std::vector<std::string>& all_names) {
  if (prefixes.empty()) return true;
  for (const auto& p : prefixes) {
    if (name.compare(0, p.size(), p) != 0) continue;
    const bool is_a_name = std::find(all_names.begin(), all_names.end(), p) != all_names.end();
    if (!is_a_name || name.size() == p.size() || std::string("<[@").find(name[p.size()]) != std::string::npos)
      return true;
  }
  return false;
}

BenchOptions parse(const Args& args) {
  BenchOptions o;
  ArgReader r(args, bench_usage);
  while (r.next()) {
    if (r.is("--float"))
      o.single = true;
    else if (r.is("--groups"))
      o.groups = true;
    else if (r.is("--graphs"))
      o.graphs = true;
    else if (r.is("--l2-x"))
      o.l2_x = true;
    else if (r.is("--tuned")) {
      o.tuned_calls = r.integer();
      if (o.tuned_calls < 1) throw Error("--tuned: expected calls must be >= 1");
    } else if (r.is("--rounds"))
      o.rounds = std::max(1, static_cast<int>(r.integer()));
    else if (r.is("--csv"))
      o.csv = r.value();
    else if (r.is("--copy-mib"))
      o.copy_mib = r.integer();
    else if (r.is("--variant"))
      o.variants.push_back(bench::parse_variant(r.value(), arch_table()));
    else if (r.is("--methods"))
      o.method_prefixes = method_prefixes(r.value());
    else if (r.is_positional())
      o.matrices.push_back(r.current());
    else
      r.unknown();
  }
  return o;
}

struct Context {
  std::string device;
  double copy_gbs = 0;
};

template <class Value, class Offset>
void bench_matrix(const MatrixSource& src, const HostCsr<double, std::int64_t>& host, const BenchOptions& opt,
                  const Context& ctx) {
  using Space = Kokkos::DefaultExecutionSpace;
  using Mem = Space::memory_space;
  // --graphs, --l2-x: an instance whose work can be captured and whose stream takes an access policy
  // (CUDA: a non-blocking stream of its own).
  const auto owned = opt.graphs || opt.l2_x ? backends::Graph<Space>::capturing_instance()
                                            : backends::OwnedInstance<Space>{Space(), {}};
  const Space exec = owned.space;
  DeviceCsr<Value, Offset, Mem> a(exec, host, src.name);
  corpus::Rng rng(42);
  std::vector<Value> x(static_cast<std::size_t>(host.num_cols));
  for (auto& v : x) v = static_cast<Value>(rng.signed_value());
  Kokkos::View<Value*, Mem> xd("x", x.size()), yd("y", static_cast<std::size_t>(host.num_rows));
  Kokkos::deep_copy(exec, xd,
                    Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(x.data(), x.size()));
  auto methods = bench::make_methods(exec, a.view(), xd, yd, opt.variants);
  if (opt.tuned_calls > 0) methods.push_back(bench::tuned_method(exec, a.view(), xd, yd, opt.tuned_calls));
  std::vector<std::string> names;
  for (const auto& m : methods) names.push_back(m.name);
  methods.erase(std::remove_if(methods.begin(), methods.end(),
                               [&](const bench::Method& m) { return !selected(m.name, opt.method_prefixes, names); }),
                methods.end());
  if (methods.empty()) throw Error("--methods: no method of this build starts with the prefixes given");
  if (opt.l2_x) bench::add_l2_window_twins(exec, xd.data(), xd.size() * sizeof(Value), methods);
  if (opt.graphs) bench::add_graph_twins(exec, methods);
  const auto hv = convert<Value, std::int64_t>(host);
  const auto results = bench::run_methods(exec, std::move(methods), hv, x, yd, opt.rounds, bench::TimingOptions{});

  const double bytes =
      bench::spmv_bytes(host.num_rows, host.num_cols, host.nnz(), sizeof(Value), sizeof(Offset), false);
  double best_cusparse = 0, best_aspmv = 0, mkl = 0, kokkos_kernels = 0;
  std::string best_aspmv_name;
  for (const auto& r : results) {
    if (!r.ok) continue;
    if (r.method.family == "cusparse" && (best_cusparse == 0 || r.seconds < best_cusparse)) best_cusparse = r.seconds;
    if (r.method.family == "mkl") mkl = r.seconds;
    if (r.method.family == "kokkos_kernels") kokkos_kernels = r.seconds;
    const bool is_variant =
        r.method.name.find('[') != std::string::npos;  // variants are studies, not the library's kernels
    if (r.method.family == "aspmv" && !r.method.automatic && !is_variant &&
        (best_aspmv == 0 || r.seconds < best_aspmv)) {
      best_aspmv = r.seconds;
      best_aspmv_name = r.method.name;
    }
  }
  std::printf("\n%s: %d x %d, %lld nnz, %s, int%d offsets (%s)\n", src.name.c_str(), host.num_rows, host.num_cols,
              static_cast<long long>(host.nnz()), sizeof(Value) == 8 ? "double" : "float", int(8 * sizeof(Offset)),
              src.origin.c_str());
  // The vendor bar: the best cuSPARSE algorithm on NVIDIA, oneMKL on CPUs (where the build has it).
  const bool cpu_bar = best_cusparse == 0 && mkl > 0;
  const double bar = cpu_bar ? mkl : best_cusparse;
  TablePrinter t({"method", "setup ms", "time us", "GB/s", "% copy", cpu_bar ? "vs MKL" : "vs cuSPARSE", "check"});
  for (const auto& r : results) {
    const double gbs = bytes / r.seconds / 1e9;
    char err[32];
    std::snprintf(err, sizeof err, "%.1e", r.relative_error);
    t.add_row({r.method.name, fixed(r.method.setup_seconds * 1e3, 3), fixed(r.seconds * 1e6, 2), fixed(gbs, 1),
               ctx.copy_gbs > 0 ? fixed(100 * gbs / ctx.copy_gbs, 1) : "-",
               bar > 0 ? fixed(bar / r.seconds, 2) + "x" : "-",
               r.error.empty() ? std::string(r.ok ? "ok " : "FAIL ") + err : "ERROR " + r.error});
  }
  std::printf("%s", t.str().c_str());
  if (best_aspmv > 0) {
    std::string versus;
    if (best_cusparse > 0) versus += ", " + fixed(best_cusparse / best_aspmv, 2) + "x the best cuSPARSE";
    if (mkl > 0) versus += ", " + fixed(mkl / best_aspmv, 2) + "x oneMKL";
    if (kokkos_kernels > 0) versus += ", " + fixed(kokkos_kernels / best_aspmv, 2) + "x Kokkos Kernels";
    std::printf("best aspmv kernel: %s, %.2f us (%.1f%% of copy bandwidth)%s\n", best_aspmv_name.c_str(),
                best_aspmv * 1e6, ctx.copy_gbs > 0 ? 100 * bytes / best_aspmv / 1e9 / ctx.copy_gbs : 0.0,
                versus.c_str());
  }

  if (opt.groups)
    for (const auto& r : results) {
      if (r.method.groups.size() < 2) continue;
      std::printf("  %s by dispatch group:\n", r.method.name.c_str());
      for (std::size_t i = 0; i < r.method.groups.size(); ++i) {
        const auto t = bench::time_calls(exec, [&] { r.method.call_group(i); });
        std::printf("    %8.2f us  %s\n", t.seconds_per_call * 1e6, r.method.groups[i].c_str());
      }
    }

  if (!opt.csv.empty()) {
    const bool fresh = !std::ifstream(opt.csv).good();
    std::ofstream out(opt.csv, std::ios::app);
    if (!out) throw Error("cannot write " + opt.csv);
    if (fresh)
      out << "matrix,rows,cols,nnz,value,offset,method,family,setup_s,time_s,gbs,copy_gbs,rel_error,ok,device,arch,"
             "commit,"
             "detail\n";
    for (const auto& r : results) {
      // A method that threw (a refused conversion, an unavailable comparator) says why in its detail.
      const std::string detail = bench::csv_safe(r.error.empty() ? r.method.detail : "ERROR " + r.error);
      const std::string name = bench::csv_safe(r.method.name);
      char line[1024];
      std::snprintf(line, sizeof line, "%s,%d,%d,%lld,%s,int%d,%s,%s,%.6e,%.6e,%.2f,%.1f,%.3e,%d,%s,%s,%s,",
                    src.name.c_str(), host.num_rows, host.num_cols, static_cast<long long>(host.nnz()),
                    sizeof(Value) == 8 ? "double" : "float", int(8 * sizeof(Offset)), name.c_str(),
                    r.method.family.c_str(), r.method.setup_seconds, r.seconds, bytes / r.seconds / 1e9, ctx.copy_gbs,
                    r.relative_error, r.ok ? 1 : 0, ctx.device.c_str(), arch_table().arch, build_git_commit);
      out << line << detail << '\n';  // the detail apart: a long message must not truncate the line
    }
  }
}

}  // namespace

int command_bench(const Args& args) {
  const auto opt = parse(args);
  using Space = Kokkos::DefaultExecutionSpace;
  Space exec;
  Context ctx;
  const auto props = device_properties(exec);
  ctx.device = props.name;
  for (auto& ch : ctx.device)
    if (ch == ',') ch = ' ';
  const std::int64_t mib = opt.copy_mib > 0 ? opt.copy_mib : (props.is_gpu ? 1024 : 256);
  ctx.copy_gbs = bench::measure_copy_bandwidth(exec, mib << 20);
  std::printf("aspmv bench on %s (%s), table %s (%s), commit %s\n", ctx.device.c_str(), Space::name(),
              arch_table().arch, arch_table().provenance.status, build_git_commit);
  std::printf("copy bandwidth (read + write, %lld MiB buffers): %.1f GB/s\n", static_cast<long long>(mib),
              ctx.copy_gbs);
#if defined(ASPMV_HAVE_MKL)
  std::printf("CPU comparator: %s (inspector-executor, %d threads)\n", backends::mkl::version_string().c_str(),
              exec.concurrency());
#endif
  // A host variant on fewer threads than the pool spoils the pool's runs of the same process: libgomp's threads
  // left out of the smaller team sleep, and the next full team waits for them (docs/PERF.md).
  for (const auto& v : opt.variants) {
    if (props.is_gpu || exec.concurrency() < 2 || v.table.parameters.host_thread_nnz <= 0) continue;
    std::printf(
        "note: variant %s runs on fewer threads than the pool; the other runs of this process may wait for the "
        "pool's threads to wake: compare thread counts in separate processes (docs/PERF.md)\n",
        v.label.c_str());
  }

  const auto sources = named_sources(opt.matrices);
  const int failures =
      for_each_matrix("bench", sources, opt.single, [&](const MatrixSource& src, const auto& host, auto v, auto o) {
        bench_matrix<decltype(v), decltype(o)>(src, host, opt, ctx);
      });
  if (failures == static_cast<int>(sources.size())) return 1;  // nothing measured: no legend
  std::printf(
      "\ntime: median over %d interleaved rounds of the median of 9 fenced batches; GB/s: bytes moved "
      "(docs/METRICS.md, beta = 0) / time\n",
      opt.rounds);
  return failures == 0 ? 0 : 1;
}

}  // namespace aspmv::app
