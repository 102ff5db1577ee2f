// The generator families of the corpus: valid CSR, reproducible from their
// names, the shapes their names promise, and clear errors for bad names.

#include <catch2/catch.hpp>

#include <aspmv/error.hpp>
#include <aspmv/features.hpp>
#include <aspmv/validate.hpp>

#include <corpus/alias_table.hpp>
#include <corpus/csr_build.hpp>
#include <corpus/dense_blocks.hpp>
#include <corpus/generated.hpp>
#include <corpus/long_rows.hpp>
#include <corpus/permute.hpp>
#include <corpus/transpose.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::corpus;

namespace {

using Csr = HostCsr<double, std::int64_t>;

bool same(const Csr& a, const Csr& b) {
  return a.num_rows == b.num_rows && a.num_cols == b.num_cols && a.row_offsets == b.row_offsets &&
         a.col_indices == b.col_indices && a.values == b.values;
}

std::vector<std::int64_t> sorted_row_lengths(const Csr& a) {
  std::vector<std::int64_t> v;
  for (std::int32_t r = 0; r < a.num_rows; ++r) v.push_back(a.row_length(r));
  std::sort(v.begin(), v.end());
  return v;
}

// A(i, j), or 0 when absent (rows are sorted).
double at(const Csr& a, std::int32_t i, std::int32_t j) {
  const auto b = a.col_indices.begin() + a.row_offsets[i], e = a.col_indices.begin() + a.row_offsets[i + 1];
  const auto it = std::lower_bound(b, e, j);
  return it != e && *it == j ? a.values[static_cast<std::size_t>(it - a.col_indices.begin())] : 0.0;
}

const std::vector<std::string> kNames = {
    "band-r3000-w40-m9-seed1",
    "band-r3000-w40-m9-sym-seed2",
    "band-r500-w0-m1-seed1",
    "stencil3d-7pt-12-perm3",
    "band-r2000-w30-m7-seed4-perm5",
    "rmat-s12-e8-a0.57-b0.19-c0.19-seed1",
    "chunglu-r4000-m6-g2.3-seed1",
    "circuit-r5000-m4-d3-c2-f0.3-seed1",
    "lp-r1000-c4000-m6-l4-n3000-seed1",
    "blockdiag-b16-k50-seed1",
    "blockdiag-b16-k50-j-seed1",
    "arrow-r3000-w3-seed1",
    "longrows-r5000-m5-l20-n2000-clustered-seed1",
    "longrows-r5000-m5-l20-n2000-scattered-seed1",
    "lp-r1000-c4000-m6-l4-n3000-seed1-T",
    "rand-uniform-r400-c900-m8-s4-seed1-T",
    "chunglu-r4000-m6-g2.3-seed1-perm1-T",
};

}  // namespace

TEST_CASE("every family gives valid, sorted, duplicate-free CSR, reproducible from its name", "[corpus]") {
  for (const auto& name : kNames) {
    INFO(name);
    REQUIRE(is_generated_name(name));
    const auto a = generate(name);
    const auto r = validate(a, {true, true, true});
    INFO(r.first_problem);
    CHECK(r.valid());
    CHECK(a.nnz() > 0);
    CHECK(std::none_of(a.values.begin(), a.values.end(), [](double v) { return v == 0; }));
    const auto shape = check_generated_name(name);
    CHECK(shape.rows == a.num_rows);
    CHECK(shape.cols == a.num_cols);
    CHECK(same(a, generate(name)));
  }
}

