#pragma once
// Belos CG (PseudoBlockCG) on a Tpetra operator, with the residual history
// that Belos prints on rank 0 (Brief style, one line per iteration) parsed
// back: the tests compare iteration counts and histories of the stock and
// the aspmv operator.

#include "tpetra_fixtures.hpp"

#include <BelosLinearProblem.hpp>
#include <BelosPseudoBlockCGSolMgr.hpp>
#include <BelosTpetraAdapter.hpp>
#include <Teuchos_ParameterList.hpp>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace aspmv::testing::tpetra {

using operator_type = Tpetra::Operator<double>;

struct Solve {
  int iterations = 0;
  bool converged = false;
  std::vector<double> history;  // the relative residual per iteration (rank 0 only)
  Teuchos::RCP<multivector_type> x;
};

inline Solve belos_cg(const Teuchos::RCP<const operator_type>& op, const multivector_type& b, double tolerance,
                      int max_iterations) {
  Solve s;
  s.x = Teuchos::rcp(new multivector_type(op->getDomainMap(), b.getNumVectors()));
  s.x->putScalar(0);
  auto rhs = Teuchos::rcp(new multivector_type(b, Teuchos::Copy));
  auto problem = Teuchos::rcp(new Belos::LinearProblem<double, multivector_type, operator_type>(op, s.x, rhs));
  problem->setProblem();
  auto out = Teuchos::rcp(new std::ostringstream);
  auto params = Teuchos::rcp(new Teuchos::ParameterList);
  params->set("Maximum Iterations", max_iterations);
  params->set("Convergence Tolerance", tolerance);
  params->set("Verbosity", Belos::Errors + Belos::Warnings + Belos::StatusTestDetails);
  params->set("Output Frequency", 1);
  params->set("Output Style", static_cast<int>(Belos::Brief));
  params->set("Output Stream", Teuchos::rcp_static_cast<std::ostream>(out));
  Belos::PseudoBlockCGSolMgr<double, multivector_type, operator_type> solver(problem, params);
  s.converged = solver.solve() == Belos::Converged;
  s.iterations = solver.getNumIters();
  static const std::regex line(R"(Iter\s+(\d+),\s*\[\s*1\]\s*:\s*([-+0-9.eE]+))");
  std::istringstream in(out->str());
  for (std::string text; std::getline(in, text);) {
    std::smatch m;
    if (std::regex_search(text, m, line)) s.history.push_back(std::stod(m[2].str()));
  }
  return s;
}

}  // namespace aspmv::testing::tpetra
