// aspmv rank: every (format, mapping) alternative the strip models cover
// (aspmv calibrate), or that the build's model table prices (its runtime and
// format models), ranked by predicted time for each matrix, with the
// predicted conversion cost and the calls after which a conversion pays off,
// and the plan's automatic choice beside them; --measure times each
// alternative and the plan's choice here beside the predictions.

#include "arg_reader.hpp"
#include "commands.hpp"
#include "demo_set.hpp"
#include "features_table.hpp"
#include "for_each_matrix.hpp"
#include "strip_alternatives.hpp"
#include "table_printer.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/features.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/planner/table_alternatives.hpp>
#include <predictors/runtime/strip_model_json.hpp>

#include <bench/timing.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace aspmv::app {

using planner::check_rankable;
using planner::plan_label;
using planner::table_alternatives;

const char* const rank_usage =
    "usage: aspmv rank [options] MATRIX...\n"
    "       aspmv rank --strip-models FILE --features CSV... [--distribution D]\n"
    "  MATRIX: a file (.mtx[.gz|.xz], .rua/.rsa[.gz]) or a generated name (see aspmv bench --help)\n"
    "  --strip-models FILE  rank with the strip runtime models (aspmv calibrate --out FILE); default\n"
    "                       $ASPMV_STRIP_MODELS; without either, with the build's model table: its runtime model\n"
    "                       (every CSR kernel configuration) and its format models (format_time, format_conversion)\n"
    "  --distribution D     strip models of one benchmark distribution: constant, normal, uniform\n"
    "                       (default normal), or all (every model)\n"
    "  --calls N            applies a conversion is spread over, and the plan's expected calls (default 100)\n"
    "  --format-margin M    the plan's automatic choice takes a modelled format only where priced below\n"
    "                       CSR by this fraction (default 0.5; PlanOptions::format_margin)\n"
    "  --measure            also time every alternative here (conversion and SpMV) beside its prediction, and\n"
    "                       the plan's automatic choice\n"
    "  --float              single precision (strip models: their value type must match)\n"
    "  --features CSV       instead of matrices, every matrix of a collector's features.csv (its rows, nnz, mode\n"
    "                       and max: all the strip models read), priced by the strip models; CSV on stdout:\n"
    "                       matrix,label,distribution,rows,nnz,strips,pnz,predicted_s,predicted_setup_s\n";

namespace {

struct RankOptions {
  std::string models;  // strip models; empty: the model table
  std::string distribution = "normal";
  std::int64_t calls = 100;
  double format_margin = PlanOptions{}.format_margin;
  bool measure = false;
  bool single = false;
  std::vector<std::string> matrices;
  std::vector<std::string> features;  // collector features.csv files, priced instead of matrices
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
    else if (r.is("--format-margin"))
      o.format_margin = format_margin_argument(r);
    else if (r.is("--measure"))
      o.measure = true;
    else if (r.is("--float"))
      o.single = true;
    else if (r.is("--features"))
      o.features.push_back(r.value());
    else if (r.is_positional())
      o.matrices.push_back(r.current());
    else
      r.unknown();
  }
  if (!o.features.empty()) {
    if (!o.matrices.empty()) throw Error("rank: --features takes the place of MATRIX arguments, not both");
    if (o.measure) throw Error("rank: --features prices matrices that are not here: nothing to --measure");
    if (o.models.empty())
      throw Error("rank: --features prices with the strip models: pass --strip-models FILE (aspmv calibrate --out)");
    return o;
  }
  if (o.matrices.empty()) throw Error("rank needs a MATRIX\n" + std::string(rank_usage));
  return o;
}

// One ranked alternative, from either kind of model.
struct Ranked {
  std::string label;   // "csr_vector/tpr=16", "sell"
  std::string model;   // the strip model's distribution, or the table's model ("runtime", "format_time")
  std::string inputs;  // the strip model's I and P_NZ; "-" for the table's models
  PlanOptions options;
  double predicted = 0, predicted_setup = 0;
  double measured = std::numeric_limits<double>::quiet_NaN(), measured_setup = 0;
  std::string error;
};

