// Shared generator building blocks (see csr_build.hpp).

#include "csr_build.hpp"

#include <aspmv/error.hpp>

#include <algorithm>
#include <cmath>

namespace aspmv::corpus {

std::int32_t checked_dim(const std::string& what, std::int64_t value) {
  if (value < 0 || value > INT32_MAX)
    throw Error(what + ": " + std::to_string(value) + " is outside [0, 2^31 - 1] (int32 rows and columns)");
  return static_cast<std::int32_t>(value);
}

void sort_unique_tail(std::vector<std::int32_t>& out, std::size_t begin) {
  const auto first = out.begin() + static_cast<std::ptrdiff_t>(begin);
  std::sort(first, out.end());
  out.erase(std::unique(first, out.end()), out.end());
}

void append_sorted_sample(std::int64_t lo, std::int64_t n, std::int64_t k, Rng& rng, std::vector<std::int32_t>& out) {
  if (k <= 0 || n <= 0) return;
  if (k >= n) {
    for (std::int64_t j = 0; j < n; ++j) out.push_back(static_cast<std::int32_t>(lo + j));
    return;
  }
  if (k * 4 >= n && n <= 4096) {
    // Small and dense: selection sampling (Knuth's algorithm S) takes each
    // value with probability (still needed) / (still left), O(n) <= O(4k).
    std::int64_t need = k;
    for (std::int64_t j = 0; j < n && need > 0; ++j)
      if (static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(n - j))) < need) {
        out.push_back(static_cast<std::int32_t>(lo + j));
        --need;
      }
    return;
  }
  if (k >= 256 && k * 64 >= n) {
    // Large: mark min(k, n - k) distinct values in a bitmap (O(k) expected
    // draws), then read the bitmap in order, O(n / 64).
    const bool complement = 2 * k > n;
    const std::int64_t marks = complement ? n - k : k;
    std::vector<std::uint64_t> bits(static_cast<std::size_t>((n + 63) / 64), 0);
    for (std::int64_t have = 0; have < marks;) {
      const auto j = rng.below(static_cast<std::uint64_t>(n));
      std::uint64_t& word = bits[j / 64];
      const std::uint64_t bit = std::uint64_t(1) << (j % 64);
      if ((word & bit) == 0) word |= bit, ++have;
    }
    for (std::size_t w = 0; w < bits.size(); ++w) {
      std::uint64_t word = complement ? ~bits[w] : bits[w];
      if (w + 1 == bits.size() && n % 64 != 0) word &= (std::uint64_t(1) << (n % 64)) - 1;
      for (; word != 0; word &= word - 1)
        out.push_back(static_cast<std::int32_t>(lo + std::int64_t(w) * 64 + __builtin_ctzll(word)));
    }
    return;
  }
  // Sparse (k < n / 4, or k < n / 64): draw, sort, drop repeats; top up the
  // few missing ones by merging a sorted tail.
  const std::size_t begin = out.size();
  std::size_t sorted_end = begin;
  while (static_cast<std::int64_t>(out.size() - begin) < k) {
    const auto missing = k - static_cast<std::int64_t>(out.size() - begin);
    for (std::int64_t j = 0; j < missing; ++j)
      out.push_back(
          static_cast<std::int32_t>(lo + static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(n)))));
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(sorted_end), out.end());
    std::inplace_merge(out.begin() + static_cast<std::ptrdiff_t>(begin),
                       out.begin() + static_cast<std::ptrdiff_t>(sorted_end), out.end());
    out.erase(std::unique(out.begin() + static_cast<std::ptrdiff_t>(begin), out.end()), out.end());
    sorted_end = out.size();
  }
}

std::int64_t jittered_count(double mean, Rng& rng) {
  if (!(mean > 0)) return 0;
  const double x = mean * (0.5 + rng.uniform01());
  const double whole = std::floor(x);
  return static_cast<std::int64_t>(whole) + (rng.uniform01() < x - whole ? 1 : 0);
}

void fill_values(Csr& a, Rng& rng) {
  a.values.resize(a.col_indices.size());
  for (auto& v : a.values) v = rng.signed_value();
}

Csr csr_from_edges(std::int32_t rows, std::int32_t cols, std::vector<std::int32_t>& row, std::vector<std::int32_t>& col,
                   Rng& rng) {
  const std::size_t m = row.size();
  if (col.size() != m) throw Error("csr_from_edges: row and column lists differ in length");
  // Pass 1: stable counting sort by column into (by_col_row, by_col_col).
  std::vector<std::int64_t> start(static_cast<std::size_t>(cols) + 1, 0);
  for (std::size_t k = 0; k < m; ++k) ++start[static_cast<std::size_t>(col[k]) + 1];
  for (std::int32_t j = 0; j < cols; ++j) start[j + 1] += start[j];
  std::vector<std::int32_t> by_col_row(m);
  for (std::size_t k = 0; k < m; ++k) by_col_row[static_cast<std::size_t>(start[col[k]]++)] = row[k];
  // Columns are now implied by position: rebuild them from the counts.
  std::vector<std::int32_t>& by_col_col = col;  // reuse the storage
  {
    std::size_t k = 0;
    for (std::int32_t j = 0; j < cols; ++j)
      for (const auto end = static_cast<std::size_t>(start[j]); k < end; ++k) by_col_col[k] = j;
  }
  std::vector<std::int32_t>().swap(row);
  // Pass 2: stable counting sort by row: each row's columns come out ascending.
  Csr a;
  a.num_rows = rows;
  a.num_cols = cols;
  a.row_offsets.assign(static_cast<std::size_t>(rows) + 1, 0);
  for (std::size_t k = 0; k < m; ++k) ++a.row_offsets[static_cast<std::size_t>(by_col_row[k]) + 1];
  for (std::int32_t r = 0; r < rows; ++r) a.row_offsets[r + 1] += a.row_offsets[r];
  std::vector<std::int64_t> next(a.row_offsets.begin(), a.row_offsets.end() - 1);
  a.col_indices.resize(m);
  for (std::size_t k = 0; k < m; ++k) a.col_indices[static_cast<std::size_t>(next[by_col_row[k]]++)] = by_col_col[k];
  std::vector<std::int32_t>().swap(by_col_row);
  std::vector<std::int32_t>().swap(col);
  // Merge repeated edges in place, row by row.
  std::int64_t w = 0;
  for (std::int32_t r = 0; r < rows; ++r) {
    const std::int64_t b = a.row_offsets[r], e = a.row_offsets[r + 1];
    a.row_offsets[r] = w;
    for (std::int64_t k = b; k < e; ++k)
      if (k == b || a.col_indices[k] != a.col_indices[k - 1]) a.col_indices[w++] = a.col_indices[k];
  }
  a.row_offsets[rows] = w;
  a.col_indices.resize(static_cast<std::size_t>(w));
  a.col_indices.shrink_to_fit();
  fill_values(a, rng);
  return a;
}

}  // namespace aspmv::corpus
