// Generated matrices by name (see generated.hpp).

#include "generated.hpp"

#include "random_csr.hpp"
#include "stencil.hpp"

#include <aspmv/error.hpp>

#include <cstdlib>
#include <sstream>
#include <vector>

namespace aspmv::corpus {

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) parts.push_back(cur);
  return parts;
}

[[noreturn]] void bad(const std::string& name, const std::string& why) {
  throw Error("generated matrix '" + name + "': " + why);
}

double number(const std::string& name, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size()) bad(name, "'" + text + "' is not a number");
  return v;
}

std::int64_t integer(const std::string& name, const std::string& text) {
  const double v = number(name, text);
  if (v != static_cast<double>(static_cast<std::int64_t>(v)) || v < 0) bad(name, "'" + text + "' is not a count");
  return static_cast<std::int64_t>(v);
}

std::int32_t dim(const std::string& name, const std::string& text) {
  const auto v = integer(name, text);
  if (v < 1 || v > INT32_MAX) bad(name, "dimension '" + text + "' out of range");
  return static_cast<std::int32_t>(v);
}

// "key<value>" -> value, e.g. field("r1000", "r") = "1000".
bool field(const std::string& token, const char* key, std::string& value) {
  const std::string k(key);
  if (token.compare(0, k.size(), k) != 0 || token.size() == k.size()) return false;
  value = token.substr(k.size());
  return true;
}

HostCsr<double, std::int64_t> stencil_by_name(const std::string& name, const std::vector<std::string>& p) {
  if (p.size() != 3) bad(name, "expected stencil<2d|3d>-<points>pt-<grid>");
  const bool three = p[0] == "stencil3d";
  if (!three && p[0] != "stencil2d") bad(name, "unknown stencil family");
  if (p[1].size() < 3 || p[1].substr(p[1].size() - 2) != "pt") bad(name, "expected <points>pt");
  const int points = static_cast<int>(integer(name, p[1].substr(0, p[1].size() - 2)));
  auto g = split(p[2], 'x');
  if (three && g.size() == 1) g = {g[0], g[0], g[0]};
  if (!three && g.size() == 1) g = {g[0], g[0]};
  if (g.size() != (three ? 3u : 2u)) bad(name, "grid must be NX" + std::string(three ? "xNYxNZ (or N)" : "xNY (or N)"));
  return stencil(dim(name, g[0]), dim(name, g[1]), three ? dim(name, g[2]) : 1, points);
}

HostCsr<double, std::int64_t> shortlong_by_name(const std::string& name, const std::vector<std::string>& p) {
  std::int64_t s = -1, l = -1, n = -1, seed = 1;
  std::string v;
  for (std::size_t i = 1; i < p.size(); ++i) {
    if (field(p[i], "seed", v)) seed = integer(name, v);
    else if (field(p[i], "s", v)) s = integer(name, v);
    else if (field(p[i], "l", v)) l = integer(name, v);
    else if (field(p[i], "n", v)) n = integer(name, v);
    else bad(name, "unknown field '" + p[i] + "'");
  }
  if (s < 0 || l < 0 || n < 0) bad(name, "expected shortlong-s<short rows>-l<long rows>-n<long length>");
  return short_rows_with_long_rows(static_cast<std::int32_t>(s), static_cast<std::int32_t>(l), n,
                                   static_cast<std::uint64_t>(seed));
}

HostCsr<double, std::int64_t> random_by_name(const std::string& name, const std::vector<std::string>& p) {
  if (p.size() < 2) bad(name, "expected rand-<distribution>-...");
  RandomCsrSpec s;
  bool known = false;
  for (const auto d : {RowLengths::constant, RowLengths::uniform, RowLengths::normal, RowLengths::geometric,
                       RowLengths::bimodal, RowLengths::zipf})
    if (p[1] == to_string(d)) s.lengths = d, known = true;
  if (!known) bad(name, "unknown distribution '" + p[1] + "'");
  bool rows = false, cols = false;
  std::string v;
  for (std::size_t i = 2; i < p.size(); ++i) {
    if (p[i] == "unsorted") s.sorted = false;
    else if (p[i] == "dup") s.duplicates = true;
    else if (field(p[i], "seed", v)) s.seed = static_cast<std::uint64_t>(integer(name, v));
    else if (field(p[i], "max", v)) s.max_row = integer(name, v);
    else if (field(p[i], "r", v)) s.rows = dim(name, v), rows = true;
    else if (field(p[i], "c", v)) s.cols = dim(name, v), cols = true;
    else if (field(p[i], "m", v)) s.mean = number(name, v);
    else if (field(p[i], "s", v)) s.spread = number(name, v);
    else if (field(p[i], "f", v)) s.long_fraction = number(name, v);
    else bad(name, "unknown field '" + p[i] + "'");
  }
  if (!rows || !cols) bad(name, "rows (r) and columns (c) are required");
  return random_csr(s);
}

}  // namespace

bool is_generated_name(const std::string& name) {
  return name.rfind("stencil2d-", 0) == 0 || name.rfind("stencil3d-", 0) == 0 || name.rfind("shortlong-", 0) == 0 ||
         name.rfind("rand-", 0) == 0;
}

HostCsr<double, std::int64_t> generate(const std::string& name) {
  const auto p = split(name, '-');
  if (p.empty()) bad(name, "empty name");
  if (p[0] == "stencil2d" || p[0] == "stencil3d") return stencil_by_name(name, p);
  if (p[0] == "shortlong") return shortlong_by_name(name, p);
  if (p[0] == "rand") return random_by_name(name, p);
  bad(name, "unknown family '" + p[0] + "'");
}

}  // namespace aspmv::corpus
