#pragma once
// aspmv::spmv: the drop-in call, y = alpha * op(A) * x + beta * y.
//
//   aspmv::spmv(exec, alpha, A, x, beta, y);         // on an execution space instance
//   aspmv::spmv(alpha, A, x, beta, y);               // on A's default space
//   aspmv::spmv("N", alpha, A, x, beta, y);          // KokkosSparse::spmv's argument order
//   aspmv::spmv(exec, "T", alpha, A, x, beta, y);    // ... with an instance
//   aspmv::spmv(exec, &handle, "N", alpha, A, x, beta, y);  // Kokkos Kernels 4.x's handle form
//                                                            // (aspmv/spmv_handle.hpp)
//
// A is an aspmv::CsrMatrix or a KokkosSparse::CrsMatrix. Modes "N", "T",
// "C", "H" (values are real: "C" is "N", "H" is "T"). x and y are rank-1
// views (vectors) or rank-2 views (one column per vector, any layout).
//
// Without a handle these calls keep no per-matrix state and cost nothing
// beyond the SpMV: no device allocation, no copy and no fence; the kernel is
// chosen from the known features (m, n, nnz) without a pass over the matrix.
// (vector_split, the GPUs' kernel for rows of unknown skew, keeps its sums in a small workspace the
// library allocates once per execution-space instance, on its first call.)
//  - "N", rank 1: a kernel that needs no per-matrix arrays, by rule
//    (planner/direct_choice.hpp says why a rule and not the models).
//  - "N", rank 2: CSR-multivector, A read once for up to 16 vectors (32 for short rows on GPUs)
//    (kernels/csr_multivector.hpp).
//  - "T": y scaled by beta, then A's entries scattered into y with atomic
//    adds (kernels/scatter_transpose.hpp): the summation order varies from
//    run to run. A kept plan or handle transposes A once instead.
// Iterative solvers that can keep state should keep an aspmv::Plan (or a
// handle): its analysis pays off over repeated applies.

#include <aspmv/arch_table.hpp>
#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/feature_set.hpp>
#include <aspmv/impl/canonical_vectors.hpp>
#include <aspmv/impl/scale.hpp>
#include <aspmv/kernels/csr_multivector.hpp>
#include <aspmv/kernels/scatter_transpose.hpp>
#include <aspmv/mode.hpp>
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

template <class A>
using csr_type_of = std::remove_const_t<decltype(as_csr(std::declval<const A&>()))>;

// The kernel the drop-in call runs on `a` for rank-1 "N" (known features only).
template <class ExecSpace, class Matrix>
predictors::DirectChoice direct_choice(const Matrix& a) {
  return planner::direct_choice<ExecSpace>(a);
}

// The drop-in's work after the checks: y = alpha * op(a) * x + beta * y,
// with x and y of the kernels' types (impl/canonical_vectors.hpp).
template <class ExecSpace, class Matrix, class XView, class YView>
void direct_spmv(const ExecSpace& exec, Mode mode, const Matrix& a, typename Matrix::value_type alpha, const XView& x,
                 typename Matrix::value_type beta, const YView& y) {
  using Value = typename Matrix::value_type;
  if (alpha == Value(0)) {
    scale_vectors(exec, y, beta);
    return;
  }
  const auto& params = arch_table().parameters;
  if (mode == Mode::transpose) {
    launch_scatter_transpose(exec, a, params, planner::direct_tpr<ExecSpace>(a), alpha, x, beta, y);
  } else if constexpr (XView::rank == 2) {
    const auto launch = multivector_launch<ExecSpace>(a.num_rows(), a.nnz(), planner::direct_tpr<ExecSpace>(a));
    launch_csr_multivector(exec, a, params, launch, alpha, x, beta, y);
  } else {
    const auto choice = direct_choice<ExecSpace>(a);
    planner::for_each_kernel([&](auto d) {
      using D = decltype(d);
      if constexpr (D::traits.direct) {
        if (D::id == choice.kernel) D::launch(exec, a, params, choice.tpr, alpha, x, beta, y);
      }
    });
  }
}

// The checks every drop-in form makes, then the SpMV.
template <class ExecSpace, class Alpha, class AMatrix, class XView, class Beta, class YView>
void checked_spmv(const ExecSpace& exec, Mode mode, const Alpha& alpha, const AMatrix& A, const XView& x,
                  const Beta& beta, const YView& y) {
  const auto a = as_csr(A);
  using Matrix = std::remove_const_t<decltype(a)>;
  using Value = typename Matrix::value_type;
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename Matrix::memory_space>::accessible,
                "aspmv::spmv: the execution space cannot access the matrix's memory space");
  if (mode == Mode::transpose)
    check_vectors<ExecSpace>("aspmv::spmv", a.num_cols(), a.num_rows(), x, y, "A^T");
  else
    check_vectors<ExecSpace>("aspmv::spmv", a.num_rows(), a.num_cols(), x, y, "A");
  planner::check_offset_headroom(a, "aspmv::spmv");
  ScopedRegion region("aspmv::spmv");
  direct_spmv(exec, mode, a, static_cast<Value>(alpha), input_vector(x), static_cast<Value>(beta), output_vector(y));
}
}  // namespace impl

