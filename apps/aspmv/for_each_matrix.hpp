#pragma once
// Loads each matrix source in turn and calls
//   f(source, host_matrix, Value{}, Offset{})
// with the value type the command asked for (float or double) and the
// narrowest offset type that holds the matrix (int32, else int64). A matrix
// that fails to load or to run is reported on stderr as
// "aspmv <command>: <matrix>: <reason>" and the next one is taken.
// Returns how many failed.

#include "arg_reader.hpp"
#include "demo_set.hpp"

#include <cstdint>
#include <cstdio>
#include <exception>
#include <limits>
#include <vector>

namespace aspmv::app {

template <class F>
int for_each_matrix(const char* command, const std::vector<MatrixSource>& sources, bool single, F&& f) {
  std::fflush(stdout);  // before any error on stderr
  int failures = 0;
  for (const auto& src : sources) {
    try {
      const auto host = src.load();
      const bool small = host.nnz() <= std::numeric_limits<std::int32_t>::max();
      if (single)
        small ? f(src, host, float{}, std::int32_t{}) : f(src, host, float{}, std::int64_t{});
      else
        small ? f(src, host, double{}, std::int32_t{}) : f(src, host, double{}, std::int64_t{});
    } catch (const std::exception& e) {
      std::fflush(stdout);
      std::fprintf(stderr, "aspmv %s: %s: %s\n", command, src.name.c_str(), without_call_prefix(e.what()).c_str());
      ++failures;
    }
  }
  return failures;
}

}  // namespace aspmv::app
