// The strip runtime models (predictors/runtime/strip_model.hpp): least
// squares, strip sizes, the P_NZ statistics, both fits recovering the
// functions they model from exact samples, refusals of samples that cannot
// determine a model, and the model file's round trip and located errors.

#include <catch2/catch.hpp>

#include <aspmv/error.hpp>
#include <predictors/runtime/strip_model.hpp>
#include <predictors/runtime/strip_model_json.hpp>

#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::predictors::runtime;

TEST_CASE("least squares fits a line and refuses one x", "[unit][strip]") {
  const auto f = least_squares({1, 2, 3, 4}, {5, 7, 9, 11});
  CHECK(f.slope == Approx(2));
  CHECK(f.intercept == Approx(3));
  const auto g = least_squares({0, 0, 2, 2}, {1, 3, 5, 7});  // through the means of each x
  CHECK(g.slope == Approx(2));
  CHECK(g.intercept == Approx(2));
  CHECK_THROWS_AS(least_squares({3, 3}, {1, 2}), Error);
  CHECK_THROWS_AS(least_squares({1, 2}, {1}), Error);
}

TEST_CASE("strips and the P_NZ statistics follow Wang-Gu-Li", "[unit][strip]") {
  CHECK(strip_rows(StripMapping::vector, 132, 2048) == 132 * 128);  // half-warps per SM
  CHECK(strip_rows(StripMapping::scalar, 132, 2048) == 132 * 2048);
  CHECK_THROWS_AS(strip_rows(StripMapping::scalar, 0, 2048), Error);
  StripModel m;
  m.strip_rows = 100;
  CHECK(m.strips(1) == 1);
  CHECK(m.strips(100) == 1);
  CHECK(m.strips(101) == 2);
  CHECK(m.strips(0) == 1);
  const std::vector<std::int64_t> lengths{3, 5, 5, 9, 3, 1};
  CHECK(pnz_statistic(StripMapping::scalar, lengths) == 9);  // the longest row
  CHECK(pnz_statistic(StripMapping::vector, lengths) == 3);  // the mode, ties to the shorter
  CHECK(pnz_statistic(StripMapping::vector, {}) == 0);
}

TEST_CASE("the thread-per-row fit recovers a saddle T = f(I) P + g(I)", "[unit][strip]") {
  // f(I) = 2e-7 I + 1e-7, g(I) = 3e-6 I + 5e-6: a bilinear surface the fit is exact on.
  auto t = [](double i, double p) { return (2e-7 * i + 1e-7) * p + (3e-6 * i + 5e-6); };
  std::vector<StripSample> s;
  for (const std::int64_t i : {1, 2, 4, 8})
    for (const double p : {4.0, 16.0, 64.0}) s.push_back({i, p, t(double(i), p), 1e-3 + 1e-9 * double(i) * p, i * 10});
  const auto m = fit_strip_model("csr_scalar", StripMapping::scalar, "normal", 1000, s, 1024);
  CHECK(m.f.slope == Approx(2e-7));
  CHECK(m.f.intercept == Approx(1e-7));
  // Unseen (I, P): 5 strips of 1,000 rows (4,500 rows round up), longest row 40.
  CHECK(m.predict(4500, 40) == Approx(t(5, 40)));
  CHECK(m.predict(1, 4) == Approx(t(1, 4)));
  CHECK(m.predict_setup(0) >= 0);
}

TEST_CASE("the CSR-V fit recovers T(P) / t0 x E(I) on either side of the split", "[unit][strip]") {
  // Separable: u(P) linear with another slope above 1,024; w(I) linear.
  auto u = [](double p) { return p <= 1024 ? 1e-8 * p + 2e-6 : 3e-8 * p - 18.48e-6; };
  auto w = [](double i) { return 0.5 * i + 1.0; };
  std::vector<StripSample> s;
  for (const std::int64_t i : {1, 2, 4, 8, 16})
    for (const double p : {4.0, 64.0, 512.0, 1536.0, 2048.0}) s.push_back({i, p, u(p) * w(double(i)), 0, 0});
  const auto m = fit_strip_model("csr_vector/tpr=16", StripMapping::vector, "uniform", 64, s, 1024);
  CHECK(m.t0 > 0);
  CHECK(m.predict(64 * 3, 100) == Approx(u(100) * w(3)));
  CHECK(m.predict(64 * 10, 1800) == Approx(u(1800) * w(10)));
}

