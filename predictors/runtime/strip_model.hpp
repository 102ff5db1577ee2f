#pragma once
// The benchmark-based strip models of SpMV runtime (Guo and Wang, as Lehnert
// §3.1 describes them; Wang, Gu and Li §3, whose benchmark matrices draw row
// lengths from a normal or uniform distribution around P_NZ instead of a
// constant one).
//
// A strip is the rows a GPU works on at once: S = N_SM x N_HW for CSR-V (a
// half-warp per row), S = N_SM x N_T for CSR-S, ELL, JAD (a thread per row;
// SELL too). Benchmark matrices of R = S x I rows and P_NZ nonzeros per row
// are timed (`aspmv calibrate`); a target matrix of N_R rows has
// I = ceil(N_R / S) strips and P_NZ = the mode of its row lengths (CSR-V) or
// the longest row (the thread-per-row mappings). The fits:
//  - thread per row: for each I, T_B linear in P_NZ with slope f_I; f(I) =
//    A I + B; at one P_1, E(I) = p I + q; g(I) = E(I) - f(I) P_1; predicted
//    T = f(I_0) P_0 + g(I_0).
//  - CSR-V: at one I_1, T(P) = m P + n, fitted separately below and above a
//    split (the paper's 1,024, the most threads of a block); at one P_1,
//    E(I) = p I + q; t_0 the measured T_B(I_1, P_1); predicted
//    T_0 = T(P_0) / t_0 x E(I_0).
// Plus, for the ranking, the conversion (setup) time linear in the nonzeros.
// Host code, no Kokkos: fitted by `aspmv calibrate`, read by `aspmv rank`.

#include <aspmv/error.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::predictors::runtime {

enum class StripMapping { vector, scalar };
const char* to_string(StripMapping m);
StripMapping parse_strip_mapping(const std::string& name);

// S of Wang-Gu-Li Eq. (1)-(3): half-warps (16 threads) or threads in flight.
std::int64_t strip_rows(StripMapping m, int compute_units, int threads_per_unit);

struct LinearFit {
  double slope = 0;
  double intercept = 0;
  double at(double x) const { return slope * x + intercept; }
};
// Least squares through (x, y); throws aspmv::Error with fewer than two
// distinct x.
LinearFit least_squares(const std::vector<double>& x, const std::vector<double>& y);

// One timed benchmark matrix: I strips of the model's S rows, P_NZ nonzeros
// per row (the distribution's mean), seconds per SpMV; its conversion time
// and nonzeros for the setup fit.
struct StripSample {
  std::int64_t strips = 0;
  double pnz = 0;
  double seconds = 0;
  double setup_seconds = 0;
  std::int64_t nnz = 0;
};

struct StripModel {
  std::string label;  // the kernel configuration: "csr_scalar", "csr_vector/tpr=16", "ell", "jad", "sell"
  StripMapping mapping = StripMapping::scalar;
  std::string distribution;  // of the benchmark rows: "constant" (Guo-Wang), "normal", "uniform" (Wang-Gu-Li)
  std::int64_t strip_rows = 1;
  // thread per row: f(I) and E(I) at p1; CSR-V: E(I) at p1, T(P) at i1 below/above split, t0.
  LinearFit f, e, t_low, t_high, setup;
  double p1 = 0;
  double split = 0;
  double t0 = 0;
  std::int64_t i1 = 0;
  std::vector<StripSample> samples;  // what it was fitted on

  std::int64_t strips(std::int64_t rows) const;
  // Predicted seconds per SpMV of a matrix of `rows` rows whose P_NZ statistic
  // (pnz_statistic()) is `pnz`; never below 0.
  double predict(std::int64_t rows, double pnz) const;
  // Predicted conversion seconds (0 for plain CSR kernels).
  double predict_setup(std::int64_t nnz) const;
};

// The P_NZ a model reads from a target matrix's row lengths: the mode
// (smallest of the most frequent lengths) for CSR-V, the longest row for
// the thread-per-row mappings.
double pnz_statistic(StripMapping m, const std::vector<std::int64_t>& row_lengths);

// Fits a model to its samples (at least two strip counts and two P_NZ);
// throws aspmv::Error when they cannot determine it.
StripModel fit_strip_model(const std::string& label, StripMapping mapping, const std::string& distribution,
                           std::int64_t strip_rows, const std::vector<StripSample>& samples, double split);

}  // namespace aspmv::predictors::runtime
