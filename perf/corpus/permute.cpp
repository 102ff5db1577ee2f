// Symmetric random permutation (see permute.hpp).

#include "permute.hpp"

#include "rng.hpp"

#include <aspmv/error.hpp>

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>

namespace aspmv::corpus {

std::vector<std::int32_t> random_permutation(std::int32_t n, std::uint64_t seed) {
  Rng rng(seed ^ 0x7065726d75746531ULL);  // its own stream: "-perm3" differs from "-seed3"
  std::vector<std::int32_t> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  for (std::int64_t i = n - 1; i > 0; --i) std::swap(p[i], p[rng.below(static_cast<std::uint64_t>(i) + 1)]);
  return p;
}

HostCsr<double, std::int64_t> permute_symmetric(const HostCsr<double, std::int64_t>& a, std::uint64_t seed) {
  if (a.num_rows != a.num_cols)
    throw Error("permute_symmetric: the matrix is " + std::to_string(a.num_rows) + "x" + std::to_string(a.num_cols) +
                ", a symmetric permutation needs a square one");
  const auto p = random_permutation(a.num_rows, seed);
  HostCsr<double, std::int64_t> b;
  b.num_rows = b.num_cols = a.num_rows;
  b.row_offsets.assign(static_cast<std::size_t>(a.num_rows) + 1, 0);
  for (std::int32_t i = 0; i < a.num_rows; ++i) b.row_offsets[p[i] + 1] = a.row_length(i);
  for (std::int32_t i = 0; i < a.num_rows; ++i) b.row_offsets[i + 1] += b.row_offsets[i];
  b.col_indices.resize(a.col_indices.size());
  b.values.resize(a.values.size());
  std::vector<std::pair<std::int32_t, double>> row;  // one row's entries, reused
  for (std::int32_t i = 0; i < a.num_rows; ++i) {
    row.clear();
    for (std::int64_t k = a.row_offsets[i]; k < a.row_offsets[i + 1]; ++k)
      row.emplace_back(p[a.col_indices[k]], a.values[k]);
    std::sort(row.begin(), row.end());  // by column, then value: the same order everywhere
    auto dst = static_cast<std::size_t>(b.row_offsets[p[i]]);
    for (const auto& [j, v] : row) b.col_indices[dst] = j, b.values[dst++] = v;
  }
  return b;
}

}  // namespace aspmv::corpus
