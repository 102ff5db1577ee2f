#pragma once
// The literature's threads-per-row rules, kept as named baselines:
//  - CUSP mean (Gao Eq. (1)):      min(2^ceil(log2(ceil(nnz/m))), max)
//  - Reguly sqrt-mean (Gao Eq. 2): min(2^ceil(log2(ceil(sqrt(nnz/m)))), max)
//  - Kokkos Kernels' spmv:         smallest power of two VL with 6*VL >= floor(nnz/m), capped at max
// max is 32 in the papers (the warp); backends may allow 64 (wavefronts).

#include <aspmv/error.hpp>
#include <aspmv/feature_set.hpp>

#include <cmath>
#include <cstdint>
#include <string>

namespace aspmv::predictors {

enum class TprRule { cusp_mean, reguly_sqrt_mean, kokkos_kernels };

inline const char* to_string(TprRule r) {
  switch (r) {
    case TprRule::cusp_mean: return "cusp_mean";
    case TprRule::reguly_sqrt_mean: return "reguly_sqrt_mean";
    case TprRule::kokkos_kernels: return "kokkos_kernels";
  }
  return "unknown";
}

inline constexpr TprRule all_tpr_rules[] = {TprRule::cusp_mean, TprRule::reguly_sqrt_mean, TprRule::kokkos_kernels};

// Parses a rule name as to_string() writes it; throws aspmv::Error otherwise.
inline TprRule parse_tpr_rule(const std::string& name) {
  std::string known;
  for (const auto r : all_tpr_rules) {
    if (name == to_string(r)) return r;
    known += (known.empty() ? "" : ", ") + std::string(to_string(r));
  }
  throw Error("aspmv::parse_tpr_rule: unknown rule '" + name + "' (" + known + ")");
}

// Smallest power of two >= v (v >= 1), capped at cap.
inline int pow2_at_least(double v, int cap) {
  int p = 1;
  while (p < cap && p < v) p *= 2;
  return p;
}

inline int tpr_by_rule(TprRule rule, const RowStats& s, int max_tpr = 32) {
  const double mean = s.rows > 0 ? double(s.nnz) / double(s.rows) : 0.0;
  switch (rule) {
    case TprRule::cusp_mean: return pow2_at_least(std::ceil(mean), max_tpr);
    case TprRule::reguly_sqrt_mean: return pow2_at_least(std::ceil(std::sqrt(mean)), max_tpr);
    case TprRule::kokkos_kernels: {  // KokkosSparse_spmv_impl.hpp uses integer nnz / m, at least 1
      const std::int64_t per_row = s.rows > 0 && s.nnz / s.rows > 1 ? s.nnz / s.rows : 1;
      int vl = 1;
      while (vl < max_tpr && std::int64_t{vl} * 6 < per_row) vl *= 2;
      return vl;
    }
  }
  return 1;
}

}  // namespace aspmv::predictors
