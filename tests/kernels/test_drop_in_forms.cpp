// The drop-in's other forms, over every enabled space, float and double,
// int32 and int64 offsets: modes "N", "T", "C", "H" (drop-in scatter,
// transposed plans, the handle), rank-2 x and y in LayoutLeft and
// LayoutRight with 1 to 35 vectors, A^T built on the device (exactly the
// host transpose, the same bits every build), refresh_values, and the
// argument checks.

#include <catch2/catch.hpp>

#include "support/forms_check.hpp"
#include "support/small_table.hpp"
#include "support/spaces.hpp"

#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/spmv.hpp>
#include <aspmv/spmv_handle.hpp>
#include <aspmv/transpose.hpp>

#include <corpus/random_csr.hpp>

#include <cstdint>
#include <limits>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

// Rectangular random matrices with short, uneven and long rows.
std::vector<corpus::NamedMatrix> random_form_matrices() {
  std::vector<corpus::NamedMatrix> m;
  corpus::RandomCsrSpec s;
  s.rows = 700;
  s.cols = 450;
  s.mean = 6;
  s.seed = 5;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  s.rows = 300;
  s.cols = 2100;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 20;
  s.spread = 1.5;
  s.max_row = 2100;
  s.seed = 6;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  m.push_back({"short-rows-with-3-rows-of-1500", corpus::short_rows_with_long_rows(2000, 3, 1500, 8)});
  return m;
}

// The edge cases, then the random matrices.
std::vector<corpus::NamedMatrix> form_matrices() {
  auto m = corpus::edge_case_matrices(31);
  for (auto& r : random_form_matrices()) m.push_back(std::move(r));
  return m;
}

const FormCase coefficient_cases[] = {{Mode::normal, 1, 1.5, -1.0, false, 3},
                                      {Mode::normal, 1, 1.0, 0.0, true, 4},
                                      {Mode::normal, 1, 0.0, 2.0, false, 5}};

