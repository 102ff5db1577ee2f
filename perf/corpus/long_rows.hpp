#pragma once
// Short rows with a few long rows that are either clustered (one contiguous
// block of rows) or scattered (spread evenly): the same row-length multiset,
// different load balance for row-blocked kernels.

#include <aspmv/host_csr.hpp>

#include <cstdint>
#include <vector>

namespace aspmv::corpus {

struct LongRowsSpec {
  std::int32_t rows = 10000;
  double mean = 6;                  // mean short-row length (>= 0), uniform in [mean/2, 3 mean/2]
  std::int32_t long_rows = 10;      // in [0, rows]
  std::int64_t long_length = 5000;  // <= rows (square matrix)
  bool clustered = false;
  std::uint64_t seed = 1;
};

// aspmv::Error unless rows >= 1, mean >= 0, long_rows in [0, rows], long_length in [0, rows].
void check(const LongRowsSpec&);

// Positions of the long rows, ascending: clustered, rows [s, s + count) with
// s drawn from the seed; scattered, row floor((2k + 1) * rows / (2 count)).
std::vector<std::int32_t> long_row_positions(const LongRowsSpec&);

// rows x rows, columns uniformly random.
HostCsr<double, std::int64_t> long_rows(const LongRowsSpec&);

}  // namespace aspmv::corpus
