// Belos CG on a distributed 3-D Poisson problem, with Tpetra's matrix as
// the operator and with aspmv's: the same iterations, and what aspmv chose
// for each process's owned and remote blocks.
//
//   mpirun -np 4 aspmv_example_tpetra_belos_cg [nx]     (nx^3 unknowns, default 32)

#include <aspmv/tpetra/operator.hpp>

#include <BelosLinearProblem.hpp>
#include <BelosPseudoBlockCGSolMgr.hpp>
#include <BelosTpetraAdapter.hpp>
#include <Tpetra_Core.hpp>
#include <Tpetra_CrsMatrix.hpp>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

using SC = double;
using map_type = Tpetra::Map<>;
using GO = map_type::global_ordinal_type;
using matrix_type = Tpetra::CrsMatrix<SC>;
using vector_type = Tpetra::MultiVector<SC>;
using operator_type = Tpetra::Operator<SC>;

// The 7-point Laplacian on nx^3 points, rows spread evenly over the ranks.
Teuchos::RCP<matrix_type> poisson3d(GO nx, const Teuchos::RCP<const Teuchos::Comm<int>>& comm) {
  auto map = Teuchos::rcp(new map_type(static_cast<Tpetra::global_size_t>(nx * nx * nx), 0, comm));
  auto a = Teuchos::rcp(new matrix_type(map, 7));
  for (std::size_t i = 0; i < map->getNodeNumElements(); ++i) {
    const GO row = map->getGlobalElement(static_cast<int>(i));
    const GO x = row % nx, y = (row / nx) % nx, z = row / (nx * nx);
    GO cols[7];
    SC vals[7];
    int n = 0;
    auto add = [&](GO c, SC v) { cols[n] = c, vals[n++] = v; };
    if (z > 0) add(row - nx * nx, -1);
    if (y > 0) add(row - nx, -1);
    if (x > 0) add(row - 1, -1);
    add(row, 6);
    if (x + 1 < nx) add(row + 1, -1);
    if (y + 1 < nx) add(row + nx, -1);
    if (z + 1 < nx) add(row + nx * nx, -1);
    a->insertGlobalValues(row, Teuchos::ArrayView<const GO>(cols, n), Teuchos::ArrayView<const SC>(vals, n));
  }
  a->fillComplete();
  return a;
}

// Solves A x = b from x = 0 with CG to a relative residual of 1e-8.
int solve(const Teuchos::RCP<const operator_type>& op, const vector_type& b, double* seconds) {
  auto x = Teuchos::rcp(new vector_type(op->getDomainMap(), 1));
  auto rhs = Teuchos::rcp(new vector_type(b, Teuchos::Copy));
  auto problem = Teuchos::rcp(new Belos::LinearProblem<SC, vector_type, operator_type>(op, x, rhs));
  problem->setProblem();
  auto params = Teuchos::rcp(new Teuchos::ParameterList);
  params->set("Maximum Iterations", 5000);
  params->set("Convergence Tolerance", 1e-8);
  Belos::PseudoBlockCGSolMgr<SC, vector_type, operator_type> solver(problem, params);
  const auto t0 = std::chrono::steady_clock::now();
  if (solver.solve() != Belos::Converged) return -1;
  *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return solver.getNumIters();
}

int main(int argc, char* argv[]) {
  Tpetra::ScopeGuard tpetra(&argc, &argv);
  const auto comm = Tpetra::getDefaultComm();
  const GO nx = argc > 1 ? std::atoll(argv[1]) : 32;
  if (nx < 2) {
    if (comm->getRank() == 0) std::cerr << "nx must be at least 2\n";
    return 2;
  }
  const auto a = poisson3d(nx, comm);
  vector_type b(a->getRangeMap(), 1);
  b.putScalar(1.0);

  double stock_seconds = 0, aspmv_seconds = 0;
  const int stock = solve(a, b, &stock_seconds);
  // A solve applies the operator once per iteration: the owned block's plan
  // may spend on its analysis and convert the block (a grid: DIA on CPUs).
  aspmv::tpetra::OperatorOptions options;
  options.owned.expected_calls = options.remote.expected_calls = 1000;
  options.owned.allow_conversion = true;
  const auto op = Teuchos::rcp(new aspmv::tpetra::Operator<>(a, options));
  const int ours = solve(op, b, &aspmv_seconds);

  // Each rank's choice, printed in rank order.
  for (int r = 0; r < comm->getSize(); ++r) {
    comm->barrier();
    if (r == comm->getRank()) std::cout << "rank " << r << ":\n" << op->describe() << std::flush;
  }
  comm->barrier();
  if (comm->getRank() == 0) {
    std::cout << nx * nx * nx << " unknowns on " << comm->getSize() << " ranks: stock " << stock << " iterations ("
              << stock_seconds << " s), aspmv " << ours << " iterations (" << aspmv_seconds << " s)\n";
    if (ours >= 0 && ours == stock)
      std::cout << "converged in " << ours << " iterations, as many as the stock operator\n";
  }
  return ours >= 0 && ours == stock ? 0 : 1;
}
