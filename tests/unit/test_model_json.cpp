// Model tables from JSON: the strict JSON reader (nlohmann-json and the
// project's additions, predictors/json_document.hpp), the loader's checks (each
// malformed case refused with the JSON path in the message), the compiled-in
// tables against the same files loaded at run time, and the ASPMV_MODEL_FILE
// override.

#include <aspmv/generated/model_table.hpp>
#include <predictors/active_model_table.hpp>
#include <predictors/json_document.hpp>
#include <predictors/model_eval.hpp>
#include <predictors/model_json.hpp>

#include <test_models/fixture_table.hpp>
#include <test_models/small_table.hpp>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <catch2/catch.hpp>

using namespace aspmv;
using namespace aspmv::predictors;
using Catch::Contains;
namespace fs = std::filesystem;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string write_temp(const std::string& name, const std::string& text) {
  const auto dir = fs::temp_directory_path() / ("aspmv_model_tests_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto path = (dir / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// Replaces the one occurrence of `from` (which must occur) by `to`.
std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  REQUIRE(text.find(from, at + 1) == std::string::npos);
  return text.replace(at, from.size(), to);
}

// A valid table, compact so that mutations can be spelled exactly.
const std::string valid =
    R"({"schema": "aspmv-models/1", "arch": "t", "status": "trained", "provenance": {"summary": "s"},
"models": {"tpr_global": {"algorithm": "lightgbm", "features": ["mean", "max"], "classes": ["1", "2", "4"],
"aggregate": "sum", "decision": "le", "base_score": [0, 0, 0],
"trees": [
{"feature": [0, 1, -1, -1, -1], "threshold": [4.5, 10, 0, 0, 0], "left": [1, 2, -1, -1, -1],
 "right": [4, 3, -1, -1, -1], "value": [0, 0, 0.5, -0.5, 1.5], "width": 1, "class_offset": 2},
{"feature": [-1], "threshold": [0], "left": [-1], "right": [-1], "value": [0.25, 0.5], "width": 2, "class_offset": 0}
]}}})";

const char* tree0_feature = R"("feature": [0, 1, -1, -1, -1])";
const char* tree0_left = R"("left": [1, 2, -1, -1, -1])";
const char* tree0_right = R"("right": [4, 3, -1, -1, -1])";

// parse_model_table must refuse `text` with a message holding every part.
void check_refused(const std::string& text, std::initializer_list<const char*> parts) {
  try {
    parse_model_table(text, "bad.json");
    FAIL("accepted: " << text);
  } catch (const ParseError& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.rfind("bad.json:", 0) == 0);
    for (const char* p : parts) CHECK_THAT(what, Contains(p));
  }
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

template <class T>
void check_same_array(ArrayRef<T> a, ArrayRef<T> b, const std::string& what) {
  INFO(what);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    if constexpr (std::is_same_v<T, double>) {
      if (!same_bits(a[i], b[i])) FAIL(what << "[" << i << "]: " << a[i] << " != " << b[i]);
    } else if constexpr (std::is_same_v<T, const char*>) {
      CHECK(std::string(a[i]) == std::string(b[i]));
    } else {
      if (a[i] != b[i]) FAIL(what << "[" << i << "] differs");
    }
  }
}

// Every field and every array of two tables, bit for bit.
void check_same_table(const ModelTable& a, const ModelTable& b) {
  CHECK(std::string(a.arch) == b.arch);
  CHECK(a.status == b.status);
  CHECK(std::string(a.provenance) == b.provenance);
  CHECK(std::string(a.summary) == b.summary);
  for (const auto name : all_model_names) {
    INFO("model " << to_string(name));
    const Model* ma = a.find(name);
    const Model* mb = b.find(name);
    REQUIRE((ma == nullptr) == (mb == nullptr));
    if (ma == nullptr) continue;
    CHECK(std::string(ma->algorithm) == mb->algorithm);
    check_same_array(ma->features, mb->features, "features");
    check_same_array(ma->classes, mb->classes, "classes");
    CHECK(ma->aggregate == mb->aggregate);
    CHECK(ma->decision == mb->decision);
    check_same_array(ma->base_score, mb->base_score, "base_score");
    check_same_array(ma->support_lo, mb->support_lo, "support_lo");
    check_same_array(ma->support_hi, mb->support_hi, "support_hi");
    REQUIRE(ma->trees.size() == mb->trees.size());
    for (std::size_t t = 0; t < ma->trees.size(); ++t) {
      const Tree& ta = ma->trees[t];
      const Tree& tb = mb->trees[t];
      const std::string w = "trees[" + std::to_string(t) + "].";
      check_same_array(ta.feature, tb.feature, w + "feature");
      check_same_array(ta.threshold, tb.threshold, w + "threshold");
      check_same_array(ta.left, tb.left, w + "left");
      check_same_array(ta.right, tb.right, w + "right");
      check_same_array(ta.value, tb.value, w + "value");
      CHECK(ta.width == tb.width);
      CHECK(ta.class_offset == tb.class_offset);
    }
  }
}

}  // namespace

