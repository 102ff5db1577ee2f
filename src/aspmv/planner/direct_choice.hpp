#pragma once
// The drop-in call's choice (aspmv::spmv, no plan), among the kernels that
// launch without device arrays. The matrix is taken for the known features
// (m, n, nnz) a per-call model would read; the rule reads none of them.
//
// It is the rule (predictors::choose_direct_kernel: vector_split, which
// shares long rows among all its warps, on GPUs; CSR-scalar on CPUs), not the model table's kernel_known:
// that model is trained for a plan's known-feature path, whose labels count a
// plan's analysis, and on the H100 it chose worse for the drop-in than the
// rule (0.754x vs 1.069x cuSPARSE ALG1 per call on the 22 shared real
// matrices; docs/studies/h100/models.md, "In the library"). A model trained
// on per-call labels that beats the rule on measurements would plug in here.

#include <aspmv/feature_set.hpp>
#include <backends/traits.hpp>
#include <predictors/kernel_rules.hpp>
#include <predictors/tpr_rules.hpp>

#include <cstdint>

namespace aspmv::planner {

// m, n, nnz and the mean row length: what is known without a pass over A.
template <class Matrix>
RowStats known_features(const Matrix& a) {
  RowStats known;
  known.rows = a.num_rows();
  known.cols = a.num_cols();
  known.nnz = a.nnz();
  known.mean = known.rows > 0 ? double(known.nnz) / double(known.rows) : 0.0;
  return known;
}

template <class ExecSpace, class Matrix>
predictors::DirectChoice direct_choice(const Matrix& /*a*/) {
  using Traits = backends::Traits<ExecSpace>;
  return predictors::choose_direct_kernel(Traits::is_gpu);
}

// Threads per row of the kernels that walk A's rows without a plan (the
// multivector kernel, the transpose scatter): the CUSP mean rule on GPUs,
// one thread a row on CPUs, as the drop-in's CSR-vector.
template <class ExecSpace, class RowsOf>
int direct_tpr(const RowsOf& a) {
  using Traits = backends::Traits<ExecSpace>;
  if (!Traits::is_gpu) return 1;
  return predictors::tpr_by_rule(predictors::TprRule::cusp_mean, known_features(a), Traits::max_tpr);
}

}  // namespace aspmv::planner
