// The model evaluator's semantics (docs/MODEL_TABLES.md, "Model") on
// hand-written tables, the names of models and features, and the one mapping
// of feature names to MatrixFeatures values.

#include <predictors/model_choice.hpp>
#include <predictors/model_eval.hpp>
#include <predictors/model_table.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

using namespace aspmv;
using namespace aspmv::predictors;

namespace {

// A tree with its arrays, built from vectors (the table stores views).
struct OwnedTree {
  std::vector<std::int32_t> feature, left, right;
  std::vector<double> threshold, value;
  int width = 1, class_offset = 0;
  Tree view() const {
    return Tree{{feature.data(), feature.size()},
                {threshold.data(), threshold.size()},
                {left.data(), left.size()},
                {right.data(), right.size()},
                {value.data(), value.size()},
                width,
                class_offset};
  }
};

OwnedTree leaf(std::vector<double> value, int class_offset = 0) {
  OwnedTree t;
  t.feature = {-1};
  t.threshold = {0};
  t.left = {-1};
  t.right = {-1};
  t.width = static_cast<int>(value.size());
  t.value = std::move(value);
  t.class_offset = class_offset;
  return t;
}

// x[f] vs threshold at the root: left leaf `l`, right leaf `r`.
OwnedTree stump(std::int32_t f, double threshold, std::vector<double> l, std::vector<double> r) {
  OwnedTree t;
  t.feature = {f, -1, -1};
  t.threshold = {threshold, 0, 0};
  t.left = {1, -1, -1};
  t.right = {2, -1, -1};
  t.width = static_cast<int>(l.size());
  t.value = std::vector<double>(l.size(), 0.0);
  t.value.insert(t.value.end(), l.begin(), l.end());
  t.value.insert(t.value.end(), r.begin(), r.end());
  return t;
}

struct OwnedModel {
  std::vector<FeatureName> features;
  std::vector<std::string> class_names;
  std::vector<const char*> classes;
  std::vector<double> base_score;
  std::vector<OwnedTree> owned;
  std::vector<Tree> trees;
  Model model;

  OwnedModel(std::vector<FeatureName> f, int num_classes, Aggregate a, Decision d, std::vector<OwnedTree> t,
             std::vector<double> base = {})
      : features(std::move(f)), owned(std::move(t)) {
    for (int c = 0; c < num_classes; ++c) class_names.push_back("c" + std::to_string(c));
    for (const auto& n : class_names) classes.push_back(n.c_str());
    base_score = base.empty() ? std::vector<double>(std::size_t(num_classes), 0.0) : std::move(base);
    for (const auto& o : owned) trees.push_back(o.view());
    model.algorithm = "test";
    model.features = {features.data(), features.size()};
    model.classes = {classes.data(), classes.size()};
    model.aggregate = a;
    model.decision = d;
    model.base_score = {base_score.data(), base_score.size()};
    model.trees = {trees.data(), trees.size()};
  }
  OwnedModel(const OwnedModel&) = delete;
};

}  // namespace

TEST_CASE("models: le goes left at exactly the threshold, lt goes right", "[models]") {
  for (const auto d : {Decision::le, Decision::lt}) {
    OwnedModel m({FeatureName::mean}, 2, Aggregate::sum, d, {stump(0, 2.5, {1, 0}, {0, 1})});
    const double at = 2.5;
    const double below = std::nextafter(2.5, -1.0), above = std::nextafter(2.5, 10.0);
    CHECK(predict(m.model, &below).class_index == 0);
    CHECK(predict(m.model, &above).class_index == 1);
    CHECK(predict(m.model, &at).class_index == (d == Decision::le ? 0 : 1));
  }
  // NaN compares false both ways: right, in both evaluators.
  OwnedModel m({FeatureName::mean}, 2, Aggregate::sum, Decision::le, {stump(0, 2.5, {1, 0}, {0, 1})});
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(predict(m.model, &nan).class_index == 1);
}

