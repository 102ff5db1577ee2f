#pragma once
// Power-law graphs as square adjacency matrices: R-MAT (recursive quadrant
// choice) and Chung-Lu (expected degrees following a power law). A few rows
// and columns are huge; repeated edges are merged.

#include <aspmv/host_csr.hpp>

#include <cstdint>

namespace aspmv::corpus {

struct RmatSpec {
  int scale = 10;                       // 2^scale rows and columns (scale <= 30)
  double edge_factor = 16;              // edges drawn: edge_factor * 2^scale (before merging)
  double a = 0.57, b = 0.19, c = 0.19;  // quadrant probabilities; d = 1 - a - b - c
  std::uint64_t seed = 1;
};

// aspmv::Error unless 0 <= scale <= 30, a, b, c >= 0, a + b + c <= 1, edge_factor >= 0.
void check(const RmatSpec&);

// Vertex 0 is the heaviest (the "a" quadrant is row 0, column 0); use a
// permutation to scatter the hubs.
HostCsr<double, std::int64_t> rmat(const RmatSpec&);

struct ChungLuSpec {
  std::int32_t rows = 1000;
  double mean_degree = 8;  // edges drawn: rows * mean_degree (before merging)
  double gamma = 2.5;      // degree distribution exponent, > 1 (2..3 for most real graphs)
  std::uint64_t seed = 1;
};

// aspmv::Error unless rows >= 1, mean_degree >= 0, gamma > 1.
void check(const ChungLuSpec&);

// Directed Chung-Lu by edge sampling: both ends of every edge are drawn with
// probability proportional to w_i = (i + 1)^(-1 / (gamma - 1)) (an alias
// table: O(rows + edges)), so row and column lengths follow the power law;
// the heavy rows come first.
HostCsr<double, std::int64_t> chung_lu(const ChungLuSpec&);

}  // namespace aspmv::corpus
