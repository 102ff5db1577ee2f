#pragma once
// cuSPARSE's COO SpMV (CUSPARSE_SPMV_COO_ALG1: atomics, the summation order
// varies; CUSPARSE_SPMV_COO_ALG2: deterministic) on an aspmv::CsrMatrix, as
// the comparator of aspmv's coo kernel. The conversion (one 32-bit row index
// per nonzero, written on the device from the row offsets; columns and
// values are A's own) is timed with the rest of the setup (descriptors,
// buffer, preprocess) apart from the calls.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <backends/cuda/cusparse_spmv.hpp>

#include <Kokkos_Core.hpp>
#include <cuda_runtime.h>
#include <cusparse.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace aspmv::backends::cuda {

enum class CusparseCooAlgorithm { coo_alg1, coo_alg2 };

inline const char* to_string(CusparseCooAlgorithm a) {
  return a == CusparseCooAlgorithm::coo_alg1 ? "cusparse_coo_alg1" : "cusparse_coo_alg2";
}

// Row index of every nonzero of row r: rows(k) = r for offsets(r) <= k < offsets(r + 1).
template <class Offsets>
struct CooRowIndices {
  Offsets offsets;
  Kokkos::View<std::int32_t*, Kokkos::CudaSpace> rows;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t r) const {
    for (auto k = offsets(r); k < offsets(r + 1); ++k) rows(k) = static_cast<std::int32_t>(r);
  }
};

template <class Value, class Offset>
class CusparseCooSpmv {
 public:
  using Matrix = CsrMatrix<Value, Offset, Kokkos::CudaSpace>;
  using Vector = Kokkos::View<Value*, Kokkos::CudaSpace>;

  // Builds the row indices and binds A's columns and values, x and y.
  CusparseCooSpmv(const Kokkos::Cuda& exec, const Matrix& a, const Vector& x, const Vector& y,
                  CusparseCooAlgorithm alg) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::int64_t m = a.num_rows(), nnz = a.nnz();
    if (m > std::numeric_limits<std::int32_t>::max())
      throw Error("cuSPARSE COO: " + std::to_string(m) + " rows exceed 32-bit row indices");
    rows_ = Kokkos::View<std::int32_t*, Kokkos::CudaSpace>(
        Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, "aspmv::cusparse_coo::rows"),
        static_cast<std::size_t>(std::max<std::int64_t>(nnz, 1)));
    Kokkos::parallel_for("aspmv::cusparse_coo::row_indices",
                         Kokkos::RangePolicy<Kokkos::Cuda, Kokkos::IndexType<std::int64_t>>(exec, 0, m),
                         CooRowIndices<typename Matrix::offsets_view>{a.row_offsets(), rows_});
    call_.emplace(exec, x, y, alg == CusparseCooAlgorithm::coo_alg1 ? CUSPARSE_SPMV_COO_ALG1 : CUSPARSE_SPMV_COO_ALG2,
                  CUSPARSE_OPERATION_NON_TRANSPOSE, true, [&](cusparseSpMatDescr_t* mat) {
                    check(cusparseCreateCoo(mat, m, a.num_cols(), nnz, rows_.data(),
                                            const_cast<std::int32_t*>(a.col_indices().data()),
                                            const_cast<Value*>(a.values().data()), CUSPARSE_INDEX_32I,
                                            CUSPARSE_INDEX_BASE_ZERO, cuda_value_type<Value>()),
                          "create COO");
                  });
    exec.fence();
    setup_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

  // y = alpha A x + beta y on the bound vectors, asynchronously on the stream.
  void apply(Value alpha, Value beta) const { call_->apply(alpha, beta); }
  double setup_seconds() const { return setup_seconds_; }

 private:
  Kokkos::View<std::int32_t*, Kokkos::CudaSpace> rows_;
  std::optional<SpmvCall<Value>> call_;  // made once the row indices exist
  double setup_seconds_ = 0;
};

}  // namespace aspmv::backends::cuda
