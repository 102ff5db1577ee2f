#pragma once
// Circuit-like matrices: short rows of a few entries near the diagonal (with
// the odd long-range connection), plus a few dense rows and dense columns
// (supply and ground nets) that reach a large share of the matrix.

#include <aspmv/host_csr.hpp>

#include <cstdint>

namespace aspmv::corpus {

struct CircuitSpec {
  std::int32_t rows = 1000;
  double mean = 4;              // mean length of the short rows, diagonal included (>= 1)
  std::int32_t dense_rows = 2;  // rows holding about `fraction` of all columns
  std::int32_t dense_cols = 2;  // columns present in about `fraction` of all rows
  double fraction = 0.5;        // in (0, 1]
  std::uint64_t seed = 1;
};

// aspmv::Error unless rows >= 1, mean >= 1, dense rows and columns in [0, rows], fraction in (0, 1].
void check(const CircuitSpec&);

// rows x rows, every diagonal entry present; the dense rows and columns sit
// at random positions.
HostCsr<double, std::int64_t> circuit(const CircuitSpec&);

}  // namespace aspmv::corpus
