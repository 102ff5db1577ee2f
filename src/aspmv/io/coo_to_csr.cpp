// Triplet -> CSR assembly by counting sort: count per row, prefix sum,
// scatter, then sort each row by column and merge duplicates in place.

#include <aspmv/io/coo_to_csr.hpp>

#include <algorithm>
#include <utility>

namespace aspmv::io::detail {

namespace {

// Sorts the entries [begin, end) by column, keeping file order among equal
// columns so that duplicates are summed in file order.
void sort_row(std::int32_t* cols, double* values, std::int64_t begin, std::int64_t end,
              std::vector<std::pair<std::int32_t, double>>* scratch) {
  bool sorted = true;
  for (std::int64_t k = begin + 1; k < end && sorted; ++k) sorted = cols[k - 1] <= cols[k];
  if (sorted) return;
  scratch->clear();
  for (std::int64_t k = begin; k < end; ++k) scratch->emplace_back(cols[k], values[k]);
  std::stable_sort(scratch->begin(), scratch->end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (std::int64_t k = begin; k < end; ++k) {
    cols[k] = (*scratch)[static_cast<std::size_t>(k - begin)].first;
    values[k] = (*scratch)[static_cast<std::size_t>(k - begin)].second;
  }
}

}  // namespace

HostCsr<double, std::int64_t> build_csr(std::int32_t num_rows, std::int32_t num_cols, const Triplets& entries,
                                        Symmetry symmetry) {
  HostCsr<double, std::int64_t> a;
  a.num_rows = num_rows;
  a.num_cols = num_cols;
  std::vector<std::int64_t>& off = a.row_offsets;
  off.assign(static_cast<std::size_t>(num_rows) + 1, 0);

  const bool mirror = symmetry != Symmetry::general;
  const double mirror_sign = symmetry == Symmetry::skew_symmetric ? -1.0 : 1.0;
  const std::size_t n = entries.size();
  const std::int32_t* rows = entries.rows.data();
  const std::int32_t* cols = entries.cols.data();
  const double* vals = entries.values.data();

  // Count, then prefix-sum into row starts.
  for (std::size_t k = 0; k < n; ++k) {
    ++off[static_cast<std::size_t>(rows[k]) + 1];
    if (mirror && rows[k] != cols[k]) ++off[static_cast<std::size_t>(cols[k]) + 1];
  }
  for (std::size_t r = 0; r < static_cast<std::size_t>(num_rows); ++r) off[r + 1] += off[r];
  const std::int64_t total = off[static_cast<std::size_t>(num_rows)];
  a.col_indices.resize(static_cast<std::size_t>(total));
  a.values.resize(static_cast<std::size_t>(total));
  std::int32_t* out_cols = a.col_indices.data();
  double* out_vals = a.values.data();

  // Scatter, using off[r] as row r's insertion point; afterwards off[r] is
  // the end of row r, so shift back by one row.
  for (std::size_t k = 0; k < n; ++k) {
    std::int64_t p = off[static_cast<std::size_t>(rows[k])]++;
    out_cols[p] = cols[k];
    out_vals[p] = vals[k];
    if (mirror && rows[k] != cols[k]) {
      std::int64_t q = off[static_cast<std::size_t>(cols[k])]++;
      out_cols[q] = rows[k];
      out_vals[q] = mirror_sign * vals[k];
    }
  }
  for (std::size_t r = static_cast<std::size_t>(num_rows); r > 0; --r) off[r] = off[r - 1];
  off[0] = 0;

  // Sort each row by column and merge duplicates, compacting as we go.
  std::vector<std::pair<std::int32_t, double>> scratch;
  std::int64_t w = 0;
  std::int64_t begin = 0;
  for (std::size_t r = 0; r < static_cast<std::size_t>(num_rows); ++r) {
    const std::int64_t end = off[r + 1];
    sort_row(out_cols, out_vals, begin, end, &scratch);
    off[r] = w;
    const std::int64_t row_start = w;
    for (std::int64_t k = begin; k < end; ++k) {
      if (w > row_start && out_cols[w - 1] == out_cols[k]) {
        out_vals[w - 1] += out_vals[k];
      } else {
        out_cols[w] = out_cols[k];
        out_vals[w] = out_vals[k];
        ++w;
      }
    }
    begin = end;
  }
  off[static_cast<std::size_t>(num_rows)] = w;
  if (w < total) {
    a.col_indices.resize(static_cast<std::size_t>(w));
    a.values.resize(static_cast<std::size_t>(w));
    a.col_indices.shrink_to_fit();
    a.values.shrink_to_fit();
  }
  return a;
}

}  // namespace aspmv::io::detail
