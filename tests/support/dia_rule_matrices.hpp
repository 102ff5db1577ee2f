#pragma once
// The matrices the DIA rule's plan tests share: a 5-point grid just above the
// rule's size floor for `threads` (predictors/format_rules.hpp) and a matrix
// of its shape and row lengths with scattered columns, which DIA's guard
// refuses at the rule's fill. dia_rule_matrices_for(exec): for a space's
// threads on CPUs; on GPUs, where the rule never converts, those of one
// thread (a GPU's concurrency would ask for a grid of about 10^9 rows).

#include <aspmv/host_csr.hpp>
#include <backends/traits.hpp>
#include <predictors/format_rules.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/stencil.hpp>

#include <cmath>
#include <cstdint>

namespace aspmv::testing {

struct DiaRuleMatrices {
  HostCsr<double, std::int64_t> grid;
  HostCsr<double, std::int64_t> scattered;
};

inline DiaRuleMatrices dia_rule_matrices(std::int64_t threads) {
  const std::int64_t floor = predictors::dia_rule_min_nnz_per_thread * threads;
  const auto n = static_cast<std::int32_t>(std::ceil(std::sqrt(double(floor) / 4.0))) + 1;
  DiaRuleMatrices m{corpus::stencil(n, n, 1, 5), {}};
  corpus::RandomCsrSpec s;
  s.rows = m.grid.num_rows;
  s.cols = m.grid.num_cols;
  s.lengths = corpus::RowLengths::constant;
  s.mean = 5;
  s.seed = 9;
  m.scattered = corpus::random_csr(s);
  return m;
}

template <class Space>
DiaRuleMatrices dia_rule_matrices_for(const Space& exec) {
  return dia_rule_matrices(backends::Traits<Space>::is_gpu ? 1 : std::int64_t(exec.concurrency()));
}

}  // namespace aspmv::testing
