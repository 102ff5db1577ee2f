// aspmv-scale-out: see scale_out.hpp.
//
//   mpirun -np 4 aspmv-scale-out --matrix stencil3d-27pt-100 [--hosts tpetra,petsc]   (default: the hosts built)
//       [--batches 15] [--batch-seconds 0.05] [--warmup 10] [--cg-iterations 50] [--cg-solves 3]
//
// Prints CSV on rank 0 (stdout): host, operator, figure, matrix, ranks,
// rows, nnz, the seconds per call and the threads a rank (Kokkos' default
// execution space: 1 on Debian's Serial Tpetra, OMP_NUM_THREADS on the
// trilinos-openmp preset; stock PETSc runs one either way); what aspmv chose
// for rank 0's blocks goes to stderr.

#include "scale_out.hpp"

#include <aspmv/io/read_matrix.hpp>
#include <corpus/generated.hpp>

#if ASPMV_SCALE_OUT_TPETRA
#include <Tpetra_Core.hpp>
#endif
#if ASPMV_SCALE_OUT_PETSC
#include <petscsys.h>
#endif
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <sstream>
#include <string>

namespace {

using aspmv::scale_out::Options;

[[noreturn]] void usage(const std::string& why) {
  std::cerr << "aspmv-scale-out: " << why
            << "\nusage: aspmv-scale-out --matrix NAME|FILE [--hosts tpetra,petsc] [--batches N] "
               "[--batch-seconds S] [--warmup N] [--cg-iterations N] [--cg-solves N]\n";
  std::exit(2);
}

int positive(const std::string& flag, const char* text) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || v < 0 || v > 1000000) usage(flag + " takes a whole number, not '" + text + "'");
  return static_cast<int>(v);
}

Options parse(int argc, char* argv[]) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag.rfind("--", 0) != 0) continue;  // PETSc's and Kokkos' own options
    const bool known = flag == "--matrix" || flag == "--hosts" || flag == "--batches" || flag == "--batch-seconds" ||
                       flag == "--warmup" || flag == "--cg-iterations" || flag == "--cg-solves";
    if (!known) continue;
    if (i + 1 >= argc) usage(flag + " needs a value");
    const char* value = argv[++i];
    if (flag == "--matrix") {
      o.matrix = value;
    } else if (flag == "--hosts") {
      o.hosts.clear();
      std::stringstream in(value);
      for (std::string h; std::getline(in, h, ',');) {
        if (h != "tpetra" && h != "petsc") usage("unknown host '" + h + "' (tpetra, petsc)");
        o.hosts.push_back(h);
      }
    } else if (flag == "--batches") {
      o.batches = std::max(1, positive(flag, value));
    } else if (flag == "--batch-seconds") {
      o.batch_seconds = std::atof(value);
      if (!(o.batch_seconds > 0)) usage("--batch-seconds takes a positive number");
    } else if (flag == "--warmup") {
      o.warmup = positive(flag, value);
    } else if (flag == "--cg-iterations") {
      o.cg_iterations = positive(flag, value);
    } else if (flag == "--cg-solves") {
      o.cg_solves = std::max(1, positive(flag, value));
    }
  }
  if (o.matrix.empty()) usage("--matrix is required");
  return o;
}

aspmv::scale_out::Matrix load(const std::string& matrix) {
  if (aspmv::corpus::is_generated_name(matrix)) return aspmv::corpus::generate(matrix);
  return aspmv::io::read_matrix(matrix);
}

int run(const Options& opts) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const auto a = load(opts.matrix);
  const int threads = Kokkos::DefaultExecutionSpace().concurrency();
  if (rank == 0) std::printf("host,operator,figure,matrix,ranks,rows,nnz,seconds,seconds_min,samples,calls,threads\n");
  for (const auto& host : opts.hosts) {
    std::vector<aspmv::scale_out::Row> rows;
    if (host == "tpetra") {
#if ASPMV_SCALE_OUT_TPETRA
      rows = aspmv::scale_out::run_tpetra(a, opts);
#else
      if (rank == 0) std::cerr << "aspmv-scale-out: built without aspmv::tpetra\n";
      return 2;
#endif
    } else {
#if ASPMV_SCALE_OUT_PETSC
      rows = aspmv::scale_out::run_petsc(a, opts);
#else
      if (rank == 0) std::cerr << "aspmv-scale-out: built without aspmv::petsc\n";
      return 2;
#endif
    }
    if (rank == 0)
      for (const auto& r : rows)
        std::printf("%s,%s,%s,%s,%d,%d,%lld,%.9g,%.9g,%d,%d,%d\n", r.host.c_str(), r.op.c_str(), r.what.c_str(),
                    opts.matrix.c_str(), size, a.num_rows, static_cast<long long>(a.nnz()), r.seconds, r.seconds_min,
                    r.samples, r.calls, threads);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  const Options opts = parse(argc, argv);
  int rc = 0;
#if ASPMV_SCALE_OUT_TPETRA
  Tpetra::ScopeGuard tpetra(&argc, &argv);  // MPI and Kokkos
#else
  MPI_Init(&argc, &argv);
  Kokkos::initialize(argc, argv);
#endif
#if ASPMV_SCALE_OUT_PETSC
  PetscCallAbort(MPI_COMM_WORLD, PetscInitialize(&argc, &argv, nullptr, nullptr));
#endif
  try {
    rc = run(opts);
  } catch (const std::exception& e) {
    std::cerr << "aspmv-scale-out: " << e.what() << "\n";
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
#if ASPMV_SCALE_OUT_PETSC
  PetscFinalize();
#endif
#if !ASPMV_SCALE_OUT_TPETRA
  Kokkos::finalize();
  MPI_Finalize();
#endif
  return rc;
}
