// Instantiates SellRowFunctor under the CUDA direct range launch (double, float) for build.sh to disassemble.
#include <aspmv/kernels/sell.hpp>
#include <backends/cuda/range_launch.hpp>
template <class T>
using X = Kokkos::View<const T*, Kokkos::LayoutLeft, Kokkos::CudaSpace, Kokkos::MemoryTraits<3>>;
template <class T>
using Y = Kokkos::View<T*, Kokkos::LayoutLeft, Kokkos::CudaSpace, Kokkos::MemoryTraits<1>>;
template <class T>
using F = aspmv::impl::SellRowFunctor<T, Kokkos::CudaSpace, X<T>, Y<T>>;
void* kernels[] = {(void*)&aspmv::backends::cuda::range_kernel<F<double>>,
                   (void*)&aspmv::backends::cuda::range_kernel<F<float>>};
