// No catastrophic pick (issue 20): matrices outside the study corpus's
// support (perf/corpus/specs/guard-matrices.txt: a few rows of thousands of
// nonzeros, one dense row among a million short ones, a dense block, an
// empty half), planned on this CPU as make_plan plans them on the H100 (the
// h100 arch and model tables, the H100's lanes, 100 expected calls; row
// statistics from a host pass), and the pick's time looked up in the H100
// timings recorded for these matrices (tests/data/guard/h100-runtimes.csv:
// their rows of tuning_data/h100/measurements/2026-12-02-real-double-*, every
// registered kernel, the table's training data): within 2x of the best
// aspmv kernel on every one. Also the skew guard on its own.

#include <catch2/catch.hpp>

#include <aspmv/features.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/automatic_choice.hpp>
#include <predictors/model_json.hpp>
#include <test_models/h100_arch.hpp>

#include <corpus/generated.hpp>

#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace aspmv;

namespace {

// matrix -> kernel -> config -> seconds per call, from a collector's runtimes.csv columns.
using Timings = std::map<std::string, std::map<std::string, std::map<std::string, double>>>;

Timings read_timings(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::string line;
  std::getline(in, line);
  REQUIRE(line.rfind("matrix,kernel,config,time_s", 0) == 0);
  Timings t;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string matrix, kernel, config, time;
    std::getline(fields, matrix, ',');
    std::getline(fields, kernel, ',');
    std::getline(fields, config, ',');
    std::getline(fields, time, ',');
    t[matrix][kernel][config] = std::stod(time);
  }
  return t;
}

// A kernel of the registry (the collector also records plans and vendors).
bool is_registered_kernel(const std::string& name) {
  for (const auto k : all_kernels)
    if (name == to_string(k)) return true;
  return false;
}

planner::SpaceFacts h100_facts() {
  const auto& hw = aspmv_test::h100_arch::compiled_arch_table.hardware;
  return {true, "Cuda", 32, {double(hw.compute_units) * double(hw.simd_width), 32.0}, predictors::device_facts(hw, 8)};
}

// The recorded time of what the plan runs: the model's TpR for CSR-vector
// when it gave one, else (TpR from another model or a rule; CSR-Adaptive's
// unroll) the slowest recorded configuration of the kernel: an upper bound.
double pick_time(const std::map<std::string, std::map<std::string, double>>& kernels, Kernel k,
                 const std::optional<predictors::KernelLabel>& label) {
  const auto it = kernels.find(to_string(k));
  REQUIRE(it != kernels.end());
  if (label && label->tpr > 0) {
    const auto c = it->second.find("tpr=" + std::to_string(label->tpr));
    if (c != it->second.end()) return c->second;
  }
  double worst = 0;
  for (const auto& [config, t] : it->second) worst = t > worst ? t : worst;
  return worst;
}

}  // namespace