TEST_CASE("models: a walk over several levels and features, and a root that is a leaf", "[models]") {
  // node 0: x1 <= 10 ? node 1 : node 2; node 1: x0 <= 1 ? leaf 3 : leaf 4; node 2 leaf.
  OwnedTree t;
  t.feature = {1, 0, -1, -1, -1};
  t.threshold = {10, 1, 0, 0, 0};
  t.left = {1, 3, -1, -1, -1};
  t.right = {2, 4, -1, -1, -1};
  t.width = 3;
  t.value = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0};
  OwnedModel m({FeatureName::min, FeatureName::max}, 3, Aggregate::sum, Decision::le, {t});
  const double a[] = {0, 5}, b[] = {2, 5}, c[] = {0, 11};
  CHECK(predict(m.model, a).class_index == 0);
  CHECK(predict(m.model, b).class_index == 1);
  CHECK(predict(m.model, c).class_index == 2);

  OwnedModel one({}, 3, Aggregate::sum, Decision::le, {leaf({0, 0, 1})});
  CHECK(predict(one.model, static_cast<const double*>(nullptr)).class_index == 2);
}

TEST_CASE("models: mean divides the sum of the trees by their number, then adds base_score; sum does not", "[models]") {
  std::vector<OwnedTree> trees = {leaf({0.8, 0.2}), leaf({0.2, 0.8}), leaf({0.6, 0.4})};
  const std::vector<double> base = {0.25, 0.5};
  const double x = 0;
  double s[2];
  {
    OwnedModel m({FeatureName::mean}, 2, Aggregate::mean, Decision::le, trees, base);
    const auto p = predict(m.model, &x, s);
    CHECK(s[0] == 0.25 + ((0.0 + 0.8) + 0.2 + 0.6) / 3.0);
    CHECK(s[1] == 0.5 + ((0.0 + 0.2) + 0.8 + 0.4) / 3.0);
    CHECK(p.class_index == 1);
    CHECK(p.confidence == s[1]);  // mean: the largest score itself
  }
  {
    OwnedModel m({FeatureName::mean}, 2, Aggregate::sum, Decision::le, trees, base);
    const auto p = predict(m.model, &x, s);
    CHECK(s[0] == 0.25 + ((0.0 + 0.8) + 0.2 + 0.6));
    CHECK(s[1] == 0.5 + ((0.0 + 0.2) + 0.8 + 0.4));
    CHECK(p.class_index == 1);
    // sum: the softmax of the largest score
    CHECK(p.confidence == Approx(std::exp(s[1]) / (std::exp(s[0]) + std::exp(s[1]))).epsilon(1e-15));
  }
}

TEST_CASE("models: trees are summed in file order, from 0, before base_score is added", "[models]") {
  // (0 + 1e16) + 1 = 1e16 in double, then - 1e16 = 0; another order would give 1.
  std::vector<OwnedTree> trees = {leaf({1e16, 0}), leaf({1, 0}), leaf({-1e16, 0.5})};
  OwnedModel m({}, 2, Aggregate::sum, Decision::le, trees);
  double s[2];
  CHECK(predict(m.model, static_cast<const double*>(nullptr), s).class_index == 1);
  CHECK(s[0] == 0.0);
  // base_score added to the finished sum: 1 + ((0 + 1e16) + -1e16) = 1, where (1 + 1e16) - 1e16 would give 0.
  OwnedModel b({}, 2, Aggregate::sum, Decision::le, {leaf({1e16, 0}), leaf({-1e16, 0})}, {1.0, 0.5});
  CHECK(predict(b.model, static_cast<const double*>(nullptr), s).class_index == 0);
  CHECK(s[0] == 1.0);
}