TEST_CASE("another seed gives another matrix", "[corpus]") {
  for (const auto& [one, two] : std::vector<std::pair<std::string, std::string>>{
           {"band-r1000-w20-m9-seed1", "band-r1000-w20-m9-seed2"},
           {"rmat-s10-e8-a0.57-b0.19-c0.19-seed1", "rmat-s10-e8-a0.57-b0.19-c0.19-seed2"},
           {"chunglu-r1000-m6-g2.5-seed1", "chunglu-r1000-m6-g2.5-seed2"},
           {"circuit-r1000-m4-d1-c1-seed1", "circuit-r1000-m4-d1-c1-seed2"},
           {"lp-r100-c300-m5-l2-n100-seed1", "lp-r100-c300-m5-l2-n100-seed2"},
           {"longrows-r1000-m4-l3-n300-scattered-seed1", "longrows-r1000-m4-l3-n300-scattered-seed2"},
           {"stencil2d-5pt-30-perm1", "stencil2d-5pt-30-perm2"}}) {
    INFO(one);
    const auto a = generate(one), b = generate(two);
    CHECK((a.col_indices != b.col_indices || a.values != b.values));
  }
}

TEST_CASE("malformed names and bad parameters throw aspmv::Error naming the matrix", "[corpus]") {
  for (const std::string name : {
           "band-r100-w5-seed1",                // m missing
           "band-r100-w5-m3-seed1-x",           // unknown field
           "band-r100-w5-m3-m4-seed1",          // repeated field
           "band-r100--w5-m3-seed1",            // empty field
           "band-r100-w5-m0.5-seed1",           // mean < 1
           "band-r3000000000-w5-m3-seed1",      // rows beyond int32
           "band-r100-w5-m3",                   // seed missing
           "band-r100-w5-mabc-seed1",           // not a number
           "rmat-s31-e4-a0.5-b0.2-c0.2-seed1",  // 2^31 rows
           "rmat-s10-e4-a0.6-b0.3-c0.3-seed1",  // a + b + c > 1
           "chunglu-r100-m4-g1-seed1",          // gamma <= 1
           "circuit-r10-m3-d11-c0-seed1",       // more dense rows than rows
           "circuit-r10-m3-d1-c1-f1.5-seed1",   // fraction > 1
           "lp-r10-c20-m3-l1-n21-seed1",        // long rows longer than cols
           "lp-r10-c20-m3-l11-n5-seed1",        // more long rows than rows
           "blockdiag-b0-k3-seed1",             // empty blocks
           "blockdiag-b100000-k100000-seed1",   // 10^10 rows
           "arrow-r10-w11-seed1",               // wider than the matrix
           "longrows-r10-m3-l1-n5-seed1",       // neither clustered nor scattered
           "longrows-r10-m3-l1-n5-clustered-scattered-seed1",
           "longrows-r10-m3-l1-n11-clustered-seed1",  // longer than the row count
           "stencil3d-7pt-2000x2000x2000",            // 8e9 rows
           "stencil2d-7pt-10x10",                     // 2D with 3D points
           "stencil3d-7pt-10x0x10",                   // empty grid dimension
           "rand-uniform-r10-c12-m3-seed1-perm2",     // permutation of a rectangle
           "stencil2d-5pt-10-permx",                  // permutation without a seed
           "nosuch-r10-seed1",                        // unknown family
           "",
       }) {
    INFO(name);
    CHECK_THROWS_AS(check_generated_name(name), Error);
    CHECK_THROWS_WITH(generate(name), Catch::Contains("generated matrix '" + name + "'"));
  }
  CHECK_FALSE(is_generated_name("bcsstk01"));
  CHECK_FALSE(is_generated_name("arrow"));
  CHECK(is_generated_name("arrow-r10-w1-seed1"));
}

TEST_CASE("the existing names keep working", "[corpus]") {
  CHECK(generate("stencil2d-5pt-4x3").nnz() == 4 * 3 * 5 - 2 * 4 - 2 * 3);
  CHECK(generate("stencil3d-27pt-10").nnz() == 28 * 28 * 28);
  CHECK(generate("shortlong-s2000-l2-n1000-seed1").num_rows == 2002);
  const auto r = generate("rand-bimodal-r300-c500-m3-s100-f0.02-max200-seed4");
  CHECK((r.num_rows == 300 && r.num_cols == 500));
  CHECK(validate(generate("rand-normal-r300-c300-m12-s4-unsorted-dup-seed2")).duplicate_entries > 0);
}

