#pragma once
// Generated matrices by stable name: the name encodes the family and its
// parameters, so a name alone reproduces the matrix (the same on every
// machine: see rng.hpp). Fields after the family (after the distribution for
// rand) may come in any order, each at most once; the canonical order is the
// one below. Numbers are decimal (1000, 1e6, 0.57); [..] marks optional fields.
//
//   stencil2d-<5|9>pt-<nx>x<ny>, stencil2d-<5|9>pt-<n> (n x n)          2D stencils      stencil.hpp
//   stencil3d-<7|27>pt-<nx>x<ny>x<nz>, stencil3d-<7|27>pt-<n> (n^3)     3D stencils      stencil.hpp
//   shortlong-s<short rows>-l<long rows>-n<long length>[-seed<k>]       3-5 nnz rows + l long rows   random_csr.hpp
//   rand-<dist>-r<rows>-c<cols>[-m<mean>][-s<spread>][-f<frac>][-max<cap>][-unsorted][-dup][-seed<k>]
//       dist: constant uniform normal geometric bimodal zipf         row-length laws  random_csr.hpp
//   band-r<n>-w<half bandwidth>-m<mean row length>[-sym]-seed<k>      FEM-like banded  band.hpp
//   rmat-s<scale>-e<edge factor>-a<a>-b<b>-c<c>-seed<k>               R-MAT, 2^scale rows   power_law.hpp
//   chunglu-r<n>-m<mean degree>-g<gamma>-seed<k>                      Chung-Lu power law    power_law.hpp
//   circuit-r<n>-m<mean>-d<dense rows>-c<dense cols>[-f<fraction, 0.5>]-seed<k>       circuit.hpp
//   lp-r<rows>-c<cols>-m<mean>-l<long rows>-n<long length>-seed<k>   LP-like rectangular   lp.hpp
//   blockdiag-b<block size>-k<blocks>[-j]-seed<k>                     dense blocks, -j: jittered sizes
//   arrow-r<n>-w<arrow width>-seed<k>                                 arrowhead        dense_blocks.hpp
//   longrows-r<n>-m<mean short>-l<count>-n<length>-<clustered|scattered>-seed<k>      long_rows.hpp
// (seed<k> defaults to 1 in the older shortlong and rand names; the others require it.)
//
// Suffixes, any number, applied left to right to the matrix named before them:
//   -perm<k>   random symmetric permutation P A P^T with seed k (square matrices only)   permute.hpp
//   -T         the transpose                                                             transpose.hpp
// e.g. stencil3d-7pt-64-perm3, rmat-s16-e8-a0.57-b0.19-c0.19-seed2-T, band-r1000-w20-m9-seed1-perm2-T.
//
// Every generated matrix is valid CSR with ascending columns and no repeated
// entry (except rand ... -dup and -unsorted), int32 rows/columns and int64
// offsets; values come from Rng::signed_value() (never 0), except stencils,
// which carry the stencil's own weights. Generators keep no global state:
// call them from several threads at once to build a corpus in parallel.

#include <aspmv/host_csr.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::corpus {

// The family tokens, in the order above: stencil2d, stencil3d, shortlong, rand,
// band, rmat, chunglu, circuit, lp, blockdiag, arrow, longrows.
const std::vector<std::string>& generated_families();

// True when `name` starts with "<family>-" for a known family (the rest may
// still be malformed).
bool is_generated_name(const std::string& name);

// The matrix shape a name describes. Reads the whole name (fields, ranges,
// suffixes) without generating anything: aspmv::Error on a malformed name or
// bad parameters, the message naming the matrix.
struct GeneratedShape {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
};
GeneratedShape check_generated_name(const std::string& name);

// Builds the matrix a name describes; aspmv::Error on a malformed name, bad
// parameters, or a matrix too large to allocate.
HostCsr<double, std::int64_t> generate(const std::string& name);

}  // namespace aspmv::corpus