// The strip models' alternatives (`aspmv calibrate`), predicted.
// The strip models of the asked distribution, each with the alternative its
// label names (the library's format guard); throws when there are none.
struct ChosenStripModel {
  const predictors::runtime::StripModel* model;
  StripAlternative alternative;
};
std::vector<ChosenStripModel> chosen_strip_models(const RankOptions& opt,
                                                  const predictors::runtime::StripModelFile& file, int max_tpr) {
  std::vector<ChosenStripModel> out;
  for (const auto& m : file.models) {
    if (opt.distribution != "all" && m.distribution != opt.distribution) continue;
    auto a = alternative_of_label(m.label, max_tpr);
    a.options.max_format_growth = PlanOptions{}.max_format_growth;  // the library's guard
    out.push_back({&m, a});
  }
  if (out.empty()) throw Error("no strip model of distribution '" + opt.distribution + "' in " + opt.models);
  return out;
}

std::vector<Ranked> strip_ranked(const RankOptions& opt, const predictors::runtime::StripModelFile& file,
                                 const std::vector<std::int64_t>& lengths, std::int64_t nnz, int max_tpr) {
  std::vector<Ranked> out;
  const auto rows = static_cast<std::int64_t>(lengths.size());
  for (const auto& [m, a] : chosen_strip_models(opt, file, max_tpr)) {
    const double pnz = predictors::runtime::pnz_statistic(m->mapping, lengths);
    Ranked r{m->label, m->distribution, "I=" + std::to_string(m->strips(rows)) + " P_NZ=" + fixed(pnz, 0), a.options};
    r.predicted = m->predict(rows, pnz);
    r.predicted_setup = kernel_is_conversion(a.options.kernel) ? m->predict_setup(nnz) : 0;
    out.push_back(r);
  }
  return out;
}

// The model table's alternatives (table_alternatives.hpp), predicted.
template <class Space>
std::vector<Ranked> table_ranked(const RankOptions& opt, const RowStats& stats, std::int64_t value_bytes,
                                 std::string& source) {
  const auto t = table_alternatives<Space>(stats, value_bytes, double(opt.calls));
  source = t.table;
  std::vector<Ranked> out;
  // The runtime model prices no preprocessing (a kernel's analysis, csr_delta's
  // index compression): its rows leave it unpriced (NaN), not free.
  for (const auto& a : t.list)
    out.push_back(
        {a.label, a.model, "-", a.options, a.seconds_per_call,
         a.model == std::string("runtime") ? std::numeric_limits<double>::quiet_NaN() : a.conversion_seconds});
  for (const auto& s : t.skipped) std::printf("not ranked: %s\n", s.c_str());
  if (t.best_csr_seconds > 0)
    std::printf("format_time's own best CSR kernel: %.2f us predicted\n", t.best_csr_seconds * 1e6);
  return out;
}

// Across the matrices ranked with --measure: how often each pick is within
// 5 % of the measured best.
struct RankTally {
  int matrices = 0, predicted_within = 0, plan_within = 0;
  double log_predicted = 0, log_plan = 0;
};

