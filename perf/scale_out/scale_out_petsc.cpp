// aspmv-scale-out, PETSc: MATAIJ's own MatMult against the same matrix with
// aspmv::petsc::attach, SpMV and a KSP CG iteration, interleaved.

#include "scale_out.hpp"

#include <aspmv/petsc/attach.hpp>

#include <petscksp.h>

#include <algorithm>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace aspmv::scale_out {

namespace {

#define SCALE_OUT_PETSC(...) PetscCallAbort(PETSC_COMM_WORLD, (__VA_ARGS__))

Mat distribute(const Matrix& a) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const auto rows = my_rows(a.num_rows, rank, size);
  const auto cols = my_rows(a.num_cols, rank, size);
  std::vector<PetscInt> d_nnz(static_cast<std::size_t>(rows.count)), o_nnz(d_nnz.size());
  for (std::int64_t i = 0; i < rows.count; ++i)
    for (auto k = a.row_offsets[rows.first + i]; k < a.row_offsets[rows.first + i + 1]; ++k) {
      const auto c = a.col_indices[k];
      (c >= cols.first && c < cols.first + cols.count ? d_nnz : o_nnz)[i]++;
    }
  Mat m = nullptr;
  SCALE_OUT_PETSC(MatCreate(PETSC_COMM_WORLD, &m));
  SCALE_OUT_PETSC(
      MatSetSizes(m, static_cast<PetscInt>(rows.count), static_cast<PetscInt>(cols.count), a.num_rows, a.num_cols));
  SCALE_OUT_PETSC(MatSetType(m, MATAIJ));
  SCALE_OUT_PETSC(MatSeqAIJSetPreallocation(m, 0, d_nnz.data()));
  SCALE_OUT_PETSC(MatMPIAIJSetPreallocation(m, 0, d_nnz.data(), 0, o_nnz.data()));
  std::vector<PetscInt> columns;
  for (std::int64_t i = 0; i < rows.count; ++i) {
    const auto begin = a.row_offsets[rows.first + i], end = a.row_offsets[rows.first + i + 1];
    columns.assign(a.col_indices.begin() + begin, a.col_indices.begin() + end);
    const PetscInt row = static_cast<PetscInt>(rows.first + i);
    SCALE_OUT_PETSC(MatSetValues(m, 1, &row, static_cast<PetscInt>(columns.size()), columns.data(),
                                 a.values.data() + begin, INSERT_VALUES));
  }
  SCALE_OUT_PETSC(MatAssemblyBegin(m, MAT_FINAL_ASSEMBLY));
  SCALE_OUT_PETSC(MatAssemblyEnd(m, MAT_FINAL_ASSEMBLY));
  return m;
}

// KSP CG (no preconditioner) for exactly `iterations` iterations.
double cg_seconds(Mat m, Vec b, int iterations, int* done) {
  KSP ksp = nullptr;
  PC pc = nullptr;
  Vec x = nullptr;
  SCALE_OUT_PETSC(MatCreateVecs(m, &x, nullptr));
  SCALE_OUT_PETSC(VecSet(x, 0.0));
  SCALE_OUT_PETSC(KSPCreate(PETSC_COMM_WORLD, &ksp));
  SCALE_OUT_PETSC(KSPSetOperators(ksp, m, m));
  SCALE_OUT_PETSC(KSPSetType(ksp, KSPCG));
  SCALE_OUT_PETSC(KSPGetPC(ksp, &pc));
  SCALE_OUT_PETSC(PCSetType(pc, PCNONE));
  SCALE_OUT_PETSC(KSPSetTolerances(ksp, 0.0, 0.0, PETSC_DEFAULT, iterations));
  SCALE_OUT_PETSC(KSPSetConvergenceTest(ksp, KSPConvergedSkip, nullptr, nullptr));
  SCALE_OUT_PETSC(KSPSetUp(ksp));
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  SCALE_OUT_PETSC(KSPSolve(ksp, b, x));
  MPI_Barrier(MPI_COMM_WORLD);
  double t = MPI_Wtime() - t0;
  MPI_Bcast(&t, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  PetscInt its = 0;
  KSPConvergedReason reason = KSP_CONVERGED_ITERATING;
  SCALE_OUT_PETSC(KSPGetIterationNumber(ksp, &its));
  SCALE_OUT_PETSC(KSPGetConvergedReason(ksp, &reason));
  *done = reason < 0 ? -1 : static_cast<int>(its);  // -1: CG broke down (not SPD)
  SCALE_OUT_PETSC(KSPDestroy(&ksp));
  SCALE_OUT_PETSC(VecDestroy(&x));
  return t;
}

}  // namespace

