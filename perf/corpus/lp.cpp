// LP-like rectangular matrices (see lp.hpp).

#include "lp.hpp"

#include "csr_build.hpp"

#include <aspmv/error.hpp>

#include <algorithm>

namespace aspmv::corpus {

void check(const LpSpec& s) {
  if (s.rows < 1 || s.cols < 1 || !(s.mean >= 1) || s.long_rows < 0 || s.long_rows > s.rows || s.long_length < 0 ||
      s.long_length > s.cols)
    throw Error("lp: need rows, cols >= 1, mean >= 1, long rows in [0, rows] and long length in [0, cols]");
}

HostCsr<double, std::int64_t> lp(const LpSpec& s) {
  check(s);
  Rng rng(s.seed);
  std::vector<std::int32_t> long_rows;
  append_sorted_sample(0, s.rows, s.long_rows, rng, long_rows);
  const double step = double(s.cols) / double(s.rows);
  const std::int64_t window = std::max<std::int64_t>(4, static_cast<std::int64_t>(4 * s.mean * std::max(1.0, step)));
  const double p = 1 / s.mean;  // geometric with mean (mean - 1)
  Csr a;
  a.num_rows = s.rows;
  a.num_cols = s.cols;
  a.row_offsets.reserve(static_cast<std::size_t>(s.rows) + 1);
  a.col_indices.reserve(
      static_cast<std::size_t>(double(s.rows) * s.mean * 1.05 + double(s.long_rows) * double(s.long_length)) + 16);
  std::size_t next_long = 0;
  for (std::int32_t i = 0; i < s.rows; ++i) {
    const auto begin = a.col_indices.size();
    if (next_long < long_rows.size() && long_rows[next_long] == i) {
      ++next_long;
      append_sorted_sample(0, s.cols, s.long_length, rng, a.col_indices);
    } else {
      const std::int64_t len = std::min<std::int64_t>(s.cols, 1 + rng.geometric(p));
      const auto home = static_cast<std::int64_t>(double(i) * step);
      for (std::int64_t k = 0; k < len; ++k) {
        const std::int64_t j = rng.uniform01() < 0.5
                                   ? static_cast<std::int64_t>(rng.below(s.cols))
                                   : std::clamp<std::int64_t>(home + rng.uniform_int(-window, window), 0, s.cols - 1);
        a.col_indices.push_back(static_cast<std::int32_t>(j));
      }
      sort_unique_tail(a.col_indices, begin);
    }
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  fill_values(a, rng);
  return a;
}

}  // namespace aspmv::corpus
