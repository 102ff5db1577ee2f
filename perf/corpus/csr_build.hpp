#pragma once
// Building blocks the generators share: sorted samples of distinct columns,
// edge lists to sorted CSR in O(nnz), values, and size checks.

#include "rng.hpp"

#include <aspmv/host_csr.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::corpus {

using Csr = HostCsr<double, std::int64_t>;

// Throws aspmv::Error("<what>: ...") unless 0 <= value <= INT32_MAX.
std::int32_t checked_dim(const std::string& what, std::int64_t value);

// Appends `k` distinct integers of [lo, lo + n), ascending, to `out`
// (all of them when k >= n). Expected O(k) work, or O(k log k) for sparse
// samples: small dense ranges are scanned (selection sampling), large samples
// marked in a bitmap, sparse ones drawn, sorted and topped up.
void append_sorted_sample(std::int64_t lo, std::int64_t n, std::int64_t k, Rng& rng, std::vector<std::int32_t>& out);

// Sorts out[begin, end) and drops repeated values.
void sort_unique_tail(std::vector<std::int32_t>& out, std::size_t begin);

// A count near `mean` with mean `mean`: uniform in [mean/2, 3 mean/2],
// rounded up or down at random so that the expectation is exact.
std::int64_t jittered_count(double mean, Rng& rng);

// Gives every entry a value from rng.signed_value() (never zero).
void fill_values(Csr& a, Rng& rng);

// rows x cols CSR from an edge list (row[k], col[k]), rows sorted by column:
// two stable counting sorts, O(edges + rows + cols). Repeated edges are kept
// once. The edge vectors are consumed (cleared). Values from fill_values.
Csr csr_from_edges(std::int32_t rows, std::int32_t cols, std::vector<std::int32_t>& row, std::vector<std::int32_t>& col,
                   Rng& rng);

}  // namespace aspmv::corpus
