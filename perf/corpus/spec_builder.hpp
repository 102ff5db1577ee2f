#pragma once
// Drawing the generated names of a study: every family, sizes log-uniform in
// a range of nonzero counts, family parameters from sensible ranges, and
// transposes of some asymmetric matrices as extra samples. The result depends
// only on the options (the `aspmv-corpus` tool prints it as a spec file).

#include "rng.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::corpus {

struct SpecBuilderOptions {
  int count = 100;                      // names drawn (transposes come on top)
  double min_nnz = 1e3, max_nnz = 1e6;  // target nonzeros, log-uniform in [min, max]
  std::uint64_t seed = 1;
  std::vector<std::string> families;  // empty: all of builder_families()
  double transpose_share = 0.15;      // of the asymmetric ones (asymmetric_families())
};

// The families drawn: stencil2d stencil3d band rmat chunglu circuit lp
// blockdiag arrow longrows rand.
const std::vector<std::string>& builder_families();

// Those whose matrices are rectangular or unsymmetric, so that "-T" gives a
// new sample: lp rmat chunglu circuit longrows rand.
const std::vector<std::string>& asymmetric_families();

// One name of `family` with about `target_nnz` nonzeros (within a factor of
// about 2, less where the family cannot be that small), drawn from `rng`;
// `seed` is the name's seed field. aspmv::Error for an unknown family.
std::string draw_name(const std::string& family, double target_nnz, std::uint64_t seed, Rng& rng);

// options.count distinct names, families taken in turn (so every family
// appears once count >= the number of families), each followed by its "-T"
// transpose for a share of the asymmetric ones. aspmv::Error on bad options
// or when the range leaves too few distinct names.
std::vector<std::string> build_spec(const SpecBuilderOptions&);

// The command line that reproduces `options` ("aspmv-corpus --count ...").
std::string builder_command(const SpecBuilderOptions&);

}  // namespace aspmv::corpus
