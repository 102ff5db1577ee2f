// The C++ evaluator against the Python one: reads a model table and the CSV
// `python -m aspmv_train agreement` wrote for it (or tests/models/
// make_model_fixture.py's), predicts every row and requires the same class
// index, bit-exact agreement being the schema's promise (docs/MODEL_TABLES.md).
//
//   aspmv_model_agreement --model TABLE.json --csv AGREEMENT.csv [--show N]
//   aspmv_model_agreement --check TABLE.json...
//     loads each table: prints "OK path" or "ERR path message" per file
//     (tests/models/validators_agree.py compares that with the generator's checks)
//
// CSV: header `model,f0,...,f{K-1}[,outside],class_index`, then one row per
// (model name, input vector in the model's feature order): the model's inputs
// in f0.., the columns beyond its inputs empty (or left out: a row of inputs +
// 2 fields, 3 with `outside`, is read by position). `outside` (optional): the
// index of the first input outside the model's training support, -1 for none
// (Python's evaluate.first_outside_support), compared with the C++
// first_outside_support. Exit status 0 when every row agrees (class and, where
// given, support verdict), every model of the table has rows and no row names a
// model the table lacks.

#include <predictors/model_eval.hpp>
#include <predictors/model_json.hpp>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace aspmv::predictors;

namespace {

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out(1);
  for (const char c : line) {
    if (c == ',')
      out.emplace_back();
    else if (c != '\r')
      out.back() += c;
  }
  return out;
}

// A CSV field's double, correctly rounded like Python's float() (from_chars
// ignores the locale).
double to_double(const std::string& field, const std::string& where) {
  double v = 0;
  const char* end = field.data() + field.size();
  const auto r = std::from_chars(field.data(), end, v);
  if (r.ec != std::errc() || r.ptr != end) throw aspmv::Error(where + "'" + field + "' is not a number");
  return v;
}

int usage() {
  std::fprintf(stderr, "usage: aspmv_model_agreement --model TABLE.json --csv AGREEMENT.csv [--show N]\n");
  return 2;
}

struct Mismatch {
  long line;
  std::string model;
  std::vector<double> x;
  int expected;
  int got;
  std::vector<double> scores;
  int expected_outside = -1;
  int got_outside = -1;
};

