// Study tool (docs/studies/h100/runtime-models/regressions-2026-12-07-locality): column-locality features of
// every PART-th of PARTS entries of a corpus spec, on the host, CSV on stdout:  locality SPEC PART PARTS
#include "corpus/spec.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
using namespace aspmv;
int main(int argc, char** argv) {
  auto entries = corpus::read_spec(argv[1]);
  long part = std::atol(argv[2]), parts = std::atol(argv[3]);
  std::printf("matrix,gap_mean,band_mean,lines8,lines32,drift,reuse8,reuse32,span_ratio\n");
  for (size_t i = 0; i < entries.size(); ++i) {
    if (long(i) % parts != part) continue;
    auto a = corpus::load(entries[i]);
    const long m = a.num_rows, n = a.num_cols;
    double gaps = 0, ngaps = 0, band = 0, l8 = 0, l32 = 0, drift = 0, ndrift = 0, r8 = 0, r32 = 0, span = 0, nnz = 0;
    std::vector<long> prev8, cur8, prev32, cur32, cols;
    long prev_first = -1;
    for (long r = 0; r < m; ++r) {
      const long b = a.row_offsets[r], e = a.row_offsets[r + 1];
      cols.assign(a.col_indices.begin() + b, a.col_indices.begin() + e);
      std::sort(cols.begin(), cols.end());
      cur8.clear();
      cur32.clear();
      const double diag = m > 0 ? double(r) * double(n) / double(m) : 0;
      for (size_t k = 0; k < cols.size(); ++k) {
        const long c = cols[k];
        band += std::fabs(double(c) - diag);
        if (k > 0) {
          gaps += double(c - cols[k - 1]);
          ngaps += 1;
        }
        if (cur8.empty() || cur8.back() != (c >> 3)) cur8.push_back(c >> 3);
        if (cur32.empty() || cur32.back() != (c >> 5)) cur32.push_back(c >> 5);
      }
      nnz += cols.size();
      l8 += cur8.size();
      l32 += cur32.size();
      if (!cols.empty()) {
        span += double(cols.back() - cols.front() + 1);
        if (prev_first >= 0) {
          drift += std::fabs(double(cols.front() - prev_first));
          ndrift += 1;
        }
        prev_first = cols.front();
        // entries whose line the previous row touched
        size_t p = 0;
        for (size_t k = 0; k < cols.size(); ++k) {
          const long l = cols[k] >> 3;
          while (p < prev8.size() && prev8[p] < l) ++p;
          if (p < prev8.size() && prev8[p] == l) r8 += 1;
        }
        p = 0;
        for (size_t k = 0; k < cols.size(); ++k) {
          const long l = cols[k] >> 5;
          while (p < prev32.size() && prev32[p] < l) ++p;
          if (p < prev32.size() && prev32[p] == l) r32 += 1;
        }
        prev8.swap(cur8);
        prev32.swap(cur32);
      }
    }
    const double z = nnz > 0 ? nnz : 1;
    std::printf("%s,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", entries[i].name.c_str(), ngaps > 0 ? gaps / ngaps : 0,
                band / z, l8 / z, l32 / z, ndrift > 0 ? drift / ndrift : 0, r8 / z, r32 / z, span / z);
    std::fflush(stdout);
  }
}