TEST_CASE("band: entries within the band, diagonal present, -sym is symmetric", "[corpus]") {
  const auto a = generate("band-r2000-w25-m11-seed3");
  for (std::int32_t i = 0; i < a.num_rows; ++i) {
    bool diagonal = false;
    for (auto k = a.row_offsets[i]; k < a.row_offsets[i + 1]; ++k) {
      CHECK(std::abs(a.col_indices[k] - i) <= 25);
      diagonal = diagonal || a.col_indices[k] == i;
    }
    REQUIRE(diagonal);
  }
  CHECK(std::abs(row_stats(a).mean - 11) < 0.5);
  const auto s = generate("band-r2000-w25-m11-sym-seed3");
  CHECK(same(s, transpose(s)));
  CHECK(std::abs(row_stats(s).mean - 11) < 1.0);
}

TEST_CASE("R-MAT has 2^scale rows and power-law rows; Chung-Lu puts its heavy rows first", "[corpus]") {
  const auto a = generate("rmat-s12-e8-a0.57-b0.19-c0.19-seed1");
  CHECK(a.num_rows == 4096);
  CHECK(a.num_cols == 4096);
  CHECK(a.nnz() <= 8 * 4096);
  CHECK(a.nnz() > 4 * 4096);  // merging eats some, not most
  const auto st = row_stats(a);
  CHECK(st.max > 20 * st.mean);
  CHECK(a.row_length(0) == st.max);  // the a quadrant is the top-left one
  // d = 0: no edge in the bottom-right quadrant at the first level.
  const auto q = generate("rmat-s8-e8-a0.5-b0.25-c0.25-seed1");
  for (std::int32_t i = 128; i < 256; ++i)
    for (auto k = q.row_offsets[i]; k < q.row_offsets[i + 1]; ++k) CHECK(q.col_indices[k] < 128);

  const auto c = generate("chunglu-r20000-m8-g2.2-seed1");
  const auto cs = row_stats(c);
  CHECK(std::abs(cs.mean - 8) < 1.5);
  CHECK(cs.max > 50 * cs.mean);
  CHECK(c.row_length(0) > c.row_length(10000) + 100);
  const auto steep = row_stats(generate("chunglu-r20000-m8-g3-seed1"));
  CHECK(steep.max < cs.max);  // a larger exponent, a thinner tail
}

TEST_CASE("circuit: short rows near the diagonal, then d dense rows and c dense columns", "[corpus]") {
  const auto a = generate("circuit-r10000-m4-d3-c2-f0.4-seed5");
  const auto t = transpose(a);
  auto dense = [](const Csr& m, std::int64_t at_least) {
    std::int64_t n = 0;
    for (std::int32_t r = 0; r < m.num_rows; ++r) n += m.row_length(r) >= at_least;
    return n;
  };
  CHECK(dense(a, 3000) == 3);
  CHECK(dense(t, 3000) == 2 + 3 * 0);  // the dense rows add one entry to each column only
  for (std::int32_t i = 0; i < a.num_rows; ++i) REQUIRE(at(a, i, i) != 0);
  CHECK(sorted_row_lengths(a)[5000] <= 8);  // the median row is short
}

TEST_CASE("lp: rectangular, l long rows of n entries", "[corpus]") {
  const auto a = generate("lp-r2000-c7000-m6-l5-n4000-seed2");
  CHECK((a.num_rows == 2000 && a.num_cols == 7000));
  const auto lengths = sorted_row_lengths(a);
  CHECK(std::count(lengths.begin(), lengths.end(), 4000) == 5);
  CHECK(lengths[lengths.size() - 6] < 200);
  CHECK(std::abs(double(a.nnz() - 5 * 4000) / 1995 - 6) < 1.0);
}

