// Random CSR generation (see random_csr.hpp).

#include "random_csr.hpp"

#include "rng.hpp"

#include <aspmv/error.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

namespace aspmv::corpus {

std::string to_string(RowLengths d) {
  switch (d) {
    case RowLengths::constant: return "constant";
    case RowLengths::uniform: return "uniform";
    case RowLengths::normal: return "normal";
    case RowLengths::geometric: return "geometric";
    case RowLengths::bimodal: return "bimodal";
    case RowLengths::zipf: return "zipf";
  }
  return "unknown";
}

std::string name(const RandomCsrSpec& s) {
  std::ostringstream o;
  o << "rand-" << to_string(s.lengths) << "-r" << s.rows << "-c" << s.cols << "-m" << s.mean << "-s" << s.spread;
  if (s.lengths == RowLengths::bimodal) o << "-f" << s.long_fraction;
  if (s.max_row >= 0) o << "-max" << s.max_row;
  if (!s.sorted) o << "-unsorted";
  if (s.duplicates) o << "-dup";
  o << "-seed" << s.seed;
  return o.str();
}

namespace {

std::int64_t draw_length(const RandomCsrSpec& s, Rng& rng) {
  double len = 0;
  switch (s.lengths) {
    case RowLengths::constant: len = s.mean; break;
    case RowLengths::uniform: len = s.mean - s.spread + rng.uniform01() * (2 * s.spread + 1); break;
    case RowLengths::normal: len = s.mean + s.spread * rng.normal(); break;
    case RowLengths::geometric: len = static_cast<double>(rng.geometric(1.0 / (1.0 + s.mean))); break;
    case RowLengths::bimodal: len = rng.uniform01() < s.long_fraction ? s.spread : s.mean; break;
    case RowLengths::zipf: {
      // Continuous Pareto tail with exponent s = spread, scaled so small rows
      // have about `mean / 2` entries: a few rows get very long.
      const double alpha = std::max(1.01, s.spread) - 1.0;
      double u = rng.uniform01();
      while (u <= 0) u = rng.uniform01();
      len = std::max(1.0, s.mean / 2) * std::pow(u, -1.0 / alpha);
      break;
    }
  }
  if (!(len > 0)) return 0;
  return static_cast<std::int64_t>(std::floor(len));
}

// Appends `len` columns of [0, cols) for one row.
void draw_columns(std::int64_t len, std::int32_t cols, bool duplicates, bool sorted, Rng& rng,
                  std::vector<std::int32_t>& out, std::vector<std::int32_t>& scratch) {
  const auto begin = out.size();
  if (len == 0) return;
  if (duplicates) {
    for (std::int64_t k = 0; k < len; ++k) out.push_back(static_cast<std::int32_t>(rng.below(cols)));
    if (len >= 2) out[begin + 1] = out[begin];  // at least one repeat
  } else if (len * 4 > cols) {
    // Dense-ish row: partial Fisher-Yates over all columns.
    scratch.resize(static_cast<std::size_t>(cols));
    std::iota(scratch.begin(), scratch.end(), 0);
    for (std::int64_t k = 0; k < len; ++k) {
      const auto j = k + static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(cols - k)));
      std::swap(scratch[k], scratch[j]);
      out.push_back(scratch[k]);
    }
  } else {
    // Sparse row: draw, sort, drop repeats, draw again until enough.
    while (static_cast<std::int64_t>(out.size() - begin) < len) {
      const auto need = len - static_cast<std::int64_t>(out.size() - begin);
      for (std::int64_t k = 0; k < need; ++k) out.push_back(static_cast<std::int32_t>(rng.below(cols)));
      std::sort(out.begin() + begin, out.end());
      out.erase(std::unique(out.begin() + begin, out.end()), out.end());
    }
  }
  if (sorted) {
    std::sort(out.begin() + begin, out.end());
  } else {
    for (auto k = out.size() - 1; k > begin; --k)  // shuffle
      std::swap(out[k], out[begin + rng.below(k - begin + 1)]);
  }
}

}  // namespace