TEST_CASE("models: JSON reader: values, escapes, UTF-8, members in file order", "[models][json]") {
  const auto v =
      json::parse(
          R"( {"a": [1, -0, 2.5e-3, 1E+2, true, false, null], "s": "q\"b\\s\/n\n\t\u00e9\ud83d\ude00\u0000x", "e": {}} )",
          "t")
          .value;
  REQUIRE(v.is_object());
  const auto& a = v.at("a");
  REQUIRE(a.size() == 7);
  CHECK(a[0].is_number_integer());
  CHECK(a[0].get<std::int64_t>() == 1);
  CHECK(a[1].is_number_integer());  // an integer token: "-0" is the integer 0 (generate_model_table.py agrees)
  CHECK_FALSE(std::signbit(a[1].get<double>()));
  CHECK(a[2].is_number_float());
  CHECK(a[2].get<double>() == 2.5e-3);
  CHECK(a[3].get<double>() == 100.0);
  CHECK(a[4].get<bool>());
  CHECK(a[5].is_boolean());
  CHECK(a[6].is_null());
  CHECK(v.at("s").get<std::string>() == std::string("q\"b\\s/n\n\t\xC3\xA9\xF0\x9F\x98\x80\0x", 17));
  CHECK(v.at("e").empty());
  CHECK(v.find("missing") == v.end());
  CHECK(json::parse("\"\xE6\xBC\xA2\"", "t").value.get<std::string>() == "\xE6\xBC\xA2");  // raw UTF-8 kept
  const auto o = json::parse(R"({"z": 1, "a": 2, "m": 3})", "t").value;
  std::string keys;
  for (auto m = o.begin(); m != o.end(); ++m) keys += m.key();
  CHECK(keys == "zam");
}

TEST_CASE("models: JSON reader: numbers round like Python's float()", "[models][json]") {
  const auto number = [](const std::string& token) { return json::parse("[" + token + "]", "t").value[0]; };
  CHECK(number("0.1").get<double>() == 0.1);
  CHECK(number("0.10000000000000001").get<double>() == 0.1);
  CHECK(number("2.2250738585072011e-308").get<double>() == 2.2250738585072011e-308);
  CHECK(number("9007199254740993").get<double>() == 9007199254740992.0);                   // 2^53 + 1: to even
  CHECK(number("9007199254740993.0").get<double>() == 9007199254740992.0);                 // the same as a double token
  CHECK(number("123456789012345678901234567890").get<double>() == 1.2345678901234568e29);  // beyond 64 bits
  CHECK(number("1.7976931348623157e308").get<double>() == 1.7976931348623157e308);
  CHECK(number("1e-400").get<double>() == 0.0);  // underflow: 0, as in Python
  CHECK(number("4.9406564584124654e-324").get<double>() == std::numeric_limits<double>::denorm_min());
  CHECK(std::signbit(number("-0.0").get<double>()));
  CHECK(number("9223372036854775807").get<std::int64_t>() == INT64_MAX);
  CHECK(number("18446744073709551615").is_number_unsigned());
  // Overflow: Python's float() gives inf, which the loader refuses; nlohmann refuses it while reading.
  CHECK_THROWS_WITH(json::parse("[1e999]", "f.json"), Contains("f.json:1: [0]: '1e999' is not a finite double"));
  CHECK_THROWS_WITH(json::parse("{\"x\": {\"y\": [1,\n -1E+400]}}", "f.json"),
                    Contains("f.json:2: x.y[1]: '-1E+400' is not a finite double"));
}

