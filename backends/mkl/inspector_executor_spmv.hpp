#pragma once
// Intel oneMKL's sparse inspector-executor SpMV on an aspmv::CsrMatrix in
// host memory, as the CPU comparator (what cuSPARSE is on NVIDIA):
// mkl_sparse_?_create_csr on the matrix's own arrays, an mv hint for the
// expected number of calls, mkl_sparse_optimize (MKL's analysis, timed as
// setup with everything else the constructor does), then mkl_sparse_?_mv.
// MKL runs exec.concurrency() threads (its OpenMP threads are the ones the
// Kokkos OpenMP space uses: both are GNU OpenMP).
//
// LP64 MKL takes 32-bit row offsets: int32 offsets are shared, int64 ones
// are copied to int32 in the setup when nnz fits, and refused (an Error)
// when it does not.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>

#include <Kokkos_Core.hpp>
#include <mkl_service.h>
#include <mkl_spblas.h>

#include <chrono>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace aspmv::backends::mkl {

inline void check(sparse_status_t s, const char* what) {
  if (s == SPARSE_STATUS_SUCCESS) return;
  const char* why = s == SPARSE_STATUS_NOT_INITIALIZED    ? "not initialized"
                    : s == SPARSE_STATUS_ALLOC_FAILED     ? "allocation failed"
                    : s == SPARSE_STATUS_INVALID_VALUE    ? "invalid value"
                    : s == SPARSE_STATUS_EXECUTION_FAILED ? "execution failed"
                    : s == SPARSE_STATUS_INTERNAL_ERROR   ? "internal error"
                    : s == SPARSE_STATUS_NOT_SUPPORTED    ? "not supported"
                                                          : "unknown status";
  throw Error(std::string("oneMKL ") + what + ": " + why);
}

// The library's version as Intel names its releases, year.update (e.g.
// "oneMKL 2025.2" for the 2025.2.0 wheel; a nonzero minor version follows).
inline std::string version_string() {
  MKLVersion v;
  mkl_get_version(&v);
  return "oneMKL " + std::to_string(v.MajorVersion) + "." + std::to_string(v.UpdateVersion) +
         (v.MinorVersion != 0 ? "." + std::to_string(v.MinorVersion) : std::string());
}

template <class ExecSpace, class Value, class Offset>
class InspectorExecutorSpmv {
  static_assert(std::is_same<Value, double>::value || std::is_same<Value, float>::value,
                "oneMKL's comparator takes float or double");
  static_assert(sizeof(MKL_INT) == 4, "the comparator is built for LP64 oneMKL");

 public:
  using Mem = typename ExecSpace::memory_space;
  using Vector = Kokkos::View<Value*, Mem>;

  // expected_calls: mkl_sparse_set_mv_hint's count (how much analysis pays).
  InspectorExecutorSpmv(const ExecSpace& exec, const CsrMatrix<Value, Offset, Mem>& a, int expected_calls = 1000)
      : threads_(exec.concurrency()), rows_(a.num_rows()), cols_(a.num_cols()) {
    static_assert(Kokkos::SpaceAccessibility<Kokkos::HostSpace, Mem>::accessible,
                  "oneMKL reads the matrix in host memory");
    const auto t0 = std::chrono::steady_clock::now();
    if (a.nnz() > static_cast<std::int64_t>(std::numeric_limits<MKL_INT>::max()))
      throw Error("oneMKL (LP64) takes 32-bit row offsets: " + std::to_string(a.nnz()) + " nonzeros do not fit");
    MKL_INT* offsets = nullptr;
    if constexpr (sizeof(Offset) == sizeof(MKL_INT)) {
      offsets = reinterpret_cast<MKL_INT*>(const_cast<Offset*>(a.row_offsets().data()));
    } else {
      offsets32_.resize(a.row_offsets().extent(0));
      for (std::size_t r = 0; r < offsets32_.size(); ++r) offsets32_[r] = static_cast<MKL_INT>(a.row_offsets()(r));
      offsets = offsets32_.data();
    }
    auto* cols = const_cast<MKL_INT*>(reinterpret_cast<const MKL_INT*>(a.col_indices().data()));
    auto* vals = const_cast<Value*>(a.values().data());
    descr_.type = SPARSE_MATRIX_TYPE_GENERAL;
    descr_.mode = SPARSE_FILL_MODE_FULL;
    descr_.diag = SPARSE_DIAG_NON_UNIT;
    const ThreadCount threads(threads_);
    // An empty matrix has nothing for MKL to inspect (and MKL refuses zero rows): apply() fills y alone.
    if (rows_ > 0 && cols_ > 0) {
      if constexpr (std::is_same<Value, double>::value)
        check(mkl_sparse_d_create_csr(&handle_, SPARSE_INDEX_BASE_ZERO, rows_, cols_, offsets, offsets + 1, cols, vals),
              "create CSR");
      else
        check(mkl_sparse_s_create_csr(&handle_, SPARSE_INDEX_BASE_ZERO, rows_, cols_, offsets, offsets + 1, cols, vals),
              "create CSR");
      try {
        check(mkl_sparse_set_mv_hint(handle_, SPARSE_OPERATION_NON_TRANSPOSE, descr_, expected_calls), "mv hint");
        check(mkl_sparse_set_memory_hint(handle_, SPARSE_MEMORY_AGGRESSIVE), "memory hint");
        check(mkl_sparse_optimize(handle_), "optimize");
      } catch (...) {
        mkl_sparse_destroy(handle_);
        throw;
      }
    }
    setup_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

  InspectorExecutorSpmv(const InspectorExecutorSpmv&) = delete;
  InspectorExecutorSpmv& operator=(const InspectorExecutorSpmv&) = delete;
  ~InspectorExecutorSpmv() {
    if (handle_ != nullptr) mkl_sparse_destroy(handle_);
  }

  double setup_seconds() const { return setup_seconds_; }

  // y = alpha A x + beta y (beta == 0 overwrites y, NaN included, as aspmv's kernels do).
  void apply(Value alpha, const Vector& x, Value beta, const Vector& y) const {
    if (static_cast<std::int64_t>(x.extent(0)) != cols_ || static_cast<std::int64_t>(y.extent(0)) != rows_)
      throw Error("oneMKL comparator: x or y has the wrong length");
    if (handle_ == nullptr) {  // no rows or no columns: y = beta y
      for (std::int64_t r = 0; r < rows_; ++r) y(r) = beta == Value(0) ? Value(0) : beta * y(r);
      return;
    }
    const ThreadCount threads(threads_);
    if constexpr (std::is_same<Value, double>::value)
      check(mkl_sparse_d_mv(SPARSE_OPERATION_NON_TRANSPOSE, alpha, handle_, descr_, x.data(), beta, y.data()), "mv");
    else
      check(mkl_sparse_s_mv(SPARSE_OPERATION_NON_TRANSPOSE, alpha, handle_, descr_, x.data(), beta, y.data()), "mv");
  }

 private:
  // MKL's thread count for the calling thread while in scope (0 restores the global setting).
  struct ThreadCount {
    explicit ThreadCount(int n) { mkl_set_num_threads_local(n); }
    ~ThreadCount() { mkl_set_num_threads_local(0); }
    ThreadCount(const ThreadCount&) = delete;
    ThreadCount& operator=(const ThreadCount&) = delete;
  };

  int threads_;
  MKL_INT rows_, cols_;
  std::vector<MKL_INT> offsets32_;
  sparse_matrix_t handle_ = nullptr;
  matrix_descr descr_{};
  double setup_seconds_ = 0;
};

}  // namespace aspmv::backends::mkl
