#pragma once
// Corpus spec files: the matrices of a study, one per line, so that a run is
// reproducible from one file.
//
//   # comment (from '#' to the end of the line); blank lines are ignored
//   stencil3d-7pt-64-perm3             a generated name (see generated.hpp)
//   file matrices/bcsstk01.rsa         a file read by aspmv::io::read_matrix
//   file /data/west0479.rua -T         (.mtx, .mtx.gz, .mtx.xz, .rua, .rsa, ...) or its transpose
//   file ../real/EX5.mtx.gz kron4 perm2   a real-derived matrix: derive ops applied in order
//                                         (derive.hpp), named "EX5--kron4-perm2"
//
// Relative paths are relative to the spec file's folder. A file entry is
// named by its stem ("bcsstk01"; "foo.mtx.gz" and "foo.mtx.xz" give "foo"), with "-T" added
// for a transpose and "--<op>-<op>..." for derive ops. Two entries with the
// same name are an error.

#include "derive.hpp"

#include <aspmv/host_csr.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aspmv::corpus {

struct SpecEntry {
  std::string name;        // unique within a spec
  std::string family;      // the generator family token ("band", "rmat", ...), "real" for files, "real-derived"
                           // for files with derive ops
  std::string path;        // file entries: the resolved path; generated entries: empty
  bool transpose = false;  // the entry is a transpose (a file's "-T", or a generated name ending in "-T")
  std::vector<DeriveOp> derive_ops;  // file entries: applied in order after the transpose
};

// Reads a spec file. Generated names are checked completely (fields, ranges)
// without generating; files are not opened. Errors: aspmv::ParseError
// naming the spec file and the 1-based line; aspmv::Error when the spec file
// cannot be read.
std::vector<SpecEntry> read_spec(const std::string& path);

// A file with derive ops named on a command line as the spec entry's name
// would read with the path in front: "<path>[-T]--<op>[-<op>...]" (e.g.
// "real/E226.mtx.xz--tile2225x2s792", "a.mtx-T--kron4-perm3"): the entry
// `file <path> [-T] <op> ...` would give (its name the stem's, as there).
// std::nullopt when `text` has no "--" after its last '/' or the path before
// it (without "-T") is not a file; aspmv::Error when the ops do not parse.
std::optional<SpecEntry> derived_file_entry(const std::string& text);

// The matrix of an entry: generate(name) for generated entries, the file
// (transposed for "-T", then the derive ops) otherwise.
HostCsr<double, std::int64_t> load(const SpecEntry&);

// The family token of a generated name ("stencil2d", "band", "rmat", ...),
// "real-derived" for a file entry's name with derive ops ("--"), "real" for
// any other name (file entries).
std::string family_of(const std::string& name);

// The name without its transpose suffixes ("-T", "-T-T"): a matrix and its
// transpose share it, so that train/test splits can keep them together.
std::string untransposed_name(const std::string& name);

}  // namespace aspmv::corpus