TEST_CASE("models: class_offset and width place a tree's leaf numbers", "[models]") {
  OwnedTree wide = stump(0, 0.0, {1.0, 1.5}, {-1.0, -1.5});
  wide.class_offset = 1;
  std::vector<OwnedTree> trees = {leaf({2.0}, 3), wide, leaf({0.25}, 0)};
  OwnedModel m({FeatureName::cov}, 4, Aggregate::sum, Decision::le, trees, {0.125, 0, 0, 0});
  double s[4];
  const double x = 0.0;
  const auto p = predict(m.model, &x, s);
  CHECK(s[0] == 0.125 + 0.25);
  CHECK(s[1] == 1.0);
  CHECK(s[2] == 1.5);
  CHECK(s[3] == 2.0);
  CHECK(p.class_index == 3);
  CHECK(std::string(class_label(m.model, p)) == "c3");
}

TEST_CASE("models: a tie goes to the lowest class index", "[models]") {
  double s[4];
  OwnedModel m({}, 4, Aggregate::sum, Decision::le, {leaf({0, 0, 0, 0})}, {1, 3, 3, 2});
  const auto p = predict(m.model, static_cast<const double*>(nullptr), s);
  CHECK(p.class_index == 1);
  OwnedModel all({}, 4, Aggregate::mean, Decision::lt, {leaf({0.25, 0.25, 0.25, 0.25})});
  CHECK(predict(all.model, static_cast<const double*>(nullptr)).class_index == 0);
  // -0.0 == 0.0: a tie too
  OwnedModel z({}, 2, Aggregate::sum, Decision::le, {leaf({-0.0, 0.0})});
  CHECK(predict(z.model, static_cast<const double*>(nullptr)).class_index == 0);
}

TEST_CASE("models: confidence: softmax of the largest score (sum), the largest score (mean)", "[models]") {
  OwnedModel m({}, 3, Aggregate::sum, Decision::le, {leaf({1, 2, 3})});
  const auto p = predict(m.model, static_cast<const double*>(nullptr));
  const double e = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
  CHECK(p.class_index == 2);
  CHECK(p.confidence == Approx(std::exp(3.0) / e).epsilon(1e-15));
  // large scores do not overflow
  OwnedModel big({}, 2, Aggregate::sum, Decision::le, {leaf({1000, 999})});
  CHECK(predict(big.model, static_cast<const double*>(nullptr)).confidence ==
        Approx(1 / (1 + std::exp(-1.0))).epsilon(1e-15));
  OwnedModel forest({}, 3, Aggregate::mean, Decision::le, {leaf({0.2, 0.7, 0.1}), leaf({0.4, 0.5, 0.1})});
  const auto q = predict(forest.model, static_cast<const double*>(nullptr));
  CHECK(q.class_index == 1);
  CHECK(q.confidence == (0.7 + 0.5) / 2);
}

TEST_CASE("models: model names and feature names: to_string and parse", "[models]") {
  CHECK(num_model_names == 8);
  for (const auto m : all_model_names) CHECK(parse_model_name(to_string(m)) == m);
  CHECK(std::string(to_string(ModelName::kernel_gathered)) == "kernel_gathered");
  CHECK_THROWS_WITH(parse_model_name("tpr"), Catch::Contains("unknown model 'tpr'") && Catch::Contains("gather"));
  for (const auto f : all_feature_names) CHECK(parse_feature_name(to_string(f)) == f);
  CHECK(std::size(all_feature_names) == 28);
  CHECK_THROWS_WITH(parse_feature_name("avg"), Catch::Contains("unknown feature 'avg'"));
  CHECK(feature_source(FeatureName::nnz) == FeatureSource::known);
  CHECK(feature_source(FeatureName::median) == FeatureSource::row_histogram);
  CHECK(feature_source(FeatureName::bandwidth) == FeatureSource::columns);
  CHECK(feature_source(FeatureName::cov) == FeatureSource::row_stats);
  CHECK(feature_source(FeatureName::calls) == FeatureSource::context);
  OwnedModel m({FeatureName::nnz, FeatureName::bandwidth}, 2, Aggregate::sum, Decision::le, {leaf({0, 1})});
  CHECK(model_reads(m.model, FeatureSource::known));
  CHECK(model_reads(m.model, FeatureSource::columns));
  CHECK_FALSE(model_reads(m.model, FeatureSource::row_histogram));
  CHECK_FALSE(model_reads(m.model, FeatureSource::context));
}