HostCsr<double, std::int64_t> random_csr(const RandomCsrSpec& s) {
  if (s.rows < 0 || s.cols < 0) throw Error("random_csr: negative size");
  Rng rng(s.seed);
  HostCsr<double, std::int64_t> a;
  a.num_rows = s.rows;
  a.num_cols = s.cols;
  a.row_offsets.assign(1, 0);
  a.row_offsets.reserve(static_cast<std::size_t>(s.rows) + 1);
  const std::int64_t cap = s.max_row >= 0 ? s.max_row : s.cols;
  std::vector<std::int32_t> scratch;
  for (std::int32_t r = 0; r < s.rows; ++r) {
    std::int64_t len = std::min(draw_length(s, rng), cap);
    if (!s.duplicates) len = std::min<std::int64_t>(len, s.cols);
    if (s.cols == 0) len = 0;
    draw_columns(len, s.cols, s.duplicates, s.sorted, rng, a.col_indices, scratch);
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  a.values.resize(a.col_indices.size());
  for (auto& v : a.values) v = rng.signed_value();
  return a;
}

HostCsr<double, std::int64_t> single_long_row(std::int32_t rows, std::int32_t cols, std::int32_t row,
                                              std::int64_t length, std::uint64_t seed) {
  if (row < 0 || row >= rows || length > cols) throw Error("single_long_row: bad arguments");
  Rng rng(seed);
  HostCsr<double, std::int64_t> a;
  a.num_rows = rows;
  a.num_cols = cols;
  a.row_offsets.assign(static_cast<std::size_t>(rows) + 1, 0);
  std::vector<std::int32_t> scratch;
  draw_columns(length, cols, false, true, rng, a.col_indices, scratch);
  for (std::int32_t r = row + 1; r <= rows; ++r) a.row_offsets[r] = length;
  a.values.resize(a.col_indices.size());
  for (auto& v : a.values) v = rng.signed_value();
  return a;
}

HostCsr<double, std::int64_t> short_rows_with_long_rows(std::int32_t short_rows, std::int32_t long_rows,
                                                        std::int64_t long_length, std::uint64_t seed) {
  Rng rng(seed);
  const std::int64_t rows64 = static_cast<std::int64_t>(short_rows) + long_rows;
  if (rows64 > INT32_MAX || long_length > rows64) throw Error("short_rows_with_long_rows: bad arguments");
  HostCsr<double, std::int64_t> a;
  a.num_rows = static_cast<std::int32_t>(rows64);
  a.num_cols = a.num_rows;
  a.row_offsets.assign(1, 0);
  const std::int64_t stride = long_rows > 0 ? rows64 / long_rows : rows64 + 1;
  std::vector<std::int32_t> scratch;
  for (std::int32_t r = 0; r < a.num_rows; ++r) {
    const bool is_long = long_rows > 0 && r % stride == stride / 2 && r / stride < long_rows;
    const std::int64_t len = is_long ? long_length : rng.uniform_int(3, 5);
    draw_columns(len, a.num_cols, false, true, rng, a.col_indices, scratch);
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  a.values.resize(a.col_indices.size());
  for (auto& v : a.values) v = rng.signed_value();
  return a;
}

std::vector<NamedMatrix> edge_case_matrices(std::uint64_t seed) {
  std::vector<NamedMatrix> m;
  auto add = [&](std::string n, const RandomCsrSpec& s) { m.push_back({std::move(n), random_csr(s)}); };
  RandomCsrSpec s;
  s.seed = seed;
  s.rows = 0, s.cols = 0;
  add("empty-0x0", s);
  s.rows = 0, s.cols = 7;
  add("empty-0x7", s);
  s.rows = 7, s.cols = 0;
  add("empty-7x0", s);
  s.rows = 1000, s.cols = 1000, s.lengths = RowLengths::constant, s.mean = 0;
  add("all-rows-empty-1000", s);
  s.lengths = RowLengths::bimodal, s.mean = 0, s.spread = 9, s.long_fraction = 0.5;
  add("half-rows-empty-1000", s);
  m.push_back({"one-row-holds-all-2000", single_long_row(2000, 2000, 1234, 2000, seed)});
  s = RandomCsrSpec{};
  s.seed = seed;
  s.rows = 1, s.cols = 5000, s.lengths = RowLengths::constant, s.mean = 3000;
  add("row-vector-1x5000", s);
  s.rows = 5000, s.cols = 1, s.mean = 1;
  add("column-vector-5000x1", s);
  s.rows = 100, s.cols = 20000, s.lengths = RowLengths::uniform, s.mean = 60, s.spread = 50;
  add("wide-100x20000", s);
  s.rows = 20000, s.cols = 100, s.mean = 6, s.spread = 5;
  add("tall-20000x100", s);
  s.rows = 3000, s.cols = 3000, s.mean = 12, s.spread = 11, s.sorted = false, s.duplicates = true;
  add("duplicates-unsorted-3000", s);
  s = RandomCsrSpec{};
  s.seed = seed;
  s.rows = 64, s.cols = 64, s.lengths = RowLengths::constant, s.mean = 64;
  add("dense-64x64", s);
  s.rows = 1, s.cols = 1, s.mean = 1;
  add("one-by-one", s);
  s.rows = 5000, s.cols = 5000, s.lengths = RowLengths::zipf, s.mean = 4, s.spread = 1.6, s.max_row = 5000;
  add("power-law-5000", s);
  s.lengths = RowLengths::bimodal, s.mean = 3, s.spread = 4000, s.long_fraction = 0.002, s.max_row = -1;
  add("bimodal-long-rows-5000", s);
  return m;
}

}  // namespace aspmv::corpus