TEST_CASE("samples that cannot determine a model are refused with the model's name", "[unit][strip]") {
  const std::vector<StripSample> one_strip{{1, 4, 1e-6, 0, 0}, {1, 8, 2e-6, 0, 0}};
  try {
    fit_strip_model("ell", StripMapping::scalar, "constant", 10, one_strip, 1024);
    FAIL("fitted E(I) from one strip count");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find("strip model ell (constant): ") == 0);
  }
  CHECK_THROWS_AS(fit_strip_model("ell", StripMapping::scalar, "constant", 10, {}, 1024), Error);
  // CSR-V with every P_NZ above the split: the high line serves both sides.
  std::vector<StripSample> high;
  for (const std::int64_t i : {1, 2})
    for (const double p : {2048.0, 4096.0}) high.push_back({i, p, 1e-9 * p * double(i), 0, 0});
  const auto v = fit_strip_model("csr_vector/tpr=16", StripMapping::vector, "constant", 8, high, 1024);
  CHECK(v.t_low.slope == Approx(v.t_high.slope));
  CHECK(v.predict(8, 3000) == Approx(3e-6));
  const std::vector<StripSample> one_p{{1, 8, 1e-6, 0, 0}, {2, 8, 2e-6, 0, 0}};
  CHECK_THROWS_AS(fit_strip_model("csr_vector/tpr=16", StripMapping::vector, "constant", 8, one_p, 1024), Error);
}

TEST_CASE("a strip-model file round-trips and its errors name file, line and path", "[unit][strip]") {
  std::vector<StripSample> s;
  for (const std::int64_t i : {1, 2, 3})
    for (const double p : {4.0, 8.0}) s.push_back({i, p, 1e-6 * double(i) * p, 2e-4, i * 100});
  StripModelFile f;
  f.device = "NVIDIA H100 80GB HBM3";
  f.arch = "h100";
  f.value = "double";
  f.compute_units = 132;
  f.threads_per_unit = 2048;
  f.command = "aspmv calibrate --distribution normal";
  f.models.push_back(fit_strip_model("jad", StripMapping::scalar, "normal", 270336, s, 1024));
  const auto text = to_json_text(f);
  const auto back = parse_strip_models(text, "models.json");
  REQUIRE(back.models.size() == 1);
  CHECK(back.device == f.device);
  CHECK(back.models[0].label == "jad");
  CHECK(back.models[0].strip_rows == 270336);
  CHECK(back.models[0].samples.size() == 6);
  CHECK(back.models[0].predict(1000000, 50) == Approx(f.models[0].predict(1000000, 50)));
  auto error_of = [](const std::string& t) {
    try {
      parse_strip_models(t, "m.json");
    } catch (const ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string head =
      "{\"schema\": \"aspmv-strip-models/1\", \"device\": \"d\", \"arch\": \"a\", \"value\": \"double\",\n"
      "\"compute_units\": 1, \"threads_per_unit\": 1, \"command\": \"c\",\n";
  CHECK(error_of(head + "\"models\": [], \"x\": 1}") == "m.json:3: x: unknown member");
  CHECK(
      error_of(head + "\"models\": [\n{\"label\": \"ell\", \"mapping\": \"diagonal\"}]}").find("m.json:4: models[0]") ==
      0);
  CHECK(error_of(head + "\"models\": 3}") == "m.json:3: models: expected an array");
  CHECK(error_of("{\"schema\": \"other/1\"}").find("schema") != std::string::npos);
}
