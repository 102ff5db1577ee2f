// The converted formats SELL-C-sigma, ELL and JAD (kernels/sell.hpp, ell.hpp,
// jad.hpp) against the long-double reference: slice heights that divide the
// rows or not, below and above the CPU's side-by-side limit, sorting windows
// from none to the whole matrix, on skewed, empty-row and edge-case matrices,
// every space, float and double, int32 and int64 offsets. Then the memory
// guard (refuses before allocating, with the numbers), refresh_values and
// the handle (a converted copy follows A's values), the stored entries a
// sort saves, and JAD's diagonals.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/kernels/sell.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/spmv_handle.hpp>
#include <backends/host/avx512_rows.hpp>

#include <corpus/random_csr.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

std::vector<corpus::NamedMatrix> sell_matrices() {
  std::vector<corpus::NamedMatrix> out = corpus::edge_case_matrices(31);
  std::uint64_t seed = 40;
  for (const auto lengths : {corpus::RowLengths::zipf, corpus::RowLengths::bimodal, corpus::RowLengths::uniform})
    for (const std::int32_t rows : {37, 700}) {
      corpus::RandomCsrSpec s;
      s.rows = rows;
      s.cols = rows + 13;
      s.lengths = lengths;
      s.mean = 5;
      s.spread = lengths == corpus::RowLengths::zipf ? 1.6 : (lengths == corpus::RowLengths::bimodal ? 60 : 4);
      s.long_fraction = 0.03;
      s.sorted = seed % 2 == 0;
      s.duplicates = seed % 3 == 0;
      s.seed = seed++;
      out.push_back({corpus::name(s), corpus::random_csr(s)});
    }
  return out;
}