TEST_CASE("models: JSON reader: strict syntax, errors with file, line and column, never an nlohmann exception",
          "[models][json]") {
  const auto refused = [](const std::string& text, const char* part) {
    INFO(text);
    try {
      json::parse(text, "f.json");
      FAIL("accepted");
    } catch (const ParseError& e) {
      const std::string what = e.what();
      INFO(what);
      CHECK(what.rfind("f.json:", 0) == 0);
      CHECK_THAT(what, Contains(part));
      CHECK_THAT(what, !Contains("json.exception"));
    }
  };
  refused("", "empty file");
  refused("  \n ", "empty file");
  refused("{\"a\": 1} x", "expected end of input");
  refused("{\"a\": 1}{}", "expected end of input");
  refused("[1, 2", "truncated");
  refused("{\"a\": ", "truncated");
  refused("\"abc", "missing closing quote");
  refused("{\"a\": 1, \"a\": 2}", "duplicate key \"a\"");
  refused("{\"a\": {\"b\": 1, \"b\": 2}}", "duplicate key \"b\" in a");
  refused("[1,]", "unexpected ']'");
  refused("{\"a\": 1,}", "unexpected '}'");
  refused("[01]", "unexpected number literal");  // a leading zero
  refused("[+1]", "invalid literal");
  refused("[.5]", "invalid literal");
  refused("[1.]", "expected digit after '.'");
  refused("[1e]", "digit after exponent");
  refused("[-]", "expected digit after '-'");
  refused("[NaN]", "invalid literal");
  refused("[-Infinity]", "expected digit after '-'");
  refused("[Infinity]", "invalid literal");
  refused("[tru]", "invalid literal");
  refused("[nul]", "invalid literal");
  refused("// c\n[]", "invalid literal");  // no comments
  refused("{'a': 1}", "expected string literal");
  refused("{\"a\" 1}", "expected ':'");
  refused("[1 2]", "expected ']'");
  refused("\"a\tb\"", "control character U+0009");
  refused("\"\\x\"", "forbidden character after backslash");
  refused("\"\\u12G4\"", "4 hex digits");
  refused("\"\\ud800\"", "surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF");
  refused("\"\\udc00\"", "surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF");
  refused("\"\xC3\"", "ill-formed UTF-8");
  refused("\"\xC0\xAF\"", "ill-formed UTF-8");          // overlong
  refused("\"\xED\xA0\x80\"", "ill-formed UTF-8");      // encoded surrogate
  refused("\"\xF4\x90\x80\x80\"", "ill-formed UTF-8");  // beyond U+10FFFF
  refused("\xEF\xBB\xBF{}", "byte order mark");
  refused(std::string(300, '[') + std::string(300, ']'), "nesting deeper than 256");
  CHECK_NOTHROW(json::parse(std::string(256, '[') + std::string(256, ']'), "f.json"));
  CHECK_THROWS_WITH(json::parse("{\n  \"a\": [1,\n    x]}", "f.json"), Contains("f.json:3: column 5:"));
}

TEST_CASE("models: JSON reader: the canonical text, the layout of Python json.dumps with indent 2", "[models][json]") {
  const auto d = json::parse(
      R"({"other": [2.50], "p": {"b": [1.50, {"x": []}, "t\u0001\"é"], "a": {}, "c": [true, null, -0, 1E3, 18446744073709551615]}})",
      "t", "p");
  CHECK(d.canonical ==
        "{\n  \"b\": [\n    1.50,\n    {\n      \"x\": []\n    },\n    \"t\\u0001\\\"\xC3\xA9\"\n  ],\n"
        "  \"a\": {},\n  \"c\": [\n    true,\n    null,\n    0,\n    1E3,\n    18446744073709551615\n  ]\n}");
  CHECK(json::parse(R"({"p": "s"})", "t", "p").canonical == "\"s\"");
  CHECK(json::parse(R"({"q": {}})", "t", "p").canonical.empty());
}

TEST_CASE("models: JSON reader: the line of a JSON path", "[models][json]") {
  const std::string text = "{\"a\": {\"b\": [1,\n 2,\n [3]]},\n \"c\": 4\n}";
  CHECK(json::line_of(text, "") == 1);
  CHECK(json::line_of(text, "a.b[0]") == 1);
  CHECK(json::line_of(text, "a.b[1]") == 2);
  CHECK(json::line_of(text, "a.b[2][0]") == 3);
  CHECK(json::line_of(text, "c") == 4);
  CHECK(json::line_of(text, "a.b[7]") == 1);  // missing: where the array starts
  CHECK(json::line_of(text, "a.missing") == 1);
}

TEST_CASE("models: the loader accepts a valid table and reads every field", "[models][json]") {
  const auto loaded = parse_model_table(valid, "ok.json");
  const ModelTable& t = loaded->table();
  CHECK(std::string(t.arch) == "t");
  CHECK(t.status == TableStatus::trained);
  CHECK(std::string(t.summary) == "s");
  CHECK(std::string(t.provenance) == "{\n  \"summary\": \"s\"\n}");
  CHECK(std::string(t.source_file) == "ok.json");
  REQUIRE(t.has(ModelName::tpr_global));
  CHECK_FALSE(t.has(ModelName::gather));
  const Model& m = *t.find(ModelName::tpr_global);
  CHECK(std::string(m.algorithm) == "lightgbm");
  REQUIRE(m.features.size() == 2);
  CHECK(m.features[1] == FeatureName::max);
  CHECK(std::string(m.classes[2]) == "4");
  REQUIRE(m.trees.size() == 2);
  CHECK(m.trees[0].num_nodes() == 5);
  CHECK(m.trees[0].class_offset == 2);
  CHECK(m.trees[1].width == 2);
  CHECK(m.trees[1].value[1] == 0.5);
  const double x[] = {4.5, 10};  // <= 4.5 and <= 10: node 2, +0.5 to class 2
  double s[3];
  CHECK(predict(m, x, s).class_index == 1);  // a tie of classes 1 and 2
  CHECK(s[0] == 0.25);
  CHECK(s[1] == 0.5);
  CHECK(s[2] == 0.5);
}

