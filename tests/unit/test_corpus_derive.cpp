// Real-derived matrices: each derive op against a dense construction of what
// it means, the spec syntax and names, and the errors.

#include <catch2/catch.hpp>

#include <aspmv/error.hpp>
#include <aspmv/io/matrix_market.hpp>
#include <aspmv/validate.hpp>

#include <corpus/derive.hpp>
#include <corpus/generated.hpp>
#include <corpus/spec.hpp>
#include <corpus/transpose.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <utility>

using namespace aspmv;
using namespace aspmv::corpus;
namespace fs = std::filesystem;

namespace {

using Csr = HostCsr<double, std::int64_t>;
using Entries = std::map<std::pair<std::int64_t, std::int64_t>, double>;

Entries entries_of(const Csr& a) {
  Entries e;
  for (std::int32_t i = 0; i < a.num_rows; ++i)
    for (auto k = a.row_offsets[i]; k < a.row_offsets[i + 1]; ++k) e[{i, a.col_indices[k]}] = a.values[k];
  return e;
}

// Valid CSR, columns strictly ascending in every row.
void check_sorted_csr(const Csr& a) {
  REQUIRE(a.row_offsets.size() == std::size_t(a.num_rows) + 1);
  REQUIRE(a.row_offsets.back() == a.nnz());
  for (std::int32_t i = 0; i < a.num_rows; ++i) {
    REQUIRE(a.row_offsets[i] <= a.row_offsets[i + 1]);
    for (auto k = a.row_offsets[i]; k < a.row_offsets[i + 1]; ++k) {
      REQUIRE(a.col_indices[k] >= 0);
      REQUIRE(a.col_indices[k] < a.num_cols);
      if (k > a.row_offsets[i]) REQUIRE(a.col_indices[k - 1] < a.col_indices[k]);
    }
  }
}

}  // namespace

TEST_CASE("kron<k> is A (x) I_k", "[corpus][derive]") {
  const Csr a = generate("rand-uniform-r23-c17-m4-s3-seed5");
  const Csr b = derive(a, parse_derive_op("kron3"));
  check_sorted_csr(b);
  CHECK(b.num_rows == 3 * a.num_rows);
  CHECK(b.num_cols == 3 * a.num_cols);
  Entries want;
  for (const auto& [ij, v] : entries_of(a))
    for (int s = 0; s < 3; ++s) want[{ij.first * 3 + s, ij.second * 3 + s}] = v;
  CHECK(entries_of(b) == want);
}

TEST_CASE("kronp<k>d<d>s<seed> is A (x) P with d entries in every row of P", "[corpus][derive]") {
  const Csr a = generate("rand-geometric-r31-c29-m5-s0-seed2");
  const auto op = parse_derive_op("kronp5d2s7");
  const Csr b = derive(a, op);
  check_sorted_csr(b);
  CHECK(b.num_rows == 5 * a.num_rows);
  CHECK(b.nnz() == 5 * 2 * a.nnz());
  // Every entry is A's value at the source position (P's entries are 1).
  const auto ea = entries_of(a);
  const auto eb = entries_of(b);
  for (const auto& [ij, v] : eb) CHECK(v == ea.at({ij.first / 5, ij.second / 5}));
  for (std::int32_t i = 0; i < b.num_rows; ++i) {
    const auto src = i / 5;
    CHECK(b.row_length(i) == 2 * a.row_length(src));
  }
  // The same seed gives the same matrix; another seed another pattern.
  CHECK(entries_of(derive(a, op)) == eb);
  CHECK(entries_of(derive(a, parse_derive_op("kronp5d2s8"))) != eb);
}

TEST_CASE("tile<r>x<c>s<seed>: c copies of A per block row, in distinct block columns", "[corpus][derive]") {
  const Csr a = generate("rand-normal-r13-c11-m4-s1-seed9");
  const Csr b = derive(a, parse_derive_op("tile4x3s5"));
  check_sorted_csr(b);
  CHECK(b.num_rows == 4 * a.num_rows);
  CHECK(b.num_cols == 4 * a.num_cols);
  CHECK(b.nnz() == 4 * 3 * a.nnz());
  const auto ea = entries_of(a);
  std::map<std::int64_t, std::map<std::int64_t, int>> blocks;  // block row -> block column -> entries
  for (const auto& [ij, v] : entries_of(b)) {
    const auto bi = ij.first / a.num_rows, bj = ij.second / a.num_cols;
    CHECK(v == ea.at({ij.first % a.num_rows, ij.second % a.num_cols}));
    ++blocks[bi][bj];
  }
  std::map<std::int64_t, int> per_block_column;
  for (const auto& [bi, cols] : blocks) {
    CHECK(cols.size() == 3);
    for (const auto& [bj, count] : cols) {
      CHECK(count == a.nnz());
      ++per_block_column[bj];
    }
  }
  // Shifted permutations: every block column holds exactly c copies.
  for (const auto& [bj, count] : per_block_column) CHECK(count == 3);
}

