#pragma once
// aspmv-scale-out: the distributed SpMV and CG iteration of Tpetra and PETSc
// with their stock operators and with aspmv's (components/), interleaved in
// one run on the same matrix (docs/studies/scale-out.md). Every rank builds
// the whole matrix from its generated name or file and keeps its own rows.

#include <aspmv/host_csr.hpp>
#include <aspmv/plan_options.hpp>

#include <Kokkos_Core.hpp>
#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::scale_out {

struct Options {
  std::string matrix;                              // a generated name (perf/corpus) or a matrix file
  std::vector<std::string> hosts = built_hosts();  // default: every host this binary was built with

  static std::vector<std::string> built_hosts() {
    std::vector<std::string> h;
#if ASPMV_SCALE_OUT_TPETRA
    h.emplace_back("tpetra");
#endif
#if ASPMV_SCALE_OUT_PETSC
    h.emplace_back("petsc");
#endif
    return h;
  }
  int warmup = 10;              // untimed calls before the batches
  int batches = 15;             // timed batches per operator (median reported)
  double batch_seconds = 0.05;  // a batch's target length: sets the calls per batch
  int cg_iterations = 50;       // CG iterations per timed solve (no convergence test)
  int cg_solves = 3;            // timed solves per operator
};

// One measured figure (CSV row; docs/studies/scale-out.md defines them).
struct Row {
  std::string host;    // tpetra, petsc
  std::string op;      // stock, aspmv, aspmv_convert
  std::string what;    // spmv, owned_plan, cg_iteration, phase_owned, phase_import_wait, phase_remote
  double seconds = 0;  // median (spmv, cg) or mean (phases) per call
  double seconds_min = 0;
  int samples = 0;  // batches or solves
  int calls = 0;    // calls per sample
};

using Matrix = HostCsr<double, std::int64_t>;

// The first row this rank owns and the number of rows: n split as PETSc's
// PETSC_DECIDE and Tpetra's contiguous uniform map do (the first n % p
// ranks one more).
struct RowRange {
  std::int64_t first = 0, count = 0;
};
RowRange my_rows(std::int64_t n, int rank, int size);

// Calls per batch so that a batch lasts about opts.batch_seconds, from one
// timed call (the same on every rank: rank 0's figure, broadcast).
int calls_per_batch(double one_call_seconds, const Options& opts);

double median(std::vector<double> v);

// The row of one operator's samples (seconds per call): their median and minimum.
Row summarize(const std::string& host, const std::string& op, const std::string& what,
              const std::vector<double>& samples, int calls);

// Rank 0's wall time of `calls` calls of f between two barriers, after a
// fence (every rank gets it).
template <class F>
double time_batch(F&& f, int calls) {
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  for (int c = 0; c < calls; ++c) f();
  Kokkos::fence();
  MPI_Barrier(MPI_COMM_WORLD);
  double t = MPI_Wtime() - t0;
  MPI_Bcast(&t, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  return t;
}

// max over the ranks of a local relative error (checks before timing).
double max_over_ranks(double value);

// The plan options of the operators' `aspmv_convert` variant for the block
// of a rank's own columns (Tpetra's owned block, PETSc's diagonal block):
// the applies of a solve (1000) and conversion allowed.
inline PlanOptions converting_block_options() {
  PlanOptions o;
  o.expected_calls = 1000;
  o.allow_conversion = true;
  return o;
}

std::vector<Row> run_tpetra(const Matrix& a, const Options& opts);
std::vector<Row> run_petsc(const Matrix& a, const Options& opts);

}  // namespace aspmv::scale_out