// The device features, bit for bit: the same inputs and hexadecimal values are in
// predictors/train/tests/test_device_features.py (the trainer's two implementations).
TEST_CASE("models: device features in double, the trainer's values bit for bit", "[models]") {
  RowStats s;
  s.rows = 1000003;
  s.cols = 999331;
  s.nnz = 7000037;
  s.min = 1;
  s.max = 4099;
  s.mean = double(s.nnz) / double(s.rows);  // as row_stats computes it
  ArchHardware hw{"NVIDIA", 132, 32, 52428800, 3350.0, 3002.1};
  const DeviceFacts d = device_facts(hw, std::int64_t(sizeof(double)));
  CHECK(d.compute_units == 132);
  CHECK(d.simd_width == 32);
  CHECK(d.l2_cache_bytes == 52428800);
  CHECK(d.value_bytes == 8);
  const MatrixFeatures f = features_of(s, d);
  const auto v = [&](FeatureName n) { return feature_value(n, f, 0.0); };
  CHECK(v(FeatureName::rows_per_cu) == 0x1.d97c7c1f07c1fp+12);
  CHECK(v(FeatureName::nnz_per_cu) == 0x1.9e4d2aaaaaaabp+15);
  CHECK(v(FeatureName::x_l2_ratio) == 0x1.384a7ae147ae1p-3);
  CHECK(v(FeatureName::mean_per_simd) == 0x1.c000431bd1512p-3);
  CHECK(v(FeatureName::max_cu_share) == 0x1.3c99b3f1869d4p-4);
  CHECK(v(FeatureName::max_per_simd) == 0x1.003p+7);
  CHECK(feature_source(FeatureName::rows_per_cu) == FeatureSource::known);
  CHECK(feature_source(FeatureName::x_l2_ratio) == FeatureSource::known);
  CHECK(feature_source(FeatureName::max_cu_share) == FeatureSource::row_stats);
  CHECK(parse_feature_name("max_per_simd") == FeatureName::max_per_simd);
  // float halves x's footprint; unknown facts (features_of without them) read 0; no nonzeros: max_cu_share 0.
  CHECK(feature_value(FeatureName::x_l2_ratio, features_of(s, device_facts(hw, 4)), 0.0) ==
        double(s.cols) * 4.0 / 52428800.0);
  for (const auto n : {FeatureName::rows_per_cu, FeatureName::nnz_per_cu, FeatureName::x_l2_ratio,
                       FeatureName::mean_per_simd, FeatureName::max_cu_share, FeatureName::max_per_simd})
    CHECK(feature_value(n, features_of(s), 0.0) == 0.0);
  RowStats empty;
  empty.rows = 10;
  empty.cols = 10;
  CHECK(feature_value(FeatureName::max_cu_share, features_of(empty, d), 0.0) == 0.0);
}

