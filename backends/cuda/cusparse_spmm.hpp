#pragma once
// cuSPARSE's generic SpMM (cusparseSpMM, CSR) on an aspmv::CsrMatrix and
// rank-2 Kokkos views, as the comparator of aspmv's multivector kernel:
// Y = alpha A X + beta Y with X and Y column-major (LayoutLeft) or row-major
// (LayoutRight), CUSPARSE_SPMM_ALG_DEFAULT or a named CSR algorithm, with
// cusparseSpMM_preprocess. Setup is timed apart from the calls.

#include <backends/cuda/cusparse_spmv.hpp>

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>

#include <Kokkos_Core.hpp>
#include <cuda_runtime.h>
#include <cusparse.h>

#include <chrono>
#include <string>
#include <type_traits>

namespace aspmv::backends::cuda {

enum class CusparseSpmmAlgorithm { default_alg, csr_alg1, csr_alg2, csr_alg3 };

inline const char* to_string(CusparseSpmmAlgorithm a) {
  switch (a) {
    case CusparseSpmmAlgorithm::default_alg: return "cusparse_spmm_default";
    case CusparseSpmmAlgorithm::csr_alg1: return "cusparse_spmm_csr_alg1";
    case CusparseSpmmAlgorithm::csr_alg2: return "cusparse_spmm_csr_alg2";
    case CusparseSpmmAlgorithm::csr_alg3: return "cusparse_spmm_csr_alg3";
  }
  return "?";
}

template <class Value, class Offset, class Layout>
class CusparseSpmm {
  static_assert(std::is_same<Layout, Kokkos::LayoutLeft>::value || std::is_same<Layout, Kokkos::LayoutRight>::value,
                "cuSPARSE SpMM takes column-major (LayoutLeft) or row-major (LayoutRight) dense matrices");

 public:
  using Matrix = CsrMatrix<Value, Offset, Kokkos::CudaSpace>;
  using Dense = Kokkos::View<Value**, Layout, Kokkos::CudaSpace>;

  CusparseSpmm(const Kokkos::Cuda& exec, const Matrix& a, const Dense& x, const Dense& y, CusparseSpmmAlgorithm alg)
      : alg_(to_cusparse(alg)) {
    const auto t0 = std::chrono::steady_clock::now();
    constexpr cudaDataType type = cuda_value_type<Value>();
    constexpr bool left = std::is_same<Layout, Kokkos::LayoutLeft>::value;
    const cusparseOrder_t order = left ? CUSPARSE_ORDER_COL : CUSPARSE_ORDER_ROW;
    create_handle_and_csr(exec, a, &handle_, &mat_);
    auto dense = [&](cusparseDnMatDescr_t* d, const Dense& v, const char* what) {
      const std::int64_t rows = static_cast<std::int64_t>(v.extent(0)), cols = static_cast<std::int64_t>(v.extent(1));
      const std::int64_t ld = left ? static_cast<std::int64_t>(v.stride(1)) : static_cast<std::int64_t>(v.stride(0));
      check(cusparseCreateDnMat(d, rows, cols, ld > 0 ? ld : 1, v.data(), type, order), what);
    };
    dense(&x_, x, "create X");
    dense(&y_, y, "create Y");
    const Value one = 1, zero = 0;
    size_t bytes = 0;
    const auto op = CUSPARSE_OPERATION_NON_TRANSPOSE;
    check(cusparseSpMM_bufferSize(handle_, op, op, &one, mat_, x_, &zero, y_, type, alg_, &bytes), "buffer size");
    if (bytes > 0 && cudaMalloc(&buffer_, bytes) != cudaSuccess) throw Error("cuSPARSE: cannot allocate its buffer");
    check(cusparseSpMM_preprocess(handle_, op, op, &one, mat_, x_, &zero, y_, type, alg_, buffer_), "preprocess");
    exec.fence();
    setup_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  CusparseSpmm(const CusparseSpmm&) = delete;
  CusparseSpmm& operator=(const CusparseSpmm&) = delete;
  ~CusparseSpmm() {
    if (buffer_) cudaFree(buffer_);
    if (x_) cusparseDestroyDnMat(x_);
    if (y_) cusparseDestroyDnMat(y_);
    if (mat_) cusparseDestroySpMat(mat_);
    if (handle_) cusparseDestroy(handle_);
  }

  // Y = alpha A X + beta Y on the bound views, asynchronously on the stream.
  void apply(Value alpha, Value beta) const {
    constexpr cudaDataType type = cuda_value_type<Value>();
    const auto op = CUSPARSE_OPERATION_NON_TRANSPOSE;
    check(cusparseSpMM(handle_, op, op, &alpha, mat_, x_, &beta, y_, type, alg_, buffer_), "SpMM");
  }
  double setup_seconds() const { return setup_seconds_; }

 private:
  static cusparseSpMMAlg_t to_cusparse(CusparseSpmmAlgorithm a) {
    switch (a) {
      case CusparseSpmmAlgorithm::csr_alg1: return CUSPARSE_SPMM_CSR_ALG1;
      case CusparseSpmmAlgorithm::csr_alg2: return CUSPARSE_SPMM_CSR_ALG2;
      case CusparseSpmmAlgorithm::csr_alg3: return CUSPARSE_SPMM_CSR_ALG3;
      default: return CUSPARSE_SPMM_ALG_DEFAULT;
    }
  }

  cusparseSpMMAlg_t alg_;
  cusparseHandle_t handle_ = nullptr;
  cusparseSpMatDescr_t mat_ = nullptr;
  cusparseDnMatDescr_t x_ = nullptr;
  cusparseDnMatDescr_t y_ = nullptr;
  void* buffer_ = nullptr;
  double setup_seconds_ = 0;
};

}  // namespace aspmv::backends::cuda
