#pragma once
// The kernel configurations the strip models cover (`aspmv calibrate`,
// `aspmv rank`): CSR-V (csr_vector with a half-warp, 16 lanes, per row where
// the backend runs that many; its strip is half-warps), and the
// thread-per-row ones: CSR-S (csr_scalar), ELL, JAD, SELL-C-sigma and
// ELL-BRO (calibrated when asked: `--kernels ...,ell_bro`).

#include <aspmv/error.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <predictors/model_choice.hpp>
#include <predictors/runtime/strip_model.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace aspmv::app {

struct StripAlternative {
  std::string label;  // "csr_vector/tpr=16", "csr_scalar", "ell", "jad", "sell"
  predictors::runtime::StripMapping mapping;
  PlanOptions options;
};

inline StripAlternative strip_alternative(const std::string& kernel, int max_tpr) {
  using predictors::runtime::StripMapping;
  StripAlternative a;
  a.options.kernel = parse_kernel(kernel);
  a.options.max_format_growth = 1e9;  // the benchmark matrices have no long rows; refusals would leave holes
  a.mapping = StripMapping::scalar;
  a.label = kernel;
  if (a.options.kernel == Kernel::csr_vector) {
    a.mapping = StripMapping::vector;
    a.options.threads_per_row = std::min(16, max_tpr);
    a.label += "/tpr=" + std::to_string(a.options.threads_per_row);
  } else if (a.options.kernel != Kernel::csr_scalar && a.options.kernel != Kernel::ell &&
             a.options.kernel != Kernel::jad && a.options.kernel != Kernel::sell &&
             a.options.kernel != Kernel::ell_bro) {
    throw Error("strip models cover csr_scalar, csr_vector, ell, jad, sell and ell_bro, not '" + kernel + "'");
  }
  return a;
}

// The alternative a model's label names ("csr_vector/tpr=16", "ell", ...).
inline StripAlternative alternative_of_label(const std::string& label, int max_tpr) {
  const predictors::KernelLabel parsed = predictors::parse_kernel_label(label);  // throws for a malformed label
  StripAlternative a = strip_alternative(to_string(parsed.kernel), max_tpr);
  if (parsed.tpr > 0) {
    if (a.mapping != predictors::runtime::StripMapping::vector)
      throw Error("strip model label '" + label + "': only csr_vector takes a TpR");
    if (parsed.tpr > max_tpr)
      throw Error("strip model label '" + label + "': the TpR must be a power of two from 1 to " +
                  std::to_string(max_tpr) + " (this backend's)");
    a.options.threads_per_row = parsed.tpr;
  }
  a.label = label;
  return a;
}

// Whether the alternative converts A into another format (a cost before the
// first call: the registry's copies_values kernels).
inline bool kernel_is_conversion(Kernel k) { return planner::kernel_traits(k).copies_values; }

inline const char* default_strip_kernels() { return "csr_scalar,csr_vector,ell,jad,sell"; }

}  // namespace aspmv::app
