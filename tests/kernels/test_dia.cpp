// DIA (kernels/dia.hpp) against the long-double reference on the matrices it
// is for (2-D and 3-D grids, bands with holes, rectangular and single-row
// matrices) and on every edge-case and random matrix (taken or refused by the
// memory guard, a defined result either way), every space, float and double,
// int32 and int64 offsets. Then what it must never do: read a hole (x holds
// Inf only where a hole would meet it), take duplicate entries, allocate past
// the guard; and what its plan says (diagonals, those without holes).

#include <catch2/catch.hpp>

#include "support/dia_rule_matrices.hpp"
#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/kernels/dia.hpp>
#include <aspmv/plan.hpp>
#include <backends/host/avx512_rows.hpp>
#include <predictors/format_rules.hpp>

#include <corpus/band.hpp>
#include <corpus/random_csr.hpp>
#include <corpus/stencil.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

// Appends a row of (column, value) pairs.
void add_row(HostCsr<double, std::int64_t>& h, std::initializer_list<std::pair<std::int32_t, double>> entries) {
  for (const auto& [c, v] : entries) {
    h.col_indices.push_back(c);
    h.values.push_back(v);
  }
  h.row_offsets.push_back(static_cast<std::int64_t>(h.col_indices.size()));
  ++h.num_rows;
}

// The matrices DIA is for first (own_matrices of them: never refused), then
// the edge cases and random ones.
constexpr std::size_t own_matrices = 8;
std::vector<corpus::NamedMatrix> dia_matrices() {
  std::vector<corpus::NamedMatrix> out;
  out.push_back({"stencil 2-D 5-point 13 x 11", corpus::stencil(13, 11, 1, 5)});
  // 2,800 rows: CPU blocks of 256 rows, and hole masks whose 32-row words are
  // full, empty or mixed (a hole every 70 rows on diagonals +-1).
  out.push_back({"stencil 2-D 5-point 70 x 40", corpus::stencil(70, 40, 1, 5)});
  // Each row's entries in descending column order: the fill finds every
  // entry's diagonal by search, not by walking up from the previous one.
  auto reversed = corpus::stencil(70, 40, 1, 5);
  for (std::int32_t r = 0; r < reversed.num_rows; ++r) {
    const auto b = reversed.row_offsets[std::size_t(r)], e = reversed.row_offsets[std::size_t(r) + 1];
    std::reverse(reversed.col_indices.begin() + b, reversed.col_indices.begin() + e);
    std::reverse(reversed.values.begin() + b, reversed.values.begin() + e);
  }
  out.push_back({"stencil 2-D 5-point 70 x 40, rows in descending column order", reversed});
  out.push_back({"stencil 3-D 27-point 6 x 5 x 4", corpus::stencil(6, 5, 4, 27)});
  out.push_back({"stencil 3-D 7-point 9 x 9 x 9", corpus::stencil(9, 9, 9, 7)});
  corpus::BandSpec b;
  b.rows = 700;
  b.half_width = 6;
  b.mean = 7;
  b.seed = 3;
  out.push_back({"band 700 w 6 (holes)", corpus::band(b)});
  HostCsr<double, std::int64_t> wide;  // 3 x 40: diagonals far right of the square
  wide.num_cols = 40;
  add_row(wide, {{0, 1.0}, {10, 2.0}, {39, -1.0}});
  add_row(wide, {{1, 3.0}, {11, 4.0}});
  add_row(wide, {{2, 5.0}, {12, 6.0}, {38, 0.5}});
  out.push_back({"3 x 40", wide});
  HostCsr<double, std::int64_t> tall;  // 40 x 3: diagonals far below
  tall.num_cols = 3;
  for (std::int32_t r = 0; r < 40; ++r) add_row(tall, {{r % 3, 1.0 + r}});
  out.push_back({"40 x 3", tall});
  for (auto& m : corpus::edge_case_matrices(37)) out.push_back(std::move(m));
  std::uint64_t seed = 50;
  for (const auto lengths : {corpus::RowLengths::uniform, corpus::RowLengths::zipf})
    for (const std::int32_t rows : {1, 37, 300}) {
      corpus::RandomCsrSpec s;
      s.rows = rows;
      s.cols = rows + 5;
      s.lengths = lengths;
      s.mean = 4;
      s.spread = lengths == corpus::RowLengths::zipf ? 1.6 : 3;
      s.sorted = seed % 2 == 0;
      s.duplicates = seed % 3 == 0;
      s.seed = seed++;
      out.push_back({corpus::name(s), corpus::random_csr(s)});
    }
  return out;
}

