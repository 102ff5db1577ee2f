// tile8x4 (kernels/tile8x4.hpp) against the long-double reference with
// either body (the matrix units where the space has them, one thread a row),
// every space, float and double, int32 and int64 offsets; its layout (stored
// entries, bytes); the matrix units' arithmetic emulated on the host over
// the converted arrays (the lane algebra of backends/cuda/tile_mma.hpp,
// which only a GPU runs); padding met by an infinite x; the memory guard.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/kernels/tile8x4.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/reference.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

std::vector<corpus::NamedMatrix> tile_matrices() {
  std::vector<corpus::NamedMatrix> out = corpus::edge_case_matrices(47);
  std::uint64_t seed = 90;
  for (const auto lengths : {corpus::RowLengths::zipf, corpus::RowLengths::bimodal, corpus::RowLengths::uniform,
                             corpus::RowLengths::geometric})
    for (const std::int32_t rows : {9, 61, 900}) {
      corpus::RandomCsrSpec s;
      s.rows = rows;
      s.cols = rows + 5;
      s.lengths = lengths;
      s.mean = 6;
      s.spread = lengths == corpus::RowLengths::zipf ? 1.6 : (lengths == corpus::RowLengths::bimodal ? 40 : 5);
      s.long_fraction = 0.03;
      s.sorted = seed % 2 == 0;
      s.duplicates = seed % 3 == 0;
      s.seed = seed++;
      out.push_back({corpus::name(s), corpus::random_csr(s)});
    }
  return out;
}

ArchTable tile_table(int mma) {
  ArchTable t = arch_table();
  t.parameters.tile_mma = mma;
  return t;
}

HostCsr<double, std::int64_t> rows_of_lengths(const std::vector<std::int32_t>& lengths, std::int32_t cols) {
  HostCsr<double, std::int64_t> h;
  h.num_rows = static_cast<std::int32_t>(lengths.size());
  h.num_cols = cols;
  std::int32_t r = 0;
  for (const std::int32_t n : lengths) {
    for (std::int32_t c = 0; c < n; ++c) {
      h.col_indices.push_back((3 * c + r) % cols);
      h.values.push_back(0.25 + c - 0.5 * r);
    }
    h.row_offsets.push_back(static_cast<std::int64_t>(h.col_indices.size()));
    ++r;
  }
  return h;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("tile8x4 equals the reference with either body", "[kernels][tile8x4]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  const SpmvCase cases[] = {{1.0, 0.0, true, 3}, {-1.5, 2.0, false, 4}, {0.0, 0.5, false, 5}};
  PlanOptions o;
  o.kernel = Kernel::tile8x4;
  o.max_format_growth = 1e9;  // skewed matrices too: the body, not the guard, is under test
  for (const int mma : {1, 0}) {
    const auto table = tile_table(mma);
    for (const auto& m : tile_matrices())
      for (const auto& c : cases) {
        const auto r = run_plan<Space, Value, Offset>(m.matrix, o, c, 2, &table);
        INFO("space " << backends::Traits<Space>::name << ", tile_mma " << mma << ", matrix " << m.name << ", alpha "
                      << c.alpha << ", beta " << c.beta << "\n"
                      << r.description);
        CHECK(r.refused.empty());
        CHECK(r.comparison.within_bounds);
      }
  }
}

TEMPLATE_LIST_TEST_CASE("tile8x4 pads each group of 8 rows to tiles of 4 entries", "[kernels][tile8x4]", Spaces) {
  using Space = TestType;
  Space exec;
  // Group 0 (rows 0-7): longest 9 -> 3 tiles; group 1 (rows 8, 9): longest
  // 5 -> 2 tiles. 160 stored entries: 12 bytes each in double, 4 a row
  // (lengths), 8 per group start and one for the end.
  const auto h = rows_of_lengths({3, 0, 7, 1, 7, 2, 2, 9, 4, 5}, 11);
  const DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, h);
  PlanOptions o;
  o.kernel = Kernel::tile8x4;
  const auto plan = make_plan(exec, a.view(), o);
  INFO(plan.describe());
  const auto& detail = plan.summary().groups.at(0).detail;
  CHECK(detail.find("2 groups of 8 rows, 5 tiles of 8 x 4, 160 stored entries") != std::string::npos);
  CHECK(detail.find(std::to_string(160 * 12 + 10 * 4 + 3 * 8) + " bytes") != std::string::npos);
  CHECK(plan.holds_value_copy());
}

