// aspmv calibrate: the benchmark matrices of the strip runtime models
// (predictors/runtime/strip_model.hpp; Guo-Wang with constant rows,
// Wang-Gu-Li with normal or uniform rows around P_NZ), timed on this device
// for every covered kernel, and the fitted models, printed and written as
// JSON for `aspmv rank`.

#include "arg_reader.hpp"
#include "commands.hpp"
#include "strip_alternatives.hpp"
#include "table_printer.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/device_csr.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/version.hpp>
#include <predictors/runtime/strip_model_json.hpp>

#include <bench/timing.hpp>
#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace aspmv::app {

const char* const calibrate_usage =
    "usage: aspmv calibrate [options]\n"
    "  Times the strip models' benchmark matrices (R = S x I rows, P_NZ nonzeros per row) for csr_scalar,\n"
    "  csr_vector (16 lanes per row), ell, jad and sell, fits the models and prints them.\n"
    "  --float              single precision (default double)\n"
    "  --distribution D     constant, normal, uniform or all (default all)\n"
    "  --kernels K,...      default csr_scalar,csr_vector,ell,jad,sell (ell_bro too when named)\n"
    "  --strips LIST        strip counts I (default 1,2,3,4,6,8,10; csr_vector 1,2,4,8,15,25,40,50)\n"
    "  --pnz LIST           P_NZ values (default 4,8,16,32,64,128,256; csr_vector up to 2048)\n"
    "  --max-nnz N          skip benchmark matrices above N nonzeros (default 33554432 on GPUs, 4194304 on CPUs)\n"
    "  --strip-rows N       S of the thread-per-row kernels (default SMs x threads per SM; CPUs 1024 x threads)\n"
    "  --vector-strip-rows N  S of csr_vector (default SMs x half-warps per SM; CPUs 64 x threads)\n"
    "  --split N            csr_vector's P_NZ split (default the most threads of a team; CPUs 1024)\n"
    "  --out FILE           write the models (JSON, schema aspmv-strip-models/1)\n";

