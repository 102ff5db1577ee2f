#pragma once
// LP-like rectangular matrices (constraints x variables): short rows with a
// staircase structure plus a few very long rows (e.g. objective-like or
// budget constraints that touch most variables).

#include <aspmv/host_csr.hpp>

#include <cstdint>

namespace aspmv::corpus {

struct LpSpec {
  std::int32_t rows = 1000;
  std::int32_t cols = 3000;
  double mean = 6;                  // mean length of the short rows (>= 1)
  std::int32_t long_rows = 5;       // rows of `long_length` entries, at random positions
  std::int64_t long_length = 1500;  // <= cols
  std::uint64_t seed = 1;
};

// aspmv::Error unless rows, cols >= 1, mean >= 1, long_rows in [0, rows], long_length in [0, cols].
void check(const LpSpec&);

// Short row i: 1 + geometric(mean - 1) entries (a long tail of moderately
// long rows), half near the staircase column i * cols / rows, half anywhere;
// repeated draws are merged, so rows can come out a little shorter.
HostCsr<double, std::int64_t> lp(const LpSpec&);

}  // namespace aspmv::corpus