TEMPLATE_LIST_TEST_CASE("the matrix units' lane algebra over tile8x4's arrays gives A x", "[kernels][tile8x4]",
                        Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  corpus::RandomCsrSpec s;
  s.rows = 203;  // not a multiple of 8: the last group has 3 rows
  s.cols = 150;
  s.lengths = corpus::RowLengths::bimodal;
  s.mean = 7;
  s.spread = 20;
  s.long_fraction = 0.05;
  s.seed = 31;
  const auto h = corpus::random_csr(s);
  const DeviceCsr<double, std::int64_t, Mem> a(exec, h);
  PlanOptions o;
  o.max_format_growth = 1e9;
  const impl::Tile8x4Step<Space, std::decay_t<decltype(a.view())>> step(exec, a.view(), 1, 1, o);
  const auto t = step.tiles();
  auto starts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), t.starts);
  auto cols = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), t.cols);
  auto vals = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), t.vals);
  REQUIRE(step.groups() == 26);

  corpus::Rng rng(5);
  std::vector<double> x(static_cast<std::size_t>(s.cols)), y0(static_cast<std::size_t>(s.rows), 0.0);
  for (auto& v : x) v = rng.signed_value();
  const auto ref = reference_spmv(h, 1.0, x, 0.0, y0);
  std::vector<double> y(static_cast<std::size_t>(s.rows), std::numeric_limits<double>::quiet_NaN());
  for (std::int64_t g = 0; g < step.groups(); ++g) {
    // Lane l holds A[l / 4][l % 4] (its entry) and B[l % 4][l / 4] (that
    // entry's x value); C = sum over tiles of A B, lane l holding
    // C[l / 4][2 (l % 4)] and C[l / 4][2 (l % 4) + 1].
    double c[8][8] = {};
    for (std::int64_t k = starts(g); k < starts(g + 1); k += 32) {
      double A[8][4], B[4][8];
      for (int l = 0; l < 32; ++l) {
        A[l / 4][l % 4] = vals(k + l);
        B[l % 4][l / 4] = cols(k + l) >= 0 ? x[static_cast<std::size_t>(cols(k + l))] : 0.0;
      }
      for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; ++j)
          for (int q = 0; q < 4; ++q) c[i][j] += A[i][q] * B[q][j];
    }
    // Row r's sum: lane 4 r + r / 2, its element r % 2 (the CUDA body's reads).
    for (int r = 0; r < 8; ++r) {
      const int lane = 4 * r + r / 2;
      const double sum = c[lane / 4][2 * (lane % 4) + r % 2];
      const std::int64_t row = g * 8 + r;
      if (row < s.rows) y[static_cast<std::size_t>(row)] = sum;
    }
  }
  CHECK(compare(h, y, ref, epsilon_of<double>()).within_bounds);
}

TEMPLATE_LIST_TEST_CASE("tile8x4's padding never meets x: an infinite x value stays in its own rows",
                        "[kernels][tile8x4]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  // Row 0 reads columns 0-8 (3 tiles); rows 1-7 read column 9 once: their
  // padding shares tiles with row 0's entries of column 0, where x is Inf.
  HostCsr<double, std::int64_t> h;
  h.num_rows = 8;
  h.num_cols = 10;
  for (std::int32_t r = 0; r < 8; ++r) {
    for (std::int32_t c = 0; c < (r == 0 ? 9 : 1); ++c) {
      h.col_indices.push_back(r == 0 ? c : 9);
      h.values.push_back(2.0);
    }
    h.row_offsets.push_back(static_cast<std::int64_t>(h.col_indices.size()));
  }
  const DeviceCsr<double, std::int64_t, Mem> a(exec, h);
  Kokkos::View<double*, Mem> x("x", 10), y("y", 8);
  auto xh = Kokkos::create_mirror_view(x);
  for (int i = 0; i < 10; ++i) xh(i) = i == 0 ? std::numeric_limits<double>::infinity() : 1.0;
  Kokkos::deep_copy(x, xh);
  for (const int mma : {1, 0}) {
    PlanOptions o;
    o.kernel = Kernel::tile8x4;
    const auto plan = make_plan(exec, a.view(), o, tile_table(mma));
    plan.apply(exec, 1.0, x, 0.0, y);
    auto yh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
    INFO("tile_mma " << mma << "\n" << plan.describe());
    CHECK(std::isinf(yh(0)));
    for (int r = 1; r < 8; ++r) CHECK(yh(r) == 2.0);
  }
}

TEMPLATE_LIST_TEST_CASE("tile8x4's memory guard refuses before allocating", "[kernels][tile8x4]", Spaces) {
  using Space = TestType;
  Space exec;
  // A row of 400 among 399 rows of one: its group of 8 stores 8 x 400
  // entries; 49 other groups one tile each: 4,768 entries for 799 nonzeros.
  HostCsr<double, std::int64_t> h;
  h.num_rows = 400;
  h.num_cols = 400;
  for (std::int32_t r = 0; r < 400; ++r) {
    for (std::int32_t c = 0; c < (r == 200 ? 400 : 1); ++c) {
      h.col_indices.push_back(r == 200 ? c : r);
      h.values.push_back(1.0);
    }
    h.row_offsets.push_back(static_cast<std::int64_t>(h.col_indices.size()));
  }
  const DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, h);
  PlanOptions o;
  o.kernel = Kernel::tile8x4;
  CHECK_NOTHROW(make_plan(exec, a.view(), o));  // under the floor
  o.format_growth_floor_bytes = 0;
  try {
    (void)make_plan(exec, a.view(), o);
    FAIL("the tile8x4 conversion of one long row was not refused");
  } catch (const FormatRefused& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("tile8x4 conversion is refused: 4768 stored entries for 799 nonzeros") != std::string::npos);
  }
  o.max_format_growth = 10;
  CHECK_NOTHROW(make_plan(exec, a.view(), o));
}
