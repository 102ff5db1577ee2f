// A downstream program: y = A x for a 1-D Laplacian through aspmv::spmv and a
// plan; exits non-zero if the result is wrong.
#include <aspmv/aspmv.hpp>

#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdio>

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
    std::printf("downstream: aspmv %s (%s, table %s): %d wrong entries\n%s", aspmv::version_string,
                aspmv::build_backend, aspmv::build_arch, failures, plan.describe().c_str());
  }
  Kokkos::finalize();
  return failures == 0 ? 0 : 1;
}
