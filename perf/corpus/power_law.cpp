// R-MAT and Chung-Lu generators (see power_law.hpp).

#include "power_law.hpp"

#include "alias_table.hpp"
#include "csr_build.hpp"

#include <aspmv/error.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace aspmv::corpus {

namespace {

// Several R-MAT levels in one draw: an alias table over the 4^levels
// quadrant sequences, each weighted by the product of its probabilities.
class QuadrantLevels {
 public:
  QuadrantLevels(const RmatSpec& s, int levels) : levels_(levels), table_(weights(s, levels)) {
    const std::size_t outcomes = std::size_t(1) << (2 * levels);
    row_bits_.resize(outcomes);
    col_bits_.resize(outcomes);
    for (std::size_t o = 0; o < outcomes; ++o)
      for (int l = 0; l < levels; ++l) {
        const auto q = (o >> (2 * l)) & 3;  // 0: a, 1: b (right), 2: c (down), 3: d
        row_bits_[o] = (row_bits_[o] << 1) | std::uint32_t(q >> 1);
        col_bits_[o] = (col_bits_[o] << 1) | std::uint32_t(q & 1);
      }
  }

  // Appends this table's levels to the row and column being built.
  void descend(Rng& rng, std::uint32_t& r, std::uint32_t& c) const {
    if (levels_ == 0) return;
    const auto o = static_cast<std::size_t>(table_.draw(rng));
    r = (r << levels_) | row_bits_[o];
    c = (c << levels_) | col_bits_[o];
  }

 private:
  static std::vector<double> weights(const RmatSpec& s, int levels) {
    const double p[4] = {s.a, s.b, s.c, std::max(0.0, 1 - s.a - s.b - s.c)};
    std::vector<double> w(std::size_t(1) << (2 * levels), 1.0);
    for (std::size_t o = 0; o < w.size(); ++o)
      for (int l = 0; l < levels; ++l) w[o] *= p[(o >> (2 * l)) & 3];
    return w;
  }
  int levels_;
  AliasTable table_;
  std::vector<std::uint32_t> row_bits_, col_bits_;
};

}  // namespace

void check(const RmatSpec& s) {
  const double d = 1 - s.a - s.b - s.c;
  if (s.scale < 0 || s.scale > 30) throw Error("rmat: scale must lie in [0, 30] (int32 rows)");
  if (!(s.a >= 0 && s.b >= 0 && s.c >= 0 && d >= -1e-12))
    throw Error("rmat: probabilities a, b, c must be >= 0 with a + b + c <= 1");
  if (!(s.edge_factor >= 0) || s.edge_factor * std::ldexp(1.0, s.scale) > 1e12)
    throw Error("rmat: edge factor must be >= 0 (and edges <= 10^12)");
}

HostCsr<double, std::int64_t> rmat(const RmatSpec& s) {
  check(s);
  const std::int32_t n = std::int32_t(1) << s.scale;
  const auto edges = static_cast<std::size_t>(std::llround(s.edge_factor * double(n)));
  Rng rng(s.seed);
  std::vector<std::int32_t> row(edges), col(edges);
  const QuadrantLevels five(s, 5), rest(s, s.scale % 5);
  for (std::size_t k = 0; k < edges; ++k) {
    std::uint32_t r = 0, c = 0;
    for (int level = 0; level + 5 <= s.scale; level += 5) five.descend(rng, r, c);
    rest.descend(rng, r, c);
    row[k] = static_cast<std::int32_t>(r);
    col[k] = static_cast<std::int32_t>(c);
  }
  return csr_from_edges(n, n, row, col, rng);
}

void check(const ChungLuSpec& s) {
  if (s.rows < 1) throw Error("chunglu: need at least one row");
  if (!(s.gamma > 1)) throw Error("chunglu: the exponent gamma must be > 1");
  if (!(s.mean_degree >= 0) || s.mean_degree * double(s.rows) > 1e12)
    throw Error("chunglu: mean degree must be >= 0 (and edges <= 10^12)");
}

HostCsr<double, std::int64_t> chung_lu(const ChungLuSpec& s) {
  check(s);
  std::vector<double> w(static_cast<std::size_t>(s.rows));
  const double exponent = -1 / (s.gamma - 1);
  for (std::size_t i = 0; i < w.size(); ++i) w[i] = std::pow(double(i + 1), exponent);
  const AliasTable table(w);
  std::vector<double>().swap(w);
  const auto edges = static_cast<std::size_t>(std::llround(s.mean_degree * double(s.rows)));
  Rng rng(s.seed);
  std::vector<std::int32_t> row(edges), col(edges);
  for (std::size_t k = 0; k < edges; ++k) {
    row[k] = table.draw(rng);
    col[k] = table.draw(rng);
  }
  return csr_from_edges(s.rows, s.rows, row, col, rng);
}

}  // namespace aspmv::corpus