TEST_CASE("models: feature_value maps every name to its MatrixFeatures field", "[models]") {
  MatrixFeatures f;
  f.stats.rows = 1000;
  f.stats.cols = 2000;
  f.stats.nnz = 7000;
  f.stats.min = 1;
  f.stats.max = 40;
  f.stats.mean = 7.0;
  f.stats.var = 12.25;
  f.shape.mode = 5;
  f.shape.median = 6;
  f.columns.min_dist = 2;
  f.columns.max_dist = 1500;
  f.columns.bandwidth = 1999;
  const double calls = 250;
  const auto v = [&](FeatureName n) { return feature_value(n, f, calls); };
  CHECK(v(FeatureName::rows) == 1000);
  CHECK(v(FeatureName::cols) == 2000);
  CHECK(v(FeatureName::nnz) == 7000);
  CHECK(v(FeatureName::mean) == 7.0);
  CHECK(v(FeatureName::density) == 7000.0 / (1000.0 * 2000.0));
  CHECK(v(FeatureName::min) == 1);
  CHECK(v(FeatureName::max) == 40);
  CHECK(v(FeatureName::var) == 12.25);
  CHECK(v(FeatureName::max_mu) == 33.0);
  CHECK(v(FeatureName::sqrt_mean) == std::sqrt(7.0));
  CHECK(v(FeatureName::cov) == 3.5 / 7.0);
  CHECK(v(FeatureName::dispersion) == 3.5);
  CHECK(v(FeatureName::mode) == 5);
  CHECK(v(FeatureName::median) == 6);
  CHECK(v(FeatureName::min_dist) == 2);
  CHECK(v(FeatureName::max_dist) == 1500);
  CHECK(v(FeatureName::bandwidth) == 1999);
  CHECK(v(FeatureName::density_min) == 1.0 / 2000);
  CHECK(v(FeatureName::density_max) == 40.0 / 2000);
  CHECK(v(FeatureName::density_mean) == 7.0 / 2000);
  CHECK(v(FeatureName::density_var) == 12.25 / (2000.0 * 2000.0));
  CHECK(v(FeatureName::calls) == 250);

  // model_inputs: the model's own order, duplicates allowed
  OwnedModel m({FeatureName::calls, FeatureName::max, FeatureName::mean, FeatureName::max}, 2, Aggregate::sum,
               Decision::le, {stump(1, 39.5, {1, 0}, {0, 1})});
  double x[4];
  model_inputs(m.model, f, calls, x);
  CHECK(x[0] == 250);
  CHECK(x[1] == 40);
  CHECK(x[2] == 7.0);
  CHECK(x[3] == 40);
  CHECK(predict(m.model, f, calls).class_index == 1);
  f.stats.max = 39;
  CHECK(predict(m.model, f, calls).class_index == 0);
}

TEST_CASE("models: outside_support: known features against a support, calls never, no support never", "[models]") {
  OwnedModel m({FeatureName::rows, FeatureName::nnz, FeatureName::calls}, 2, Aggregate::sum, Decision::le,
               {stump(0, 100.0, {1, 0}, {0, 1})});
  MatrixFeatures f;
  f.stats.rows = 25;
  f.stats.cols = 25;
  f.stats.nnz = 1000;
  CHECK(outside_support(m.model, f, 1e12) == "");  // no support: never outside
  const std::vector<double> lo = {64, 100, 1}, hi = {2.1e7, 1e9, 1000};
  m.model.support_lo = {lo.data(), lo.size()};
  m.model.support_hi = {hi.data(), hi.size()};
  CHECK(outside_support(m.model, f, 100) == "rows 25 outside the training support [64, 2.1e+07]");
  f.stats.rows = 64;
  CHECK(outside_support(m.model, f, 1e12) == "");  // on the bound; calls not checked
  f.stats.nnz = 1000000001;
  CHECK(outside_support(m.model, f, 100) == "nnz 1000000001 outside the training support [100, 1000000000]");
  CHECK(first_outside_support(m.model, f, 100) == 1);
  // The inputs as predict() reads them give the same verdict.
  double x[3];
  model_inputs(m.model, f, 100, x);
  CHECK(first_outside_support(m.model, x) == 1);
  // The prediction does not change with the support.
  const Prediction with = predict(m.model, f, 100);
  m.model.support_lo = {};
  m.model.support_hi = {};
  CHECK(predict(m.model, f, 100).class_index == with.class_index);
}