namespace {

struct CalibrateOptions {
  bool single = false;
  std::vector<std::string> distributions{"constant", "normal", "uniform"};
  std::vector<std::string> kernels = split_list(default_strip_kernels());
  std::vector<std::int64_t> strips, vector_strips, pnz, vector_pnz;
  std::int64_t max_nnz = 0;
  std::int64_t strip_rows = 0, vector_strip_rows = 0;
  double split = 0;
  std::string out;
  std::string command = "aspmv calibrate";
};

std::vector<std::int64_t> integers(const std::string& text, const char* option) {
  std::vector<std::int64_t> v;
  for (const auto& s : split_list(text)) {
    char* end = nullptr;
    const long long n = std::strtoll(s.c_str(), &end, 10);
    if (*end != '\0' || n < 1) throw Error(std::string("option ") + option + ": '" + s + "' is not a positive integer");
    v.push_back(n);
  }
  if (v.empty()) throw Error(std::string("option ") + option + " lists nothing");
  return v;
}

CalibrateOptions parse(const Args& args) {
  CalibrateOptions o;
  ArgReader r(args, calibrate_usage);
  for (const auto& a : args) o.command += " " + a;
  while (r.next()) {
    if (r.is("--float")) {
      o.single = true;
    } else if (r.is("--distribution")) {
      const std::string d = r.value();
      if (d == "all") continue;
      if (d != "constant" && d != "normal" && d != "uniform")
        throw Error("option --distribution: '" + d + "' (constant, normal, uniform, all)");
      o.distributions = {d};
    } else if (r.is("--kernels")) {
      o.kernels = split_list(r.value());
    } else if (r.is("--strips")) {
      o.strips = o.vector_strips = integers(r.value(), "--strips");
    } else if (r.is("--pnz")) {
      o.pnz = o.vector_pnz = integers(r.value(), "--pnz");
    } else if (r.is("--max-nnz")) {
      o.max_nnz = r.integer();
    } else if (r.is("--strip-rows")) {
      o.strip_rows = r.integer();
    } else if (r.is("--vector-strip-rows")) {
      o.vector_strip_rows = r.integer();
    } else if (r.is("--split")) {
      o.split = r.real();
    } else if (r.is("--out")) {
      o.out = r.value();
    } else {
      r.unknown();
    }
  }
  if (o.strips.empty()) {
    o.strips = {1, 2, 3, 4, 6, 8, 10};
    o.vector_strips = {1, 2, 4, 8, 15, 25, 40, 50};
  }
  if (o.pnz.empty()) {
    o.pnz = {4, 8, 16, 32, 64, 128, 256};
    o.vector_pnz = {4, 8, 16, 32, 64, 128, 256, 512, 1024, 1536, 2048};
  }
  return o;
}

corpus::RowLengths lengths_of(const std::string& d) {
  if (d == "constant") return corpus::RowLengths::constant;
  if (d == "normal") return corpus::RowLengths::normal;
  return corpus::RowLengths::uniform;
}

// One benchmark matrix: R rows and columns (at least 2 P_NZ columns), row
// lengths of the distribution around P_NZ (normal: sigma P/4; uniform:
// P/2 either side).
HostCsr<double, std::int64_t> benchmark_matrix(const std::string& d, std::int64_t rows, std::int64_t pnz,
                                               std::uint64_t seed) {
  corpus::RandomCsrSpec s;
  s.rows = static_cast<std::int32_t>(rows);
  s.cols = static_cast<std::int32_t>(std::max<std::int64_t>(rows, 2 * pnz));
  s.lengths = lengths_of(d);
  s.mean = double(pnz);
  s.spread = d == "normal" ? double(pnz) / 4 : double(pnz) / 2;
  s.seed = seed;
  return corpus::random_csr(s);
}

template <class Value>
int calibrate(const CalibrateOptions& opt) {
  using Space = Kokkos::DefaultExecutionSpace;
  using Mem = Space::memory_space;
  using Offset = std::int64_t;
  Space exec;
  const auto props = device_properties(exec);
  const int threads = std::max(1, props.max_threads_per_unit);
  using predictors::runtime::StripMapping;
  const std::int64_t s_scalar =
      opt.strip_rows > 0
          ? opt.strip_rows
          : (props.is_gpu ? predictors::runtime::strip_rows(StripMapping::scalar, props.compute_units, threads)
                          : std::int64_t(1024) * props.compute_units);
  const std::int64_t s_vector =
      opt.vector_strip_rows > 0
          ? opt.vector_strip_rows
          : (props.is_gpu ? predictors::runtime::strip_rows(StripMapping::vector, props.compute_units, threads)
                          : std::int64_t(64) * props.compute_units);
  const std::int64_t max_nnz = opt.max_nnz > 0 ? opt.max_nnz : (props.is_gpu ? (std::int64_t(1) << 25) : (1 << 22));
  // The paper's split: the most threads of a block (1,024 on CPUs, where a team is one thread).
  const double split = opt.split > 0 ? opt.split : (props.is_gpu ? double(props.max_team_threads) : 1024.0);
  std::printf(
      "aspmv calibrate on %s (%s), %s, commit %s: S = %lld rows (thread per row), %lld (csr_vector), "
      "at most %lld nonzeros\n",
      props.name.c_str(), Space::name(), sizeof(Value) == 8 ? "double" : "float", build_git_commit,
      static_cast<long long>(s_scalar), static_cast<long long>(s_vector), static_cast<long long>(max_nnz));

  std::vector<StripAlternative> alternatives;
  for (const auto& k : opt.kernels) alternatives.push_back(strip_alternative(k, backends::Traits<Space>::max_tpr));

  predictors::runtime::StripModelFile file;
  file.device = props.name;
  file.arch = arch_table().arch;
  file.value = sizeof(Value) == 8 ? "double" : "float";
  file.compute_units = std::max(1, props.compute_units);
  file.threads_per_unit = threads;
  file.command = opt.command;
  TablePrinter table({"model", "distribution", "S", "samples", "median |error|", "worst |error|"});
  std::uint64_t seed = 1;
  for (const auto& d : opt.distributions) {
    // samples[alternative] for this distribution; one matrix serves every alternative of its mapping.
    std::map<std::string, std::vector<predictors::runtime::StripSample>> samples;
    for (const StripMapping mapping : {StripMapping::scalar, StripMapping::vector}) {
      const bool vector = mapping == StripMapping::vector;
      const std::int64_t s = vector ? s_vector : s_scalar;
      for (const auto i : vector ? opt.vector_strips : opt.strips)
        for (const auto p : vector ? opt.vector_pnz : opt.pnz) {
          bool wanted = false;
          for (const auto& a : alternatives) wanted = wanted || a.mapping == mapping;
          if (!wanted || s * i * p > max_nnz || s * i > std::numeric_limits<std::int32_t>::max()) continue;
          const auto host = benchmark_matrix(d, s * i, p, seed++);
          DeviceCsr<Value, Offset, Mem> a(exec, host, "calibrate");
          Kokkos::View<Value*, Mem> x("x", static_cast<std::size_t>(host.num_cols)),
              y("y", static_cast<std::size_t>(host.num_rows));
          Kokkos::deep_copy(exec, x, Value(1));
          for (const auto& alt : alternatives) {
            if (alt.mapping != mapping) continue;
            try {
              const auto t0 = std::chrono::steady_clock::now();
              const auto plan = make_plan(exec, a.view(), alt.options);
              exec.fence();
              const double setup = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
              const auto t = bench::time_calls(exec, [&] { plan.apply(exec, Value(1), x, Value(0), y); });
              samples[alt.label].push_back({i, double(p), t.seconds_per_call, setup, host.nnz()});
            } catch (const std::exception& e) {
              std::fprintf(stderr, "aspmv calibrate: %s, %s, I %lld, P_NZ %lld: %s\n", alt.label.c_str(), d.c_str(),
                           static_cast<long long>(i), static_cast<long long>(p), without_call_prefix(e.what()).c_str());
            }
          }
        }
    }
    for (const auto& alt : alternatives) {
      const auto& sm = samples[alt.label];
      try {
        const auto m = predictors::runtime::fit_strip_model(
            alt.label, alt.mapping, d, alt.mapping == StripMapping::vector ? s_vector : s_scalar, sm, split);
        std::vector<double> err;
        for (const auto& x : sm)
          err.push_back(std::fabs(m.predict(x.strips * m.strip_rows, x.pnz) - x.seconds) / x.seconds);
        std::sort(err.begin(), err.end());
        table.add_row({alt.label, d, std::to_string(m.strip_rows), std::to_string(sm.size()),
                       fixed(100 * err[err.size() / 2], 1) + " %", fixed(100 * err.back(), 1) + " %"});
        file.models.push_back(m);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "aspmv calibrate: %s, %s: %s\n", alt.label.c_str(), d.c_str(), e.what());
      }
    }
  }
  std::printf("%s", table.str().c_str());
  std::printf("error: of the model on its own benchmark matrices (|predicted - measured| / measured)\n");
  if (!opt.out.empty()) {
    std::ofstream out(opt.out);
    if (!out) throw Error("cannot write " + opt.out);
    out << predictors::runtime::to_json_text(file);
    std::printf("wrote %zu models to %s\n", file.models.size(), opt.out.c_str());
  }
  return file.models.empty() ? 1 : 0;
}

}  // namespace

int command_calibrate(const Args& args) {
  const auto opt = parse(args);
  return opt.single ? calibrate<float>(opt) : calibrate<double>(opt);
}

}  // namespace aspmv::app