int run(const std::string& model_path, const std::string& csv_path, std::size_t show) {
  const auto loaded = load_model_table(model_path);
  const ModelTable& table = loaded->table();
  std::ifstream in(csv_path);
  if (!in) throw aspmv::Error("cannot open " + csv_path);
  std::string line;
  if (!std::getline(in, line)) throw aspmv::Error(csv_path + ": empty file, no header");
  const auto header = split(line);
  if (header.size() < 2 || header.front() != "model" || header.back() != "class_index")
    throw aspmv::Error(csv_path + ":1: the header must be model,f0,...[,outside],class_index, not '" + line + "'");
  const bool has_outside = header.size() >= 3 && header[header.size() - 2] == "outside";
  const std::size_t extra = has_outside ? 3 : 2;  // model, [outside,] class_index
  for (std::size_t i = 1; i + extra - 1 < header.size(); ++i)
    if (header[i] != "f" + std::to_string(i - 1))
      throw aspmv::Error(csv_path + ":1: column " + std::to_string(i + 1) + " must be f" + std::to_string(i - 1) +
                         ", not '" + header[i] + "'");
  const std::size_t k = header.size() - extra;

  std::map<std::string, long> rows, outside_rows;
  std::vector<Mismatch> mismatches;
  long line_no = 1, total = 0;
  std::vector<double> x(max_model_features), scores(max_model_classes);
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line == "\r") continue;
    const auto f = split(line);
    const std::string where = csv_path + ":" + std::to_string(line_no) + ": ";
    const ModelName name = parse_model_name(f.front());
    const Model* m = table.find(name);
    if (m == nullptr) throw aspmv::Error(where + "the table has no model '" + f.front() + "'");
    const std::size_t n = m->features.size();
    if (n > k) throw aspmv::Error(where + "model " + f.front() + " has more inputs than the header's columns");
    if (f.size() != k + extra && f.size() != n + extra)
      throw aspmv::Error(where + std::to_string(f.size()) + " fields, expected " + std::to_string(k + extra) + " or " +
                         std::to_string(n + extra));
    for (std::size_t i = 0; i < n; ++i) {
      if (f[1 + i].empty()) throw aspmv::Error(where + "f" + std::to_string(i) + " is empty");
      x[i] = to_double(f[1 + i], where);
    }
    for (std::size_t i = n + 1; i + extra - 1 < f.size(); ++i)
      if (!f[i].empty())
        throw aspmv::Error(where + "f" + std::to_string(i - 1) + " is beyond the model's " + std::to_string(n) +
                           " inputs but not empty");
    int expected = -1;
    const auto r = std::from_chars(f.back().data(), f.back().data() + f.back().size(), expected);
    if (r.ec != std::errc() || r.ptr != f.back().data() + f.back().size() || expected < 0)
      throw aspmv::Error(where + "class_index '" + f.back() + "' is not a class index");
    int expected_outside = -1;
    int got_outside = -1;
    if (has_outside) {
      const std::string& o = f[f.size() - 2];
      const auto ro = std::from_chars(o.data(), o.data() + o.size(), expected_outside);
      if (ro.ec != std::errc() || ro.ptr != o.data() + o.size() || expected_outside < -1 ||
          expected_outside >= static_cast<int>(n))
        throw aspmv::Error(where + "outside '" + o + "' is not -1 or an input index");
      got_outside = first_outside_support(*m, x.data());
    }
    const Prediction p = predict(*m, x.data(), scores.data());
    ++rows[f.front()];
    ++total;
    if (got_outside >= 0) ++outside_rows[f.front()];
    if (p.class_index != expected || got_outside != expected_outside)
      mismatches.push_back(Mismatch{line_no, f.front(), std::vector<double>(x.begin(), x.begin() + long(n)), expected,
                                    p.class_index,
                                    std::vector<double>(scores.begin(), scores.begin() + long(m->classes.size())),
                                    expected_outside, got_outside});
  }

  bool ok = mismatches.empty();
  std::printf("aspmv_model_agreement: %s (%s) against %s: %ld rows\n", model_path.c_str(), table.arch, csv_path.c_str(),
              total);
  for (const auto name : all_model_names) {
    if (!table.has(name)) continue;
    const auto it = rows.find(to_string(name));
    const long r = it == rows.end() ? 0 : it->second;
    long bad = 0;
    for (const auto& mm : mismatches) bad += mm.model == to_string(name) ? 1 : 0;
    if (has_outside) {
      const auto o = outside_rows.find(to_string(name));
      std::printf("  %-16s %7ld rows, %ld disagree; %s%ld outside the training support\n", to_string(name), r, bad,
                  table.find(name)->has_support() ? "" : "no support, ", o == outside_rows.end() ? 0L : o->second);
    } else {
      std::printf("  %-16s %7ld rows, %ld disagree\n", to_string(name), r, bad);
    }
    if (r == 0) {
      std::printf("  %s: no rows for this model\n", to_string(name));
      ok = false;
    }
  }
  for (std::size_t i = 0; i < mismatches.size() && i < show; ++i) {
    const auto& mm = mismatches[i];
    std::printf("  line %ld, %s: Python class %d, C++ class %d", mm.line, mm.model.c_str(), mm.expected, mm.got);
    if (has_outside) std::printf("; Python outside %d, C++ outside %d", mm.expected_outside, mm.got_outside);
    std::printf("; x =");
    for (const double v : mm.x) std::printf(" %.17g", v);
    std::printf("; C++ scores =");
    for (const double v : mm.scores) std::printf(" %.17g", v);
    std::printf("\n");
  }
  std::printf("%s\n", ok ? "agreement: every row" : "DISAGREEMENT");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "--check") {
    for (int i = 2; i < argc; ++i) {
      try {
        load_model_table(argv[i]);
        std::printf("OK %s\n", argv[i]);
      } catch (const std::exception& e) {
        std::printf("ERR %s %s\n", argv[i], e.what());
      }
    }
    return 0;
  }
  std::string model, csv;
  std::size_t show = 20;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return usage();
    if (a == "--model")
      model = argv[++i];
    else if (a == "--csv")
      csv = argv[++i];
    else if (a == "--show")
      show = std::strtoul(argv[++i], nullptr, 10);
    else
      return usage();
  }
  if (model.empty() || csv.empty()) return usage();
  try {
    return run(model, csv, show);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aspmv_model_agreement: %s\n", e.what());
    return 1;
  }
}
