// CSR transpose by one counting sort over columns (see transpose.hpp).

#include "transpose.hpp"

#include <vector>

namespace aspmv::corpus {

HostCsr<double, std::int64_t> transpose(const HostCsr<double, std::int64_t>& a) {
  HostCsr<double, std::int64_t> t;
  t.num_rows = a.num_cols;
  t.num_cols = a.num_rows;
  t.row_offsets.assign(static_cast<std::size_t>(a.num_cols) + 1, 0);
  const auto nnz = static_cast<std::size_t>(a.nnz());
  for (std::size_t k = 0; k < nnz; ++k) ++t.row_offsets[static_cast<std::size_t>(a.col_indices[k]) + 1];
  for (std::int32_t j = 0; j < a.num_cols; ++j) t.row_offsets[j + 1] += t.row_offsets[j];
  std::vector<std::int64_t> next(t.row_offsets.begin(), t.row_offsets.end() - 1);
  t.col_indices.resize(nnz);
  t.values.resize(nnz);
  for (std::int32_t r = 0; r < a.num_rows; ++r)
    for (std::int64_t k = a.row_offsets[r]; k < a.row_offsets[r + 1]; ++k) {
      const auto dst = static_cast<std::size_t>(next[a.col_indices[k]]++);
      t.col_indices[dst] = r;
      t.values[dst] = a.values[k];
    }
  return t;
}

}  // namespace aspmv::corpus