TEST_CASE("models: the loader reads a model's support per input, in the order of its features", "[models][json]") {
  SECTION("none: empty, nothing outside") {
    const auto loaded = parse_model_table(valid, "ok.json");
    const Model& m = *loaded->table().find(ModelName::tpr_global);
    CHECK_FALSE(m.has_support());
    CHECK(m.support_lo.empty());
    CHECK(m.support_hi.empty());
    const double x[] = {std::nan(""), -1e300};
    CHECK(first_outside_support(m, x) == -1);
  }
  SECTION("keys in another order than the features, integers, -0.0") {
    const auto loaded =
        parse_model_table(replace(valid, R"("base_score": [0, 0, 0],)",
                                  R"("base_score": [0, 0, 0], "support": {"max": [-0.0, 1e6], "mean": [1, 2.5]},)"),
                          "ok.json");
    const Model& m = *loaded->table().find(ModelName::tpr_global);
    REQUIRE(m.has_support());
    REQUIRE(m.support_lo.size() == 2);
    REQUIRE(m.support_hi.size() == 2);
    CHECK(m.support_lo[0] == 1.0);
    CHECK(m.support_hi[0] == 2.5);
    CHECK(m.support_lo[1] == 0.0);
    CHECK(std::signbit(m.support_lo[1]));
    CHECK(m.support_hi[1] == 1e6);
  }
  SECTION("the hand-written table") {
    const auto loaded = load_model_table(ASPMV_TEST_DATA_DIR "/models/small_table.json");
    static constexpr double t_lo[] = {1, 1.5, -0.0}, t_hi[] = {64, 4096, 12.5};  // features mean, max, cov
    static constexpr double g_lo[] = {100, 1}, g_hi[] = {5e6, 1000};             // features nnz, calls
    const Model& t = *loaded->table().find(ModelName::tpr_global);
    check_same_array(t.support_lo, ArrayRef<double>(t_lo), "tpr_global lo");
    check_same_array(t.support_hi, ArrayRef<double>(t_hi), "tpr_global hi");
    const Model& g = *loaded->table().find(ModelName::gather);
    check_same_array(g.support_lo, ArrayRef<double>(g_lo), "gather lo");
    check_same_array(g.support_hi, ArrayRef<double>(g_hi), "gather hi");
  }
}

namespace {

double case_number(const json::Json& v) {
  if (v.is_string()) {
    const auto& s = v.get_ref<const std::string&>();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
    FAIL("not a number: " << s);
  }
  return v.get<double>();
}

}  // namespace

// The same cases as predictors/train/tests/test_support.py (evaluate.outside_support): the two
// evaluators' verdicts agree.
TEST_CASE("models: first_outside_support: the shared cases of support_cases.json, loaded and compiled-in",
          "[models][json]") {
  const auto cases =
      json::parse(read_file(ASPMV_TEST_DATA_DIR "/models/support_cases.json"), "support_cases.json").value;
  const auto loaded = load_model_table(ASPMV_TEST_DATA_DIR "/models/small_table.json");
  const ModelTable& compiled = aspmv_test::small_table::compiled_model_table();
  int n = 0;
  for (const auto& c : cases.at("cases")) {
    const std::string name = c.at("model").get<std::string>();
    INFO(name << " " << c.dump());
    std::vector<double> x;
    for (const auto& v : c.at("x")) x.push_back(case_number(v));
    const int outside = c.at("outside").get<int>();
    for (const ModelTable* table : {&loaded->table(), &compiled}) {
      const Model& m = *table->find(parse_model_name(name));
      REQUIRE(x.size() == m.features.size());
      CHECK(first_outside_support(m, x.data()) == outside);
    }
    ++n;
  }
  CHECK(n >= 15);
}

