#pragma once
// TileMma<Kokkos::Cuda>: tile8x4's body on the FP64 tensor cores of compute
// capability 8.0 and newer (DASP's idea, Lu et al. SC'23; our own code).
//
// One warp a group of 8 rows. A group's stored entries come in tiles of 32,
// lane t holding entry t % 4 of a 4-entry chunk of row t / 4 (the layout of
// kernels/tile8x4.hpp). That is the A fragment of PTX's
// mma.m8n8k4.f64 as it is laid out (A[t/4][t%4]), and lane t's gathered x
// value is the B fragment element B[t%4][t/4] the same lane holds: the
// product's diagonal C[r][r] sums row r's four entries, the other 56
// elements are cross terms nobody reads. The accumulator carries the sums
// over a group's tiles; row r's sum ends in lane 4r + r/2, element r % 2.
// Padding has column -1: its x value is taken as 0 (never read), so no
// 0 * Inf. Float matrices are multiplied in double (exact products, sums
// rounded once to float at the end).

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::backends {

namespace cuda_detail {

#if defined(KOKKOS_ARCH_AMPERE80) || defined(KOKKOS_ARCH_AMPERE86) || defined(KOKKOS_ARCH_HOPPER90)
inline constexpr bool fp64_mma_build = true;
#else
inline constexpr bool fp64_mma_build = false;
#endif

// (c0, c1) += this lane's share of A * B for one 8x8x4 FP64 tile.
KOKKOS_INLINE_FUNCTION void mma_8x8x4(double& c0, double& c1, double a, double b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
               : "+d"(c0), "+d"(c1)
               : "d"(a), "d"(b));
#else
  // Never launched here (TileMma<Cuda>::available is false for such builds).
  (void)c0;
  (void)c1;
  (void)a;
  (void)b;
#endif
}

template <class Tiles, class XView, class YView, class Value>
struct TileMmaFunctor {
  using member_type = typename Kokkos::TeamPolicy<Kokkos::Cuda>::member_type;
  static constexpr int lanes = 32;
  Tiles t;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t rows, groups;

  KOKKOS_INLINE_FUNCTION double gathered(std::int32_t col) const { return col >= 0 ? double(x(col)) : 0.0; }

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const std::int64_t g = std::int64_t(team.league_rank()) * team.team_size() + team.team_rank();
    if (g >= groups) return;  // the whole warp: g is the same in its lanes
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, lanes), [&](const int lane) {
      double c0 = 0, c1 = 0;
      const std::int64_t end = t.starts(g + 1);
      std::int64_t k = t.starts(g) + lane;
      // Four tiles' loads in flight before their products (the same count of
      // iterations in every lane: a group's entries are a multiple of 32).
      for (; k + 3 * lanes < end; k += 4 * lanes) {
        const std::int32_t j0 = t.cols(k), j1 = t.cols(k + lanes), j2 = t.cols(k + 2 * lanes),
                           j3 = t.cols(k + 3 * lanes);
        const double a0 = t.vals(k), a1 = t.vals(k + lanes), a2 = t.vals(k + 2 * lanes), a3 = t.vals(k + 3 * lanes);
        const double b0 = gathered(j0), b1 = gathered(j1), b2 = gathered(j2), b3 = gathered(j3);
        mma_8x8x4(c0, c1, a0, b0);
        mma_8x8x4(c0, c1, a1, b1);
        mma_8x8x4(c0, c1, a2, b2);
        mma_8x8x4(c0, c1, a3, b3);
      }
      for (; k < end; k += lanes) mma_8x8x4(c0, c1, double(t.vals(k)), gathered(t.cols(k)));
      const int r = lane / 4;
      if (lane % 4 == r / 2) {
        const std::int64_t row = g * 8 + r;
        if (row < rows) {
          const Value sum = static_cast<Value>(r % 2 ? c1 : c0);
          y(row) = beta == Value(0) ? alpha * sum : alpha * sum + beta * y(row);
        }
      }
    });
  }
};

}  // namespace cuda_detail

template <>
struct TileMma<Kokkos::Cuda> {
  static constexpr bool available = cuda_detail::fp64_mma_build;
  static constexpr int warps_per_team = 4;

  template <class Tiles, class Value, class XView, class YView>
  static void apply(const Kokkos::Cuda& exec, const Tiles& tiles, std::int64_t rows, std::int64_t groups, Value alpha,
                    const XView& x, Value beta, const YView& y) {
    if (groups == 0) return;
    const std::int64_t teams = (groups + warps_per_team - 1) / warps_per_team;
    Kokkos::parallel_for(
        "aspmv::spmv::tile8x4_mma",
        Kokkos::TeamPolicy<Kokkos::Cuda, Kokkos::Experimental::WorkItemProperty::HintLightWeight_t>(
            exec, static_cast<int>(teams), warps_per_team, 32),
        cuda_detail::TileMmaFunctor<Tiles, XView, YView, Value>{tiles, x, y, alpha, beta, rows, groups});
  }
};

}  // namespace aspmv::backends
