// aspmv-scale-out: helpers shared by the Tpetra and PETSc runs.

#include "scale_out.hpp"

#include <algorithm>
#include <cmath>

namespace aspmv::scale_out {

RowRange my_rows(std::int64_t n, int rank, int size) {
  const std::int64_t base = n / size, extra = n % size;
  RowRange r;
  r.count = base + (rank < extra ? 1 : 0);
  r.first = rank * base + std::min<std::int64_t>(rank, extra);
  return r;
}

int calls_per_batch(double one_call_seconds, const Options& opts) {
  int calls = static_cast<int>(std::ceil(opts.batch_seconds / std::max(one_call_seconds, 1e-9)));
  calls = std::clamp(calls, 1, 100000);
  MPI_Bcast(&calls, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return calls;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

Row summarize(const std::string& host, const std::string& op, const std::string& what,
              const std::vector<double>& samples, int calls) {
  const double lowest = samples.empty() ? 0 : *std::min_element(samples.begin(), samples.end());
  return {host, op, what, median(samples), lowest, static_cast<int>(samples.size()), calls};
}

double max_over_ranks(double value) {
  double global = 0;
  MPI_Allreduce(&value, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return global;
}

}  // namespace aspmv::scale_out
