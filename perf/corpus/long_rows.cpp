// Clustered vs scattered long rows (see long_rows.hpp).

#include "long_rows.hpp"

#include "csr_build.hpp"

#include <aspmv/error.hpp>

namespace aspmv::corpus {

void check(const LongRowsSpec& s) {
  if (s.rows < 1 || !(s.mean >= 0) || s.long_rows < 0 || s.long_rows > s.rows || s.long_length < 0 ||
      s.long_length > s.rows)
    throw Error("longrows: need rows >= 1, mean >= 0, long rows in [0, rows] and long length in [0, rows]");
}

std::vector<std::int32_t> long_row_positions(const LongRowsSpec& s) {
  check(s);
  std::vector<std::int32_t> pos(static_cast<std::size_t>(s.long_rows));
  const std::int64_t n = s.rows, l = s.long_rows;
  // Its own stream, so the positions do not depend on the rest of the matrix.
  Rng rng(s.seed ^ 0x6c6f6e67726f7773ULL);
  const auto start = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(n - l + 1)));
  for (std::int64_t k = 0; k < l; ++k)
    pos[k] = static_cast<std::int32_t>(s.clustered ? start + k : (2 * k + 1) * n / (2 * l));
  return pos;
}

HostCsr<double, std::int64_t> long_rows(const LongRowsSpec& s) {
  const auto positions = long_row_positions(s);
  Rng rng(s.seed);
  Csr a;
  a.num_rows = a.num_cols = s.rows;
  a.row_offsets.reserve(static_cast<std::size_t>(s.rows) + 1);
  a.col_indices.reserve(
      static_cast<std::size_t>(double(s.rows) * s.mean * 1.05 + double(s.long_rows) * double(s.long_length)) + 16);
  std::size_t next_long = 0;
  for (std::int32_t i = 0; i < s.rows; ++i) {
    const bool is_long = next_long < positions.size() && positions[next_long] == i;
    next_long += is_long;
    const std::int64_t len = is_long ? s.long_length : std::min<std::int64_t>(s.rows, jittered_count(s.mean, rng));
    append_sorted_sample(0, s.rows, len, rng, a.col_indices);
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  fill_values(a, rng);
  return a;
}

}  // namespace aspmv::corpus
