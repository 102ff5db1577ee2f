#pragma once
// Matrices made of dense pieces: block diagonal with dense square blocks
// (optionally of jittered sizes), and arrowhead (diagonal plus dense leading
// rows and columns).

#include <aspmv/host_csr.hpp>

#include <cstdint>
#include <vector>

namespace aspmv::corpus {

struct BlockDiagSpec {
  std::int32_t block = 8;     // block size (>= 1)
  std::int32_t blocks = 100;  // number of blocks (>= 1)
  bool jitter = false;        // sizes uniform in [ceil(block/2), block + floor(block/2)] instead of all `block`
  std::uint64_t seed = 1;
};

// The block sizes, in order (drawn from the seed when jittered); aspmv::Error
// unless block, blocks >= 1.
std::vector<std::int32_t> block_sizes(const BlockDiagSpec&);

// Every block fully dense, nothing outside the blocks; aspmv::Error when
// the rows (the sum of the block sizes) exceed 2^31 - 1.
HostCsr<double, std::int64_t> block_diagonal(const BlockDiagSpec&);

struct ArrowSpec {
  std::int32_t rows = 1000;
  std::int32_t width = 4;  // dense leading rows and columns, in [0, rows]
  std::uint64_t seed = 1;
};

// aspmv::Error unless rows >= 1 and width in [0, rows].
void check(const ArrowSpec&);

// rows x rows: the diagonal, rows [0, width) dense and columns [0, width)
// dense; nnz = width * rows + (rows - width) * (width + 1).
HostCsr<double, std::int64_t> arrowhead(const ArrowSpec&);

}  // namespace aspmv::corpus
