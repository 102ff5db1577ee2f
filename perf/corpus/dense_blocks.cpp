// Block-diagonal and arrowhead matrices (see dense_blocks.hpp).

#include "dense_blocks.hpp"

#include "csr_build.hpp"

#include <aspmv/error.hpp>

namespace aspmv::corpus {

std::vector<std::int32_t> block_sizes(const BlockDiagSpec& s) {
  if (s.block < 1 || s.blocks < 1) throw Error("blockdiag: block size and block count must be >= 1");
  Rng rng(s.seed ^ 0x626c6f636b73ULL);  // its own stream: the sizes do not move the values
  std::vector<std::int32_t> sizes(static_cast<std::size_t>(s.blocks), s.block);
  if (s.jitter)
    for (auto& b : sizes) b = static_cast<std::int32_t>(rng.uniform_int((s.block + 1) / 2, s.block + s.block / 2));
  return sizes;
}

HostCsr<double, std::int64_t> block_diagonal(const BlockDiagSpec& s) {
  const auto sizes = block_sizes(s);
  std::int64_t rows = 0, nnz = 0;
  for (const auto b : sizes) rows += b, nnz += std::int64_t(b) * b;
  Csr a;
  a.num_rows = a.num_cols = checked_dim("blockdiag rows", rows);
  a.row_offsets.reserve(static_cast<std::size_t>(rows) + 1);
  a.col_indices.reserve(static_cast<std::size_t>(nnz));
  std::int32_t first = 0;
  for (const auto b : sizes) {
    for (std::int32_t i = 0; i < b; ++i) {
      for (std::int32_t j = 0; j < b; ++j) a.col_indices.push_back(first + j);
      a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
    }
    first += b;
  }
  Rng rng(s.seed);
  fill_values(a, rng);
  return a;
}

void check(const ArrowSpec& s) {
  if (s.rows < 1 || s.width < 0 || s.width > s.rows) throw Error("arrow: need rows >= 1 and width in [0, rows]");
}

HostCsr<double, std::int64_t> arrowhead(const ArrowSpec& s) {
  check(s);
  const std::int32_t n = s.rows, width = s.width;
  const std::int64_t nnz = std::int64_t(width) * n + std::int64_t(n - width) * (width + 1);
  Csr a;
  a.num_rows = a.num_cols = n;
  a.row_offsets.reserve(static_cast<std::size_t>(n) + 1);
  a.col_indices.reserve(static_cast<std::size_t>(nnz));
  for (std::int32_t i = 0; i < n; ++i) {
    const std::int32_t dense_to = i < width ? n : width;  // columns [0, dense_to)
    for (std::int32_t j = 0; j < dense_to; ++j) a.col_indices.push_back(j);
    if (i >= width) a.col_indices.push_back(i);
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  Rng rng(s.seed);
  fill_values(a, rng);
  return a;
}

}  // namespace aspmv::corpus