// x and y as rank-1 views (column 0) for the call.
template <class F>
auto rank1(const F& f) {
  return [f](const auto& exec, const auto& a, const auto& x, const auto& y) {
    f(exec, a, Kokkos::subview(x, Kokkos::ALL(), 0), Kokkos::subview(y, Kokkos::ALL(), 0));
  };
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("the drop-in in every mode equals the reference", "[kernels][api][modes]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  for (const auto& m : form_matrices())
    for (const char* mode : {"N", "T", "C", "H", "n", "t"})
      for (FormCase c : coefficient_cases) {
        c.mode = parse_mode(mode);
        const auto r = check_form<Space, Value, typename TestType::offset, Kokkos::LayoutLeft>(
            m.matrix, c, rank1([&](const auto& exec, const auto& a, const auto& x, const auto& y) {
              aspmv::spmv(exec, mode, Value(c.alpha), a, x, Value(c.beta), y);
            }));
        INFO(m.name << ", mode " << mode << ", alpha " << c.alpha << ", beta " << c.beta << ": " << r.failure);
        CHECK(r.ok);
      }
}

namespace {

// x and y with 1 to 35 columns, both layouts, both modes: the drop-in, a
// plan and a transposed plan; for "N" also both shapes of the multivector
// kernel forced, with and without the team pass over long rows.
template <class Config>
void check_multivectors(const std::vector<corpus::NamedMatrix>& matrices) {
  using Space = typename Config::space;
  using Value = typename Config::value;
  using Offset = typename Config::offset;
  for (const auto& m : matrices)
    for (const int k : {1, 2, 3, 4, 8, 9, 16, 17, 35})
      for (const Mode mode : {Mode::normal, Mode::transpose}) {
        const FormCase c{mode, k, -0.75, k % 2 ? 0.0 : 1.25, k % 2 == 1, std::uint64_t(40 + k)};
        auto drop_in = [&](const auto& exec, const auto& a, const auto& x, const auto& y) {
          aspmv::spmv(exec, to_string(mode), Value(c.alpha), a, x, Value(c.beta), y);
        };
        auto plan = [&](const auto& exec, const auto& a, const auto& x, const auto& y) {
          PlanOptions o;
          o.mode = mode;
          make_plan(exec, a, o).apply(exec, Value(c.alpha), x, Value(c.beta), y);
        };
        const auto left = check_form<Space, Value, Offset, Kokkos::LayoutLeft>(m.matrix, c, drop_in);
        const auto right = check_form<Space, Value, Offset, Kokkos::LayoutRight>(m.matrix, c, drop_in);
        const auto planned = check_form<Space, Value, Offset, Kokkos::LayoutRight>(m.matrix, c, plan);
        INFO(m.name << ", " << k << " vectors, mode " << to_string(mode) << ", beta " << c.beta);
        INFO("LayoutLeft: " << left.failure << "; LayoutRight: " << right.failure << "; plan: " << planned.failure);
        CHECK(left.ok);
        CHECK(right.ok);
        CHECK(planned.ok);
        if (mode == Mode::transpose) continue;
        // Both shapes of the kernel, whichever the mean row length picks,
        // without and with the team pass over long rows (long_row 0: every
        // non-empty row is its team's; 3: a mix; on CPUs a team of one).
        for (const auto shape : {impl::MultivectorShape::columns, impl::MultivectorShape::entries})
          for (const std::int64_t long_row : {impl::no_long_rows, std::int64_t(0), std::int64_t(3)}) {
            const impl::MultivectorLaunch launch{shape, 4, long_row};
            auto forced = [&](const auto& exec, const auto& a, const auto& x, const auto& y) {
              const impl::InputVector<std::decay_t<decltype(x)>> xr = x;
              impl::launch_csr_multivector(exec, a, arch_table().parameters, launch, Value(c.alpha), xr, Value(c.beta),
                                           impl::output_vector(y));
            };
            const auto r = check_form<Space, Value, Offset, Kokkos::LayoutLeft>(m.matrix, c, forced);
            INFO((shape == impl::MultivectorShape::columns ? "lanes over columns" : "lanes over entries")
                 << ", long rows above " << (long_row == impl::no_long_rows ? -1 : long_row) << ": " << r.failure);
            CHECK(r.ok);
          }
      }
}

}  // namespace

// Split in two so each half runs under compute-sanitizer's racecheck within
// one device call.
TEMPLATE_LIST_TEST_CASE("multivectors on the edge cases: the drop-in, plans and transposed plans equal the reference",
                        "[kernels][api][multivector]", Configs) {
  check_multivectors<TestType>(corpus::edge_case_matrices(31));
}

TEMPLATE_LIST_TEST_CASE("multivectors on random matrices: the drop-in, plans and transposed plans equal the reference",
                        "[kernels][api][multivector]", Configs) {
  check_multivectors<TestType>(random_form_matrices());
}

TEMPLATE_LIST_TEST_CASE("transposed plans of every kernel equal the reference", "[kernels][api][transpose]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  std::vector<Kernel> kernels(std::begin(all_kernels), std::end(all_kernels));
  kernels.push_back(Kernel::automatic);
  for (const auto& m : form_matrices())
    for (const auto k : kernels)
      for (const bool deterministic : {false, true}) {
        PlanOptions o;
        o.kernel = k;
        o.deterministic = deterministic;
        o.mode = Mode::transpose;
        for (FormCase c : coefficient_cases) {
          c.mode = Mode::transpose;
          std::string description;
          const auto r = check_form<Space, Value, typename TestType::offset, Kokkos::LayoutLeft>(
              m.matrix, c, rank1([&](const auto& exec, const auto& a, const auto& x, const auto& y) {
                const auto made = make_plan_unless_refused(exec, a, o);
                if (!made) {  // a format's guard refused A^T (a defined result): y from CSR-scalar's A^T
                  PlanOptions scalar = o;
                  scalar.kernel = Kernel::csr_scalar;
                  description = "refused";
                  make_plan(exec, a, scalar).apply(exec, Value(c.alpha), x, Value(c.beta), y);
                  return;
                }
                const auto& plan = *made;
                description = plan.describe();
                CHECK(plan.mode() == Mode::transpose);
                plan.apply(exec, Value(c.alpha), x, Value(c.beta), y);
              }));
          INFO(m.name << ", " << to_string(k) << (deterministic ? "/deterministic" : "") << ", alpha " << c.alpha
                      << ", beta " << c.beta << ": " << r.failure << "\n"
                      << description);
          CHECK(r.ok);
        }
      }
}

TEMPLATE_LIST_TEST_CASE("A^T built on the device is the host transpose, bit for bit, every build",
                        "[kernels][transpose]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  using Mem = typename Space::memory_space;
  Space exec;
  auto matrices = form_matrices();
  corpus::RandomCsrSpec wide;  // more than 2^16 columns: three radix passes
  wide.rows = 500;
  wide.cols = 300000;
  wide.mean = 40;
  wide.seed = 9;
  matrices.push_back({corpus::name(wide), corpus::random_csr(wide)});
  for (const auto& m : matrices) {
    DeviceCsr<Value, Offset, Mem> a(exec, m.matrix);
    const auto expect = transposed(convert<Value, Offset>(m.matrix));
    for (int build = 0; build < 2; ++build) {
      const auto t = transpose(exec, a.view());
      exec.fence();
      const auto& v = t.view();
      auto off = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v.row_offsets());
      auto col = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v.col_indices());
      auto val = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v.values());
      INFO(m.name << ", build " << build);
      REQUIRE(v.num_rows() == expect.num_rows);
      REQUIRE(v.num_cols() == expect.num_cols);
      REQUIRE(off.extent(0) == expect.row_offsets.size());
      REQUIRE(col.extent(0) == expect.col_indices.size());
      bool same = true;
      for (std::size_t i = 0; i < off.extent(0); ++i) same = same && off(i) == expect.row_offsets[i];
      for (std::size_t i = 0; i < col.extent(0); ++i)
        same = same && col(i) == expect.col_indices[i] && val(i) == expect.values[i];
      CHECK(same);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("values changed in place: refresh_values, and the handle's transpose follows them",
                        "[kernels][api][transpose]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  corpus::RandomCsrSpec s;
  s.rows = 900;
  s.cols = 600;
  s.mean = 7;
  s.seed = 12;
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
  const CsrMatrix<double, std::int64_t, Mem> a(s.rows, s.cols, off, col, val);
  Kokkos::View<double*, Mem> x("x", s.rows), y("y", s.cols);
  Kokkos::deep_copy(x, 1.0);
  // A^T x with x = 1: column sums of A.
  auto column_sums = [&](double scale) {
    std::vector<double> sums(static_cast<std::size_t>(s.cols), 0.0);
    for (std::size_t k = 0; k < h.col_indices.size(); ++k) sums[h.col_indices[k]] += scale * h.values[k];
    return sums;
  };
  auto max_error = [&](const std::vector<double>& expect) {
    auto yh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
    double e = 0;
    for (std::size_t i = 0; i < expect.size(); ++i) e = std::max(e, std::fabs(yh(i) - expect[i]));
    return e;
  };
  PlanOptions o;
  o.mode = Mode::transpose;
  const auto plan = make_plan(exec, a, o);
  // The handle's two paths for "T": A^T (refreshed), the scatter (reads A).
  SpmvHandle<Space, CsrMatrix<double, std::int64_t, Mem>> handle(PlanOptions{}, transpose_table(0));
  SpmvHandle<Space, CsrMatrix<double, std::int64_t, Mem>> scatter(PlanOptions{}, transpose_table(always_scatter));
  aspmv::spmv(exec, &handle, "T", 1.0, a, x, 0.0, y);
  exec.fence();
  CHECK(max_error(column_sums(1.0)) < 1e-9);
  aspmv::spmv(exec, &scatter, "T", 1.0, a, x, 0.0, y);
  exec.fence();
  CHECK(max_error(column_sums(1.0)) < 1e-9);
  CHECK(!handle.scatters_transpose());
  CHECK(scatter.scatters_transpose());
  for (std::size_t i = 0; i < valh.extent(0); ++i) valh(i) *= 3.0;  // A's values change in place
  Kokkos::deep_copy(val, valh);
  plan.apply(exec, 1.0, x, 0.0, y);  // the plan's copy of the values is the old one
  exec.fence();
  CHECK(max_error(column_sums(1.0)) < 1e-9);
  plan.refresh_values(exec);
  plan.apply(exec, 1.0, x, 0.0, y);
  exec.fence();
  CHECK(max_error(column_sums(3.0)) < 1e-9);
  aspmv::spmv(exec, &handle, "T", 1.0, a, x, 0.0, y);  // the handle refreshes by itself
  exec.fence();
  CHECK(max_error(column_sums(3.0)) < 1e-9);
  aspmv::spmv(exec, &scatter, "T", 1.0, a, x, 0.0, y);
  exec.fence();
  CHECK(max_error(column_sums(3.0)) < 1e-9);
}

TEMPLATE_LIST_TEST_CASE("the handle form: one plan per mode, made once, for one matrix", "[kernels][api][handle]",
                        Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  using Mem = typename Space::memory_space;
  using Matrix = CsrMatrix<Value, Offset, Mem>;
  // "T" by A^T always, by scatter always, and by either as the longest column decides.
  for (const std::int64_t limit : {std::int64_t(0), std::int64_t(8), always_scatter})
    for (const auto& m : form_matrices())
      for (const Mode mode : {Mode::normal, Mode::transpose})
        for (const int k : {1, 5}) {
          SpmvHandle<Space, Matrix> handle(PlanOptions{}, transpose_table(limit));
          const FormCase c{mode, k, 2.0, -0.5, false, 77};
          auto call = [&](const auto& exec, const auto& a, const auto& x, const auto& y) {
            // The first call (which makes the plan) writes a scratch copy; the second is checked.
            using YType = std::decay_t<decltype(y)>;
            YType scratch("scratch", y.extent(0), y.extent(1));
            auto once = [&](const YType& target) {
              if (k == 1)
                aspmv::spmv(exec, &handle, to_string(mode), Value(c.alpha), a, Kokkos::subview(x, Kokkos::ALL(), 0),
                            Value(c.beta), Kokkos::subview(target, Kokkos::ALL(), 0));
              else
                aspmv::spmv(exec, &handle, to_string(mode), Value(c.alpha), a, x, Value(c.beta), target);
            };
            once(scratch);
            once(y);
          };
          const auto r = check_form<Space, Value, Offset, Kokkos::LayoutLeft>(m.matrix, c, call);
          const bool scatters = mode == Mode::transpose && limit > 0 && max_column_nnz(m.matrix) <= limit;
          INFO(m.name << ", mode " << to_string(mode) << ", " << k << " vectors, scatter up to " << limit
                      << " per column: " << r.failure);
          CHECK(r.ok);
          CHECK(handle.scatters_transpose() == scatters);
          CHECK(handle.has_plan(mode) == !scatters);
          CHECK(!handle.has_plan(mode == Mode::normal ? Mode::transpose : Mode::normal));
        }
}

TEMPLATE_LIST_TEST_CASE("modes, multivectors and handles check their arguments", "[kernels][api]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  corpus::RandomCsrSpec s;
  s.rows = 30;
  s.cols = 20;
  s.mean = 3;
  DeviceCsr<double, int, Mem> a(exec, corpus::random_csr(s)), b(exec, corpus::random_csr(s));
  Kokkos::View<double*, Mem> x20("x20", 20), x30("x30", 30), y20("y20", 20), y30("y30", 30);
  Kokkos::View<double**, Mem> X("X", 20, 3), Y("Y", 30, 4);
  CHECK_THROWS_WITH(aspmv::spmv(exec, "X", 1.0, a.view(), x20, 0.0, y30), Catch::Contains("mode 'X'"));
  CHECK_THROWS_WITH(aspmv::spmv(exec, "NN", 1.0, a.view(), x20, 0.0, y30), Catch::Contains("mode 'NN'"));
  CHECK_THROWS_WITH(aspmv::spmv(exec, "T", 1.0, a.view(), x20, 0.0, y30),
                    Catch::Contains("x has 20 entries, A^T has 30 columns"));
  CHECK_NOTHROW(aspmv::spmv(exec, "T", 1.0, a.view(), x30, 0.0, y20));
  CHECK_THROWS_WITH(aspmv::spmv(exec, 1.0, a.view(), X, 0.0, Y), Catch::Contains("x has 3 columns (vectors), y has 4"));
  SpmvHandle<Space, CsrMatrix<double, int, Mem>> handle;
  CHECK_THROWS_WITH(aspmv::spmv(exec, static_cast<decltype(&handle)>(nullptr), "N", 1.0, a.view(), x20, 0.0, y30),
                    Catch::Contains("handle is null"));
  aspmv::spmv(exec, &handle, "N", 1.0, a.view(), x20, 0.0, y30);
  CHECK_THROWS_WITH(aspmv::spmv(exec, &handle, "N", 1.0, b.view(), x20, 0.0, y30), Catch::Contains("another matrix"));
  PlanOptions o;
  o.mode = Mode::transpose;
  const auto plan = make_plan(exec, a.view(), o);
  CHECK_THROWS_WITH(plan.apply(exec, 1.0, x20, 0.0, y30), Catch::Contains("A^T has 30 columns"));
  // A column index out of range: the handle's "T" refuses A on either path
  // (the scatter would write outside y, the transpose outside A^T).
  Kokkos::View<int*, Mem> off("off", 3), col("col", 2);
  Kokkos::View<double*, Mem> val("val", 2);
  auto offh = Kokkos::create_mirror_view(off);
  auto colh = Kokkos::create_mirror_view(col);
  offh(0) = 0;
  offh(1) = 1;
  offh(2) = 2;
  colh(0) = 1;
  colh(1) = 25;
  Kokkos::deep_copy(off, offh);
  Kokkos::deep_copy(col, colh);
  const CsrMatrix<double, int, Mem> bad(2, 20, off, col, val);
  Kokkos::View<double*, Mem> x2("x2", 2);
  for (const std::int64_t limit : {std::int64_t(0), always_scatter}) {
    SpmvHandle<Space, CsrMatrix<double, int, Mem>> h(PlanOptions{}, transpose_table(limit));
    CHECK_THROWS_WITH(aspmv::spmv(exec, &h, "T", 1.0, bad, x2, 0.0, y20), Catch::Contains("invalid CSR matrix"));
  }
  exec.fence();
}
