// Large and special matrices, determinism, the drop-in calls and the
// argument checks, over every enabled execution space.

#include <catch2/catch.hpp>

#include "support/small_table.hpp"
#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/spmv.hpp>

#include <corpus/random_csr.hpp>

#include <cmath>
#include <cstring>
#include <limits>

#if defined(ASPMV_HAVE_KOKKOS_KERNELS)
#include <KokkosSparse_CrsMatrix.hpp>
#include <KokkosSparse_spmv.hpp>
#endif

using namespace aspmv;
using namespace aspmv::testing;

namespace {

// Every registered kernel and the automatic choice.
std::vector<Kernel> every_kernel() {
  std::vector<Kernel> k(std::begin(all_kernels), std::end(all_kernels));
  k.push_back(Kernel::automatic);
  return k;
}

template <class Space>
void check_every_kernel(const corpus::NamedMatrix& m, const ArchTable* table) {
  for (const auto k : every_kernel())
    for (const bool deterministic : {false, true}) {
      PlanOptions o;
      o.kernel = k;
      o.deterministic = deterministic;
      for (const SpmvCase c : {SpmvCase{1.0, 0.0, true, 3}, SpmvCase{-1.5, 2.0, false, 4}}) {
        const auto r = run_plan<Space, double, std::int64_t>(m.matrix, o, c, 1, table);
        INFO(m.name << ", " << to_string(k) << (deterministic ? "/deterministic" : "") << ", beta " << c.beta << "\n"
                    << r.description);
        INFO("worst row " << r.comparison.worst_row << " at " << r.comparison.worst_ratio << " x bound");
        CHECK(r.comparison.within_bounds);
      }
    }
}

template <class Plan, class Space, class X, class Y>
void apply_group_out_of_range(const Plan& plan, const Space& exec, const X& x, const Y& y) {
  plan.apply_group(plan.num_groups(), exec, 1.0, x, 0.0, y);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("a row of more than 1M nonzeros", "[kernels][large]", Spaces) {
  const corpus::NamedMatrix m{"one-row-1.2M", corpus::single_long_row(3, 1300000, 1, 1200000, 21)};
  const auto small = small_table();
  check_every_kernel<TestType>(m, nullptr);
  check_every_kernel<TestType>(m, &small);
}

TEMPLATE_LIST_TEST_CASE("a single dense row among millions of empty rows", "[kernels][large]", Spaces) {
  const corpus::NamedMatrix m{"dense-row-in-3M-empty", corpus::single_long_row(3000000, 200000, 1777777, 200000, 22)};
  check_every_kernel<TestType>(m, nullptr);
}

TEMPLATE_LIST_TEST_CASE("millions of rows, all empty", "[kernels][large]", Spaces) {
  corpus::RandomCsrSpec s;
  s.rows = 3000000;
  s.cols = 5;
  s.lengths = corpus::RowLengths::constant;
  s.mean = 0;
  check_every_kernel<TestType>({"all-empty-3M", corpus::random_csr(s)}, nullptr);
}

TEMPLATE_LIST_TEST_CASE("deterministic plans give bitwise equal results on repeated applies", "[kernels][determinism]",
                        Configs) {
  using Space = typename TestType::space;
  const auto table = small_table();
  corpus::RandomCsrSpec s;
  s.rows = s.cols = 6000;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 4;
  s.spread = 1.7;
  s.max_row = 6000;
  s.seed = 31;
  const auto m = corpus::random_csr(s);
  for (const auto k : all_kernels) {
    if (!planner::kernel_traits(k).splits_rows) continue;
    PlanOptions o;
    o.kernel = k;
    o.deterministic = true;
    const SpmvCase c{1.0, 1.0, false, 5};
    const auto a = run_plan<Space, typename TestType::value, typename TestType::offset>(m, o, c, 3, &table);
    const auto b = run_plan<Space, typename TestType::value, typename TestType::offset>(m, o, c, 2, &table);
    INFO(to_string(k) << "\n" << a.description);
    CHECK(a.comparison.within_bounds);
    CHECK(std::memcmp(a.y.data(), b.y.data(), a.y.size() * sizeof(double)) == 0);
  }
}

TEMPLATE_LIST_TEST_CASE("alpha = 0 reads neither A nor x", "[kernels][api]", Spaces) {
  TestType exec;
  using Mem = typename TestType::memory_space;
  corpus::RandomCsrSpec s;
  s.rows = 50;
  s.cols = 40;
  s.mean = 6;
  auto host = corpus::random_csr(s);
  // A poisoned: every value NaN, so any product it enters is NaN (and so is y's row).
  for (auto& v : host.values) v = std::numeric_limits<double>::quiet_NaN();
  REQUIRE(host.nnz() > 0);
  DeviceCsr<double, int, Mem> a(exec, host);
  Kokkos::View<double*, Mem> x("x", 40), y("y", 50);
  Kokkos::deep_copy(x, std::numeric_limits<double>::quiet_NaN());
  auto all_rows_are = [&](double expected) {
    auto yh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
    std::int64_t wrong = 0;
    for (std::size_t i = 0; i < yh.extent(0); ++i) wrong += yh(i) == expected ? 0 : 1;
    return wrong == 0;
  };
  for (const auto k : every_kernel()) {
    PlanOptions o;
    o.kernel = k;
    o.max_dia_fill = 1e9;  // DIA too, though a random matrix would not pay for it
    const auto plan = make_plan(exec, a.view(), o);
    INFO(to_string(k));
    Kokkos::deep_copy(y, 3.0);
    plan.apply(exec, 0.0, x, -2.0, y);
    CHECK(all_rows_are(-6.0));
    Kokkos::deep_copy(y, std::numeric_limits<double>::quiet_NaN());
    plan.apply(exec, 0.0, x, 0.0, y);  // beta = 0 does not read y either
    CHECK(all_rows_are(0.0));
    // The poison works: with alpha != 0 the rows with entries are NaN.
    Kokkos::deep_copy(y, 3.0);
    plan.apply(exec, 1.0, x, 0.0, y);
    CHECK_FALSE(all_rows_are(0.0));
  }
  Kokkos::deep_copy(y, 3.0);
  aspmv::spmv(exec, 0.0, a.view(), x, -2.0, y);
  CHECK(all_rows_are(-6.0));
}

TEMPLATE_LIST_TEST_CASE("apply checks sizes and aliasing; make_plan checks options", "[kernels][api]", Spaces) {
  TestType exec;
  using Mem = typename TestType::memory_space;
  corpus::RandomCsrSpec s;
  s.rows = 30;
  s.cols = 20;
  DeviceCsr<double, int, Mem> a(exec, corpus::random_csr(s));
  const auto plan = make_plan(exec, a.view());
  Kokkos::View<double*, Mem> x("x", 20), y("y", 30), wrong("wrong", 21), both("both", 40);
  CHECK_THROWS_WITH(plan.apply(exec, 1.0, wrong, 0.0, y), Catch::Contains("x has 21 entries"));
  CHECK_THROWS_WITH(plan.apply(exec, 1.0, x, 0.0, wrong), Catch::Contains("y has 21 entries"));
  auto xs = Kokkos::subview(both, std::make_pair(0, 20));
  auto ys = Kokkos::subview(both, std::make_pair(10, 40));
  CHECK_THROWS_WITH(plan.apply(exec, 1.0, xs, 0.0, ys), Catch::Contains("overlap"));
  auto disjoint = Kokkos::subview(both, std::make_pair(20, 40));  // a valid x that shares no entry with y
  CHECK_NOTHROW(plan.apply(exec, 1.0, disjoint, 0.0, y));
  PlanOptions o;
  o.kernel = Kernel::csr_vector;
  o.threads_per_row = 3;
  CHECK_THROWS_WITH(make_plan(exec, a.view(), o), Catch::Contains("not a power of two"));
  o.threads_per_row = 2 * backends::Traits<TestType>::max_tpr;
  CHECK_THROWS_AS(make_plan(exec, a.view(), o), Error);
  // A TpR for a kernel that takes none is refused, not ignored.
  for (const auto k : all_kernels) {
    o.kernel = k;
    o.threads_per_row = 2;
    INFO(to_string(k));
    if (planner::kernel_traits(k).uses_tpr)
      CHECK_NOTHROW(make_plan(exec, a.view(), o));
    else
      CHECK_THROWS_WITH(make_plan(exec, a.view(), o), Catch::Contains("does not use it"));
  }
  CHECK_THROWS_WITH(apply_group_out_of_range(plan, exec, x, y), Catch::Contains("no group"));
}

TEMPLATE_LIST_TEST_CASE("the drop-in spmv equals the reference", "[kernels][api]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Mem = typename Space::memory_space;
  Space exec;
  for (const auto& m : corpus::edge_case_matrices(8)) {
    DeviceCsr<Value, typename TestType::offset, Mem> a(exec, m.matrix);
    std::vector<Value> x(m.matrix.num_cols, Value(0.5)), y0(m.matrix.num_rows, Value(2));
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = Value(1) / Value(i % 7 + 1);
    Kokkos::View<Value*, Mem> xd("x", x.size()), yd("y", y0.size());
    Kokkos::deep_copy(xd, Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(x.data(), x.size()));
    Kokkos::deep_copy(yd, Value(2));
    aspmv::spmv(exec, 1.5, a.view(), xd, -1, yd);
    std::vector<Value> y(y0.size());
    Kokkos::deep_copy(Kokkos::View<Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y.data(), y.size()), yd);
    const auto hv = convert<Value, std::int64_t>(m.matrix);
    const auto cmp = compare(hv, y, reference_spmv(hv, 1.5, x, -1.0, y0), epsilon_of<Value>());
    INFO(m.name);
    CHECK(cmp.within_bounds);
  }
}

#if defined(ASPMV_HAVE_KOKKOS_KERNELS)
TEMPLATE_LIST_TEST_CASE("a KokkosSparse::CrsMatrix is wrapped without copying and gives KokkosSparse's answer",
                        "[kernels][api][kokkos-kernels]", Spaces) {
  using Space = TestType;
  using Device = Kokkos::Device<Space, typename Space::memory_space>;
  using Crs = KokkosSparse::CrsMatrix<double, int, Device, void, int>;
  corpus::RandomCsrSpec s;
  s.rows = 400;
  s.cols = 300;
  s.mean = 11;
  const auto h = convert<double, int>(corpus::random_csr(s));
  typename Crs::row_map_type::non_const_type rows("rows", h.row_offsets.size());
  typename Crs::index_type::non_const_type cols("cols", h.col_indices.size());
  typename Crs::values_type::non_const_type vals("vals", h.values.size());
  Kokkos::deep_copy(rows, Kokkos::View<const int*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(h.row_offsets.data(),
                                                                                               h.row_offsets.size()));
  Kokkos::deep_copy(cols, Kokkos::View<const int*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(h.col_indices.data(),
                                                                                               h.col_indices.size()));
  Kokkos::deep_copy(
      vals, Kokkos::View<const double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(h.values.data(), h.values.size()));
  Crs A("A", h.num_rows, h.num_cols, static_cast<int>(h.nnz()), vals, rows, cols);
  const auto wrapped = aspmv::wrap(A);
  CHECK(wrapped.values().data() == A.values.data());
  CHECK(wrapped.row_offsets().data() == A.graph.row_map.data());
  Kokkos::View<double*, typename Space::memory_space> x("x", 300), y1("y1", 400), y2("y2", 400);
  Kokkos::deep_copy(x, 0.25);
  Kokkos::deep_copy(y1, 1.0);
  Kokkos::deep_copy(y2, 1.0);
  aspmv::spmv("N", 2.0, A, x, 0.5, y1);
  KokkosSparse::spmv("N", 2.0, A, x, 0.5, y2);
  auto a1 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y1);
  auto a2 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y2);
  double diff = 0;
  for (int i = 0; i < 400; ++i) diff = std::max(diff, std::fabs(a1(i) - a2(i)));
  CHECK(diff < 1e-12);
  // A^T, and three vectors at once (rank 2), against KokkosSparse's answer.
  Kokkos::View<double*, typename Space::memory_space> xt("xt", 400), yt1("yt1", 300), yt2("yt2", 300);
  Kokkos::deep_copy(xt, -0.5);
  aspmv::spmv("T", 2.0, A, xt, 0.0, yt1);
  KokkosSparse::spmv("T", 2.0, A, xt, 0.0, yt2);
  Kokkos::View<double**, Kokkos::LayoutLeft, typename Space::memory_space> X("X", 300, 3), Y1("Y1", 400, 3),
      Y2("Y2", 400, 3);
  Kokkos::deep_copy(X, 0.75);
  Kokkos::deep_copy(Y1, 1.0);
  Kokkos::deep_copy(Y2, 1.0);
  aspmv::spmv("N", 2.0, A, X, -1.0, Y1);
  KokkosSparse::spmv("N", 2.0, A, X, -1.0, Y2);
  auto t1 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), yt1);
  auto t2 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), yt2);
  auto m1 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), Y1);
  auto m2 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), Y2);
  double diff_t = 0, diff_m = 0;
  for (int i = 0; i < 300; ++i) diff_t = std::max(diff_t, std::fabs(t1(i) - t2(i)));
  for (int i = 0; i < 400; ++i)
    for (int c = 0; c < 3; ++c) diff_m = std::max(diff_m, std::fabs(m1(i, c) - m2(i, c)));
  CHECK(diff_t < 1e-12);
  CHECK(diff_m < 1e-12);
}
#endif
