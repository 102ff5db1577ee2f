#pragma once
// aspmv::spmv: the drop-in call, y = alpha * A * x + beta * y.
//
//   aspmv::spmv(exec, alpha, A, x, beta, y);   // on an execution space instance
//   aspmv::spmv(alpha, A, x, beta, y);         // on A's default space
//   aspmv::spmv("N", alpha, A, x, beta, y);    // KokkosSparse::spmv's argument order
//
// A is an aspmv::CsrMatrix or a KokkosSparse::CrsMatrix. These calls cache
// nothing: each one chooses a kernel from the known features (m, n, nnz)
// without a pass over the matrix, so they are cheap and correct for any
// matrix. Iterative solvers should keep an aspmv::Plan instead: its analysis
// (partition, rowBlocks, tuned TpR) pays off over repeated applies.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/plan.hpp>

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
}  // namespace impl

template <class ExecSpace, class Alpha, class AMatrix, class XView, class Beta, class YView,
          class = std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value>>
void spmv(const ExecSpace& exec, const Alpha& alpha, const AMatrix& A, const XView& x, const Beta& beta,
          const YView& y) {
  const auto a = impl::as_csr(A);
  using Value = typename decltype(a)::value_type;
  PlanOptions options;
  options.gather_features = false;
  options.expected_calls = 1;
  make_plan(exec, a, options).apply(exec, static_cast<Value>(alpha), x, static_cast<Value>(beta), y);
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
