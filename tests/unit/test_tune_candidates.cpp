// planner::choose_tune_candidates: the automatic plan first, the others by
// predicted cost over the expected calls, each while the predicted cost of
// timing all taken stays within the budget; formats only with
// allow_conversion; a label once; the automatic plan's own label not again.

#include <catch2/catch.hpp>

#include <aspmv/planner/tune_candidates.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace aspmv;
using planner::choose_tune_candidates;
using planner::TableAlternative;
using planner::TableAlternatives;

namespace {

TableAlternative csr(const std::string& label, Kernel k, int tpr, double seconds) {
  TableAlternative a;
  a.label = label;
  a.model = "runtime";
  a.options.kernel = k;
  a.options.threads_per_row = tpr;
  a.seconds_per_call = seconds;
  return a;
}

TableAlternative format(const std::string& label, Kernel k, double seconds, double conversion) {
  auto a = csr(label, k, 0, seconds);
  a.model = "format_time";
  a.conversion_seconds = conversion;
  return a;
}

TableAlternatives priced() {
  TableAlternatives t;
  t.list = {csr("csr_scalar", Kernel::csr_scalar, 0, 10e-6),
            csr("merge_path", Kernel::merge_path, 0, 30e-6),
            csr("csr_vector/tpr=8", Kernel::csr_vector, 8, 12e-6),
            csr("lrb", Kernel::lrb, 0, 11e-6),
            format("sell", Kernel::sell, 9e-6, 2.5e-3),
            csr("lrb", Kernel::lrb, 0, 50e-6)};
  return t;
}

PlanOptions calls(std::int64_t n, bool conversion = false) {
  PlanOptions o;
  o.expected_calls = n;
  o.allow_conversion = conversion;
  o.validate = true;
  return o;
}

std::vector<std::string> labels(const planner::TuneCandidates& c) {
  std::vector<std::string> out;
  for (const auto& x : c.list) out.push_back(x.label);
  return out;
}

}  // namespace

TEST_CASE("tune candidates: the automatic plan, then the others by predicted cost", "[tune]") {
  const auto c = choose_tune_candidates(priced(), "csr_scalar", calls(1000000), 8, 0.01, 2, 0);
  CHECK(c.note.empty());
  CHECK(labels(c) == std::vector<std::string>{"csr_scalar", "lrb", "csr_vector/tpr=8", "merge_path"});
  CHECK(c.list[0].automatic);
  CHECK(c.list[0].predicted_seconds == Approx(10e-6));
  CHECK(c.list[0].options.validate);  // the caller's options, as given
  CHECK_FALSE(c.list[1].automatic);
  CHECK(c.list[1].predicted_seconds == Approx(11e-6));  // the first lrb: a label once
  CHECK(c.list[2].options.kernel == Kernel::csr_vector);
  CHECK(c.list[2].options.threads_per_row == 8);
  CHECK_FALSE(c.list[2].options.validate);  // validated once, by the automatic plan
  CHECK(c.list[2].options.expected_calls == 1000000);
}

TEST_CASE("tune candidates: formats with allow_conversion, priced with their conversion", "[tune]") {
  // 1,000 calls: sell costs 2.5 ms + 9 ms, after csr_scalar's 10 ms and lrb's 11 ms, before CSR-vector's 12 ms.
  const auto c = choose_tune_candidates(priced(), "csr_scalar", calls(1000, true), 8, 1.0, 2, 0);
  CHECK(labels(c) == std::vector<std::string>{"csr_scalar", "lrb", "sell", "csr_vector/tpr=8", "merge_path"});
  CHECK(c.list[2].predicted_conversion_seconds == Approx(2.5e-3));
}

TEST_CASE("tune candidates: the budget and max_candidates", "[tune]") {
  // Timing a candidate of t seconds: a warm-up and 2 batches of a lead call and 2 calls, 7 t (min_batch_seconds 0).
  // 10,000 calls of the best (10 us): 0.1 s; 0.025 % of it, 25 us, pays for the automatic plan's 70 us alone.
  auto c = choose_tune_candidates(priced(), "csr_scalar", calls(10000), 8, 0.00025, 2, 0);
  CHECK(labels(c) == std::vector<std::string>{"csr_scalar"});
  CHECK(c.note.find("10000 expected calls") != std::string::npos);
  // 0.16 %, 160 us: csr_scalar's 70 us and lrb's 77 us; CSR-vector's 84 us would pass it, merge_path's 210 us too.
  c = choose_tune_candidates(priced(), "csr_scalar", calls(10000), 8, 0.0016, 2, 0);
  CHECK(labels(c) == std::vector<std::string>{"csr_scalar", "lrb"});
  // A candidate over the budget is passed over and a cheaper one after it still taken: at 1,000 calls with
  // conversion, 2.4 % of the best's 10 ms (240 us) pays for csr_scalar's 70 us and lrb's 77 us, not for sell's
  // 2.5 ms conversion, then for CSR-vector's 84 us, not merge_path's 210 us.
  c = choose_tune_candidates(priced(), "csr_scalar", calls(1000, true), 8, 0.024, 2, 0);
  CHECK(labels(c) == std::vector<std::string>{"csr_scalar", "lrb", "csr_vector/tpr=8"});
  // At most max_candidates, the automatic plan included; 1: nothing to time, and the note says so.
  c = choose_tune_candidates(priced(), "csr_scalar", calls(1000000), 2, 1.0, 2, 0);
  CHECK(labels(c) == std::vector<std::string>{"csr_scalar", "lrb"});
  c = choose_tune_candidates(priced(), "csr_scalar", calls(1000000), 1, 1.0, 2, 0);
  CHECK(labels(c) == std::vector<std::string>{"csr_scalar"});
  CHECK(c.note == "TuneOptions::max_candidates is 1");
}

TEST_CASE("tune candidates: batches last min_batch_seconds", "[tune]") {
  planner::TuneCandidate t;
  t.predicted_seconds = 10e-6;
  // A warm-up, then a batch: a lead call and the timed calls.
  CHECK(planner::predicted_timing_cost(t, 2, 0) == Approx(7 * 10e-6));       // 2 calls a batch
  CHECK(planner::predicted_timing_cost(t, 2, 50e-6) == Approx(13 * 10e-6));  // 5 calls a batch
  t.predicted_conversion_seconds = 1e-3;
  CHECK(planner::predicted_timing_cost(t, 3, 50e-6) == Approx(1e-3 + 19 * 10e-6));
}

TEST_CASE("tune candidates: an unpriced automatic plan stays unpriced", "[tune]") {
  const auto c = choose_tune_candidates(priced(), "gao_partitioned", calls(1000000), 3, 0.01, 2, 0);
  CHECK(labels(c) == std::vector<std::string>{"gao_partitioned", "csr_scalar", "lrb"});
  CHECK(std::isnan(c.list[0].predicted_seconds));
  // Nothing else priced: the automatic plan alone.
  TableAlternatives none;
  const auto alone = choose_tune_candidates(none, "csr_scalar", calls(1000000), 8, 0.01, 2, 0);
  CHECK(labels(alone) == std::vector<std::string>{"csr_scalar"});
  CHECK(alone.note.find("prices no other") != std::string::npos);
}
