// make_tuned_plan (aspmv/tuned_plan.hpp): with a table whose runtime model
// predicts fixed times, the candidates are the automatic plan and the
// cheapest-predicted others within the budget, in that order; each is timed;
// the plan returned is the least measured one's and computes y = alpha A x +
// beta y; with too few expected calls, one candidate allowed, no entries or
// a table that cannot rank here nothing is timed and the report says why;
// formats are candidates only with allow_conversion; bad options are errors.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"
#include "support/test_model_table.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/error.hpp>
#include <aspmv/tuned_plan.hpp>
#include <predictors/model_choice.hpp>

#include <corpus/random_csr.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

// Classes every space runs (a CPU runs CSR-vector at one lane a row only).
const std::vector<std::string> runtime_classes = {"csr_scalar", "merge_path", "csr_adaptive", "csr_vector/tpr=1",
                                                  "gao_partitioned"};
const std::vector<double> runtime_seconds = {10e-6, 11e-6, 12e-6, 20e-6, 50e-6};

// The kernel model answers csr_scalar; the runtime model predicts runtime_seconds.
std::vector<std::pair<std::string, std::string>> tuning_models() {
  return {{"gather", constant_model({"known", "gathered"}, "gathered")},
          {"kernel_gathered", constant_model(runtime_classes, "csr_scalar", "xgboost")},
          {"runtime", constant_runtime_model(runtime_classes, runtime_seconds)}};
}

// A rows x cols matrix without entries (the generator's rows of length 0).
HostCsr<double, std::int64_t> no_entries(std::int32_t rows, std::int32_t cols) {
  corpus::RandomCsrSpec spec;
  spec.rows = rows;
  spec.cols = cols;
  spec.lengths = corpus::RowLengths::constant;
  spec.mean = 0;
  return corpus::random_csr(spec);
}

HostCsr<double, std::int64_t> tuning_matrix(std::int32_t rows = 400, std::int32_t cols = 350) {
  corpus::RandomCsrSpec spec;
  spec.rows = rows;
  spec.cols = cols;
  spec.lengths = corpus::RowLengths::bimodal;
  spec.mean = 7;
  spec.spread = 60;
  spec.long_fraction = 0.05;
  spec.seed = 23;
  return corpus::random_csr(spec);
}

TuneOptions many_calls(int max_candidates = 3) {
  TuneOptions t;
  t.plan.expected_calls = 100000000;
  t.max_candidates = max_candidates;
  t.min_batch_seconds = 0;  // two calls a batch: the test checks the choice, not the clock
  return t;
}

// The tuned plan of `tune` on Space, its report, and its product checked
// against the reference (alpha 1.5, beta -0.5, twice).
template <class Space, class Value>
TuneReport tuned_and_checked(const HostCsr<double, std::int64_t>& host, const TuneOptions& tune) {
  TuneReport report;
  const auto r = run_made_plan<Space, Value, std::int64_t>(host, SpmvCase{1.5, -0.5, false, 3}, 2, false,
                                                           [&](const Space& exec, const auto& a) {
                                                             auto tuned = make_tuned_plan(exec, a, tune);
                                                             report = tuned.report;
                                                             return tuned.plan;
                                                           });
  INFO(report.text() << "\n" << r.description);
  CHECK(r.comparison.within_bounds);
  return report;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("make_tuned_plan times the best-predicted candidates and keeps the fastest", "[kernels][tuned]",
                        Spaces) {
  using Space = TestType;
  const ActiveTestTable table(tuning_models());
  const auto host = tuning_matrix();
  for (const bool single : {false, true}) {
    const auto report = single ? tuned_and_checked<Space, float>(host, many_calls())
                               : tuned_and_checked<Space, double>(host, many_calls());
    INFO(report.text());
    if (!table_fits_space<Space>()) {  // a host space of a GPU build: the rules decide, the table cannot rank
      CHECK_FALSE(report.timed());
      CHECK(report.note.find("cannot rank") != std::string::npos);
      REQUIRE(report.candidates.size() == 1);
      CHECK(std::isnan(report.candidates[0].measured_seconds));
      continue;
    }
    REQUIRE(report.timed());
    REQUIRE(report.candidates.size() == 3);
    const std::vector<std::string> labels = {"csr_scalar", "merge_path", "csr_adaptive"};
    std::size_t fastest = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      const auto& c = report.candidates[i];
      CHECK(c.label == labels[i]);
      CHECK(c.automatic == (i == 0));
      CHECK(c.predicted_seconds == Approx(runtime_seconds[i]));
      CHECK(c.error.empty());
      CHECK(c.calls_per_batch == 2);
      CHECK(c.measured_seconds > 0);
      CHECK(std::isfinite(c.measured_seconds));
      if (c.measured_seconds < report.candidates[fastest].measured_seconds) fastest = i;
    }
    CHECK(report.chosen == fastest);
    CHECK(report.seconds > 0);
    CHECK(report.text().rfind("tuned: " + labels[fastest] + " fastest of 3", 0) == 0);
  }
}

TEMPLATE_LIST_TEST_CASE("make_tuned_plan returns the tuned plan's kernel", "[kernels][tuned]", Spaces) {
  using Space = TestType;
  const ActiveTestTable table(tuning_models());
  Space exec;
  DeviceCsr<double, std::int32_t, typename Space::memory_space> a(exec, tuning_matrix());
  const auto tuned = make_tuned_plan(exec, a.view(), many_calls(4));
  INFO(tuned.report.text());
  const auto& chosen = tuned.report.candidates.at(tuned.report.chosen);
  CHECK(tuned.plan.summary().kernel == predictors::parse_kernel_label(chosen.label).kernel);
}

