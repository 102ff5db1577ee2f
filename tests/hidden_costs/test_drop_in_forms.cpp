// The drop-in's other forms allocate, copy and wait for nothing either: the
// transpose scatter, the multivector kernel (both layouts), a plan's rank-2
// and transposed applies, and the handle form after its first call in a
// mode, on every enabled space, float and double, int32 and int64 offsets.
// (Their results are checked against the reference in the kernel tests,
// tests/kernels/test_drop_in_forms.cpp.)

#include <catch2/catch.hpp>

#include "hidden_costs/hidden_costs.hpp"
#include "support/small_table.hpp"

#include <aspmv/spmv_handle.hpp>

using namespace aspmv;
using namespace aspmv::testing;
using namespace aspmv::testing::hidden_costs;

namespace {

// `call(alpha, beta)` warmed up, then counted; every coefficient case. The
// kernels are counted where Kokkos launches them (kernels_visible:
// hidden_costs.hpp's kernels_through_kokkos).
template <class Call>
void check_form_costs(const std::string& what, std::int64_t nnz, bool kernels_visible, const Call& call) {
  for (const auto& c : coefficient_cases()) {
    for (int i = 0; i < warmup_calls; ++i) call(c.alpha, c.beta);
    KokkosEvents events;
    for (int i = 0; i < counted_calls; ++i) {
      const KokkosEventCounter counter;
      call(c.alpha, c.beta);
      events += counter.events();
    }
    INFO(what << ", " << c.what << "; events seen in " << counted_calls << " counted calls:\n" << events.describe());
    CHECK(events.allocations.count == 0);
    CHECK(events.deallocations.count == 0);
    CHECK(events.deep_copies.count == 0);
    CHECK(events.fences.count == 0);
    CHECK(events.parallel_reduces.count == 0);
    CHECK(events.parallel_scans.count == 0);
    if (nnz > 0 && kernels_visible) CHECK(events.parallel_fors.count >= counted_calls);
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("modes, multivectors, transposed plans and the handle allocate, copy and wait for nothing",
                        "[hidden-costs][drop-in][forms]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  using Mem = typename Space::memory_space;
  using Matrix = CsrMatrix<Value, Offset, Mem>;
  const Space exec;
  for (const auto& m : generated_matrices()) {
    const DeviceCsr<Value, Offset, Mem> d(exec, m.matrix);
    const Matrix& a = d.view();
    const std::size_t rows = static_cast<std::size_t>(a.num_rows()), cols = static_cast<std::size_t>(a.num_cols());
    Kokkos::View<Value*, Mem> x(Kokkos::view_alloc(exec, "x"), cols), xt(Kokkos::view_alloc(exec, "xt"), rows);
    Kokkos::View<Value*, Mem> y(Kokkos::view_alloc(exec, "y"), rows), yt(Kokkos::view_alloc(exec, "yt"), cols);
    Kokkos::View<Value**, Kokkos::LayoutLeft, Mem> xl(Kokkos::view_alloc(exec, "xl"), cols, 4);
    Kokkos::View<Value**, Kokkos::LayoutLeft, Mem> yl(Kokkos::view_alloc(exec, "yl"), rows, 4);
    Kokkos::View<Value**, Kokkos::LayoutRight, Mem> xr(Kokkos::view_alloc(exec, "xr"), rows, 8);
    Kokkos::View<Value**, Kokkos::LayoutRight, Mem> yr(Kokkos::view_alloc(exec, "yr"), cols, 8);
    Kokkos::deep_copy(exec, x, Value(0.5));
    Kokkos::deep_copy(exec, xt, Value(0.25));
    Kokkos::deep_copy(exec, xl, Value(1));
    Kokkos::deep_copy(exec, xr, Value(2));
    PlanOptions t;
    t.mode = Mode::transpose;
    const auto plan = make_plan(exec, a, PlanOptions{});
    const auto plan_t = make_plan(exec, a, t);
    SpmvHandle<Space, Matrix> handle;  // "T" as this build's table says
    SpmvHandle<Space, Matrix> scatter_handle(PlanOptions{}, transpose_table(always_scatter));
    SpmvHandle<Space, Matrix> transpose_handle(PlanOptions{}, transpose_table(0));
    exec.fence();
    const std::string name = std::string(backends::Traits<Space>::name) + ", " + m.name + ": ";
    const auto nnz = a.nnz();
    const bool visible = kernels_through_kokkos<Space>(arch_table());  // the handles' tables: the same launch
    auto v = [](double s) { return static_cast<Value>(s); };
    check_form_costs(name + "spmv(exec, \"T\", ...)", nnz, visible,
                     [&](double al, double be) { aspmv::spmv(exec, "T", v(al), a, xt, v(be), yt); });
    check_form_costs(name + "spmv(exec, alpha, A, X, beta, Y), LayoutLeft, 4 vectors", nnz, visible,
                     [&](double al, double be) { aspmv::spmv(exec, v(al), a, xl, v(be), yl); });
    check_form_costs(name + "spmv(exec, \"T\", ..., X, ..., Y), LayoutRight, 8 vectors", nnz, visible,
                     [&](double al, double be) { aspmv::spmv(exec, "T", v(al), a, xr, v(be), yr); });
    check_form_costs(name + "plan.apply, LayoutLeft, 4 vectors", nnz, visible,
                     [&](double al, double be) { plan.apply(exec, v(al), xl, v(be), yl); });
    check_form_costs(name + "transposed plan.apply", nnz, visible,
                     [&](double al, double be) { plan_t.apply(exec, v(al), xt, v(be), yt); });
    check_form_costs(name + "spmv(exec, &handle, \"N\", ...)", nnz, visible,
                     [&](double al, double be) { aspmv::spmv(exec, &handle, "N", v(al), a, x, v(be), y); });
    check_form_costs(name + "spmv(exec, &handle, \"T\", ...)", nnz, visible,
                     [&](double al, double be) { aspmv::spmv(exec, &handle, "T", v(al), a, xt, v(be), yt); });
    check_form_costs(name + "spmv(exec, &handle, \"T\", ...), the scatter", nnz, visible,
                     [&](double al, double be) { aspmv::spmv(exec, &scatter_handle, "T", v(al), a, xt, v(be), yt); });
    check_form_costs(name + "spmv(exec, &handle, \"T\", ...), A^T", nnz, visible,
                     [&](double al, double be) { aspmv::spmv(exec, &transpose_handle, "T", v(al), a, xt, v(be), yt); });
    CHECK(scatter_handle.scatters_transpose());
    CHECK(!transpose_handle.scatters_transpose());
  }
}

TEMPLATE_LIST_TEST_CASE("a handle's transpose checks its vectors before it touches A^T",
                        "[hidden-costs][drop-in][forms]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  using Matrix = CsrMatrix<double, int, Mem>;
  const Space exec;
  const auto m = generated_matrices().front();
  const DeviceCsr<double, int, Mem> d(exec, m.matrix);
  const Matrix& a = d.view();
  const auto rows = static_cast<std::size_t>(a.num_rows()), cols = static_cast<std::size_t>(a.num_cols());
  Kokkos::View<double*, Mem> xt(Kokkos::view_alloc(exec, "xt"), rows), yt(Kokkos::view_alloc(exec, "yt"), cols);
  Kokkos::View<double*, Mem> too_short(Kokkos::view_alloc(exec, "too_short"), cols + 1);
  SpmvHandle<Space, Matrix> handle;
  aspmv::spmv(exec, &handle, "T", 1.0, a, xt, 0.0, yt);  // the handle's transposed plan
  exec.fence();
  const KokkosEventCounter counter;
  CHECK_THROWS_WITH(aspmv::spmv(exec, &handle, "T", 1.0, a, xt, 0.0, too_short), Catch::Contains("y has"));
  const KokkosEvents events = counter.events();
  INFO(m.name << "; events seen:\n" << events.describe());
  CHECK(events.parallel_fors.count == 0);
  CHECK(events.allocations.count == 0);
}
