#pragma once
// The drop-in call's choice (aspmv::spmv, no plan): from the known features
// (m, n, nnz) alone, among the kernels that launch without device arrays.
//
// It is the rule (predictors::choose_direct_kernel: CSR-vector with the CUSP
// mean TpR on GPUs, CSR-scalar on CPUs), not the model table's kernel_known:
// that model is trained for a plan's known-feature path, whose labels count a
// plan's analysis, and on the H100 it chose worse for the drop-in than the
// rule (0.754x vs 1.069x cuSPARSE ALG1 per call on the 22 shared real
// matrices; docs/studies/h100/models.md, "In the library"). A model trained
// on per-call labels that beats the rule on measurements would plug in here.

#include <aspmv/feature_set.hpp>
#include <backends/traits.hpp>
#include <predictors/kernel_rules.hpp>

#include <cstdint>

namespace aspmv::planner {

template <class ExecSpace, class Matrix>
predictors::DirectChoice direct_choice(const Matrix& a) {
  using Traits = backends::Traits<ExecSpace>;
  RowStats known;
  known.rows = a.num_rows();
  known.cols = a.num_cols();
  known.nnz = a.nnz();
  known.mean = known.rows > 0 ? double(known.nnz) / double(known.rows) : 0.0;
  return predictors::choose_direct_kernel(known, Traits::is_gpu, Traits::max_tpr);
}

}  // namespace aspmv::planner