TEST_CASE("models: outside_support names the first input outside, its value and the range", "[models][json]") {
  const ModelTable& t = aspmv_test::small_table::compiled_model_table();
  const Model& g = *t.find(ModelName::gather);      // nnz [100, 5e6], calls [1, 1000]
  const Model& r = *t.find(ModelName::tpr_global);  // mean [1, 64], max [1.5, 4096], cov [-0, 12.5]
  MatrixFeatures f;
  f.stats.rows = 10;
  f.stats.cols = 10;
  f.stats.nnz = 100;
  f.stats.min = 2;
  f.stats.max = 20;
  f.stats.mean = 10;
  f.stats.var = 4;  // cov 0.2
  CHECK(outside_support(g, f, 100) == "");
  CHECK(outside_support(g, f, 1e9) == "");  // calls is not checked
  CHECK(outside_support(r, f, 0) == "");
  f.stats.nnz = 99;
  CHECK(outside_support(g, f, 100) == "nnz 99 outside the training support [100, 5e+06]");
  CHECK(first_outside_support(g, f, 100) == 0);
  f.stats.nnz = 5000001;
  CHECK(outside_support(g, f, 100) == "nnz 5000001 outside the training support [100, 5000000]");  // 17 digits
  f.stats.max = 5000;
  CHECK(outside_support(r, f, 0) == "max 5000 outside the training support [1.5, 4096]");
  f.stats.mean = std::nextafter(64.0, 100.0);
  CHECK(outside_support(r, f, 0) == "mean 64.000000000000014 outside the training support [1, 64]");
  f.stats.mean = std::numeric_limits<double>::quiet_NaN();
  CHECK(outside_support(r, f, 0) == "mean nan outside the training support [1, 64]");
  CHECK(first_outside_support(r, f, 0) == 0);
  // The committed tables without a support: never outside.
  for (const auto name : all_model_names)
    if (const Model* m = compiled_model_table().find(name); m != nullptr && !m->has_support())
      CHECK(outside_support(*m, f, std::nan("")) == "");
}

