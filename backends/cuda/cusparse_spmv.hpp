#pragma once
// cuSPARSE's generic SpMV (cusparseSpMV) on an aspmv::CsrMatrix, as a
// comparator: CSR ALG1 or ALG2, with cusparseSpMV_preprocess, of A or of A^T
// (CUSPARSE_OPERATION_TRANSPOSE). Setup (handle, descriptors, buffer,
// preprocess) is timed apart from the calls.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>

#include <Kokkos_Core.hpp>
#include <cuda_runtime.h>
#include <cusparse.h>

#include <chrono>
#include <string>
#include <type_traits>

namespace aspmv::backends::cuda {

enum class CusparseAlgorithm { csr_alg1, csr_alg2 };

inline const char* to_string(CusparseAlgorithm a) {
  return a == CusparseAlgorithm::csr_alg1 ? "cusparse_csr_alg1" : "cusparse_csr_alg2";
}

inline void check(cusparseStatus_t s, const char* what) {
  if (s != CUSPARSE_STATUS_SUCCESS) throw Error(std::string("cuSPARSE ") + what + ": " + cusparseGetErrorString(s));
}

template <class Value>
constexpr cudaDataType cuda_value_type() {
  return std::is_same<Value, double>::value ? CUDA_R_64F : CUDA_R_32F;
}

// A CSR descriptor of `a` (no copy).
template <class Value, class Offset>
void create_csr(const CsrMatrix<Value, Offset, Kokkos::CudaSpace>& a, cusparseSpMatDescr_t* mat) {
  const cusparseIndexType_t offset_type = sizeof(Offset) == 8 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
  check(cusparseCreateCsr(mat, a.num_rows(), a.num_cols(), a.nnz(), const_cast<Offset*>(a.row_offsets().data()),
                          const_cast<std::int32_t*>(a.col_indices().data()), const_cast<Value*>(a.values().data()),
                          offset_type, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, cuda_value_type<Value>()),
        "create CSR");
}

// A cuSPARSE handle on exec's stream and a CSR descriptor of `a` (no copy).
template <class Value, class Offset>
void create_handle_and_csr(const Kokkos::Cuda& exec, const CsrMatrix<Value, Offset, Kokkos::CudaSpace>& a,
                           cusparseHandle_t* handle, cusparseSpMatDescr_t* mat) {
  check(cusparseCreate(handle), "create");
  check(cusparseSetStream(*handle, exec.cuda_stream()), "set stream");
  create_csr(a, mat);
}

// Everything one cusparseSpMV call owns: the handle on exec's stream, the
// sparse descriptor (made by the caller's make_matrix(cusparseSpMatDescr_t*)
// in any format), x and y, and the algorithm's buffer, preprocessed when
// asked. The comparators below differ only in the sparse descriptor.
template <class Value>
class SpmvCall {
 public:
  using Vector = Kokkos::View<Value*, Kokkos::CudaSpace>;

  template <class MakeMatrix>
  SpmvCall(const Kokkos::Cuda& exec, const Vector& x, const Vector& y, cusparseSpMVAlg_t alg, cusparseOperation_t op,
           bool preprocess, MakeMatrix&& make_matrix)
      : alg_(alg), op_(op) {
    try {
      constexpr cudaDataType type = cuda_value_type<Value>();
      check(cusparseCreate(&handle_), "create");
      check(cusparseSetStream(handle_, exec.cuda_stream()), "set stream");
      make_matrix(&mat_);
      check(cusparseCreateDnVec(&x_, static_cast<std::int64_t>(x.extent(0)), x.data(), type), "create x");
      check(cusparseCreateDnVec(&y_, static_cast<std::int64_t>(y.extent(0)), y.data(), type), "create y");
      const Value one = 1, zero = 0;
      size_t bytes = 0;
      check(cusparseSpMV_bufferSize(handle_, op_, &one, mat_, x_, &zero, y_, type, alg_, &bytes), "buffer size");
      if (bytes > 0 && cudaMalloc(&buffer_, bytes) != cudaSuccess) throw Error("cuSPARSE: cannot allocate its buffer");
      if (preprocess)
        check(cusparseSpMV_preprocess(handle_, op_, &one, mat_, x_, &zero, y_, type, alg_, buffer_), "preprocess");
    } catch (...) {
      release();
      throw;
    }
  }
  SpmvCall(const SpmvCall&) = delete;
  SpmvCall& operator=(const SpmvCall&) = delete;
  ~SpmvCall() { release(); }

  // y = alpha A x + beta y on the bound vectors, asynchronously on the stream.
  void apply(Value alpha, Value beta) const {
    constexpr cudaDataType type = cuda_value_type<Value>();
    check(cusparseSpMV(handle_, op_, &alpha, mat_, x_, &beta, y_, type, alg_, buffer_), "SpMV");
  }

 private:
  void release() {
    if (buffer_) cudaFree(buffer_);
    if (x_) cusparseDestroyDnVec(x_);
    if (y_) cusparseDestroyDnVec(y_);
    if (mat_) cusparseDestroySpMat(mat_);
    if (handle_) cusparseDestroy(handle_);
    buffer_ = nullptr;
    x_ = y_ = nullptr;
    mat_ = nullptr;
    handle_ = nullptr;
  }

  cusparseSpMVAlg_t alg_;
  cusparseOperation_t op_;
  cusparseHandle_t handle_ = nullptr;
  cusparseSpMatDescr_t mat_ = nullptr;
  cusparseDnVecDescr_t x_ = nullptr;
  cusparseDnVecDescr_t y_ = nullptr;
  void* buffer_ = nullptr;
};

template <class Value, class Offset>
class CusparseSpmv {
  static_assert(sizeof(Offset) == 4 || sizeof(Offset) == 8, "cuSPARSE takes 32- or 64-bit offsets");

 public:
  using Matrix = CsrMatrix<Value, Offset, Kokkos::CudaSpace>;
  using Vector = Kokkos::View<Value*, Kokkos::CudaSpace>;

  // Binds A, x and y (the vectors the calls will use) and runs the setup;
  // transpose: y = alpha A^T x + beta y (x has num_rows entries).
  CusparseSpmv(const Kokkos::Cuda& exec, const Matrix& a, const Vector& x, const Vector& y, CusparseAlgorithm alg,
               bool transpose = false)
      : start_(std::chrono::steady_clock::now()),
        call_(exec, x, y, alg == CusparseAlgorithm::csr_alg1 ? CUSPARSE_SPMV_CSR_ALG1 : CUSPARSE_SPMV_CSR_ALG2,
              transpose ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE, true,
              [&](cusparseSpMatDescr_t* mat) { create_csr(a, mat); }) {
    exec.fence();
    setup_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  // y = alpha A x + beta y on the bound vectors, asynchronously on the stream.
  void apply(Value alpha, Value beta) const { call_.apply(alpha, beta); }
  double setup_seconds() const { return setup_seconds_; }

 private:
  std::chrono::steady_clock::time_point start_;  // before call_: the setup's clock starts first
  SpmvCall<Value> call_;
  double setup_seconds_ = 0;
};

}  // namespace aspmv::backends::cuda
