#pragma once
// aspmv::spmv: the drop-in call, y = alpha * A * x + beta * y.
//
//   aspmv::spmv(exec, alpha, A, x, beta, y);   // on an execution space instance
//   aspmv::spmv(alpha, A, x, beta, y);         // on A's default space
//   aspmv::spmv("N", alpha, A, x, beta, y);    // KokkosSparse::spmv's argument order
//
// A is an aspmv::CsrMatrix or a KokkosSparse::CrsMatrix. These calls keep
// no per-matrix state and cost nothing beyond the SpMV: the kernel is chosen
// by rule from the known features (m, n, nnz) without a pass over the matrix,
// among the kernels that need no per-matrix arrays (planner/direct_choice.hpp
// says why a rule), and launched on `exec` with no device allocation, no copy
// and no fence. Iterative solvers that can keep state should keep an
// aspmv::Plan: its analysis (features, models, partition, rowBlocks, tuned
// TpR) pays off over repeated applies.

#include <aspmv/arch_table.hpp>
#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/feature_set.hpp>
#include <aspmv/impl/scale.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/planner/build_plan.hpp>
#include <aspmv/planner/direct_choice.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/planner/scoped_region.hpp>
#include <aspmv/planner/vector_checks.hpp>
#include <backends/traits.hpp>
#include <predictors/kernel_rules.hpp>

#include <Kokkos_Core.hpp>

#include <string>
#include <type_traits>

namespace aspmv {

namespace impl {
template <class T>
struct is_csr_matrix : std::false_type {};
template <class V, class O, class M>
struct is_csr_matrix<CsrMatrix<V, O, M>> : std::true_type {};

template <class A>
auto as_csr(const A& a) {
  if constexpr (is_csr_matrix<A>::value)
    return a;
  else
    return wrap(a);
}

// The kernel the drop-in call runs on `a` (known features only).
template <class ExecSpace, class Matrix>
predictors::DirectChoice direct_choice(const Matrix& a) {
  return planner::direct_choice<ExecSpace>(a);
}
}  // namespace impl

template <class ExecSpace, class Alpha, class AMatrix, class XView, class Beta, class YView,
          class = std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value>>
void spmv(const ExecSpace& exec, const Alpha& alpha, const AMatrix& A, const XView& x, const Beta& beta,
          const YView& y) {
  const auto a = impl::as_csr(A);
  using Matrix = std::remove_const_t<decltype(a)>;
  using Value = typename Matrix::value_type;
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename Matrix::memory_space>::accessible,
                "aspmv::spmv: the execution space cannot access the matrix's memory space");
  impl::check_vectors<ExecSpace>("aspmv::spmv", a.num_rows(), a.num_cols(), x, y);
  planner::check_offset_headroom(a, "aspmv::spmv");
  impl::ScopedRegion region("aspmv::spmv");
  const auto va = static_cast<Value>(alpha);
  const auto vb = static_cast<Value>(beta);
  if (va == Value(0)) {
    impl::scale(exec, y, vb);
    return;
  }
  const auto choice = impl::direct_choice<ExecSpace>(a);
  const impl::RandomAccessVector<XView> xr = x;
  planner::for_each_kernel([&](auto d) {
    using D = decltype(d);
    if constexpr (D::traits.direct) {
      if (D::id == choice.kernel) D::launch(exec, a, arch_table().parameters, choice.tpr, va, xr, vb, y);
    }
  });
}

template <class Alpha, class AMatrix, class XView, class Beta, class YView,
          class = std::enable_if_t<!Kokkos::is_execution_space<Alpha>::value>>
void spmv(const Alpha& alpha, const AMatrix& A, const XView& x, const Beta& beta, const YView& y) {
  using Space = typename Kokkos::View<int*, typename decltype(impl::as_csr(A))::memory_space>::execution_space;
  spmv(Space(), alpha, A, x, beta, y);
}

// KokkosSparse::spmv's form; only mode "N" (no transpose) is supported.
template <class Alpha, class AMatrix, class XView, class Beta, class YView>
void spmv(const char mode[], const Alpha& alpha, const AMatrix& A, const XView& x, const Beta& beta, const YView& y) {
  if (mode == nullptr || (std::string(mode) != "N" && std::string(mode) != "n"))
    throw Error(std::string("aspmv::spmv: mode '") + (mode ? mode : "(null)") + "' is not supported (only \"N\")");
  spmv(alpha, A, x, beta, y);
}

}  // namespace aspmv