TEST_CASE("block diagonal: dense blocks and nothing else", "[corpus]") {
  for (const bool jitter : {false, true}) {
    const BlockDiagSpec spec{12, 40, jitter, 7};
    const auto sizes = block_sizes(spec);
    const auto a = block_diagonal(spec);
    CHECK(same(a, generate(std::string("blockdiag-b12-k40") + (jitter ? "-j" : "") + "-seed7")));
    std::int64_t first = 0, nnz = 0;
    std::int32_t row = 0;
    for (const auto b : sizes) {
      CHECK((b >= 6 && b <= 18));
      for (std::int32_t i = 0; i < b; ++i, ++row) {
        REQUIRE(a.row_length(row) == b);
        CHECK(a.col_indices[a.row_offsets[row]] == first);
        CHECK(a.col_indices[a.row_offsets[row + 1] - 1] == first + b - 1);
      }
      first += b;
      nnz += std::int64_t(b) * b;
    }
    CHECK(a.num_rows == first);
    CHECK(a.nnz() == nnz);
    if (!jitter) CHECK(std::all_of(sizes.begin(), sizes.end(), [](auto b) { return b == 12; }));
    if (jitter) CHECK(std::any_of(sizes.begin(), sizes.end(), [](auto b) { return b != 12; }));
  }
}

TEST_CASE("arrowhead: dense leading rows and columns plus the diagonal", "[corpus]") {
  const auto a = generate("arrow-r1000-w4-seed3");
  CHECK(a.nnz() == 4 * 1000 + 996 * 5);
  for (std::int32_t i = 0; i < 4; ++i) CHECK(a.row_length(i) == 1000);
  for (std::int32_t i = 4; i < 1000; ++i) {
    REQUIRE(a.row_length(i) == 5);
    CHECK(a.col_indices[a.row_offsets[i] + 3] == 3);
    CHECK(a.col_indices[a.row_offsets[i] + 4] == i);
  }
  const auto t = transpose(a);
  for (std::int32_t j = 0; j < 4; ++j) CHECK(t.row_length(j) == 1000);
}

TEST_CASE("long rows: clustered in one block or spread evenly", "[corpus]") {
  LongRowsSpec s{10000, 5, 25, 3000, true, 4};
  const auto positions_of = [](const Csr& a) {
    std::vector<std::int32_t> p;
    for (std::int32_t r = 0; r < a.num_rows; ++r)
      if (a.row_length(r) == 3000) p.push_back(r);
    return p;
  };
  const auto clustered = generate("longrows-r10000-m5-l25-n3000-clustered-seed4");
  const auto pc = positions_of(clustered);
  REQUIRE(pc.size() == 25);
  CHECK(pc == long_row_positions(s));
  CHECK(pc.back() - pc.front() == 24);
  s.clustered = false;
  const auto scattered = generate("longrows-r10000-m5-l25-n3000-scattered-seed4");
  const auto ps = positions_of(scattered);
  REQUIRE(ps.size() == 25);
  CHECK(ps == long_row_positions(s));
  for (std::size_t k = 0; k < ps.size(); ++k) CHECK(ps[k] == std::int32_t((2 * k + 1) * 10000 / 50));
  CHECK(std::abs(double(clustered.nnz() - scattered.nnz())) < 0.02 * double(scattered.nnz()));
  const auto lengths = sorted_row_lengths(scattered);
  CHECK(lengths[lengths.size() - 26] <= 8);  // short rows: uniform in [2.5, 7.5]
}

