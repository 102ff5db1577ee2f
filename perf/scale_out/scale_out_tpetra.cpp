// aspmv-scale-out, Tpetra: CrsMatrix::apply (stock: KokkosSparse::spmv on
// the imported column-map vector) against aspmv::tpetra::Operator, SpMV and
// a Belos CG iteration, interleaved; the operator's phases apart.

#include "scale_out.hpp"

#include <aspmv/tpetra/operator.hpp>

#include <BelosLinearProblem.hpp>
#include <BelosPseudoBlockCGSolMgr.hpp>
#include <BelosTpetraAdapter.hpp>
#include <Tpetra_Core.hpp>

#include <algorithm>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>

namespace aspmv::scale_out {

namespace {

using map_type = Tpetra::Map<>;
using matrix_type = Tpetra::CrsMatrix<double>;
using vector_type = Tpetra::MultiVector<double>;
using operator_type = Tpetra::Operator<double>;
using GO = map_type::global_ordinal_type;

Teuchos::RCP<matrix_type> distribute(const Matrix& a, const Teuchos::RCP<const Teuchos::Comm<int>>& comm) {
  const auto rows = my_rows(a.num_rows, comm->getRank(), comm->getSize());
  const auto cols = my_rows(a.num_cols, comm->getRank(), comm->getSize());
  auto row_map = Teuchos::rcp(
      new map_type(static_cast<Tpetra::global_size_t>(a.num_rows), static_cast<std::size_t>(rows.count), 0, comm));
  auto domain_map = Teuchos::rcp(
      new map_type(static_cast<Tpetra::global_size_t>(a.num_cols), static_cast<std::size_t>(cols.count), 0, comm));
  // Per-row allocation: a power-law matrix's widest row times its rows would not fit.
  std::vector<std::size_t> lengths(static_cast<std::size_t>(rows.count));
  for (std::int64_t i = 0; i < rows.count; ++i)
    lengths[i] = static_cast<std::size_t>(a.row_offsets[rows.first + i + 1] - a.row_offsets[rows.first + i]);
  auto m = Teuchos::rcp(new matrix_type(row_map, Teuchos::ArrayView<const std::size_t>(lengths)));
  std::vector<GO> columns;
  for (auto r = rows.first; r < rows.first + rows.count; ++r) {
    const auto begin = a.row_offsets[r], end = a.row_offsets[r + 1];
    if (begin == end) continue;
    columns.assign(a.col_indices.begin() + begin, a.col_indices.begin() + end);
    m->insertGlobalValues(r, Teuchos::ArrayView<const GO>(columns),
                          Teuchos::ArrayView<const double>(a.values.data() + begin, end - begin));
  }
  m->fillComplete(domain_map, row_map);
  return m;
}

// Belos CG for exactly `iterations` iterations (the tolerance cannot be met).
double cg_seconds(const Teuchos::RCP<const operator_type>& op, const vector_type& b, int iterations, int* done) {
  auto x = Teuchos::rcp(new vector_type(op->getDomainMap(), 1));
  x->putScalar(0);
  auto rhs = Teuchos::rcp(new vector_type(b, Teuchos::Copy));
  auto problem = Teuchos::rcp(new Belos::LinearProblem<double, vector_type, operator_type>(op, x, rhs));
  problem->setProblem();
  auto params = Teuchos::rcp(new Teuchos::ParameterList);
  params->set("Maximum Iterations", iterations);
  params->set("Convergence Tolerance", 1e-300);
  params->set("Verbosity", static_cast<int>(Belos::Errors));
  Belos::PseudoBlockCGSolMgr<double, vector_type, operator_type> solver(problem, params);
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  solver.solve();
  MPI_Barrier(MPI_COMM_WORLD);
  double t = MPI_Wtime() - t0;
  MPI_Bcast(&t, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  *done = solver.getNumIters();
  return t;
}

}  // namespace

std::vector<Row> run_tpetra(const Matrix& a, const Options& opts) {
  const auto comm = Tpetra::getDefaultComm();
  const auto stock = distribute(a, comm);
  // aspmv: the operator's default options (CSR kernels only); aspmv_convert:
  // the owned block's plan may convert A's local rows (a solver's 1000
  // applies; the DIA rule on CPUs, the format models where the table has them).
  aspmv::tpetra::OperatorOptions converting;
  converting.owned = converting_block_options();
  const std::vector<std::pair<std::string, aspmv::tpetra::OperatorOptions>> variants = {{"aspmv", {}},
                                                                                        {"aspmv_convert", converting}};
  std::vector<std::pair<std::string, Teuchos::RCP<const operator_type>>> ops = {{"stock", stock}};
  std::vector<std::pair<std::string, Teuchos::RCP<const aspmv::tpetra::Operator<>>>> aspmv_ops;
  vector_type x(stock->getDomainMap(), 1), y_stock(stock->getRangeMap(), 1), y(stock->getRangeMap(), 1);
  x.randomize();
  stock->apply(x, y_stock);
  for (const auto& [name, options] : variants) {
    const auto op = Teuchos::rcp(new aspmv::tpetra::Operator<>(stock, options));
    op->apply(x, y);
    y.update(-1.0, y_stock, 1.0);
    const double error = y.getVector(0)->normInf() / std::max(1e-300, y_stock.getVector(0)->normInf());
    if (!(error <= 1e-12))
      throw std::runtime_error("tpetra: " + name + "'s y differs from the stock y by " + std::to_string(error));
    if (comm->getRank() == 0) std::cerr << "tpetra, rank 0's operator " << name << ":\n" << op->describe();
    ops.emplace_back(name, op);
    aspmv_ops.emplace_back(name, op);
  }

  std::vector<Row> rows;
  for (int w = 0; w < opts.warmup; ++w)
    for (const auto& [name, op] : ops) op->apply(x, y);
  const int calls = calls_per_batch(time_batch([&] { stock->apply(x, y); }, 1), opts);
  // Interleaved batches: every operator's apply (spmv) and, for aspmv's,
  // its owned block's plan applied straight to x's and y's local views
  // (owned_plan: no import, no Tpetra call; at one rank the operator's
  // spmv over it is the wrapper's overhead).
  struct Timed {
    std::string op, figure;
    std::function<void()> call;
  };
  std::vector<Timed> timed;
  for (const auto& [name, op] : ops) timed.push_back({name, "spmv", [&x, &y, op = op] { op->apply(x, y); }});
  const auto xv = Kokkos::subview(x.getLocalViewDevice(Tpetra::Access::ReadOnly), Kokkos::ALL(), 0);
  const auto yv = Kokkos::subview(y.getLocalViewDevice(Tpetra::Access::ReadWrite), Kokkos::ALL(), 0);
  for (const auto& [name, op] : aspmv_ops)
    timed.push_back({name, "owned_plan", [xv, yv, op = op] {
                       op->owned_block().apply(aspmv::tpetra::Operator<>::execution_space(), 1.0, xv, 0.0, yv);
                     }});
  std::vector<std::vector<double>> samples(timed.size());
  for (int b = 0; b < opts.batches; ++b)
    for (std::size_t k = 0; k < timed.size(); ++k) samples[k].push_back(time_batch(timed[k].call, calls) / calls);
  for (std::size_t k = 0; k < timed.size(); ++k)
    rows.push_back(summarize("tpetra", timed[k].op, timed[k].figure, samples[k], calls));

  if (a.num_rows == a.num_cols && opts.cg_iterations > 0) {
    std::vector<std::vector<double>> cg(ops.size());
    int done = 0;
    try {
      for (int s = 0; s < opts.cg_solves; ++s)
        for (std::size_t k = 0; k < ops.size(); ++k) {
          const double t = cg_seconds(ops[k].second, x, opts.cg_iterations, &done);
          cg[k].push_back(t / std::max(1, done));
        }
      for (std::size_t k = 0; k < ops.size(); ++k)
        rows.push_back(summarize("tpetra", ops[k].first, "cg_iteration", cg[k], done));
    } catch (const std::exception& e) {  // on every rank alike: Belos' breakdown test is on global values
      if (comm->getRank() == 0)
        std::cerr << "tpetra: Belos CG failed (the matrix is not SPD?): no cg_iteration figures\n";
    }
  }

  // The phases, on operators that fence and time them (slower: not the SpMV figure).
  for (const auto& [name, options] : variants) {
    aspmv::tpetra::OperatorOptions timed_options = options;
    timed_options.time_phases = true;
    const aspmv::tpetra::Operator<> timed(stock, timed_options);
    const int phase_calls = calls * std::max(1, opts.batches / 3);
    for (int w = 0; w < opts.warmup; ++w) timed.apply(x, y);
    timed.reset_phase_times();
    time_batch([&] { timed.apply(x, y); }, phase_calls);
    const auto& p = timed.phase_times();
    const double n = static_cast<double>(std::max<std::int64_t>(1, p.applies));
    for (const auto& [what, seconds] : {std::pair<std::string, double>{"phase_owned", p.owned_product / n},
                                        {"phase_import_wait", p.import_wait / n},
                                        {"phase_remote", p.remote_product / n}}) {
      const double worst = max_over_ranks(seconds);
      rows.push_back({"tpetra", name, what, worst, worst, 1, phase_calls});
    }
  }
  return rows;
}

}  // namespace aspmv::scale_out