TEST_CASE("perm<seed> is the symmetric permutation; sizes are predicted", "[corpus][derive]") {
  const Csr a = generate("stencil2d-5pt-9x7");
  const Csr b = derive(a, parse_derive_op("perm4"));
  check_sorted_csr(b);
  CHECK(b.nnz() == a.nnz());
  CHECK(entries_of(b) != entries_of(a));
  CHECK_THROWS_AS(derive(generate("rand-uniform-r5-c9-m2-s1-seed1"), parse_derive_op("perm1")), Error);

  const DerivedSize s{10, 7, 40};
  const auto k = derived_size(s, parse_derive_op("kronp4d3s1"));
  CHECK((k.rows == 40 && k.cols == 28 && k.nnz == 480));
  const auto t = derived_size(s, parse_derive_op("tile5x2s1"));
  CHECK((t.rows == 50 && t.cols == 35 && t.nnz == 400));
}

TEST_CASE("derive ops parse strictly and refuse sizes beyond int32", "[corpus][derive]") {
  for (const char* bad : {"kron1", "kron", "kronx", "kron4x", "kronp4d5s1", "kronp4d0s1", "tile3x4s1", "tile1x1s1",
                          "tile3x2", "perm", "perm-1", "shift3"})
    CHECK_THROWS_AS(parse_derive_op(bad), Error);
  for (const char* ok : {"kron2", "kronp8d3s2", "tile4x2s7", "perm3"}) CHECK(to_string(parse_derive_op(ok)) == ok);
  CHECK(is_derive_op("kron4"));
  CHECK_FALSE(is_derive_op("kron"));
  CHECK_FALSE(is_derive_op("matrix.mtx"));
  const Csr a = generate("rand-uniform-r70000-c70000-m1-s0-seed1");
  CHECK_THROWS_WITH(derive(a, parse_derive_op("kron40000")), Catch::Contains("do not fit int32"));
}

TEST_CASE("spec entries with derive ops: names, families, loading", "[corpus][derive][spec]") {
  const fs::path dir = fs::temp_directory_path() / ("aspmv-derive-test-" + std::to_string(std::random_device{}()));
  fs::create_directories(dir);
  const Csr a = generate("rand-uniform-r20-c15-m3-s1-seed4");
  io::write_matrix_market((dir / "small.mtx").string(), a);
  std::ofstream(dir / "spec.txt") << "file small.mtx\n"
                                     "file small.mtx kron3\n"
                                     "file small.mtx -T tile3x2s1 kron2   # ops in order\n";
  const auto entries = read_spec((dir / "spec.txt").string());
  REQUIRE(entries.size() == 3);
  CHECK(entries[0].name == "small");
  CHECK(entries[0].family == "real");
  CHECK(entries[1].name == "small--kron3");
  CHECK(entries[1].family == "real-derived");
  CHECK(entries[2].name == "small-T--tile3x2s1-kron2");
  CHECK(entries[2].family == "real-derived");
  CHECK(family_of(entries[2].name) == "real-derived");
  CHECK(family_of("small-T") == "real");
  const Csr b = load(entries[2]);
  const Csr want = derive(derive(transpose(a), parse_derive_op("tile3x2s1")), parse_derive_op("kron2"));
  CHECK(entries_of(b) == entries_of(want));
  CHECK(b.num_rows == want.num_rows);

  std::ofstream(dir / "bad.txt") << "file small.mtx kron3 -T\n";
  CHECK_THROWS_AS(read_spec((dir / "bad.txt").string()), ParseError);
  std::ofstream(dir / "bad2.txt") << "file small.mtx kron1\n";
  CHECK_THROWS_AS(read_spec((dir / "bad2.txt").string()), ParseError);
  std::error_code ignored;
  fs::remove_all(dir, ignored);
}