TEST_CASE("models: the loader refuses malformed tables, naming the JSON path", "[models][json]") {
  const std::string p = "models.tpr_global.";
  const std::string t0 = p + "trees[0].";
  SECTION("feature index out of range") {
    check_refused(replace(valid, tree0_feature, R"("feature": [0, 2, -1, -1, -1])"),
                  {(t0 + "feature[1]").c_str(), "feature index 2 out of range"});
  }
  SECTION("child index out of range") {
    check_refused(replace(valid, tree0_left, R"("left": [1, 7, -1, -1, -1])"),
                  {(t0 + "left[1]").c_str(), "out of range"});
    check_refused(replace(valid, tree0_right, R"("right": [-1, 3, -1, -1, -1])"),
                  {(t0 + "right[0]").c_str(), "out of range"});
  }
  SECTION("a child pointing backward, a cycle") {
    check_refused(replace(valid, tree0_left, R"("left": [1, 0, -1, -1, -1])"),
                  {(t0 + "left[1]").c_str(), "does not point forward"});
    check_refused(replace(valid, tree0_right, R"("right": [4, 1, -1, -1, -1])"),
                  {(t0 + "right[1]").c_str(), "does not point forward"});  // self-loop
  }
  SECTION("a node reached twice") {
    check_refused(replace(valid, tree0_right, R"("right": [1, 3, -1, -1, -1])"),
                  {(t0 + "right[0]").c_str(), "node 1 is reached twice"});
    check_refused(replace(valid, tree0_right, R"("right": [4, 2, -1, -1, -1])"),
                  {(t0 + "right[1]").c_str(), "node 2 is reached twice"});
  }
  SECTION("lengths") {
    check_refused(replace(valid, R"("value": [0, 0, 0.5, -0.5, 1.5])", R"("value": [0, 0, 0.5, -0.5])"),
                  {(t0 + "value").c_str(), "has 4 entries, expected 5"});
    check_refused(replace(valid, R"("value": [0.25, 0.5])", R"("value": [0.25, 0.5, 1])"),
                  {(p + "trees[1].value").c_str(), "expected 2"});
    check_refused(replace(valid, R"("threshold": [4.5, 10, 0, 0, 0])", R"("threshold": [4.5, 10, 0, 0])"),
                  {(t0 + "threshold").c_str(), "expected 5"});
    check_refused(replace(valid, tree0_left, R"("left": [1, 2, -1, -1, -1, -1])"), {(t0 + "left").c_str()});
    check_refused(replace(valid, R"("base_score": [0, 0, 0])", R"("base_score": [0, 0])"),
                  {(p + "base_score").c_str(), "one per class"});
    check_refused(replace(valid, R"("width": 1, "class_offset": 2)", R"("width": 2, "class_offset": 2)"),
                  {(t0 + "class_offset").c_str(), "exceeds the 3 classes"});
    check_refused(replace(valid, R"("width": 1, "class_offset": 2)", R"("width": 0, "class_offset": 2)"),
                  {(t0 + "width").c_str(), "at least 1"});
    check_refused(replace(valid, R"("width": 1, "class_offset": 2)", R"("width": 1, "class_offset": -1)"),
                  {(t0 + "class_offset").c_str(), "at least 0"});
    check_refused(
        replace(
            valid,
            R"({"feature": [-1], "threshold": [0], "left": [-1], "right": [-1], "value": [0.25, 0.5], "width": 2, "class_offset": 0})",
            R"({"feature": [], "threshold": [], "left": [], "right": [], "value": [], "width": 2, "class_offset": 0})"),
        {(p + "trees[1].feature").c_str(), "at least one node"});
  }
  SECTION("numbers: not finite, not integers, not numbers") {
    check_refused(replace(valid, "[4.5, 10, 0, 0, 0]", "[4.5, 1e999, 0, 0, 0]"),
                  {(t0 + "threshold[1]").c_str(), "'1e999' is not a finite double"});
    check_refused(replace(valid, "[0, 0, 0.5, -0.5, 1.5]", "[0, 0, 0.5, -1E+400, 1.5]"),
                  {(t0 + "value[3]").c_str(), "not a finite double"});
    check_refused(replace(valid, R"("base_score": [0, 0, 0])", R"("base_score": [0, 0, 2e308])"),
                  {(p + "base_score[2]").c_str(), "not a finite"});
    check_refused(replace(valid, "[4.5, 10, 0, 0, 0]", "[4.5, NaN, 0, 0, 0]"), {"invalid literal"});
    check_refused(replace(valid, tree0_left, R"("left": [1.0, 2, -1, -1, -1])"),
                  {(t0 + "left[0]").c_str(), "'1.0' is not an integer"});
    check_refused(replace(valid, tree0_feature, R"("feature": [0, 1, -1, -1, 2147483648])"),
                  {(t0 + "feature[4]").c_str(), "32 bits"});
    check_refused(replace(valid, "[4.5, 10, 0, 0, 0]", "[4.5, \"10\", 0, 0, 0]"),
                  {(t0 + "threshold[1]").c_str(), "must be a number, not a string"});
    check_refused(replace(valid, R"("width": 1,)", R"("width": true,)"), {(t0 + "width").c_str(), "a boolean"});
  }
  SECTION("names: feature, model, schema, status, aggregate, decision, duplicate class") {
    check_refused(replace(valid, R"(["mean", "max"])", R"(["mean", "maximum"])"),
                  {(p + "features[1]").c_str(), "unknown feature 'maximum'"});
    check_refused(replace(valid, R"("tpr_global": {)", R"("tpr_globl": {)"),
                  {"models.tpr_globl", "unknown model name 'tpr_globl'", "kernel_gathered"});
    check_refused(replace(valid, "aspmv-models/1", "aspmv-models/2"),
                  {"schema", "unsupported schema 'aspmv-models/2'"});
    check_refused(replace(valid, R"("schema": "aspmv-models/1", )", ""), {"schema: missing"});
    check_refused(replace(valid, R"("status": "trained")", R"("status": "done")"), {"status", "'done'"});
    check_refused(replace(valid, R"("aggregate": "sum")", R"("aggregate": "avg")"), {(p + "aggregate").c_str()});
    check_refused(replace(valid, R"("decision": "le")", R"("decision": "<=")"), {(p + "decision").c_str()});
    check_refused(replace(valid, R"(["1", "2", "4"])", R"(["1", "2", "1"])"),
                  {(p + "classes[2]").c_str(), "duplicate class label '1'"});
    check_refused(replace(valid, R"(["1", "2", "4"])", "[]"), {(p + "classes").c_str(), "0 classes"});
    check_refused(replace(valid, R"(["mean", "max"])", "[]"), {(p + "features").c_str(), "0 inputs"});
  }
  SECTION("structure: missing keys, wrong types, unknown keys, no trees") {
    check_refused(replace(valid, R"("aggregate": "sum", )", ""), {(p + "aggregate").c_str(), "missing"});
    check_refused(replace(valid, R"("width": 1, )", ""), {(t0 + "width").c_str(), "missing"});
    check_refused(replace(valid, R"("provenance": {"summary": "s"})", R"("provenance": "s")"),
                  {"provenance", "must be an object, not a string"});
    check_refused(replace(valid, R"("width": 1, )", R"("width": 1, "default_left": [], )"),
                  {(t0 + "default_left").c_str(), "unknown key"});
    check_refused(replace(valid, R"("decision": "le", )", R"("decision": "le", "missing": "nan", )"),
                  {(p + "missing").c_str(), "unknown key"});
    check_refused(replace(valid, R"("arch": "t", )", R"("arch": "t", "extra": 1, )"), {"extra", "unknown key"});
    check_refused(R"({"schema": "aspmv-models/1", "arch": "t", "status": "trained", "provenance": {},
      "models": {"gather": {"features": ["nnz"], "classes": ["known"], "aggregate": "mean", "decision": "le",
      "base_score": [0], "trees": []}}})",
                  {"models.gather.trees", "at least one tree"});
    check_refused("[]", {"(top level)", "must be a JSON object"});
  }
  SECTION("support: one finite [lo, hi] per input feature, lo <= hi") {
    const auto with = [](const std::string& support) {
      return replace(valid, R"("base_score": [0, 0, 0],)", R"("base_score": [0, 0, 0], "support": )" + support + ",");
    };
    const std::string sp = p + "support";
    check_refused(with(R"({"mean": [1, 2]})"), {sp.c_str(), "no entry for the model's feature 'max'"});
    check_refused(with(R"({"mean": [1, 2], "max": [1, 2], "cov": [0, 1]})"),
                  {(sp + ".cov").c_str(), "'cov' is not one of the model's features (mean, max)"});
    check_refused(with(R"({"mean": [2.5, 1], "max": [1, 2]})"),
                  {(sp + ".mean").c_str(), "lo 2.5 is greater than hi 1"});
    check_refused(with(R"({"mean": [1, 2], "max": [1]})"), {(sp + ".max").c_str(), "[lo, hi]", "an array of 1"});
    check_refused(with(R"({"mean": [1, 2], "max": [1, 2, 3]})"), {(sp + ".max").c_str(), "an array of 3"});
    check_refused(with(R"({"mean": [1, 2], "max": 1})"), {(sp + ".max").c_str(), "not a number"});
    check_refused(with(R"({"mean": [1, "2"], "max": [1, 2]})"),
                  {(sp + ".mean[1]").c_str(), "must be a number, not a string"});
    check_refused(with(R"({"mean": [1, 1e999], "max": [1, 2]})"), {(sp + ".mean[1]").c_str(), "not a finite double"});
    check_refused(with(R"({"mean": [null, 2], "max": [1, 2]})"), {(sp + ".mean[0]").c_str(), "not null"});
    check_refused(with("[[1, 2], [1, 2]]"), {sp.c_str(), "must be an object, not an array"});
    check_refused(with("{}"), {sp.c_str(), "no entry for the model's feature 'mean'"});
    check_refused(with(R"({"mean": [1, 2], "max": [1, 2], "mean": [1, 2]})"), {"duplicate key \"mean\""});
    CHECK_NOTHROW(parse_model_table(with(R"({"max": [7, 7], "mean": [-1e308, 1e308]})"), "ok.json"));
  }
  SECTION("JSON syntax: trailing garbage, truncated, duplicate keys") {
    check_refused(valid + " x", {"expected end of input"});
    check_refused(valid + "}", {"expected end of input"});
    check_refused(replace(valid, R"("aggregate": "sum", )", R"("aggregate": "sum", "aggregate": "mean", )"),
                  {"duplicate key \"aggregate\""});
    // every proper prefix of the table is refused
    for (std::size_t n = 0; n < valid.size(); ++n) {
      INFO("prefix of " << n << " bytes");
      CHECK_THROWS_AS(parse_model_table(valid.substr(0, n), "cut.json"), ParseError);
    }
  }
  SECTION("the message names the file and the line") {
    try {
      parse_model_table(replace(valid, tree0_left, R"("left": [1, 0, -1, -1, -1])"), "dir/model.json");
      FAIL("accepted");
    } catch (const ParseError& e) {
      CHECK(e.file() == "dir/model.json");
      CHECK(e.line() == 5);
      CHECK_THAT(std::string(e.what()), Contains("dir/model.json:5: models.tpr_global.trees[0].left[1]: "));
    }
  }
  SECTION("a file that is not there") {
    CHECK_THROWS_WITH(load_model_table("/nonexistent/model.json"),
                      Contains("/nonexistent/model.json") && Contains("cannot open"));
  }
}

