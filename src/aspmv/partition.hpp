#pragma once
// Gao et al.'s Algorithm 1: one scan over the row offsets splits the rows
// into maximal runs of long rows (nnz >= T_LONG) and of short rows. The
// result is virtual (row ranges over the unchanged CSR arrays).

#include <cstdint>
#include <vector>

namespace aspmv {

struct PartitionBlock {
  std::int32_t row_begin;  // rowBlk[i]
  std::int32_t row_end;    // rowBlk[i + 1]
  std::int64_t nnz;        // nnzBlk[i]
  bool is_long;            // bit i of isLong
};

// Algorithm 1 of Gao, Ji, Liu, Wang, Shi (2023), with isLong kept as one
// flag per block instead of a bit vector. An empty matrix has no blocks.
template <class Offset>
std::vector<PartitionBlock> gao_partition(const std::vector<Offset>& row_offsets, std::int64_t t_long) {
  std::vector<PartitionBlock> blocks;
  const auto m = static_cast<std::int64_t>(row_offsets.size()) - 1;
  if (m <= 0) return blocks;
  auto length = [&](std::int64_t r) { return static_cast<std::int64_t>(row_offsets[r + 1] - row_offsets[r]); };
  std::int64_t block_begin = 0, sum_nnz = 0;
  bool last_is_long = length(0) >= t_long;
  for (std::int64_t r = 0; r < m; ++r) {
    const auto cur = length(r);
    sum_nnz += cur;
    const bool is_long = cur >= t_long;
    if (is_long != last_is_long) {  // lines 10-22: close the block before row r
      blocks.push_back(
          {static_cast<std::int32_t>(block_begin), static_cast<std::int32_t>(r), sum_nnz - cur, last_is_long});
      block_begin = r;
      sum_nnz = cur;
      last_is_long = is_long;
    }
  }
  blocks.push_back({static_cast<std::int32_t>(block_begin), static_cast<std::int32_t>(m), sum_nnz, last_is_long});
  return blocks;
}

}  // namespace aspmv