TEST_CASE("a symmetric permutation keeps nnz, the row-length multiset and the entries", "[corpus]") {
  for (const std::string base :
       {"stencil3d-7pt-9", "band-r700-w30-m8-seed1", "arrow-r300-w2-seed1", "rmat-s9-e6-a0.6-b0.15-c0.15-seed2"}) {
    INFO(base);
    const auto a = generate(base), b = generate(base + "-perm3");
    CHECK(validate(b, {true, true, true}).valid());
    CHECK(a.nnz() == b.nnz());
    CHECK(sorted_row_lengths(a) == sorted_row_lengths(b));
    CHECK(sorted_row_lengths(transpose(a)) == sorted_row_lengths(transpose(b)));
    const auto p = random_permutation(a.num_rows, 3);
    CHECK(same(b, permute_symmetric(a, 3)));
    for (std::int32_t i = 0; i < a.num_rows; i += 7)
      for (auto k = a.row_offsets[i]; k < a.row_offsets[i + 1]; ++k)
        REQUIRE(at(b, p[i], p[a.col_indices[k]]) == a.values[k]);
    CHECK_FALSE(same(a, b));
  }
  auto p = random_permutation(1000, 9);
  std::sort(p.begin(), p.end());
  for (std::int32_t i = 0; i < 1000; ++i) REQUIRE(p[i] == i);
}

TEST_CASE("transpose: shape swapped, entries mirrored, twice is the identity", "[corpus]") {
  for (const std::string name : {"lp-r300-c1000-m5-l3-n600-seed1", "rmat-s10-e8-a0.57-b0.19-c0.19-seed3",
                                 "rand-geometric-r500-c200-m6-s0-seed1", "circuit-r800-m3-d2-c2-seed1"}) {
    INFO(name);
    const auto a = generate(name);
    const auto t = generate(name + "-T");
    CHECK((t.num_rows == a.num_cols && t.num_cols == a.num_rows));
    CHECK(same(t, transpose(a)));
    CHECK(validate(t, {true, true, true}).valid());
    CHECK(same(transpose(t), a));
    CHECK(same(generate(name + "-T-T"), a));
    for (std::int32_t i = 0; i < a.num_rows; i += 5)
      for (auto k = a.row_offsets[i]; k < a.row_offsets[i + 1]; ++k) REQUIRE(at(t, a.col_indices[k], i) == a.values[k]);
  }
  const Csr empty;
  CHECK(transpose(empty).num_rows == 0);
}

TEST_CASE("building blocks: sorted samples, edge lists, alias draws", "[corpus]") {
  Rng rng(5);
  for (const auto& [n, k] : std::vector<std::pair<std::int64_t, std::int64_t>>{
           {10, 3}, {100, 80}, {5000, 300}, {5000, 4000}, {1 << 20, 20000}, {1 << 20, 1000}, {50, 50}, {7, 0}}) {
    std::vector<std::int32_t> out{-1};
    append_sorted_sample(100, n, k, rng, out);
    INFO(n << " " << k);
    REQUIRE(out.size() == static_cast<std::size_t>(k) + 1);
    CHECK(std::adjacent_find(out.begin() + 1, out.end(), std::greater_equal<>()) == out.end());
    if (k > 0) CHECK((out[1] >= 100 && out.back() < 100 + n));
  }
  std::vector<std::int32_t> rows{2, 0, 2, 2, 1}, cols{1, 3, 0, 1, 3};
  const auto a = csr_from_edges(3, 4, rows, cols, rng);
  CHECK(a.row_offsets == std::vector<std::int64_t>{0, 1, 2, 4});
  CHECK(a.col_indices == std::vector<std::int32_t>{3, 3, 0, 1});
  CHECK(rows.empty());
  const AliasTable table({1, 0, 3, 4});
  std::vector<int> hits(4, 0);
  for (int i = 0; i < 80000; ++i) ++hits[table.draw(rng)];
  CHECK(hits[1] == 0);
  CHECK(std::abs(hits[0] - 10000) < 600);
  CHECK(std::abs(hits[2] - 30000) < 900);
  CHECK(std::abs(hits[3] - 40000) < 900);
  CHECK_THROWS_AS(checked_dim("x", std::int64_t(1) << 31), Error);
}