// Diagonals -1, 0, +1 of a 3 x 3 matrix; (0, 1) and (2, 1) are holes of
// diagonals +1 and -1. With x(1) = Inf (x_inf_behind_holes) a hole read
// would make y(0) and y(2) NaN, and 0 * Inf nowhere else.
HostCsr<double, std::int64_t> holed_3x3() {
  HostCsr<double, std::int64_t> h;
  h.num_cols = 3;
  add_row(h, {{0, 1.0}});
  add_row(h, {{0, 2.0}, {1, 3.0}, {2, 4.0}});
  add_row(h, {{2, 5.0}});
  return h;
}

template <class Mem>
Kokkos::View<double*, Mem> x_inf_behind_holes() {
  Kokkos::View<double*, Mem> x("x", 3);
  auto xh = Kokkos::create_mirror_view(x);
  xh(0) = 1.0;
  xh(1) = std::numeric_limits<double>::infinity();
  xh(2) = 1.0;
  Kokkos::deep_copy(x, xh);
  return x;
}

// y = A x of those two (beta 0), read back: 1, Inf, 5.
template <class Space, class YView>
void check_holes_skipped(const Space& exec, const YView& y) {
  exec.fence();
  const auto yh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
  CHECK(yh(0) == 1.0);
  CHECK(std::isinf(yh(1)));
  CHECK(yh(2) == 5.0);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("dia equals the reference on grids, bands and every matrix it takes", "[kernels][dia]",
                        Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  const SpmvCase cases[] = {{1.0, 0.0, true, 3}, {-1.5, 2.0, false, 4}, {0.0, 0.5, false, 5}};
  PlanOptions o;
  o.kernel = Kernel::dia;
  o.max_dia_fill = 1e9;  // the kernel on every matrix, not only where it pays: the memory guard still refuses
  const auto matrices = dia_matrices();
  // The CPU paths: the portable loop (host_row_simd 0) and the AVX-512 lanes
  // where the CPU has them (2), on the pool or on one thread per 500 stored
  // values (host_thread_nnz); GPUs ignore both.
  for (const auto& [simd, thread_nnz] : {std::pair{0, 0}, std::pair{2, 0}, std::pair{2, 500}, std::pair{0, 500}}) {
    ArchTable table = arch_table();
    table.parameters.host_row_simd = simd;
    table.parameters.host_thread_nnz = thread_nnz;
    for (std::size_t i = 0; i < matrices.size(); ++i) {
      const auto& m = matrices[i];
      for (const auto& c : cases) {
        const auto r = run_plan<Space, Value, Offset>(m.matrix, o, c, 2, &table);
        INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", alpha " << c.alpha << ", beta "
                      << c.beta << ", host_row_simd " << simd << ", host_thread_nnz " << thread_nnz << "\n"
                      << r.description);
        CHECK(r.comparison.within_bounds);
        if (i < own_matrices) CHECK(r.refused.empty());  // what DIA is for is never refused
        if (!r.refused.empty()) continue;
        const bool lanes = !backends::Traits<Space>::is_gpu && simd == 2 && backends::host::avx512_rows_available();
        CHECK((r.description.find("rows in AVX-512 lanes") != std::string::npos) == lanes);
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("dia never reads a hole and refuses duplicates", "[kernels][dia]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  const DeviceCsr<double, std::int64_t, Mem> a(exec, holed_3x3());
  PlanOptions o;
  o.kernel = Kernel::dia;
  o.max_dia_fill = 2.0;  // 9 slots for 5 nonzeros
  const auto x = x_inf_behind_holes<Mem>();
  Kokkos::View<double*, Mem> y("y", 3);
  for (const int simd : {0, 2}) {  // CPUs: the portable loop's bitwise selects and the AVX-512 masked lanes
    ArchTable table = arch_table();
    table.parameters.host_row_simd = simd;
    const auto plan = make_plan(exec, a.view(), o, table);
    INFO(plan.describe());
    CHECK(plan.summary().groups.at(0).detail.find("DIA: 3 diagonals (1 without holes)") != std::string::npos);
    plan.apply(exec, 1.0, x, 0.0, y);
    check_holes_skipped(exec, y);
  }

  // Two entries at (1, 1): refused with the count, never summed into one slot.
  HostCsr<double, std::int64_t> d;
  d.num_cols = 3;
  add_row(d, {{0, 1.0}});
  add_row(d, {{1, 3.0}, {1, 4.0}});
  add_row(d, {{2, 5.0}});
  const DeviceCsr<double, std::int64_t, Mem> dup(exec, d);
  try {
    (void)make_plan(exec, dup.view(), o);
    FAIL("the DIA conversion of a matrix with a duplicate entry was not refused");
  } catch (const FormatRefused& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("1 duplicate entries") != std::string::npos);
  }
}

TEMPLATE_LIST_TEST_CASE("dia's memory guard and its plan's description", "[kernels][dia]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  // A 5-point grid of 20 x 15: 5 diagonals, the main one and +-20 without
  // holes, +-1 broken at every grid row's end.
  const DeviceCsr<double, std::int64_t, Mem> grid(exec, corpus::stencil(20, 15, 1, 5));
  PlanOptions o;
  o.kernel = Kernel::dia;
  const auto plan = make_plan(exec, grid.view(), o);
  INFO(plan.describe());
  CHECK(plan.summary().groups.at(0).detail.find("DIA: 5 diagonals (3 without holes), 1500 stored values") !=
        std::string::npos);
  // A random matrix spreads its entries over hundreds of diagonals: its
  // slots would be far more than 1.5x its nonzeros, refused by the fill
  // limit; without it, under the 64 MiB floor it converts; with the floor at
  // 0 the 3x factor refuses it before the values are allocated.
  corpus::RandomCsrSpec s;
  s.rows = 400;
  s.cols = 400;
  s.mean = 3;
  s.seed = 8;
  const DeviceCsr<double, std::int64_t, Mem> random(exec, corpus::random_csr(s));
  try {
    (void)make_plan(exec, random.view(), o);
    FAIL("the DIA conversion of a random matrix was not refused by the fill limit");
  } catch (const FormatRefused& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("max_dia_fill") != std::string::npos);
  }
  o.max_dia_fill = 1e9;
  CHECK_NOTHROW(make_plan(exec, random.view(), o));
  o.format_growth_floor_bytes = 0;
  try {
    (void)make_plan(exec, random.view(), o);
    FAIL("the DIA conversion of a random matrix was not refused");
  } catch (const FormatRefused& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("the DIA conversion is refused") != std::string::npos);
    CHECK(what.find("max_format_growth") != std::string::npos);
  }
  CHECK_NOTHROW(make_plan(exec, grid.view(), o));  // a grid fits at any floor
}

TEMPLATE_LIST_TEST_CASE("dia takes a strided x: a column of a LayoutRight multivector", "[kernels][dia]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  // A 5-point grid of 70 x 40 (integer values, integer x: every sum exact),
  // x the middle column of a LayoutRight n x 3 view (stride 3).
  const auto h = corpus::stencil(70, 40, 1, 5);
  const DeviceCsr<double, std::int64_t, Mem> a(exec, h);
  PlanOptions o;
  o.kernel = Kernel::dia;
  const auto plan = make_plan(exec, a.view(), o);
  const std::int64_t n = h.num_rows;
  Kokkos::View<double**, Kokkos::LayoutRight, Mem> xs("xs", n, 3);
  Kokkos::View<double*, Mem> y("y", n);
  auto xh = Kokkos::create_mirror_view(xs);
  for (std::int64_t i = 0; i < n; ++i)
    for (int j = 0; j < 3; ++j) xh(i, j) = j == 1 ? double(i % 7 - 3) : std::numeric_limits<double>::quiet_NaN();
  Kokkos::deep_copy(xs, xh);
  const auto x = Kokkos::subview(xs, Kokkos::ALL, 1);
  static_assert(std::is_same_v<typename decltype(x)::array_layout, Kokkos::LayoutStride>);
  plan.apply(exec, 1.0, x, 0.0, y);
  exec.fence();
  const auto yh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
  std::int64_t wrong = 0;
  for (std::int64_t r = 0; r < n; ++r) {
    double want = 0;
    for (auto j = h.row_offsets[r]; j < h.row_offsets[r + 1]; ++j)
      want += h.values[j] * double(h.col_indices[j] % 7 - 3);
    wrong += yh(r) == want ? 0 : 1;
  }
  CHECK(wrong == 0);
}

// The GPU apply's body (one to four rows a thread, 32 apart) is plain code:
// run here on every space, host ones included, on every matrix DIA takes.
TEMPLATE_LIST_TEST_CASE("dia's GPU rows, 1, 2 and 4 a thread, equal the reference on every space", "[kernels][dia]",
                        Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  PlanOptions o;
  o.kernel = Kernel::dia;
  o.max_dia_fill = 1e9;
  const auto matrices = dia_matrices();
  for (const int rows : {1, 2, 4}) {
    std::size_t taken = 0;
    for (const auto& m : matrices) {
      bool refused = false;  // the memory guard's defined result (tested above): the matrix is skipped
      const auto out = run_launches<Space, Value, Offset>(
          m.matrix, -1.5, 0.5, 1, 11,
          [&](const Space& e, const auto& a, Value alpha, const auto& x, Value beta, const auto& y) {
            try {
              const impl::DiaStep<Space, std::decay_t<decltype(a)>> step(e, a, o, rows);
              CHECK(step.rows_per_thread() == rows);
              impl::dia_apply_rows(e, step.rows_per_thread(), step.view(), alpha, x, beta, y);
            } catch (const FormatRefused&) {
              refused = true;
            }
          });
      if (refused) continue;
      ++taken;
      INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", " << rows << " rows a thread");
      CHECK(out.comparison.within_bounds);
    }
    CHECK(taken >= own_matrices);
  }
}

