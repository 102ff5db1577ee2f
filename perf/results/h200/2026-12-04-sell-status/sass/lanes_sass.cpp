// Prototype, not in the library: SELL with G entries of a row side by side per lane, for build.sh to disassemble
// (SASS=lanes: LDG.E.128 of 4 column indices, then their 4 x loads together).
#include <Kokkos_Core.hpp>
#include <backends/cuda/range_launch.hpp>
#include <cstdint>
// Prototype: SELL with G entries of a row side by side per lane; place(i, j) = start(slice) + (j / G) * (h * G) + (i %
// h) * G + j % G.
template <class T, int N>
struct alignas(N * sizeof(T) >= 16 ? 16 : N * sizeof(T)) Lanes {
  T v[N];
};
template <class Value, int G>
struct LanesRow {
  Kokkos::View<const std::int64_t*, Kokkos::CudaSpace> starts;
  Kokkos::View<const std::int32_t*, Kokkos::CudaSpace> lengths, cols;
  Kokkos::View<const Value*, Kokkos::CudaSpace> vals;
  Kokkos::View<const Value*, Kokkos::LayoutLeft, Kokkos::CudaSpace, Kokkos::MemoryTraits<3>> x;
  Kokkos::View<Value*, Kokkos::LayoutLeft, Kokkos::CudaSpace, Kokkos::MemoryTraits<1>> y;
  std::int64_t h;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const std::int64_t n = lengths(i);
    std::int64_t k = starts(i / h) + (i % h) * G;
    Value sum = 0;
    std::int64_t j = 0;
    for (; j + G <= n; j += G, k += h * G) {
      const auto c = *reinterpret_cast<const Lanes<std::int32_t, G>*>(cols.data() + k);
      const auto v = *reinterpret_cast<const Lanes<Value, G>*>(vals.data() + k);
      Value xc[G];
      for (int u = 0; u < G; ++u) xc[u] = x(c.v[u]);
      for (int u = 0; u < G; ++u) sum += v.v[u] * xc[u];
    }
    if (j < n) {
      const auto c = *reinterpret_cast<const Lanes<std::int32_t, G>*>(cols.data() + k);
      const auto v = *reinterpret_cast<const Lanes<Value, G>*>(vals.data() + k);
      for (int u = 0; j + u < n; ++u) sum += v.v[u] * x(c.v[u]);
    }
    y(i) = sum;
  }
};
void* kernels[] = {(void*)&aspmv::backends::cuda::range_kernel<LanesRow<double, 4>>,
                   (void*)&aspmv::backends::cuda::range_kernel<LanesRow<float, 4>>};