TEST_CASE("models: the loader accepts every tuning_data/<arch>/model.json present, untrained ones included",
          "[models][json]") {
  int untrained = 0;
  for (const auto& d : fs::directory_iterator(ASPMV_TUNING_DATA_DIR)) {
    const auto path = d.path() / "model.json";
    if (!fs::exists(path)) continue;  // tests/models' model_tables_valid requires one per architecture
    INFO(path.string());
    const auto t = load_model_table(path.string());
    CHECK(std::string(t->table().arch) == d.path().filename().string());
    if (t->table().status == TableStatus::untrained) {
      ++untrained;
      CHECK(std::string(t->table().summary).find("Untrained") != std::string::npos);
    }
  }
  CHECK(untrained >= 1);
}

TEST_CASE("models: compiled-in tables equal the same files loaded at run time, every array bit for bit",
          "[models][json]") {
  SECTION("the library's table (ASPMV_ARCH)") {
    const auto loaded = load_model_table(ASPMV_COMPILED_MODEL_JSON);
    check_same_table(compiled_model_table(), loaded->table());
    CHECK(std::string(compiled_model_table().source_sha256).size() == 64);
  }
  SECTION("the hand-written table: escapes and UTF-8 in the provenance, subnormals, -0, extreme values") {
    const auto loaded = load_model_table(ASPMV_TEST_DATA_DIR "/models/small_table.json");
    const auto& compiled = aspmv_test::small_table::compiled_model_table();
    check_same_table(compiled, loaded->table());
    CHECK(std::string(compiled.summary).find("\xF0\x9F\x98\x80 (U+1F600 written as \xF0\x9F\x98\x80)") !=
          std::string::npos);
    CHECK(std::signbit(compiled.find(ModelName::tpr_global)->base_score[1]));
  }
  SECTION("the synthetic fixture with every model") {
    const auto loaded = load_model_table(ASPMV_TEST_MODEL_DIR "/fixture_table.json");
    check_same_table(aspmv_test::fixture_table::compiled_model_table(), loaded->table());
    for (const auto name : all_model_names) CHECK(loaded->table().has(name));
  }
}