TEMPLATE_LIST_TEST_CASE("dia's GPU rows never read a hole, on every space", "[kernels][dia]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  // The hole test's matrix and x through the GPU body, 1, 2 and 4 rows a thread.
  const DeviceCsr<double, std::int64_t, Mem> a(exec, holed_3x3());
  PlanOptions o;
  o.max_dia_fill = 2.0;
  const auto x = x_inf_behind_holes<Mem>();
  Kokkos::View<double*, Mem> y("y", 3);
  for (const int rows : {1, 2, 4}) {
    const impl::DiaStep<Space, std::decay_t<decltype(a.view())>> step(exec, a.view(), o, rows);
    impl::dia_apply_rows(exec, rows, step.view(), 1.0, x, 0.0, y);
    INFO(rows << " rows a thread");
    check_holes_skipped(exec, y);
  }
}

TEMPLATE_LIST_TEST_CASE("dia's plan takes its GPU rows a thread from the table", "[kernels][dia]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  const DeviceCsr<double, std::int64_t, Mem> grid(exec, corpus::stencil(70, 40, 1, 5));
  PlanOptions o;
  o.kernel = Kernel::dia;
  for (const int rows : {1, 2, 4}) {
    ArchTable table = arch_table();
    table.parameters.dia_rows_per_thread = rows;
    const auto plan = make_plan(exec, grid.view(), o, table);
    INFO(plan.describe());
    const bool says = plan.describe().find(std::to_string(rows) + " rows a thread") != std::string::npos;
    CHECK(says == backends::Traits<Space>::is_gpu);
  }
}

