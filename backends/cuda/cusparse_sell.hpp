#pragma once
// cuSPARSE's sliced ELL (CUSPARSE_SPMV_SELL_ALG1) on a copy of an
// aspmv::CsrMatrix, as the comparator of aspmv's SELL-C-sigma: slices of
// `slice_size` rows in their own order (cuSPARSE's SELL has no sorting),
// column-major inside a slice, padded with column -1. The conversion is
// ours, on the host (cuSPARSE has none from CSR), and is timed with the rest
// of the setup (descriptors, buffer, preprocess) apart from the calls.

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
#include <vector>

namespace aspmv::backends::cuda {

template <class Value, class Offset>
class CusparseSellSpmv {
 public:
  using Matrix = CsrMatrix<Value, Offset, Kokkos::CudaSpace>;
  using Vector = Kokkos::View<Value*, Kokkos::CudaSpace>;

  // Converts A and binds x and y; throws aspmv::Error when the padded copy
  // would take more than max_growth times A's CSR bytes.
  CusparseSellSpmv(const Kokkos::Cuda& exec, const Matrix& a, const Vector& x, const Vector& y, int slice_size,
                   double max_growth) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::int64_t m = a.num_rows(), nnz = a.nnz();
    auto off = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.row_offsets());
    auto col = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.col_indices());
    auto val = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.values());
    const std::int64_t slices = (m + slice_size - 1) / slice_size;
    std::vector<std::int64_t> starts(static_cast<std::size_t>(slices) + 1, 0);
    for (std::int64_t s = 0; s < slices; ++s) {
      std::int64_t width = 0;
      for (std::int64_t r = s * slice_size; r < std::min(m, (s + 1) * slice_size); ++r)
        width = std::max<std::int64_t>(width, off(r + 1) - off(r));
      starts[s + 1] = starts[s] + width * slice_size;
    }
    const std::int64_t entries = starts.back();
    const double csr_bytes = double(nnz) * (sizeof(Value) + 4) + double(m + 1) * sizeof(Offset);
    if (double(entries) * (sizeof(Value) + 4) > max_growth * csr_bytes && entries > 0)
      throw Error("cuSPARSE SELL: " + std::to_string(entries) + " padded entries for " + std::to_string(nnz) +
                  " nonzeros exceed the growth limit");
    std::vector<std::int32_t> sell_col(static_cast<std::size_t>(entries), -1);
    std::vector<Value> sell_val(static_cast<std::size_t>(entries), Value(0));
    for (std::int64_t r = 0; r < m; ++r) {
      const std::int64_t s = r / slice_size, lane = r % slice_size;
      for (auto k = off(r); k < off(r + 1); ++k) {
        const std::int64_t at = starts[s] + (k - off(r)) * slice_size + lane;
        sell_col[at] = col(k);
        sell_val[at] = val(k);
      }
    }
    // cuSPARSE's SELL takes 32-bit slice offsets (64-bit ones: "operation not supported", CUDA 13.0).
    if (entries > std::numeric_limits<std::int32_t>::max())
      throw Error("cuSPARSE SELL: " + std::to_string(entries) + " padded entries exceed 32-bit slice offsets");
    starts_ = to_cuda(exec, std::vector<std::int32_t>(starts.begin(), starts.end()), "cusparse_sell::slice_offsets");
    cols_ = to_cuda(exec, sell_col, "cusparse_sell::cols");
    vals_ = to_cuda(exec, sell_val, "cusparse_sell::values");
    call_.emplace(exec, x, y, CUSPARSE_SPMV_SELL_ALG1, CUSPARSE_OPERATION_NON_TRANSPOSE, false,
                  [&](cusparseSpMatDescr_t* mat) {
                    check(cusparseCreateSlicedEll(mat, m, a.num_cols(), nnz, entries, slice_size, starts_.data(),
                                                  cols_.data(), vals_.data(), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                                  CUSPARSE_INDEX_BASE_ZERO, cuda_value_type<Value>()),
                          "create sliced ELL");
                  });
    exec.fence();
    setup_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  // y = alpha A x + beta y on the bound vectors, asynchronously on the stream.
  void apply(Value alpha, Value beta) const { call_->apply(alpha, beta); }
  double setup_seconds() const { return setup_seconds_; }

 private:
  template <class T>
  static Kokkos::View<T*, Kokkos::CudaSpace> to_cuda(const Kokkos::Cuda& exec, const std::vector<T>& v,
                                                     const std::string& label) {
    Kokkos::View<T*, Kokkos::CudaSpace> d(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, label),
                                          std::max<std::size_t>(v.size(), 1));
    Kokkos::deep_copy(exec, Kokkos::subview(d, std::make_pair(std::size_t(0), v.size())),
                      Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(v.data(), v.size()));
    exec.fence();
    return d;
  }

  Kokkos::View<std::int32_t*, Kokkos::CudaSpace> starts_;
  Kokkos::View<std::int32_t*, Kokkos::CudaSpace> cols_;
  Kokkos::View<Value*, Kokkos::CudaSpace> vals_;
  std::optional<SpmvCall<Value>> call_;  // made once the slices exist
  double setup_seconds_ = 0;
};

}  // namespace aspmv::backends::cuda
