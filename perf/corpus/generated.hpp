#pragma once
// Generated matrices by stable name: the name encodes the family and its
// parameters, so a name alone reproduces the matrix.
//
//   stencil2d-5pt-512x512, stencil2d-9pt-300x200, stencil3d-7pt-64x64x64, stencil3d-27pt-130 (cube)
//   shortlong-s2000000-l200-n200000-seed1   short rows of 3-5 nnz with l rows of n nnz
//   rand-<dist>-r<rows>-c<cols>-m<mean>-s<spread>[-f<frac>][-max<cap>][-unsorted][-dup]-seed<k>
//                                            (see random_csr.hpp; dist: constant uniform normal
//                                            geometric bimodal zipf)

#include <aspmv/host_csr.hpp>

#include <string>

namespace aspmv::corpus {

// True when `name` is a generated-matrix name (it may still be malformed).
bool is_generated_name(const std::string& name);

// Builds the matrix a name describes; aspmv::Error on a malformed name.
HostCsr<double, std::int64_t> generate(const std::string& name);

}  // namespace aspmv::corpus