TEST_CASE("the h100 planner's pick on matrices outside the corpus is within 2x of the best", "[guards]") {
  const auto timings = read_timings(std::string(ASPMV_TEST_DATA_DIR) + "/guard/h100-runtimes.csv");
  const auto table = predictors::load_model_table(std::string(ASPMV_TUNING_DATA_DIR) + "/h100/model.json");
  const auto& arch = aspmv_test::h100_arch::compiled_arch_table;
  std::ifstream spec(std::string(ASPMV_TEST_DATA_DIR) + "/../../perf/corpus/specs/guard-matrices.txt");
  REQUIRE(spec.good());
  int checked = 0;
  int forecasts = 0;
  for (std::string line; std::getline(spec, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::string name = line;
    INFO(name);
    REQUIRE(timings.count(name) == 1);
    const auto a = corpus::generate(name);
    PlanOptions opt;
    opt.expected_calls = 100;
    const auto facts = h100_facts();
    const planner::ModelSelection models(opt, arch, facts, &table->table());
    REQUIRE(models.applies());
    PlanSummary s;
    s.stats.rows = a.num_rows;
    s.stats.cols = a.num_cols;
    s.stats.nnz = a.nnz();
    s.stats.mean = double(a.nnz()) / double(a.num_rows);
    const auto label = planner::choose_automatic(models, facts, arch, s, [&] { return row_stats(a); });
    INFO(s.describe());
    double best = std::numeric_limits<double>::infinity();
    for (const auto& [kernel, configs] : timings.at(name)) {
      if (!is_registered_kernel(kernel)) continue;  // plans (aspmv_auto, ...) and vendors
      for (const auto& [config, t] : configs) best = t < best ? t : best;
    }
    const double t = pick_time(timings.at(name), s.kernel, label);
    INFO("pick " << to_string(s.kernel) << ": " << t * 1e6 << " us, best " << best * 1e6 << " us");
    CHECK(t <= 2.0 * best);
    // The table's runtime model forecasts every gathered plan (describe() prints it), and
    // its runner-up is another configuration than the pick.
    const RuntimeForecast forecast = s.forecast();
    if (s.features_gathered) {
      CHECK_FALSE(forecast.empty());
      CHECK(forecast.runner_up != forecast.pick);
      CHECK(forecast.runner_up_seconds > 0);
      CHECK_THAT(s.describe(), Catch::Contains("runtime model (predicted): " + forecast.text()));
      ++forecasts;
    } else {
      CHECK(forecast.empty());
    }
    ++checked;
  }
  CHECK(checked == 8);
  CHECK(forecasts > 0);
}

TEST_CASE("the skew guard: row-bound picks where one row outweighs the device", "[guards]") {
  const auto& p = aspmv_test::h100_arch::compiled_arch_table.parameters;
  const planner::GuardLanes lanes{132.0 * 32.0, 32.0};
  RowStats s;
  // 25 rows of about 5,000 nonzeros: the mean alone says so.
  s.rows = 25, s.cols = 10500, s.nnz = 129000, s.mean = 5160;
  auto v = planner::skew_guard(Kernel::csr_vector, s, false, lanes, p);
  CHECK(v.fired);
  CHECK_THAT(v.why, Catch::Contains("skew guard") && Catch::Contains("csr_vector"));
  CHECK_FALSE(planner::skew_guard(Kernel::csr_adaptive, s, false, lanes, p).fired);  // splits rows
  CHECK_FALSE(planner::skew_guard(Kernel::merge_path, s, false, lanes, p).fired);
  // A short matrix: 100 rows of 3 (launch-bound anyway), not fired.
  s.rows = 100, s.nnz = 300, s.mean = 3;
  CHECK_FALSE(planner::skew_guard(Kernel::csr_vector, s, false, lanes, p).fired);
  // One row of 1M among 1M short rows: seen once gathered, not from the mean.
  s.rows = 1000000, s.cols = 1000000, s.nnz = 4000000, s.mean = 4, s.max = 1000000, s.min = 2;
  CHECK_FALSE(planner::skew_guard(Kernel::csr_scalar, s, false, lanes, p).fired);
  CHECK(planner::skew_guard(Kernel::csr_scalar, s, true, lanes, p).fired);
  // A regular matrix is left alone.
  s.max = 9;
  CHECK_FALSE(planner::skew_guard(Kernel::csr_vector, s, true, lanes, p).fired);
  // A CPU: 16 threads, a row per thread.
  const planner::GuardLanes cpu{16.0, 1.0};
  s.rows = 45000, s.nnz = 200000, s.mean = 4.4, s.max = 17663;
  CHECK(planner::skew_guard(Kernel::csr_scalar, s, true, cpu, p).fired);
  // row_share 0 turns the guard off.
  auto off = p;
  off.skew_guard_row_share = 0;
  CHECK_FALSE(planner::skew_guard(Kernel::csr_scalar, s, true, cpu, off).fired);
}
