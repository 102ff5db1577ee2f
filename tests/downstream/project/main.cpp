// A downstream program: y = A x for a 1-D Laplacian through aspmv::spmv and a
// plan, then a solver's loop written for Kokkos Kernels 4.x's handle form
// with the namespace and the handle type swapped; exits non-zero if a
// result is wrong.
#include <aspmv/aspmv.hpp>

#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdio>

// A Kokkos Kernels 4.x caller would write, in this function,
//   KokkosSparse::SPMVHandle<Exec, Matrix, Vector, Vector> handle;
//   KokkosSparse::spmv(exec, &handle, "N", 1.0, A, x, 0.0, r);
//   KokkosSparse::spmv(exec, &handle, "T", 1.0, A, r, 0.0, s);
// The swap changes the namespace of the two names and nothing else.
template <class Exec, class Matrix, class Vector>
int normal_equations_steps(const Exec& exec, const Matrix& A, const Vector& x, const Vector& r, const Vector& s) {
  aspmv::SpmvHandle<Exec, Matrix, Vector, Vector> handle;
  for (int step = 0; step < 3; ++step) {  // s = A^T (A x): the plan of each mode is made once
    aspmv::spmv(exec, &handle, "N", 1.0, A, x, 0.0, r);
    aspmv::spmv(exec, &handle, "T", 1.0, A, r, 0.0, s);
  }
  // A^T A 1 for the 1-D Laplacian: 2 at both ends, -1 next to them, 0 inside.
  auto sh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s);
  const int n = static_cast<int>(sh.extent(0));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const double expect = (i == 0 || i == n - 1) ? 2.0 : (i == 1 || i == n - 2) ? -1.0 : 0.0;
    if (std::fabs(sh(i) - expect) > 1e-12) ++wrong;
  }
  return wrong;
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  int failures = 0;
  {
    const int n = 1000;
    aspmv::HostCsr<double, int> h;
    h.num_rows = h.num_cols = n;
    h.row_offsets.assign(1, 0);
    for (int i = 0; i < n; ++i) {
      for (int j = i - 1; j <= i + 1; ++j)
        if (j >= 0 && j < n) {
          h.col_indices.push_back(j);
          h.values.push_back(j == i ? 2.0 : -1.0);
        }
      h.row_offsets.push_back(static_cast<int>(h.col_indices.size()));
    }
    Kokkos::DefaultExecutionSpace exec;
    aspmv::DeviceCsr<double, int, Kokkos::DefaultExecutionSpace::memory_space> a(exec, h);
    Kokkos::View<double*> x("x", n), y("y", n);
    Kokkos::deep_copy(x, 1.0);
    aspmv::spmv(exec, 1.0, a.view(), x, 0.0, y);  // rows sum to 0 inside, 1 at both ends
    auto plan = aspmv::make_plan(exec, a.view());
    plan.apply(exec, 2.0, x, 1.0, y);  // y = 2 A x + y
    auto yh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
    for (int i = 0; i < n; ++i) {
      const double expect = (i == 0 || i == n - 1) ? 3.0 : 0.0;
      if (std::fabs(yh(i) - expect) > 1e-12) ++failures;
    }
    Kokkos::View<double*> r("r", n), s("s", n);
    const int handle_failures = normal_equations_steps(exec, a.view(), x, r, s);
    failures += handle_failures;
    std::printf("downstream: handle form (\"N\" then \"T\"): %d wrong entries\n", handle_failures);
    std::printf("downstream: aspmv %s (%s, table %s): %d wrong entries\n%s", aspmv::version_string,
                aspmv::build_backend, aspmv::build_arch, failures, plan.describe().c_str());
  }
  Kokkos::finalize();
  return failures == 0 ? 0 : 1;
}
