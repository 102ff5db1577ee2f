#pragma once
// FEM-like banded matrices: the diagonal plus entries at random columns
// within |i - j| <= half_width, optionally with a symmetric pattern (and
// values: the lower triangle mirrored).

#include <aspmv/host_csr.hpp>

#include <cstdint>

namespace aspmv::corpus {

struct BandSpec {
  std::int32_t rows = 1000;
  std::int32_t half_width = 20;  // w: entries only where |i - j| <= w
  double mean = 9;               // mean row length, diagonal included (>= 1)
  bool symmetric = false;        // A == A^T
  std::uint64_t seed = 1;
};

// aspmv::Error unless rows >= 1, half_width >= 0, mean >= 1.
void check(const BandSpec&);

// rows x rows, every diagonal entry present; row lengths vary around `mean`
// (uniform in [mean/2, 3 mean/2] off the diagonal), fewer near the corners.
HostCsr<double, std::int64_t> band(const BandSpec&);

}  // namespace aspmv::corpus
