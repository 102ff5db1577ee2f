// No catastrophic pick (issue 20): matrices outside the study corpus's
// support (perf/corpus/specs/guard-matrices.txt: a few rows of thousands of
// nonzeros, one dense row among a million short ones, a dense block, an
// empty half), planned on this CPU as make_plan plans them on the H100 (the
// h100 arch and model tables, the H100's lanes, 100 expected calls; row
// statistics from a host pass), and the pick's time looked up in the H100
// timings recorded for these matrices (tests/data/guard/h100-runtimes.csv:
// their rows of tuning_data/h100/measurements/2026-12-02-real-double-*, every
// registered kernel, the table's training data): within 2x of the best
// aspmv kernel on every one. Also the skew guard on its own, and the
// row-lanes guard of CPUs.

#include <catch2/catch.hpp>

#include <aspmv/features.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/automatic_choice.hpp>
#include <predictors/model_json.hpp>
#include <test_models/cpu_x86_arch.hpp>
#include <test_models/h100_arch.hpp>

#include <corpus/generated.hpp>

#include <fstream>
#include <limits>
#include <map>
#include <optional>
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

// make_plan's automatic choice of `a` on the H100's facts and `arch`, with the known statistics as make_plan sets
// them and a host pass as the gathering one. `label`: the kernel model's label where it chose.
PlanSummary plan_choice(const HostCsr<double, std::int64_t>& a, const predictors::ArchTableData& arch,
                        const predictors::ModelTable& table, const PlanOptions& opt,
                        std::optional<predictors::KernelLabel>* label = nullptr) {
  const auto facts = h100_facts();
  const planner::ModelSelection models(opt, arch, facts, &table);
  REQUIRE(models.applies());
  PlanSummary s;
  s.stats.rows = a.num_rows;
  s.stats.cols = a.num_cols;
  s.stats.nnz = a.nnz();
  s.stats.mean = double(a.nnz()) / double(a.num_rows);
  const auto chosen = planner::choose_automatic(models, facts, arch, s, [&] { return row_stats(a); });
  if (label != nullptr) *label = chosen;
  return s;
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
    std::optional<predictors::KernelLabel> label;
    const PlanSummary s = plan_choice(a, arch, table->table(), opt, &label);
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

TEST_CASE("with skew_guard.gather_row_bound a row-bound pick of the known path sees the longest row", "[guards]") {
  // The h100 tables as make_plan asks them: where the known path picks a row-bound kernel (the gather model said
  // "known", on the fewer expected calls), the table's gather_row_bound 1 makes the plan gather the row
  // statistics, and the guard then judges the longest row: it fires where a few long rows hide behind a short mean
  // (the robust kernel, vector_split on GPUs, replaces the pick) and leaves the pick alone elsewhere. With 0, or
  // where the caller forbids gathering, the plan stays on the known path.
  const auto table = predictors::load_model_table(std::string(ASPMV_TUNING_DATA_DIR) + "/h100/model.json");
  auto arch0 = aspmv_test::h100_arch::compiled_arch_table;
  arch0.parameters.skew_guard_gather_row_bound = 0;
  auto arch1 = arch0;
  arch1.parameters.skew_guard_gather_row_bound = 1;
  const auto facts = h100_facts();
  const auto choose = [&](const HostCsr<double, std::int64_t>& a, const predictors::ArchTableData& arch,
                          bool may_gather, int calls) {
    PlanOptions opt;
    opt.expected_calls = calls;
    opt.gather_features = may_gather;
    return plan_choice(a, arch, table->table(), opt);
  };
  int known_row_bound = 0, fired = 0, kept = 0;
  for (const std::string name :
       {"longrows-r6435-m16-l1-n5923-scattered-seed1", "longrows-r2000-m8-l1-n2000-scattered-seed2",
        "longrows-r8000-m4-l3-n4000-clustered-seed3", "longrows-r20000-m6-l1-n1400-scattered-seed4",
        "longrows-r1000-m20-l1-n1000-scattered-seed5", "stencil2d-5pt-100", "stencil3d-7pt-20", "stencil3d-27pt-20",
        "band-r20000-w16-m8-seed1"}) {
    const auto a = corpus::generate(name);
    const RowStats host = row_stats(a);
    for (const int calls : {1, 3, 10, 30, 100}) {  // the gather model takes the known path on the fewer calls
      INFO(name << ", " << calls << " expected calls");
      const PlanSummary s0 = choose(a, arch0, true, calls);
      const PlanSummary s1 = choose(a, arch1, true, calls);
      const PlanSummary forbidden = choose(a, arch1, false, calls);
      INFO(s0.describe());
      INFO(s1.describe());
      CHECK_FALSE(forbidden.features_gathered);
      if (s0.features_gathered || !planner::kernel_traits(s0.kernel).row_bound) {  // nothing for the rule to do
        CHECK(s1.kernel == s0.kernel);
        CHECK(s1.features_gathered == s0.features_gathered);
        continue;
      }
      ++known_row_bound;
      CHECK(s1.features_gathered);
      CHECK(s1.stats.max == host.max);
      const bool expect = planner::skew_guard(s0.kernel, host, true, facts.lanes, arch1.parameters).fired;
      CHECK(s1.kernel == (expect ? Kernel::vector_split : s0.kernel));
      CHECK(s1.guard.empty() != expect);
      (expect ? fired : kept) += 1;
    }
  }
  // The candidates cover both outcomes on this table (a test that checks nothing fails).
  CHECK(known_row_bound >= 2);
  CHECK(fired >= 1);
  CHECK(kept >= 1);
}

TEST_CASE("the row-lanes guard: CSR-vector with TpR > 1 gives way to csr_scalar's AVX-512 lanes on CPUs", "[guards]") {
  predictors::KernelParameters p{};
  p.host_row_simd = 2;
  RowStats s;
  s.rows = 4000, s.cols = 4000, s.nnz = 240000, s.mean = 60;
  const std::optional<int> two = 2, one = 1, none;
  auto v = planner::lanes_guard(two, Kernel::csr_vector, s, true, p);
  CHECK(v.fired);
  CHECK_THAT(v.why, Catch::Contains("row-lanes guard") && Catch::Contains("csr_vector<2>"));
  CHECK_FALSE(planner::lanes_guard(one, Kernel::csr_vector, s, true, p).fired);   // one lane a row: no vector
  CHECK_FALSE(planner::lanes_guard(none, Kernel::csr_vector, s, true, p).fired);  // TpR not the kernel model's
  CHECK_FALSE(planner::lanes_guard(two, Kernel::csr_vector_team, s, true, p).fired);
  CHECK_FALSE(planner::lanes_guard(two, Kernel::csr_vector, s, false, p).fired);  // no AVX-512 (or a GPU)
  auto no_lanes = p;
  no_lanes.host_row_simd = 0;
  CHECK_FALSE(planner::lanes_guard(two, Kernel::csr_vector, s, true, no_lanes).fired);
  s.nnz = 4 * s.rows;  // rows too short for csr_scalar's lanes
  CHECK_FALSE(planner::lanes_guard(two, Kernel::csr_vector, s, true, p).fired);
  s.nnz = 5 * s.rows;
  CHECK(planner::lanes_guard(two, Kernel::csr_vector, s, true, p).fired);
}

TEST_CASE("the cpu-x86 planner runs csr_scalar where its model picks CSR-vector with TpR > 1 on AVX-512 CPUs",
          "[guards]") {
  // make_plan's choice with the cpu-x86 tables on a CPU of 16 threads, with and without csr_scalar's AVX-512
  // lanes: where the model's pick is CSR-vector with TpR > 1 (these matrices' rows of 60-120 nonzeros, on the
  // table of 2026-12-03), the lanes turn it into csr_scalar and the summary says why; elsewhere nothing changes.
  const auto table = predictors::load_model_table(std::string(ASPMV_TUNING_DATA_DIR) + "/cpu-x86/model.json");
  const auto& arch = aspmv_test::cpu_x86_arch::compiled_arch_table;
  int fired = 0;
  for (const std::string name : {"rand-normal-r4000-c4000-m60-s5-seed3", "band-r4000-w200-m120-seed4",
                                 "rand-uniform-r3000-c3000-m100-s10-seed2", "stencil2d-5pt-100"}) {
    const auto a = corpus::generate(name);
    for (const bool avx512 : {false, true}) {
      planner::SpaceFacts facts{false, "OpenMP", 32, {16.0, 1.0}, predictors::device_facts(arch.hardware, 8), avx512};
      PlanOptions opt;
      const planner::ModelSelection models(opt, arch, facts, &table->table());
      REQUIRE(models.applies());
      PlanSummary s;
      s.stats.rows = a.num_rows, s.stats.cols = a.num_cols, s.stats.nnz = a.nnz();
      s.stats.mean = double(a.nnz()) / double(a.num_rows);
      PlanSummary without = s;
      const auto label = planner::choose_automatic(models, facts, arch, s, [&] { return row_stats(a); });
      facts.cpu_avx512_rows = false;
      const auto label0 = planner::choose_automatic(models, facts, arch, without, [&] { return row_stats(a); });
      INFO(name << (avx512 ? ", AVX-512 lanes" : ", no AVX-512") << "\n" << s.describe());
      const bool vector_pick = without.kernel == Kernel::csr_vector && label0 && label0->tpr > 1;
      if (avx512 && vector_pick) {
        CHECK(s.kernel == Kernel::csr_scalar);
        CHECK_FALSE(label);
        CHECK_THAT(s.guard, Catch::Contains("row-lanes guard"));
        ++fired;
      } else {
        CHECK(s.kernel == without.kernel);
        CHECK(s.guard == without.guard);
      }
    }
  }
  CHECK(fired >= 1);  // the candidates exercise the guard on this table
}