template <class Value, class Offset>
void rank(const RankOptions& opt, const predictors::runtime::StripModelFile* strips, const MatrixSource& src,
          const HostCsr<double, std::int64_t>& host, RankTally& tally) {
  using Space = Kokkos::DefaultExecutionSpace;
  using Mem = Space::memory_space;
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(host.num_rows));
  for (std::int32_t r = 0; r < host.num_rows; ++r) lengths[r] = host.row_offsets[r + 1] - host.row_offsets[r];
  std::string source = opt.models;
  std::printf("%s: %d x %d, %lld nnz, %s\n", src.name.c_str(), host.num_rows, host.num_cols,
              static_cast<long long>(host.nnz()), sizeof(Value) == 8 ? "double" : "float");
  auto ranked = strips != nullptr ? strip_ranked(opt, *strips, lengths, host.nnz(), backends::Traits<Space>::max_tpr)
                                  : table_ranked<Space>(opt, row_stats(host), std::int64_t(sizeof(Value)), source);
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const Ranked& a, const Ranked& b) { return a.predicted < b.predicted; });
  // The reference for pay-off: the fastest predicted alternative without a priced conversion.
  double plain = 0;
  for (const auto& r : ranked)
    if (!(r.predicted_setup > 0) && (plain == 0 || r.predicted < plain)) plain = r.predicted;

  Space exec;
  DeviceCsr<Value, Offset, Mem> a(exec, host, src.name);
  // The plan's automatic choice for --calls expected calls, conversions allowed
  // (built once: its label always, its apply timed with --measure).
  PlanOptions automatic;
  automatic.expected_calls = opt.calls;
  automatic.allow_conversion = true;
  automatic.format_margin = opt.format_margin;
  const auto plan = make_plan(exec, a.view(), automatic);
  Ranked chosen{plan_label(plan.summary()), "plan", "-", automatic};
  if (opt.measure) {
    Kokkos::View<Value*, Mem> x("x", static_cast<std::size_t>(host.num_cols)),
        y("y", static_cast<std::size_t>(host.num_rows));
    Kokkos::deep_copy(exec, x, Value(1));
    const auto time_apply = [&](const auto& p) {
      return bench::time_calls(exec, [&] { p.apply(exec, Value(1), x, Value(0), y); }).seconds_per_call;
    };
    for (auto& r : ranked) {
      try {
        const auto t0 = std::chrono::steady_clock::now();
        const auto p = make_plan(exec, a.view(), r.options);
        exec.fence();
        r.measured_setup = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        r.measured = time_apply(p);
      } catch (const std::exception& e) {
        r.error = without_call_prefix(e.what());
      }
    }
    chosen.measured = time_apply(plan);
  }
  std::printf("models: %s (%s)\n", strips != nullptr ? (strips->device + ", " + strips->arch).c_str() : "model table",
              source.c_str());
  std::vector<std::string> head{"rank",         "alternative",   "model",          "inputs",
                                "predicted us", "conversion ms", "pays off after", "us per call over --calls"};
  if (opt.measure) head.insert(head.end(), {"measured us", "measured make_plan ms", "measured rank"});
  TablePrinter t(head);
  std::vector<double> measured_sorted;
  for (const auto& r : ranked)
    if (std::isfinite(r.measured)) measured_sorted.push_back(r.measured);
  std::sort(measured_sorted.begin(), measured_sorted.end());
  const auto measured_rank = [&](double m) {
    return std::to_string(std::lower_bound(measured_sorted.begin(), measured_sorted.end(), m) -
                          measured_sorted.begin() + 1);
  };
  int chosen_rank = 0;
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const auto& r = ranked[i];
    if (chosen_rank == 0 && r.label == chosen.label) chosen_rank = int(i) + 1;
    std::string payoff = "-";
    if (r.predicted_setup > 0)
      payoff =
          r.predicted < plain
              ? std::to_string(static_cast<long long>(std::ceil(r.predicted_setup / (plain - r.predicted)))) + " calls"
              : "never";
    std::vector<std::string> row{
        std::to_string(i + 1),
        r.label,
        r.model,
        r.inputs,
        fixed(r.predicted * 1e6, 2),
        std::isnan(r.predicted_setup) ? "-" : fixed(r.predicted_setup * 1e3, 3),
        payoff,
        fixed((r.predicted + (r.predicted_setup > 0 ? r.predicted_setup : 0.0) / double(opt.calls)) * 1e6, 2)};
    if (opt.measure) {
      if (!r.error.empty())
        row.insert(row.end(), {"refused", "-", "-"});
      else
        row.insert(row.end(),
                   {fixed(r.measured * 1e6, 2), fixed(r.measured_setup * 1e3, 3), measured_rank(r.measured)});
    }
    t.add_row(row);
  }
  std::printf("%s", t.str().c_str());
  for (const auto& r : ranked)
    if (!r.error.empty()) std::printf("%s: %s\n", r.label.c_str(), r.error.c_str());
  std::printf("the plan's automatic choice (%lld expected calls, conversion allowed, format margin %g): %s, %s\n",
              static_cast<long long>(opt.calls), opt.format_margin, chosen.label.c_str(),
              chosen_rank > 0 ? ("predicted rank " + std::to_string(chosen_rank)).c_str() : "not among the ranked");
  if (opt.measure && !measured_sorted.empty()) {
    const Ranked* predicted_best = nullptr;
    for (const auto& r : ranked)
      if (std::isfinite(r.measured)) {
        predicted_best = &r;
        break;
      }
    const double best = measured_sorted.front();
    std::printf("the predicted best that ran, %s, measured %.2f us: %.1f %% above the measured best (%.2f us)\n",
                predicted_best->label.c_str(), predicted_best->measured * 1e6,
                100 * (predicted_best->measured / best - 1), best * 1e6);
    if (std::isfinite(chosen.measured)) {
      // The plan may run a configuration the models do not rank (DIA by rule): the best is then the lesser.
      const double best_all = std::min(best, chosen.measured);
      std::printf("the plan's choice, %s, measured %.2f us: %.1f %% above the measured best\n", chosen.label.c_str(),
                  chosen.measured * 1e6, 100 * (chosen.measured / best_all - 1));
      ++tally.matrices;
      tally.predicted_within += predicted_best->measured <= 1.05 * best_all;
      tally.plan_within += chosen.measured <= 1.05 * best_all;
      tally.log_predicted += std::log(best_all / predicted_best->measured);
      tally.log_plan += std::log(best_all / chosen.measured);
    }
  }
  std::printf(
      "pays off after: calls until the predicted conversion is repaid against the fastest predicted "
      "alternative without one; per call over --calls: predicted time plus the conversion spread over %lld calls; "
      "conversion '-': not priced by the model (the runtime model prices no kernel's analysis)\n\n",
      static_cast<long long>(opt.calls));
}