// One row of `long_row` nonzeros among `rows` rows of one.
HostCsr<double, std::int64_t> one_long_row(std::int32_t rows, std::int32_t long_row) {
  HostCsr<double, std::int64_t> a;
  a.num_rows = rows;
  a.num_cols = long_row;
  for (std::int32_t r = 0; r < rows; ++r) {
    const std::int32_t n = r == rows / 2 ? long_row : 1;
    for (std::int32_t c = 0; c < n; ++c) {
      a.col_indices.push_back(n == 1 ? r % long_row : c);
      a.values.push_back(1.0 + 0.001 * c);
    }
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  return a;
}

ArchTable sell_table(int height, int window, int host_shares_per_thread = 0, int host_simd = 0, int lanes = 1,
                     int row_lanes = 1, int load = 0) {
  ArchTable t = arch_table();
  t.parameters.sell_load = load;
  t.parameters.sell_load_l2_percent = 0;  // the test matrices fit any L2: the hint whenever asked
  t.parameters.sell_lane_entries = {lanes, lanes};
  t.parameters.sell_row_lanes = row_lanes;
  t.parameters.sell_slice_height = height;
  t.parameters.sell_sort_window = window;
  t.parameters.host_shares_per_thread = host_shares_per_thread;
  t.parameters.host_row_simd = host_simd;
  return t;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("sell, ell and jad equal the reference at every slice height and sorting window",
                        "[kernels][sell]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  // (C, sigma, CPU runs of slices a thread): unsorted; C not dividing the
  // rows; sigma not a multiple of C; C above the CPU's side-by-side limit
  // (one thread per row); sigma above m; the CPU's vector-lane heights (4, 8,
  // 16) and a height read at run time (5, 32), in one or several runs a thread;
  // SELL-8 in AVX-512 lanes (host_row_simd 2, where the CPU has them); on
  // GPUs at the compile-time height 32, 4 entries of a row side by side a
  // lane and 2, 4 or 8 lanes a row, or lanes chosen per matrix (0), alone
  // and together (CPUs and other heights store 1 and take one lane a row).
  struct Geometry {
    int height, window, shares, simd, lanes, row_lanes;
  };
  const Geometry geometries[] = {{1, 1, 0, 0, 1, 1},   {4, 1, 1, 0, 1, 1},        {5, 16, 3, 0, 1, 1},
                                 {32, 96, 0, 0, 1, 1}, {8, 1000000, 1, 0, 1, 1},  {100, 300, 0, 0, 4, 8},
                                 {16, 64, 5, 0, 1, 1}, {8, 32, 3, 0, 1, 1},       {8, 1, 1, 2, 1, 1},
                                 {8, 32, 3, 2, 1, 1},  {4, 16, 1, 2, 1, 1},       {32, 1, 0, 0, 1, 2},
                                 {32, 96, 0, 0, 4, 1}, {32, 1000000, 0, 0, 4, 4}, {32, 1, 0, 0, 4, 8},
                                 {32, 1, 0, 0, 1, 8},  {32, 96, 0, 0, 4, 0},      {32, 1, 0, 0, 1, 0}};
  const bool avx512 = backends::host::avx512_rows_available();
  const SpmvCase cases[] = {{1.0, 0.0, true, 3}, {-1.5, 2.0, false, 4}, {0.0, 0.5, false, 5}};
  for (const auto& m : sell_matrices()) {
    for (const auto& [height, window, shares, simd, lanes, row_lanes] : geometries) {
      const auto table = sell_table(height, window, shares, simd, lanes, row_lanes);
      PlanOptions o;
      o.kernel = Kernel::sell;
      for (const auto& c : cases) {
        const auto r = run_plan<Space, Value, Offset>(m.matrix, o, c, 2, &table);
        INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", C " << height << ", sigma "
                      << window << ", " << shares << " runs a thread, simd " << simd << ", " << lanes
                      << " entries a lane, " << row_lanes << " lanes a row, alpha " << c.alpha << ", beta " << c.beta
                      << "\n"
                      << r.description);
        CHECK(r.comparison.within_bounds);
        const bool avx512_lanes = !backends::Traits<Space>::is_gpu && simd == 2 && avx512 && height == 8 &&
                                  m.matrix.num_rows >= 8 && r.refused.empty();
        if (r.refused.empty()) CHECK((r.description.find("AVX-512 lanes") != std::string::npos) == avx512_lanes);
        const bool constant_height = backends::Traits<Space>::is_gpu && height == 32 && m.matrix.num_rows >= 32;
        if (r.refused.empty()) {
          // 4 a lane only where the table asks and the padding allows (sell_lane_group).
          if (r.description.find("entries of a row side by side a lane") != std::string::npos)
            CHECK((constant_height && lanes > 1));
          if (row_lanes != 0)
            CHECK((r.description.find(std::to_string(row_lanes) + " lanes a row") != std::string::npos) ==
                  (constant_height && row_lanes > 1));
        }
      }
    }
    for (const Kernel k : {Kernel::ell, Kernel::jad}) {
      PlanOptions o;
      o.kernel = k;
      for (const auto& c : cases) {
        const auto r = run_plan<Space, Value, Offset>(m.matrix, o, c, 1);
        INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", " << to_string(k) << "\n"
                      << r.description);
        CHECK(r.comparison.within_bounds);
        if (k == Kernel::jad) CHECK(r.refused.empty());  // no padding: never refused
        if (k == Kernel::ell && m.matrix.num_rows > 0 && r.refused.empty())
          CHECK(r.description.find("ELL: 1 slices of") != std::string::npos);
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("sell equals the reference with evict-first loads of its rows", "[kernels][sell]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  // The table's sell_load 2 with sell_load_l2_percent 0 (whatever the footprint): on GPUs at the compile-time height
  // 32 the rows' values and column indices are read evict-first (4-byte loads for one entry a lane, 16-byte loads
  // for 4), with one lane a row or several; CPUs and other heights read plainly and say nothing of it.
  struct Geometry {
    int height, lanes, row_lanes;
  };
  const Geometry geometries[] = {{32, 1, 1}, {32, 4, 1}, {32, 4, 0}, {32, 1, 2}, {32, 4, 8}, {8, 1, 1}};
  const SpmvCase cases[] = {{1.0, 0.0, true, 3}, {-1.5, 2.0, false, 4}};
  for (const auto& m : sell_matrices()) {
    for (const auto& [height, lanes, row_lanes] : geometries) {
      const auto table = sell_table(height, 1, 0, 0, lanes, row_lanes, 2);
      PlanOptions o;
      o.kernel = Kernel::sell;
      for (const auto& c : cases) {
        const auto r = run_plan<Space, Value, Offset>(m.matrix, o, c, 2, &table);
        INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", C " << height << ", " << lanes
                      << " entries a lane, " << row_lanes << " lanes a row, alpha " << c.alpha << ", beta " << c.beta
                      << "\n"
                      << r.description);
        CHECK(r.comparison.within_bounds);
        const bool constant_height = backends::Traits<Space>::is_gpu && height == 32 && m.matrix.num_rows >= 32;
        if (r.refused.empty() && m.matrix.num_rows > 0)
          CHECK((r.description.find("evict-first loads") != std::string::npos) == constant_height);
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("the padded formats' memory guard refuses before allocating", "[kernels][sell]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  // ELL of 4,000 rows padded to a row of 4,000: 16M stored entries for 7,999
  // nonzeros (192 MB in double), far above 3x the CSR bytes and the floor.
  const DeviceCsr<double, std::int64_t, Mem> big(exec, one_long_row(4000, 4000));
  PlanOptions ell;
  ell.kernel = Kernel::ell;
  try {
    (void)make_plan(exec, big.view(), ell);
    FAIL("the ELL conversion of one long row was not refused");
  } catch (const FormatRefused& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("ELL conversion is refused") != std::string::npos);
    CHECK(what.find("16000000 stored entries for 7999 nonzeros") != std::string::npos);
    CHECK(what.find("max_format_growth") != std::string::npos);
  }
  // A small matrix (399 nonzeros): under the floor ELL converts; with the
  // floor at 0 the factor refuses it, while SELL-4-16 (the long row pads only
  // its slice: 49 slices of width 1 and one of 200) fits at 2.2x.
  const auto small = one_long_row(200, 200);
  const DeviceCsr<double, std::int64_t, Mem> a(exec, small);
  CHECK_NOTHROW(make_plan(exec, a.view(), ell));
  ell.format_growth_floor_bytes = 0;
  CHECK_THROWS_AS(make_plan(exec, a.view(), ell), FormatRefused);
  PlanOptions sell = ell;
  sell.kernel = Kernel::sell;
  const auto plan = make_plan(exec, a.view(), sell, sell_table(4, 16));
  CHECK(plan.summary().groups.at(0).detail.find("996 stored entries") != std::string::npos);
  sell.max_format_growth = 1.5;
  CHECK_THROWS_AS(make_plan(exec, a.view(), sell, sell_table(4, 16)), FormatRefused);
}

TEMPLATE_LIST_TEST_CASE("sorting within windows stores fewer entries", "[kernels][sell]", Spaces) {
  using Space = TestType;
  Space exec;
  // Rows of 1 and 9 alternating: unsorted, every slice of 4 pads to 9
  // (36 entries per 4 rows); sorted in windows of 8, half the slices hold
  // the long rows and half the short ones (36 + 4 per 8 rows).
  HostCsr<double, std::int64_t> h;
  h.num_rows = 64;
  h.num_cols = 64;
  for (std::int32_t r = 0; r < 64; ++r) {
    for (std::int32_t c = 0; c < (r % 2 ? 9 : 1); ++c) {
      h.col_indices.push_back((r + 7 * c) % 64);
      h.values.push_back(0.5 + c);
    }
    h.row_offsets.push_back(static_cast<std::int64_t>(h.col_indices.size()));
  }
  const DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, h);
  PlanOptions o;
  o.kernel = Kernel::sell;
  CHECK(make_plan(exec, a.view(), o, sell_table(4, 1)).summary().groups.at(0).detail.find("576 stored entries") !=
        std::string::npos);
  CHECK(make_plan(exec, a.view(), o, sell_table(4, 8)).summary().groups.at(0).detail.find("320 stored entries") !=
        std::string::npos);
  // C = 32, 4 entries side by side a lane asked for: widths of 9 would pad
  // to 12 (768 entries, a third more than 576): one a lane everywhere.
  const bool gpu = backends::Traits<Space>::is_gpu;
  const auto four = sell_table(32, 1, 0, 0, 4);
  CHECK(make_plan(exec, a.view(), o, four).summary().groups.at(0).detail.find("576 stored entries") !=
        std::string::npos);
  // Rows of 7 pad to 8 (a seventh more): 4 a lane on GPUs (512 entries), one a lane on CPUs (448).
  HostCsr<double, std::int64_t> h7;
  h7.num_rows = 64;
  h7.num_cols = 64;
  for (std::int32_t r = 0; r < 64; ++r) {
    for (std::int32_t c = 0; c < 7; ++c) {
      h7.col_indices.push_back((r + 9 * c) % 64);
      h7.values.push_back(0.25 + c);
    }
    h7.row_offsets.push_back(static_cast<std::int64_t>(h7.col_indices.size()));
  }
  const DeviceCsr<double, std::int64_t, typename Space::memory_space> a7(exec, h7);
  const auto detail = make_plan(exec, a7.view(), o, four).summary().groups.at(0).detail;
  INFO(detail);
  CHECK(detail.find(gpu ? "512 stored entries" : "448 stored entries") != std::string::npos);
  CHECK((detail.find("4 entries of a row side by side a lane") != std::string::npos) == gpu);
  CHECK_THROWS_AS(make_plan(exec, a.view(), o, sell_table(32, 1, 0, 0, 2)), Error);
  CHECK_THROWS_AS(make_plan(exec, a.view(), o, sell_table(32, 1, 0, 0, 1, 3)), Error);
}

TEMPLATE_LIST_TEST_CASE("a converted copy follows A's values: refresh_values and the handle", "[kernels][sell][api]",
                        Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  corpus::RandomCsrSpec s;
  s.rows = 500;
  s.cols = 400;
  s.lengths = corpus::RowLengths::geometric;
  s.mean = 6;
  s.seed = 17;
  const auto h = corpus::random_csr(s);
  Kokkos::View<std::int64_t*, Mem> off("off", h.row_offsets.size());
  Kokkos::View<std::int32_t*, Mem> col("col", h.col_indices.size());
  Kokkos::View<double*, Mem> val("val", h.values.size());
  auto offh = Kokkos::create_mirror_view(off);
  auto colh = Kokkos::create_mirror_view(col);
  auto valh = Kokkos::create_mirror_view(val);
  for (std::size_t i = 0; i < h.row_offsets.size(); ++i) offh(i) = h.row_offsets[i];
  for (std::size_t i = 0; i < h.col_indices.size(); ++i) {
    colh(i) = h.col_indices[i];
    valh(i) = h.values[i];
  }
  Kokkos::deep_copy(off, offh);
  Kokkos::deep_copy(col, colh);
  Kokkos::deep_copy(val, valh);
  using Matrix = CsrMatrix<double, std::int64_t, Mem>;
  const Matrix a(s.rows, s.cols, off, col, val);
  Kokkos::View<double*, Mem> x("x", s.cols), y("y", s.rows);
  Kokkos::deep_copy(x, 1.0);
  auto row_sums = [&](double scale) {  // A x with x = 1
    std::vector<double> sums(static_cast<std::size_t>(s.rows), 0.0);
    for (std::int32_t r = 0; r < s.rows; ++r)
      for (auto k = h.row_offsets[r]; k < h.row_offsets[r + 1]; ++k) sums[r] += scale * h.values[k];
    return sums;
  };
  auto max_error = [&](const std::vector<double>& expect) {
    auto yh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
    double e = 0;
    for (std::size_t i = 0; i < expect.size(); ++i) e = std::max(e, std::fabs(yh(i) - expect[i]));
    return e;
  };
  // A's values scaled, written from a host array of their own (a host mirror
  // of a host view is the view itself).
  auto set_values = [&](double scale) {
    Kokkos::View<double*, Kokkos::HostSpace> v("scaled", h.values.size());
    for (std::size_t i = 0; i < h.values.size(); ++i) v(i) = scale * h.values[i];
    Kokkos::deep_copy(val, v);
  };
  for (const Kernel k : {Kernel::sell, Kernel::ell, Kernel::jad, Kernel::dia, Kernel::tile8x4, Kernel::ell_bro}) {
    INFO(to_string(k));
    set_values(1.0);
    PlanOptions o;
    o.kernel = k;
    o.max_dia_fill = 1e9;  // a random matrix: DIA's refresh too, though it would not pay here
    const auto plan = make_plan(exec, a, o, sell_table(8, 64));
    CHECK(plan.holds_value_copy());
    SpmvHandle<Space, Matrix> handle(o, sell_table(8, 64));
    aspmv::spmv(exec, &handle, "N", 1.0, a, x, 0.0, y);
    exec.fence();
    CHECK(max_error(row_sums(1.0)) < 1e-9);
    set_values(3.0);                   // A's values change in place
    plan.apply(exec, 1.0, x, 0.0, y);  // the plan's copy is the old one
    exec.fence();
    CHECK(max_error(row_sums(1.0)) < 1e-9);
    plan.refresh_values(exec);
    plan.apply(exec, 1.0, x, 0.0, y);
    exec.fence();
    CHECK(max_error(row_sums(3.0)) < 1e-9);
    aspmv::spmv(exec, &handle, "N", 1.0, a, x, 0.0, y);  // the handle renews its copy by itself
    exec.fence();
    CHECK(max_error(row_sums(3.0)) < 1e-9);
  }
  // A CSR plan reads A where it is.
  PlanOptions csr;
  csr.kernel = Kernel::csr_scalar;
  CHECK_FALSE(make_plan(exec, a, csr).holds_value_copy());
}

TEMPLATE_LIST_TEST_CASE("jad stores one diagonal per entry of the longest row", "[kernels][sell]", Spaces) {
  using Space = TestType;
  Space exec;
  // Row lengths 3, 0, 7, 1, 7: 7 jagged diagonals, no padding: 12 bytes per
  // double nonzero, 8 per row (permutation, length), 8 per diagonal start
  // (and one for the end).
  HostCsr<double, std::int64_t> h;
  h.num_rows = 5;
  h.num_cols = 9;
  for (const std::int32_t n : {3, 0, 7, 1, 7}) {
    for (std::int32_t c = 0; c < n; ++c) {
      h.col_indices.push_back((2 * c + n) % 9);
      h.values.push_back(1.0 + c);
    }
    h.row_offsets.push_back(static_cast<std::int64_t>(h.col_indices.size()));
  }
  const DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, h);
  PlanOptions o;
  o.kernel = Kernel::jad;
  const auto plan = make_plan(exec, a.view(), o);
  INFO(plan.describe());
  CHECK(plan.summary().groups.at(0).detail.find("7 jagged diagonals, " + std::to_string(18 * 12 + 5 * 8 + 8 * 8) +
                                                " bytes") != std::string::npos);
  const auto r = run_plan<Space, double, std::int64_t>(h, o, SpmvCase{2.0, -1.0, false, 9}, 2);
  CHECK(r.comparison.within_bounds);
}

TEST_CASE("SELL's lanes on GPUs: 4 entries a lane where the padding allows, lanes a row from the matrix",
          "[kernels][sell]") {
  using impl::sell_lane_group;
  using impl::sell_row_parts;
  constexpr std::int64_t device = 270336;  // an H100's or H200's resident threads
  // 4 a lane where asked and the padding adds at most a quarter.
  CHECK(sell_lane_group(4, 800, 1000, 100, device) == 4);
  CHECK(sell_lane_group(4, 800, 1001, 100, device) == 1);
  CHECK(sell_lane_group(1, 800, 800, 100, device) == 1);
  CHECK(sell_lane_group(4, 800, 1000, 2 * device - 1, device) == 4);
  // Rows that fill the device twice: at most 2 % more.
  CHECK(sell_lane_group(4, 1000, 1020, 2 * device, device) == 4);
  CHECK(sell_lane_group(4, 1000, 1021, 2 * device, device) == 1);
  CHECK(sell_lane_group(1, 1000, 1000, 2 * device, device) == 1);
  // A device of unknown size: the quarter.
  CHECK(sell_lane_group(4, 800, 1000, 2 * device, 0) == 4);
  // Evict-first loads where asked and the footprint exceeds the share of the L2 (0 %: always).
  using impl::sell_load_hint;
  constexpr std::int64_t l2 = 50 << 20;
  CHECK(sell_load_hint(2, l2, l2, 85) == 2);
  CHECK(sell_load_hint(2, l2 * 85 / 100, l2, 85) == 0);
  CHECK(sell_load_hint(0, 4 * l2, l2, 85) == 0);
  CHECK(sell_load_hint(2, 1, l2, 0) == 2);
  CHECK(sell_load_hint(2, 4 * l2, 0, 85) == 0);  // an L2 of unknown size
  // The table's value wins.
  CHECK(sell_row_parts(4, 1000000, 5, 5000000, 4, device) == 4);
  CHECK(sell_row_parts(1, 730, 5000, 70000, 4, device) == 1);
  // 730 rows, a mean stored row of 96 (24 groups of 4): 8 lanes; of 8 (2 groups): 4 lanes, half a group each;
  // of 7: 2; of 3 (under a group): one.
  CHECK(sell_row_parts(0, 730, 96, 730 * 96, 4, device) == 8);
  CHECK(sell_row_parts(0, 730, 8, 730 * 8, 4, device) == 4);
  CHECK(sell_row_parts(0, 730, 7, 730 * 7, 4, device) == 2);
  CHECK(sell_row_parts(0, 730, 3, 730 * 3, 4, device) == 1);
  // Regular rows that fill the device: 135,168 rows of 64 take 1 lane doubled once (2 x 135,168 fits), 270,336 one.
  CHECK(sell_row_parts(0, device / 2, 64, device / 2 * 64, 1, device) == 2);
  CHECK(sell_row_parts(0, device, 64, device * 64, 1, device) == 1);
  // The same rows with a longest row 4 times the mean stored row: the critical path takes 8 lanes.
  CHECK(sell_row_parts(0, device, 256, device * 64, 1, device) == 8);
  CHECK(sell_row_parts(0, device, 255, device * 64, 1, device) == 1);
  // Rows that fill the device twice take one lane whatever their longest; the table's value still wins.
  CHECK(sell_row_parts(0, 2 * device - 1, 256, (2 * device - 1) * 64, 1, device) == 8);
  CHECK(sell_row_parts(0, 2 * device, 256, 2 * device * 64, 1, device) == 1);
  CHECK(sell_row_parts(4, 2 * device, 256, 2 * device * 64, 1, device) == 4);
  // No rows or no entries: one lane.
  CHECK(sell_row_parts(0, 0, 0, 0, 1, device) == 1);
  CHECK(sell_row_parts(0, 730, 0, 0, 4, device) == 1);
}