TEST_CASE("dia's GPU rows a thread when the table leaves them open: 16 bytes of values, the device kept full",
          "[kernels][dia]") {
  CHECK(impl::dia_gpu_rows_per_thread(4000, 1000, 4) == 4);  // float: up to 4
  CHECK(impl::dia_gpu_rows_per_thread(3999, 1000, 4) == 2);
  CHECK(impl::dia_gpu_rows_per_thread(2000, 1000, 4) == 2);
  CHECK(impl::dia_gpu_rows_per_thread(1999, 1000, 4) == 1);
  CHECK(impl::dia_gpu_rows_per_thread(0, 1000, 4) == 1);
  CHECK(impl::dia_gpu_rows_per_thread(400000, 1000, 8) == 2);  // double: up to 2
  CHECK(impl::dia_gpu_rows_per_thread(1999, 1000, 8) == 1);
}

// predictors/format_rules.hpp: where no format model prices the formats (here
// the rules selector), a CPU plan with allow_conversion converts A to DIA when
// it is large enough and the bytes saved over the expected calls pay for the
// conversion; DIA's guard refuses A beyond the fill that pays, and the
// kernel choice stands. GPUs: never by rule.
TEMPLATE_LIST_TEST_CASE("the DIA rule converts a grid where it pays, on CPUs, with allow_conversion",
                        "[kernels][dia][rules]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  const bool cpu = !backends::Traits<Space>::is_gpu;
  // A 5-point grid just above the size floor of this space's threads, and its scattered twin.
  const auto rule_matrices = dia_rule_matrices_for(exec);
  const auto& grid = rule_matrices.grid;
  const auto& scattered = rule_matrices.scattered;
  PlanOptions o;
  o.selector = Selector::rules;
  o.allow_conversion = true;
  const auto plan_of = [&](const HostCsr<double, std::int64_t>& h, const PlanOptions& options) {
    DeviceCsr<double, std::int64_t, Mem> a(exec, h);
    return make_plan(exec, a.view(), options);
  };
  {
    const auto plan = plan_of(grid, o);
    INFO(plan.describe());
    CHECK((plan.summary().kernel == Kernel::dia) == cpu);
    CHECK(plan.holds_value_copy() == cpu);
    if (cpu) {
      CHECK(plan.summary().why.find("DIA rule: pays over 100 calls up to ") == 0);
      CHECK(plan.summary().why.find("in place of csr_scalar (rule: even rows on a CPU)") != std::string::npos);
    }
    CHECK(run_plan<Space, double, std::int64_t>(grid, o, SpmvCase{1.0, 0.5, false, 7}, 2).comparison.within_bounds);
    CHECK(run_plan<Space, float, std::int32_t>(grid, o, SpmvCase{-2.0, 0.0, true, 8}, 2).comparison.within_bounds);
  }
  {  // not allowed: never
    PlanOptions keep = o;
    keep.allow_conversion = false;
    const auto plan = plan_of(grid, keep);
    CHECK(plan.summary().kernel != Kernel::dia);
    CHECK_FALSE(plan.holds_value_copy());
  }
  {  // too few calls to pay for the conversion
    PlanOptions few = o;
    few.expected_calls = 20;
    const auto plan = plan_of(grid, few);
    INFO(plan.describe());
    CHECK(plan.summary().kernel != Kernel::dia);
    if (cpu) CHECK(plan.summary().why.find("no diagonal layout pays for the conversion") != std::string::npos);
  }
  {  // below the floor
    const auto plan = plan_of(corpus::stencil(8, 8, 1, 5), o);
    INFO(plan.describe());
    CHECK(plan.summary().kernel != Kernel::dia);
    if (cpu) CHECK(plan.summary().why.find("nonzeros < ") != std::string::npos);
  }
  {  // as large, but scattered: the guard refuses at the rule's fill, the kernel choice stands
    const auto plan = plan_of(scattered, o);
    INFO(plan.describe());
    CHECK(plan.summary().kernel != Kernel::dia);
    CHECK_FALSE(plan.holds_value_copy());
    if (cpu)
      CHECK(plan.summary().why.find(
                "(the conversions proposed were refused; dia refused: aspmv: the DIA conversion is refused") !=
            std::string::npos);
    CHECK(
        run_plan<Space, double, std::int64_t>(scattered, o, SpmvCase{1.0, 1.0, false, 3}, 1).comparison.within_bounds);
  }
}
