// aspmv-corpus: prints a corpus spec of generated matrices (spec_builder.hpp),
// reproducible from its arguments, which it prints as the first comment.
//
//   aspmv-corpus --count N --min-nnz A --max-nnz B --seed S [--families f1,f2,...] [--transpose-share X]

#include "corpus/name_fields.hpp"
#include "corpus/spec_builder.hpp"

#include <aspmv/error.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

namespace {

int usage(const char* problem) {
  if (problem != nullptr) std::fprintf(stderr, "aspmv-corpus: %s\n", problem);
  std::fprintf(stderr,
               "usage: aspmv-corpus --count N --min-nnz A --max-nnz B --seed S [--families f1,f2,...] "
               "[--transpose-share X]\n"
               "families: stencil2d stencil3d band rmat chunglu circuit lp blockdiag arrow longrows rand\n");
  return 2;
}

double number(const std::string& option, const char* text) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (*text == '\0' || *end != '\0') throw aspmv::Error("aspmv-corpus: " + option + " '" + text + "' is not a number");
  return v;
}

std::uint64_t seed_value(const char* text) {
  const std::string s(text);
  if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos)
    throw aspmv::Error("aspmv-corpus: --seed '" + s + "' is not a non-negative integer");
  return std::stoull(s);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace aspmv::corpus;
  try {
    SpecBuilderOptions o;
    bool count = false, lo = false, hi = false, seed = false;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "-h" || a == "--help") {
        usage(nullptr);
        return 0;
      }
      if (i + 1 >= argc) return usage(("missing value after " + a).c_str());
      const char* v = argv[++i];
      if (a == "--count") {
        const double n = number(a, v);
        if (n < 0 || n > 1e8 || n != static_cast<int>(n)) return usage("--count must be an integer in [0, 1e8]");
        o.count = static_cast<int>(n);
        count = true;
      } else if (a == "--min-nnz") {
        o.min_nnz = number(a, v);
        lo = true;
      } else if (a == "--max-nnz") {
        o.max_nnz = number(a, v);
        hi = true;
      } else if (a == "--seed") {
        o.seed = seed_value(v);
        seed = true;
      } else if (a == "--families") {
        o.families = split_name(v, ',');
      } else if (a == "--transpose-share") {
        o.transpose_share = number(a, v);
      } else {
        return usage(("unknown option " + a).c_str());
      }
    }
    if (!count || !lo || !hi || !seed) return usage("--count, --min-nnz, --max-nnz and --seed are required");
    const auto names = build_spec(o);
    std::cout << "# " << builder_command(o) << "\n"
              << "# " << names.size() << " generated matrices (grammar: perf/corpus/generated.hpp)\n";
    for (const auto& n : names) std::cout << n << "\n";
    return 0;
  } catch (const aspmv::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