namespace {

// Captures what the process writes to stderr (fd 2) while `f` runs.
template <class F>
std::string capture_stderr(F&& f) {
  std::fflush(stderr);
  const std::string path = write_temp("stderr.txt", "");
  const int saved = ::dup(2);
  std::FILE* file = std::fopen(path.c_str(), "w");
  REQUIRE(file != nullptr);
  ::dup2(::fileno(file), 2);
  f();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::fclose(file);
  return read_file(path);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

struct ModelFileVariable {
  explicit ModelFileVariable(const std::string& value) {
    ::setenv(model_file_variable, value.c_str(), 1);
    reset_active_model_table_for_tests();
  }
  ~ModelFileVariable() {
    ::unsetenv(model_file_variable);
    reset_active_model_table_for_tests();
  }
  ModelFileVariable(const ModelFileVariable&) = delete;
  ModelFileVariable& operator=(const ModelFileVariable&) = delete;
};

}  // namespace

TEST_CASE("models: ASPMV_MODEL_FILE: unset, a valid file, a corrupt file", "[models][json]") {
  SECTION("unset or empty: the compiled-in table, no warning") {
    ::unsetenv(model_file_variable);
    reset_active_model_table_for_tests();
    CHECK(&active_model_table() == &compiled_model_table());
    CHECK(active_model_table_warning().empty());
    ModelFileVariable v("");
    CHECK(&active_model_table() == &compiled_model_table());
  }
  SECTION("a valid file is used") {
    const std::string path = ASPMV_TEST_DATA_DIR "/models/small_table.json";
    ModelFileVariable v(path);
    std::string out = capture_stderr([&] {
      const ModelTable& t = active_model_table();
      CHECK(&t != &compiled_model_table());
      CHECK(std::string(t.source_file) == path);
      CHECK(std::string(t.arch) == "test-small");
      check_same_table(t, aspmv_test::small_table::compiled_model_table());
      CHECK(&active_model_table() == &t);  // decided once
    });
    CHECK(out.empty());
    CHECK(active_model_table_warning().empty());
  }
  SECTION("a corrupt file: one warning naming the file and the reason, then the compiled-in table") {
    const std::string text = read_file(ASPMV_TEST_DATA_DIR "/models/small_table.json");
    const std::string path =
        write_temp("corrupt.json", replace(text, R"([4.5, 0, 12, 0, 0], "left": [1, -1, 3, -1, -1])",
                                           R"([4.5, 0, 12, 0, 0], "left": [1, -1, 1, -1, -1])"));
    ModelFileVariable v(path);
    const std::string out = capture_stderr([&] {
      for (int i = 0; i < 3; ++i) CHECK(&active_model_table() == &compiled_model_table());
    });
    INFO(out);
    CHECK(count(out, "warning") == 1);
    CHECK_THAT(out, Contains("ASPMV_MODEL_FILE=" + path));
    CHECK_THAT(out, Contains("models.tpr_global.trees[0].left[2]"));
    CHECK_THAT(out, Contains("compiled-in model table"));
    CHECK_THAT(active_model_table_warning(), Contains(path));
  }
  SECTION("a file that is not there, a truncated file") {
    {
      ModelFileVariable v("/nonexistent/model.json");
      const std::string out = capture_stderr([&] { CHECK(&active_model_table() == &compiled_model_table()); });
      CHECK(count(out, "warning") == 1);
      CHECK_THAT(out, Contains("/nonexistent/model.json"));
    }
    {
      const std::string text = read_file(ASPMV_TEST_DATA_DIR "/models/small_table.json");
      ModelFileVariable v(write_temp("cut.json", text.substr(0, text.size() / 2)));
      const std::string out = capture_stderr([&] { CHECK(&active_model_table() == &compiled_model_table()); });
      CHECK_THAT(out, Contains("truncated"));
    }
  }
  SECTION("threads asking at once get one table and at most one warning") {
    ModelFileVariable v("/nonexistent/model.json");
    std::vector<const ModelTable*> seen(8, nullptr);
    const std::string out = capture_stderr([&] {
      std::vector<std::thread> threads;
      for (std::size_t i = 0; i < seen.size(); ++i)
        threads.emplace_back([&seen, i] { seen[i] = &active_model_table(); });
      for (auto& t : threads) t.join();
    });
    CHECK(count(out, "warning") == 1);
    for (const auto* t : seen) CHECK(t == &compiled_model_table());
  }
}
