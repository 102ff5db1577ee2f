#pragma once
// Harwell-Boeing reader: the fixed-width, column-compressed exchange format
// (.rua, .rsa, .psa, ...), assembled real or pattern matrices.

#include <aspmv/host_csr.hpp>
#include <aspmv/io/matrix_market.hpp>  // ReadOptions

#include <cstdint>
#include <string>

namespace aspmv::io {

// Reads a Harwell-Boeing file (plain, gzip- or xz-compressed): a 4-line header
// (title/key; TOTCRD PTRCRD INDCRD VALCRD [RHSCRD]; MXTYPE NROW NCOL NNZERO
// [NELTVL]; PTRFMT INDFMT VALFMT [RHSFMT]), a 5th line when RHSCRD > 0, then
// column pointers, row indices and values laid out by the Fortran formats,
// e.g. (10I8), (16I5), (4E20.12), (1P,4D20.12), (3(1X,E23.15)); fields are
// split by width, so numbers may touch ("1.0D+00-2.0D+00"); D and E
// exponents both work. Each format describes one line; the card counts must
// match the lines the data takes and TOTCRD their sum (RHS data is ignored).
// MXTYPE: R (real) or P (pattern, values 1.0); U or R (unsymmetric), S or H
// (symmetric, mirrored), Z (skew-symmetric, mirrored negated, no diagonal);
// A (assembled). Complex (C..) and elemental (..E) matrices are refused.
// Duplicates are summed and rows sorted, as for Matrix Market. Throws
// aspmv::Error when the file cannot be read, aspmv::ParseError (file,
// 1-based line, problem) on malformed input.
HostCsr<double, std::int64_t> read_harwell_boeing(const std::string& path, const ReadOptions& options = {});

// Same, from bytes already in memory (text, gzip or xz data); `name` stands for
// the file name in error messages.
HostCsr<double, std::int64_t> read_harwell_boeing_from_memory(const std::string& bytes, const std::string& name,
                                                              const ReadOptions& options = {});

}  // namespace aspmv::io
