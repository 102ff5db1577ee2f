// aspmv rank: every (format, mapping) alternative the strip models cover,
// ranked by predicted time for one matrix, with the predicted conversion
// cost and the calls after which a conversion pays off; --measure times
// each alternative here beside its prediction.

#include "arg_reader.hpp"
#include "commands.hpp"
#include "demo_set.hpp"
#include "for_each_matrix.hpp"
#include "strip_alternatives.hpp"
#include "table_printer.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/plan.hpp>
#include <predictors/runtime/strip_model_json.hpp>

#include <bench/timing.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

namespace aspmv::app {

const char* const rank_usage =
    "usage: aspmv rank [options] MATRIX\n"
    "  MATRIX: a file (.mtx[.gz|.xz], .rua/.rsa[.gz]) or a generated name (see aspmv bench --help)\n"
    "  --strip-models FILE  the fitted models (aspmv calibrate --out FILE); default $ASPMV_STRIP_MODELS\n"
    "  --distribution D     rank with the models of one benchmark distribution: constant, normal, uniform\n"
    "                       (default normal), or all (every model)\n"
    "  --calls N            applies a conversion is spread over (default 100)\n"
    "  --measure            also time every alternative here (conversion and SpMV) beside its prediction\n"
    "  --float              single precision (the models' value type must match)\n";

namespace {

struct RankOptions {
  std::string models;
  std::string distribution = "normal";
  std::int64_t calls = 100;
  bool measure = false;
  bool single = false;
  std::string matrix;
};

RankOptions parse(const Args& args) {
  RankOptions o;
  if (const char* env = std::getenv("ASPMV_STRIP_MODELS")) o.models = env;
  ArgReader r(args, rank_usage);
  while (r.next()) {
    if (r.is("--strip-models"))
      o.models = r.value();
    else if (r.is("--distribution"))
      o.distribution = r.value();
    else if (r.is("--calls"))
      o.calls = std::max<long long>(1, r.integer());
    else if (r.is("--measure"))
      o.measure = true;
    else if (r.is("--float"))
      o.single = true;
    else if (r.is_positional() && o.matrix.empty())
      o.matrix = r.current();
    else
      r.unknown();
  }
  if (o.matrix.empty()) throw Error("rank needs one MATRIX\n" + std::string(rank_usage));
  if (o.models.empty()) throw Error("rank needs --strip-models FILE (or ASPMV_STRIP_MODELS)");
  return o;
}

struct Ranked {
  const predictors::runtime::StripModel* model;
  StripAlternative alternative;
  double predicted = 0, predicted_setup = 0;
  double measured = std::numeric_limits<double>::quiet_NaN(), measured_setup = 0;
  std::string error;
};

template <class Value, class Offset>
int rank(const RankOptions& opt, const predictors::runtime::StripModelFile& file, const MatrixSource& src,
         const HostCsr<double, std::int64_t>& host) {
  using Space = Kokkos::DefaultExecutionSpace;
  using Mem = Space::memory_space;
  using predictors::runtime::StripMapping;
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(host.num_rows));
  for (std::int32_t r = 0; r < host.num_rows; ++r) lengths[r] = host.row_offsets[r + 1] - host.row_offsets[r];
  std::vector<Ranked> ranked;
  for (const auto& m : file.models) {
    if (opt.distribution != "all" && m.distribution != opt.distribution) continue;
    Ranked r{&m, alternative_of_label(m.label, backends::Traits<Space>::max_tpr)};
    r.alternative.options.max_format_growth = PlanOptions{}.max_format_growth;  // the library's guard
    r.predicted = m.predict(host.num_rows, predictors::runtime::pnz_statistic(m.mapping, lengths));
    r.predicted_setup = kernel_is_conversion(r.alternative.options.kernel) ? m.predict_setup(host.nnz()) : 0;
    ranked.push_back(r);
  }
  if (ranked.empty()) throw Error("no strip model of distribution '" + opt.distribution + "' in " + opt.models);
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const Ranked& a, const Ranked& b) { return a.predicted < b.predicted; });
  // The reference for pay-off: the fastest predicted alternative that converts nothing.
  double plain = 0;
  for (const auto& r : ranked)
    if (r.predicted_setup == 0 && (plain == 0 || r.predicted < plain)) plain = r.predicted;

  if (opt.measure) {
    Space exec;
    DeviceCsr<Value, Offset, Mem> a(exec, host, src.name);
    Kokkos::View<Value*, Mem> x("x", static_cast<std::size_t>(host.num_cols)),
        y("y", static_cast<std::size_t>(host.num_rows));
    Kokkos::deep_copy(exec, x, Value(1));
    for (auto& r : ranked) try {
        const auto t0 = std::chrono::steady_clock::now();
        const auto plan = make_plan(exec, a.view(), r.alternative.options);
        exec.fence();
        r.measured_setup = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        r.measured = bench::time_calls(exec, [&] { plan.apply(exec, Value(1), x, Value(0), y); }).seconds_per_call;
      } catch (const std::exception& e) {
        r.error = without_call_prefix(e.what());
      }
  }
  std::printf("%s: %d x %d, %lld nnz, %s; models of %s (%s, %s)\n", src.name.c_str(), host.num_rows, host.num_cols,
              static_cast<long long>(host.nnz()), sizeof(Value) == 8 ? "double" : "float", file.device.c_str(),
              file.arch.c_str(), opt.models.c_str());
  std::vector<std::string> head{"rank",
                                "alternative",
                                "distribution",
                                "I",
                                "P_NZ",
                                "predicted us",
                                "conversion ms",
                                "pays off after",
                                "us per call over --calls"};
  if (opt.measure) head.insert(head.end(), {"measured us", "measured conversion ms", "measured rank"});
  TablePrinter t(head);
  std::vector<double> measured_sorted;
  for (const auto& r : ranked)
    if (std::isfinite(r.measured)) measured_sorted.push_back(r.measured);
  std::sort(measured_sorted.begin(), measured_sorted.end());
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const auto& r = ranked[i];
    const double pnz = predictors::runtime::pnz_statistic(r.model->mapping, lengths);
    std::string payoff = "-";
    if (r.predicted_setup > 0)
      payoff =
          r.predicted < plain
              ? std::to_string(static_cast<long long>(std::ceil(r.predicted_setup / (plain - r.predicted)))) + " calls"
              : "never";
    std::vector<std::string> row{std::to_string(i + 1),
                                 r.model->label,
                                 r.model->distribution,
                                 std::to_string(r.model->strips(host.num_rows)),
                                 fixed(pnz, 0),
                                 fixed(r.predicted * 1e6, 2),
                                 fixed(r.predicted_setup * 1e3, 3),
                                 payoff,
                                 fixed((r.predicted + r.predicted_setup / double(opt.calls)) * 1e6, 2)};
    if (opt.measure) {
      if (!r.error.empty()) {
        row.insert(row.end(), {"refused", "-", "-"});
      } else {
        const auto pos = std::lower_bound(measured_sorted.begin(), measured_sorted.end(), r.measured);
        row.insert(row.end(), {fixed(r.measured * 1e6, 2), fixed(r.measured_setup * 1e3, 3),
                               std::to_string(pos - measured_sorted.begin() + 1)});
      }
    }
    t.add_row(row);
  }
  std::printf("%s", t.str().c_str());
  for (const auto& r : ranked)
    if (!r.error.empty()) std::printf("%s: %s\n", r.model->label.c_str(), r.error.c_str());
  if (opt.measure && !measured_sorted.empty()) {
    const Ranked* chosen = nullptr;
    for (const auto& r : ranked)
      if (std::isfinite(r.measured)) {
        chosen = &r;
        break;
      }
    std::printf("the predicted best that ran, %s, measured %.2f us: %.1f %% above the measured best (%.2f us)\n",
                chosen->model->label.c_str(), chosen->measured * 1e6,
                100 * (chosen->measured / measured_sorted.front() - 1), measured_sorted.front() * 1e6);
  }
  std::printf(
      "pays off after: calls until the predicted conversion is repaid against the fastest predicted "
      "alternative without one (csr_scalar, csr_vector); per call over --calls: predicted time plus the "
      "conversion spread over %lld calls\n",
      static_cast<long long>(opt.calls));
  return 0;
}

}  // namespace

int command_rank(const Args& args) {
  const auto opt = parse(args);
  const auto file = predictors::runtime::read_strip_models(opt.models);
  if ((file.value == "float") != opt.single)
    throw Error(opt.models + " holds " + file.value + " models; rank " + (opt.single ? "without" : "with") +
                " --float");
  const auto sources = named_sources({opt.matrix});
  const int failures =
      for_each_matrix("rank", sources, opt.single, [&](const MatrixSource& src, const auto& host, auto v, auto o) {
        rank<decltype(v), decltype(o)>(opt, file, src, host);
      });
  return failures == 0 ? 0 : 1;
}

}  // namespace aspmv::app
