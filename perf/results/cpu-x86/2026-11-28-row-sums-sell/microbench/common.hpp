#pragma once
// Throwaway CPU microbenchmark (issue 21, CPU vs oneMKL): row-sum and slice
// layouts against oneMKL's inspector-executor. Not part of the project build.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <numeric>
#include <string>
#include <vector>
#include <omp.h>
using namespace std;
struct CSR {
  int64_t m, n, nnz;
  vector<int> ptr, col;
  vector<double> val;
};
CSR load(const char* f);
using Methods = vector<pair<string, function<void()>>>;
