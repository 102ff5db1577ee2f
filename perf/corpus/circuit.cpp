// Circuit-like matrices (see circuit.hpp).

#include "circuit.hpp"

#include "csr_build.hpp"

#include <aspmv/error.hpp>

#include <algorithm>
#include <cmath>

namespace aspmv::corpus {

void check(const CircuitSpec& s) {
  if (s.rows < 1 || !(s.mean >= 1) || s.dense_rows < 0 || s.dense_cols < 0 || s.dense_rows > s.rows ||
      s.dense_cols > s.rows || !(s.fraction > 0 && s.fraction <= 1))
    throw Error("circuit: need rows >= 1, mean >= 1, dense rows and columns in [0, rows], fraction in (0, 1]");
}

HostCsr<double, std::int64_t> circuit(const CircuitSpec& s) {
  check(s);
  Rng rng(s.seed);
  const std::int64_t n = s.rows;
  std::vector<std::int32_t> dense_rows, dense_cols;
  append_sorted_sample(0, n, s.dense_rows, rng, dense_rows);
  append_sorted_sample(0, n, s.dense_cols, rng, dense_cols);
  const auto dense_length = static_cast<std::int64_t>(std::llround(s.fraction * double(n)));
  const std::int64_t window = std::max<std::int64_t>(2, static_cast<std::int64_t>(2 * s.mean));
  Csr a;
  a.num_rows = a.num_cols = s.rows;
  a.row_offsets.reserve(static_cast<std::size_t>(n) + 1);
  const double expected =
      double(n) * (s.mean + s.fraction * s.dense_cols) + double(s.dense_rows) * double(dense_length);
  a.col_indices.reserve(static_cast<std::size_t>(expected * 1.05) + 16);
  std::size_t next_dense = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto begin = a.col_indices.size();
    a.col_indices.push_back(static_cast<std::int32_t>(i));
    const bool dense = next_dense < dense_rows.size() && dense_rows[next_dense] == i;
    if (dense) {
      ++next_dense;
      append_sorted_sample(0, n, dense_length, rng, a.col_indices);
    } else {
      const auto others = jittered_count(s.mean - 1, rng);
      for (std::int64_t k = 0; k < others; ++k) {
        // One in ten connections is long-range, the others are local.
        const std::int64_t j = rng.uniform01() < 0.1
                                   ? static_cast<std::int64_t>(rng.below(n))
                                   : std::clamp<std::int64_t>(i + rng.uniform_int(-window, window), 0, n - 1);
        a.col_indices.push_back(static_cast<std::int32_t>(j));
      }
    }
    for (const auto j : dense_cols)
      if (rng.uniform01() < s.fraction) a.col_indices.push_back(j);
    sort_unique_tail(a.col_indices, begin);
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  fill_values(a, rng);
  return a;
}

}  // namespace aspmv::corpus
