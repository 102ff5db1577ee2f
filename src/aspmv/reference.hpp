#pragma once
// The CPU reference SpMV the tests and the tools check against:
// y = alpha*A*x + beta*y accumulated in long double, with beta == 0 never
// reading y (so NaN in y is overwritten), plus a per-row magnitude
// |alpha|*sum|a_ij x_j| + |beta y_i| that bounds rounding errors.

#include <aspmv/host_csr.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

namespace aspmv {

struct ReferenceResult {
  std::vector<long double> y;          // exact up to long double rounding
  std::vector<long double> magnitude;  // |alpha| sum |a_ij x_j| + |beta y_i|, per row
};

template <class Value, class Offset, class XValue, class YValue>
ReferenceResult reference_spmv(const HostCsr<Value, Offset>& a, double alpha, const std::vector<XValue>& x, double beta,
                               const std::vector<YValue>& y_in) {
  ReferenceResult r;
  r.y.resize(static_cast<std::size_t>(a.num_rows));
  r.magnitude.resize(r.y.size());
  for (std::int32_t i = 0; i < a.num_rows; ++i) {
    long double sum = 0, mag = 0;
    if (alpha != 0) {  // alpha == 0: A and x are not referenced (BLAS semantics)
      for (auto k = a.row_offsets[i]; k < a.row_offsets[i + 1]; ++k) {
        const long double p = static_cast<long double>(a.values[k]) * static_cast<long double>(x[a.col_indices[k]]);
        sum += p;
        mag += std::fabs(p);
      }
    }
    long double yi = static_cast<long double>(alpha) * sum;
    mag *= std::fabs(static_cast<long double>(alpha));
    if (beta != 0) {
      const long double by = static_cast<long double>(beta) * static_cast<long double>(y_in[i]);
      yi += by;
      mag += std::fabs(by);
    }
    r.y[i] = yi;
    r.magnitude[i] = mag;
  }
  return r;
}

struct Comparison {
  double relative_error = 0;        // ||y - ref||_2 / ||ref||_2 (absolute when ref is 0)
  std::int64_t worst_row = -1;      // row with the largest error relative to its bound
  double worst_ratio = 0;           // that row's |y_i - ref_i| / bound_i
  std::int64_t nonfinite_rows = 0;  // rows where y is NaN/Inf but the reference is finite
  bool within_bounds = true;        // every row within its rounding bound
};

// Compares y with the reference. A row passes when
//   |y_i - ref_i| <= tol_factor * eps(Value) * (row_length + 2) * magnitude_i,
// the worst-case bound for any summation order, so no kernel's legal
// reordering fails it while a lost or doubled entry does.
template <class Value, class Offset, class YValue>
Comparison compare(const HostCsr<Value, Offset>& a, const std::vector<YValue>& y, const ReferenceResult& ref,
                   double eps, double tol_factor = 2.0) {
  Comparison c;
  long double err2 = 0, ref2 = 0;
  for (std::size_t i = 0; i < ref.y.size(); ++i) {
    const auto yi = static_cast<long double>(y[i]);
    const bool ref_finite = std::isfinite(ref.y[i]);
    if (!std::isfinite(yi)) {
      if (ref_finite || !(std::isnan(yi) == std::isnan(ref.y[i]))) {
        ++c.nonfinite_rows;
        c.within_bounds = false;
      }
      continue;
    }
    if (!ref_finite) {
      c.within_bounds = false;
      ++c.nonfinite_rows;
      continue;
    }
    const long double d = std::fabs(yi - ref.y[i]);
    err2 += d * d;
    ref2 += ref.y[i] * ref.y[i];
    const auto len = static_cast<long double>(a.row_length(static_cast<std::int32_t>(i)));
    const long double bound = tol_factor * eps * (len + 2) * ref.magnitude[i];
    const long double ratio = bound > 0 ? d / bound : (d > 0 ? INFINITY : 0);
    if (ratio > c.worst_ratio) {
      c.worst_ratio = static_cast<double>(ratio);
      c.worst_row = static_cast<std::int64_t>(i);
    }
    if (d > bound) c.within_bounds = false;
  }
  c.relative_error = static_cast<double>(ref2 > 0 ? std::sqrt(err2 / ref2) : std::sqrt(err2));
  return c;
}

}  // namespace aspmv