// --features: every matrix of collector features files priced by the strip
// models (their P_NZ statistic from the features' mode or max, as
// predictors::runtime::pnz_statistic takes it from the row lengths), as CSV.
int rank_features(const RankOptions& opt, const predictors::runtime::StripModelFile& file) {
  using predictors::runtime::StripMapping;
  const auto models = chosen_strip_models(opt, file, backends::Traits<Kokkos::DefaultExecutionSpace>::max_tpr);
  std::printf("matrix,label,distribution,rows,nnz,strips,pnz,predicted_s,predicted_setup_s\n");
  for (const auto& path : opt.features) {
    const FeaturesTable t(path);
    const auto c_matrix = t.column("matrix"), c_rows = t.column("rows"), c_nnz = t.column("nnz"),
               c_mode = t.column("mode"), c_max = t.column("max");
    for (std::size_t i = 0; i < t.size(); ++i) {
      const std::int64_t rows = t.count(i, c_rows), nnz = t.count(i, c_nnz);
      const auto mode = double(t.count(i, c_mode)), longest = double(t.count(i, c_max));
      for (const auto& [m, a] : models) {
        const double pnz = m->mapping == StripMapping::vector ? mode : longest;
        std::printf("%s,%s,%s,%lld,%lld,%lld,%.17g,%.6e,%.6e\n", t.text(i, c_matrix).c_str(), m->label.c_str(),
                    m->distribution.c_str(), static_cast<long long>(rows), static_cast<long long>(nnz),
                    static_cast<long long>(m->strips(rows)), pnz, m->predict(rows, pnz),
                    kernel_is_conversion(a.options.kernel) ? m->predict_setup(nnz) : 0.0);
      }
    }
  }
  return 0;
}

}  // namespace

int command_rank(const Args& args) {
  const auto opt = parse(args);
  std::optional<predictors::runtime::StripModelFile> strips;
  if (!opt.models.empty()) {
    strips = predictors::runtime::read_strip_models(opt.models);
    if ((strips->value == "float") != opt.single)
      throw Error(opt.models + " holds " + strips->value + " models; rank " + (opt.single ? "without" : "with") +
                  " --float");
    if (!opt.features.empty()) return rank_features(opt, *strips);
  } else {
    check_rankable<Kokkos::DefaultExecutionSpace>();
  }
  RankTally tally;
  const int failures = for_each_matrix(
      "rank", named_sources(opt.matrices), opt.single, [&](const MatrixSource& src, const auto& host, auto v, auto o) {
        rank<decltype(v), decltype(o)>(opt, strips ? &*strips : nullptr, src, host, tally);
      });
  if (tally.matrices > 1)
    std::printf(
        "over %d matrices: within 5 %% of the measured best (the least of the ranked alternatives and the plan's "
        "choice): the predicted best %d, the plan's choice %d; geometric mean of best / pick: %.3f and %.3f\n",
        tally.matrices, tally.predicted_within, tally.plan_within, std::exp(tally.log_predicted / tally.matrices),
        std::exp(tally.log_plan / tally.matrices));
  return failures == 0 ? 0 : 1;
}

}  // namespace aspmv::app
