#pragma once
// Seeded random CSR matrices with controlled row-length distributions, and
// the edge-case matrices every kernel is tested on. Reproducible: the same
// spec gives the same matrix everywhere (see rng.hpp).

#include <aspmv/host_csr.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::corpus {

enum class RowLengths { constant, uniform, normal, geometric, bimodal, zipf };
std::string to_string(RowLengths);

struct RandomCsrSpec {
  std::int32_t rows = 100;
  std::int32_t cols = 100;
  RowLengths lengths = RowLengths::uniform;
  double mean = 8;              // mean row length (constant: the length)
  double spread = 4;            // uniform: half-width; normal: standard deviation;
                                // bimodal: length of the long rows; zipf: exponent s > 1
  double long_fraction = 0.01;  // bimodal: share of long rows
  std::int64_t max_row = -1;    // cap on a row's length; -1: cols
  bool sorted = true;           // columns ascending in each row
  bool duplicates = false;      // a column may repeat within a row (summed by SpMV)
  std::uint64_t seed = 1;
};

// A stable name that encodes the spec, e.g. "rand-uniform-r1000-c1000-m8-s4-seed1".
std::string name(const RandomCsrSpec&);

HostCsr<double, std::int64_t> random_csr(const RandomCsrSpec&);

// rows x cols with one row `row` of `length` entries (distinct sorted
// columns) and every other row empty.
HostCsr<double, std::int64_t> single_long_row(std::int32_t rows, std::int32_t cols, std::int32_t row,
                                              std::int64_t length, std::uint64_t seed);

// `short_rows` rows of 3 to 5 entries with `long_rows` rows of `long_length`
// entries spread evenly among them (the partitioned-kernel benchmark shape).
HostCsr<double, std::int64_t> short_rows_with_long_rows(std::int32_t short_rows, std::int32_t long_rows,
                                                        std::int64_t long_length, std::uint64_t seed);

struct NamedMatrix {
  std::string name;
  HostCsr<double, std::int64_t> matrix;
};

// The edge cases: 0x0, 0xn, nx0, all rows empty, some rows empty, one row
// holding every nonzero, 1xn, nx1, wide and tall rectangles, duplicate and
// unsorted columns, a small dense block, 1x1, long rows among short ones.
std::vector<NamedMatrix> edge_case_matrices(std::uint64_t seed);

}  // namespace aspmv::corpus
