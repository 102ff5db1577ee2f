// The test-matrix generators: reproducible, valid CSR, the shapes they promise.

#include <catch2/catch.hpp>

#include <aspmv/features.hpp>
#include <aspmv/validate.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>
#include <corpus/stencil.hpp>

using namespace aspmv;
using namespace aspmv::corpus;

TEST_CASE("a seed gives the same matrix, another seed another one", "[generators]") {
  RandomCsrSpec s;
  s.rows = s.cols = 500;
  s.lengths = RowLengths::normal;
  s.mean = 12;
  s.spread = 5;
  s.seed = 9;
  const auto a = random_csr(s), b = random_csr(s);
  CHECK(a.row_offsets == b.row_offsets);
  CHECK(a.col_indices == b.col_indices);
  CHECK(a.values == b.values);
  s.seed = 10;
  CHECK(random_csr(s).col_indices != a.col_indices);
  // Pinned first draws: the generator is ours, not the standard library's.
  Rng rng(1);
  const auto first = rng.next();
  CHECK(first == Rng(1).next());
  CHECK(Rng(2).next() != first);
}

TEST_CASE("every distribution gives valid CSR near its mean", "[generators]") {
  for (const auto d : {RowLengths::constant, RowLengths::uniform, RowLengths::normal, RowLengths::geometric,
                       RowLengths::bimodal, RowLengths::zipf}) {
    RandomCsrSpec s;
    s.rows = 4000;
    s.cols = 3000;
    s.lengths = d;
    s.mean = 10;
    s.spread = d == RowLengths::zipf ? 2.5 : (d == RowLengths::bimodal ? 200 : 3);
    s.long_fraction = 0.01;
    const auto a = random_csr(s);
    const auto r = validate(a, {true, true, true});
    INFO(name(s) << ": " << r.first_problem);
    CHECK(r.valid());
    const auto st = row_stats(a);
    if (d == RowLengths::constant) CHECK((st.min == 10 && st.max == 10));
    if (d == RowLengths::uniform) CHECK((st.min >= 7 && st.max <= 13));
    if (d == RowLengths::bimodal) CHECK(st.max == 200);
    if (d == RowLengths::zipf) CHECK(st.max > 10 * st.mean);
    if (d != RowLengths::zipf && d != RowLengths::bimodal) CHECK(std::abs(st.mean - 10) < 1.0);
  }
}

TEST_CASE("unsorted and duplicate options do what they say", "[generators]") {
  RandomCsrSpec s;
  s.rows = 300;
  s.cols = 1000;
  s.mean = 20;
  s.sorted = false;
  s.duplicates = true;
  const auto a = random_csr(s);
  const auto r = validate(a);
  CHECK(r.valid());
  CHECK(r.unsorted_rows > 0);
  CHECK(r.duplicate_entries > 0);
}

TEST_CASE("edge cases have the shapes their names say", "[generators]") {
  for (const auto& m : edge_case_matrices(1)) {
    INFO(m.name);
    CHECK(validate(m.matrix).valid());
    if (m.name == "empty-0x0") CHECK((m.matrix.num_rows == 0 && m.matrix.num_cols == 0));
    if (m.name == "empty-7x0") CHECK((m.matrix.num_rows == 7 && m.matrix.nnz() == 0));
    if (m.name == "all-rows-empty-1000") CHECK(m.matrix.nnz() == 0);
    if (m.name == "one-row-holds-all-2000") CHECK(m.matrix.row_length(1234) == m.matrix.nnz());
    if (m.name == "row-vector-1x5000") CHECK(m.matrix.num_rows == 1);
    if (m.name == "column-vector-5000x1") CHECK(m.matrix.nnz() == 5000);
  }
}

TEST_CASE("stencils have the right row lengths", "[generators]") {
  const auto a = stencil(10, 10, 10, 27);
  CHECK(a.num_rows == 1000);
  CHECK(row_stats(a).max == 27);
  CHECK(row_stats(a).min == 8);
  CHECK(a.nnz() == 28 * 28 * 28);  // per dimension 3n - 2 neighbour pairs
  const auto b = stencil(4, 3, 1, 5);
  CHECK(b.nnz() == 4 * 3 * 5 - 2 * 4 - 2 * 3);
  CHECK(validate(stencil(7, 5, 3, 7), {true, true, true}).valid());
  CHECK_THROWS_AS(stencil(4, 4, 4, 5), Error);  // a 2D stencil on a 3D grid
  CHECK_THROWS_AS(stencil(4, 4, 1, 6), Error);
}