TEST_CASE("models: the runtime model's forecast: the pick's predicted time and the best other", "[models]") {
  // Scores are minus ln seconds: c0 20 us, c1 10 us, c2 40 us (base scores, one zero leaf).
  OwnedModel rt({}, 3, Aggregate::sum, Decision::le, {leaf({0, 0, 0})},
                {-std::log(20e-6), -std::log(10e-6), -std::log(40e-6)});
  rt.model.algorithm = "lightgbm-runtime";
  CHECK(is_runtime_model(rt.model));
  CHECK_FALSE(is_regret_model(rt.model));
  const MatrixFeatures f{};
  const auto r = forecast_runtime(rt.model, f, "c0");
  CHECK(r.pick == "c0");
  CHECK(r.pick_seconds == Approx(20e-6).epsilon(1e-12));
  CHECK(r.runner_up == "c1");  // the fastest other configuration
  CHECK(r.runner_up_seconds == Approx(10e-6).epsilon(1e-12));
  CHECK(r.text() == "c0 20 us per call; runner-up c1 10 us");
  const auto fastest = forecast_runtime(rt.model, f, "c1");
  CHECK(fastest.runner_up == "c0");                                // the pick itself is never its runner-up
  const auto other = forecast_runtime(rt.model, f, "csr_vector");  // not one of its classes
  CHECK(other.pick.empty());
  CHECK(other.runner_up == "c1");
  CHECK(other.text() == "the plan's kernel is not one of its configurations; fastest predicted c1 10 us");
  CHECK(kernel_label_text(Kernel::csr_vector, 8) == "csr_vector/tpr=8");
  CHECK(kernel_label_text(Kernel::csr_adaptive, 0) == "csr_adaptive");
  rt.model.algorithm = "lightgbm-regret";
  CHECK_FALSE(is_runtime_model(rt.model));
}

TEST_CASE("models: the format models price each class as conversion + calls x time, cheapest first", "[models]") {
  // Time: c0 20 us, c1 10 us, c2 40 us a call. Conversion (classes c2, c1, c3, in another order): c2 0.1 ms,
  // c1 2 ms, c3 1 us; c0 has none and c3 no time: both left out.
  OwnedModel time({}, 3, Aggregate::sum, Decision::le, {leaf({0, 0, 0})},
                  {-std::log(20e-6), -std::log(10e-6), -std::log(40e-6)});
  OwnedModel conversion({}, 3, Aggregate::sum, Decision::le, {leaf({0, 0, 0})},
                        {-std::log(1e-4), -std::log(2e-3), -std::log(1e-6)});
  conversion.class_names = {"c2", "c1", "c3"};
  for (std::size_t i = 0; i < 3; ++i) conversion.classes[i] = conversion.class_names[i].c_str();
  time.model.algorithm = conversion.model.algorithm = "lightgbm-runtime";
  const MatrixFeatures f{};
  // 10 calls: c2 0.1 + 0.4 ms, c1 2 + 0.1 ms. 1000 calls: c1 2 + 10 ms, c2 0.1 + 40 ms.
  const auto few = price_alternatives(time.model, conversion.model, f, 10);
  REQUIRE(few.size() == 2);
  CHECK(few[0].label == "c2");
  CHECK(few[0].cost == Approx(5e-4));
  CHECK(few[0].seconds_per_call == Approx(40e-6));
  CHECK(few[0].preprocessing_seconds == Approx(1e-4));
  CHECK(few[1].label == "c1");
  const auto many = price_alternatives(time.model, conversion.model, f, 1000);
  REQUIRE(many.size() == 2);
  CHECK(many[0].label == "c1");
  CHECK(many[0].cost == Approx(12e-3));
  // Only runtime models price.
  conversion.model.algorithm = "lightgbm-regret";
  CHECK_THROWS_WITH(price_alternatives(time.model, conversion.model, f, 10), Catch::Contains("must be runtime models"));
  CHECK(std::string(best_csr_class) == "best_csr");
}