// y = alpha * A * x + beta * y on `exec`.
template <class ExecSpace, class Alpha, class AMatrix, class XView, class Beta, class YView,
          class = std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value>>
void spmv(const ExecSpace& exec, const Alpha& alpha, const AMatrix& A, const XView& x, const Beta& beta,
          const YView& y) {
  impl::checked_spmv(exec, Mode::normal, alpha, A, x, beta, y);
}

// y = alpha * op(A) * x + beta * y on `exec`; mode "N", "T", "C" or "H".
template <class ExecSpace, class Alpha, class AMatrix, class XView, class Beta, class YView,
          class = std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value>>
void spmv(const ExecSpace& exec, const char mode[], const Alpha& alpha, const AMatrix& A, const XView& x,
          const Beta& beta, const YView& y) {
  impl::checked_spmv(exec, parse_mode(mode, "aspmv::spmv"), alpha, A, x, beta, y);
}

// On the default instance of A's memory space's execution space.
template <class Alpha, class AMatrix, class XView, class Beta, class YView,
          class = std::enable_if_t<!Kokkos::is_execution_space<Alpha>::value>>
void spmv(const Alpha& alpha, const AMatrix& A, const XView& x, const Beta& beta, const YView& y) {
  using Space = typename Kokkos::View<int*, typename impl::csr_type_of<AMatrix>::memory_space>::execution_space;
  spmv(Space(), alpha, A, x, beta, y);
}

// KokkosSparse::spmv's form (mode first), on A's default space.
template <class Alpha, class AMatrix, class XView, class Beta, class YView>
void spmv(const char mode[], const Alpha& alpha, const AMatrix& A, const XView& x, const Beta& beta, const YView& y) {
  using Space = typename Kokkos::View<int*, typename impl::csr_type_of<AMatrix>::memory_space>::execution_space;
  impl::checked_spmv(Space(), parse_mode(mode, "aspmv::spmv"), alpha, A, x, beta, y);
}

// The drop-in's kernels are compiled once, into libaspmv, for matrices of
// make_plan's combinations (plan.hpp) and vectors of the common shapes of
// their value type (src/aspmv/instances/); the forms above only check and
// convert their arguments.
#define ASPMV_IMPL_DIRECT_SPMV_SIGNATURE(Space, Value, Offset, Shape)                  \
  void impl::direct_spmv<Space, CsrMatrix<Value, Offset, Space::memory_space>,         \
                         impl::InputVectorOf<Shape, Value, Space::memory_space>,       \
                         impl::OutputVectorOf<Shape, Value, Space::memory_space>>(     \
      const Space&, Mode, const CsrMatrix<Value, Offset, Space::memory_space>&, Value, \
      const impl::InputVectorOf<Shape, Value, Space::memory_space>&, Value,            \
      const impl::OutputVectorOf<Shape, Value, Space::memory_space>&)
#define ASPMV_IMPL_DECLARE_DIRECT_SPMV_SHAPE(Space, Value, Offset, Shape) \
  extern template ASPMV_IMPL_DIRECT_SPMV_SIGNATURE(Space, Value, Offset, Shape);
#define ASPMV_IMPL_DEFINE_DIRECT_SPMV_SHAPE(Space, Value, Offset, Shape) \
  template ASPMV_IMPL_DIRECT_SPMV_SIGNATURE(Space, Value, Offset, Shape);
#define ASPMV_IMPL_DECLARE_DIRECT_SPMV(Space, Value, Offset) \
  ASPMV_IMPL_FOR_EACH_VECTOR_SHAPE(ASPMV_IMPL_DECLARE_DIRECT_SPMV_SHAPE, Space, Value, Offset)
#define ASPMV_IMPL_DEFINE_DIRECT_SPMV(Space, Value, Offset) \
  ASPMV_IMPL_FOR_EACH_VECTOR_SHAPE(ASPMV_IMPL_DEFINE_DIRECT_SPMV_SHAPE, Space, Value, Offset)
ASPMV_FOR_EACH_INSTANCE(ASPMV_IMPL_DECLARE_DIRECT_SPMV)

}  // namespace aspmv