std::vector<Row> run_petsc(const Matrix& a, const Options& opts) {
  Mat stock = distribute(a);
  // aspmv: CSR kernels only; aspmv_convert: the diagonal block's plan may
  // convert it (the DIA rule on CPUs).
  Mat hooked = nullptr, converted = nullptr;
  SCALE_OUT_PETSC(MatDuplicate(stock, MAT_COPY_VALUES, &hooked));
  SCALE_OUT_PETSC(MatDuplicate(stock, MAT_COPY_VALUES, &converted));
  aspmv::petsc::AttachOptions attach_options;
  attach_options.diagonal.expected_calls = attach_options.off_diagonal.expected_calls = 1000;
  SCALE_OUT_PETSC(aspmv::petsc::attach(hooked, attach_options));
  aspmv::petsc::AttachOptions converting = attach_options;
  converting.diagonal = converting_block_options();
  SCALE_OUT_PETSC(aspmv::petsc::attach(converted, converting));
  const std::vector<std::pair<std::string, Mat>> ops = {
      {"stock", stock}, {"aspmv", hooked}, {"aspmv_convert", converted}};

  Vec x = nullptr, y = nullptr, y_stock = nullptr;
  SCALE_OUT_PETSC(MatCreateVecs(stock, &x, &y));
  SCALE_OUT_PETSC(VecDuplicate(y, &y_stock));
  PetscRandom rng = nullptr;
  SCALE_OUT_PETSC(PetscRandomCreate(PETSC_COMM_WORLD, &rng));
  SCALE_OUT_PETSC(PetscRandomSetInterval(rng, -1.0, 1.0));
  SCALE_OUT_PETSC(VecSetRandom(x, rng));
  SCALE_OUT_PETSC(MatMult(stock, x, y_stock));
  PetscReal scale = 0;
  SCALE_OUT_PETSC(VecNorm(y_stock, NORM_INFINITY, &scale));
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (std::size_t k = 1; k < ops.size(); ++k) {
    PetscReal diff = 0;
    SCALE_OUT_PETSC(MatMult(ops[k].second, x, y));
    SCALE_OUT_PETSC(VecAXPY(y, -1.0, y_stock));
    SCALE_OUT_PETSC(VecNorm(y, NORM_INFINITY, &diff));
    const double error = diff / std::max<PetscReal>(scale, 1e-300);
    if (!(error <= 1e-12))
      throw std::runtime_error("petsc: " + ops[k].first + "'s y differs from the stock y by " + std::to_string(error));
    std::string text;
    SCALE_OUT_PETSC(aspmv::petsc::describe(ops[k].second, &text));
    if (rank == 0) std::cerr << "petsc, rank 0's blocks, " << ops[k].first << ":\n" << text;
  }

  std::vector<Row> rows;
  for (int w = 0; w < opts.warmup; ++w)
    for (const auto& [name, m] : ops) SCALE_OUT_PETSC(MatMult(m, x, y));
  const int calls = calls_per_batch(time_batch([&] { SCALE_OUT_PETSC(MatMult(stock, x, y)); }, 1), opts);
  std::vector<std::vector<double>> spmv(ops.size());
  for (int b = 0; b < opts.batches; ++b)
    for (std::size_t k = 0; k < ops.size(); ++k)
      spmv[k].push_back(time_batch([&] { SCALE_OUT_PETSC(MatMult(ops[k].second, x, y)); }, calls) / calls);
  for (std::size_t k = 0; k < ops.size(); ++k) rows.push_back(summarize("petsc", ops[k].first, "spmv", spmv[k], calls));

  if (a.num_rows == a.num_cols && opts.cg_iterations > 0) {
    std::vector<std::vector<double>> cg(ops.size());
    int done = 0;
    bool broke_down = false;
    for (int s = 0; s < opts.cg_solves && !broke_down; ++s)
      for (std::size_t k = 0; k < ops.size() && !broke_down; ++k) {
        const double t = cg_seconds(ops[k].second, x, opts.cg_iterations, &done);
        broke_down = done < 0;
        cg[k].push_back(t / std::max(1, done));
      }
    if (broke_down && rank == 0)
      std::cerr << "petsc: KSP CG diverged (the matrix is not SPD?): no cg_iteration figures\n";
    for (std::size_t k = 0; k < ops.size() && !broke_down; ++k)
      rows.push_back(summarize("petsc", ops[k].first, "cg_iteration", cg[k], done));
  }
  SCALE_OUT_PETSC(PetscRandomDestroy(&rng));
  SCALE_OUT_PETSC(VecDestroy(&x));
  SCALE_OUT_PETSC(VecDestroy(&y));
  SCALE_OUT_PETSC(VecDestroy(&y_stock));
  SCALE_OUT_PETSC(MatDestroy(&hooked));
  SCALE_OUT_PETSC(MatDestroy(&converted));
  SCALE_OUT_PETSC(MatDestroy(&stock));
  return rows;
}

}  // namespace aspmv::scale_out
