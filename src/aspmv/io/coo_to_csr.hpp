#pragma once
// Triplet (COO) -> CSR assembly shared by the file readers: symmetric and
// skew-symmetric expansion, rows sorted by column, duplicates summed.

#include <aspmv/host_csr.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace aspmv::io::detail {

enum class Symmetry { general, symmetric, skew_symmetric };

// Entries as read from a file, 0-based, in file order.
struct Triplets {
  std::vector<std::int32_t> rows;
  std::vector<std::int32_t> cols;
  std::vector<double> values;

  void reserve(std::size_t n) {
    rows.reserve(n);
    cols.reserve(n);
    values.reserve(n);
  }
  void add(std::int32_t r, std::int32_t c, double v) {
    rows.push_back(r);
    cols.push_back(c);
    values.push_back(v);
  }
  std::size_t size() const { return rows.size(); }
};

// Builds the CSR matrix. With Symmetry::symmetric every off-diagonal (i,j,v)
// also yields (j,i,v); with skew_symmetric it yields (j,i,-v). Entries that
// land on the same position are summed (in file order); explicit zeros stay.
// Indices must already be in range (the readers check them).
HostCsr<double, std::int64_t> build_csr(std::int32_t num_rows, std::int32_t num_cols, const Triplets& entries,
                                        Symmetry symmetry);

}  // namespace aspmv::io::detail
