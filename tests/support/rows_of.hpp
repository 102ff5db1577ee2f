#pragma once
// A test matrix of rows of given lengths: columns spread evenly over
// [0, cols) in increasing order (a row is at most cols long), random values.

#include <aspmv/host_csr.hpp>

#include <corpus/rng.hpp>

#include <cstdint>
#include <vector>

namespace aspmv::testing {

inline HostCsr<double, std::int64_t> rows_of(const std::vector<std::int32_t>& lengths, std::int32_t cols,
                                             std::uint64_t seed) {
  HostCsr<double, std::int64_t> a;
  a.num_rows = static_cast<std::int32_t>(lengths.size());
  a.num_cols = cols;
  corpus::Rng rng(seed);
  for (const std::int32_t len : lengths) {
    for (std::int32_t k = 0; k < len; ++k) {
      a.col_indices.push_back(static_cast<std::int32_t>((std::int64_t(k) * cols) / len));
      a.values.push_back(rng.signed_value());
    }
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  return a;
}

}  // namespace aspmv::testing