TEMPLATE_LIST_TEST_CASE("make_tuned_plan times nothing where it has nothing to choose or no budget", "[kernels][tuned]",
                        Spaces) {
  using Space = TestType;
  const ActiveTestTable table(tuning_models());
  const auto host = tuning_matrix();
  const auto untimed = [](const TuneReport& r, const std::string& why) {
    INFO(r.text());
    CHECK_FALSE(r.timed());
    CHECK(r.note.find(why) != std::string::npos);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.candidates[0].automatic);
    CHECK(r.candidates[0].calls_per_batch == 0);
    CHECK(std::isnan(r.candidates[0].measured_seconds));
    CHECK(r.chosen == 0);
    CHECK(r.text().rfind("not tuned (", 0) == 0);
  };
  const std::string cannot_rank = "cannot rank";
  const bool fits = table_fits_space<Space>();
  {
    auto few = many_calls();
    few.plan.expected_calls = 1;  // 2 % of one call pays for no timing
    untimed(tuned_and_checked<Space, double>(host, few), fits ? "expected calls" : cannot_rank);
  }
  {
    auto none = many_calls();
    none.max_overhead = 0;
    untimed(tuned_and_checked<Space, double>(host, none), fits ? "expected calls" : cannot_rank);
  }
  untimed(tuned_and_checked<Space, double>(host, many_calls(1)), fits ? "max_candidates is 1" : cannot_rank);
  // No entries: rows without any, and no rows at all (y = beta y).
  untimed(tuned_and_checked<Space, double>(no_entries(7, 5), many_calls()), "no entries");
  untimed(tuned_and_checked<Space, float>(no_entries(0, 0), many_calls()), "no entries");
}

TEMPLATE_LIST_TEST_CASE("make_tuned_plan stops building candidates at the budget", "[kernels][tuned]", Spaces) {
  using Space = TestType;
  if (!table_fits_space<Space>()) return;  // the other tests check what a space the table does not fit does
  const ActiveTestTable table(tuning_models());
  // Predicted timing (a warm-up and 2 batches of a lead call and 2 calls): csr_scalar 70 us, merge_path 77 us,
  // csr_adaptive 84 us, 231 us in all; a budget of 232 us takes the three, and building merge_path takes more than
  // the 1 us left.
  auto tune = many_calls(3);
  tune.max_overhead = 232e-6 / (1e8 * 10e-6);
  const auto report = tuned_and_checked<Space, double>(tuning_matrix(), tune);
  INFO(report.text());
  REQUIRE(report.timed());
  REQUIRE(report.candidates.size() == 2);
  CHECK(report.candidates[1].label == "merge_path");
  CHECK(report.cut == "1 of 3 candidates not built: building the first 2 took the budget");
  CHECK_THAT(report.text(), Catch::EndsWith(report.cut));
}

TEMPLATE_LIST_TEST_CASE("make_tuned_plan times formats only where conversion is allowed", "[kernels][tuned]", Spaces) {
  using Space = TestType;
  if (!table_fits_space<Space>()) return;  // the other tests check what a space the table does not fit does
  const std::vector<std::string> priced = {"sell", "best_csr"};
  auto models = tuning_models();
  // SELL predicted 20 us a call: after merge_path and csr_adaptive, before csr_vector.
  models.push_back({"format_time", constant_runtime_model(priced, {15e-6, 10e-6})});
  models.push_back({"format_conversion", constant_runtime_model(priced, {1e-6, 1e-9})});
  const ActiveTestTable table(models);
  const auto host = tuning_matrix();
  for (const bool allow : {false, true}) {
    auto tune = many_calls(8);
    tune.plan.allow_conversion = allow;
    tune.plan.format_margin = 1000;  // the automatic plan stays csr_scalar
    const auto report = tuned_and_checked<Space, double>(host, tune);
    INFO(report.text());
    REQUIRE(report.timed());
    bool sell = false;
    for (const auto& c : report.candidates) sell = sell || c.label == "sell";
    CHECK(sell == allow);
    CHECK(report.candidates.size() == (allow ? 6U : 5U));
  }
}

TEMPLATE_LIST_TEST_CASE("make_tuned_plan refuses options it cannot honour", "[kernels][tuned]", Spaces) {
  using Space = TestType;
  Space exec;
  DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, tuning_matrix(50, 40));
  const auto refused = [&](TuneOptions t, const std::string& what) {
    try {
      (void)make_tuned_plan(exec, a.view(), t);
      FAIL("accepted: " << what);
    } catch (const Error& e) {
      CHECK(std::string(e.what()).find(what) != std::string::npos);
    }
  };
  auto t = many_calls();
  t.plan.kernel = Kernel::csr_scalar;
  refused(t, "nothing to tune");
  t = many_calls(0);
  refused(t, "max_candidates");
  for (const double bad : {-0.1, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    t = many_calls();
    t.max_overhead = bad;
    refused(t, "max_overhead");
    t = many_calls();
    t.min_batch_seconds = bad;
    refused(t, "min_batch_seconds");
  }
  t = many_calls();
  t.batches = 0;
  refused(t, "batches");
}
