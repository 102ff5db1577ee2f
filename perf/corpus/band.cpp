// FEM-like banded matrices (see band.hpp).

#include "band.hpp"

#include "csr_build.hpp"
#include "transpose.hpp"

#include <aspmv/error.hpp>

#include <algorithm>

namespace aspmv::corpus {

namespace {

// Off-diagonal entries of row i among the columns [i - w, i) (lower) or
// [i - w, i + w] (both), `count` of them on average, ascending.
void band_row(std::int32_t n, std::int32_t i, std::int32_t w, bool lower_only, double count, Rng& rng,
              std::vector<std::int32_t>& out, std::vector<std::int32_t>& scratch) {
  const std::int64_t lo = std::max<std::int64_t>(0, std::int64_t(i) - w);
  const std::int64_t hi = lower_only ? std::int64_t(i) - 1 : std::min<std::int64_t>(n - 1, std::int64_t(i) + w);
  const std::int64_t avail = hi - lo + 1 - (lower_only ? 0 : 1);  // the diagonal is not drawn
  scratch.clear();
  append_sorted_sample(0, avail, std::min(avail, jittered_count(count, rng)), rng, scratch);
  for (const auto x : scratch) {
    const std::int64_t j = lo + x;
    out.push_back(static_cast<std::int32_t>(!lower_only && j >= i ? j + 1 : j));
  }
}

}  // namespace

void check(const BandSpec& s) {
  if (s.rows < 1 || s.half_width < 0 || !(s.mean >= 1))
    throw Error("band: need rows >= 1, half width >= 0 and mean row length >= 1");
}

HostCsr<double, std::int64_t> band(const BandSpec& s) {
  check(s);
  Rng rng(s.seed);
  const double off = s.mean - 1;
  Csr a;
  a.num_rows = a.num_cols = s.rows;
  std::vector<std::int32_t> scratch;
  if (!s.symmetric) {
    a.row_offsets.reserve(static_cast<std::size_t>(s.rows) + 1);
    a.col_indices.reserve(static_cast<std::size_t>(double(s.rows) * s.mean * 1.05) + 16);
    for (std::int32_t i = 0; i < s.rows; ++i) {
      const auto begin = a.col_indices.size();
      band_row(s.rows, i, s.half_width, false, off, rng, a.col_indices, scratch);
      // The diagonal goes before the first column above it.
      const auto pos =
          std::lower_bound(a.col_indices.begin() + static_cast<std::ptrdiff_t>(begin), a.col_indices.end(), i);
      a.col_indices.insert(pos, i);
      a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
    }
    fill_values(a, rng);
    return a;
  }
  // Symmetric: a strictly lower L with half the off-diagonal entries, then
  // each row is L's row, the diagonal, and the row of L^T.
  Csr lower;
  lower.num_rows = lower.num_cols = s.rows;
  lower.row_offsets.reserve(static_cast<std::size_t>(s.rows) + 1);
  lower.col_indices.reserve(static_cast<std::size_t>(double(s.rows) * off * 0.55) + 16);
  for (std::int32_t i = 0; i < s.rows; ++i) {
    band_row(s.rows, i, s.half_width, true, off / 2, rng, lower.col_indices, scratch);
    lower.row_offsets.push_back(static_cast<std::int64_t>(lower.col_indices.size()));
  }
  fill_values(lower, rng);
  const Csr upper = transpose(lower);
  const auto nnz = static_cast<std::size_t>(2 * lower.nnz() + s.rows);
  a.row_offsets.reserve(static_cast<std::size_t>(s.rows) + 1);
  a.col_indices.reserve(nnz);
  a.values.reserve(nnz);
  auto append_row = [&a](const Csr& part, std::int32_t i) {
    for (std::int64_t k = part.row_offsets[i]; k < part.row_offsets[i + 1]; ++k) {
      a.col_indices.push_back(part.col_indices[k]);
      a.values.push_back(part.values[k]);
    }
  };
  for (std::int32_t i = 0; i < s.rows; ++i) {
    append_row(lower, i);
    a.col_indices.push_back(i);
    a.values.push_back(rng.signed_value());
    append_row(upper, i);
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  return a;
}

}  // namespace aspmv::corpus
