// Unit tests of the Harwell-Boeing reader: matrix types, Fortran formats,
// gzip input, read_matrix dispatch by name, and every malformed-input error.

#include <aspmv/error.hpp>
#include <aspmv/io/harwell_boeing.hpp>
#include <aspmv/io/read_matrix.hpp>

#include "support/xz_bytes.hpp"
#include <unistd.h>
#include <zlib.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

namespace {

using aspmv::io::ReadOptions;
using Csr = aspmv::HostCsr<double, std::int64_t>;
using Dense = std::vector<std::vector<double>>;

// The parts of a Harwell-Boeing file; render() lays out the header with the
// standard widths and, unless set, card counts that match the data lines.
struct Hb {
  std::string type = "RUA";
  long nrow = 0, ncol = 0, nnz = 0;
  std::string ptrfmt = "(10I8)", indfmt = "(10I8)", valfmt = "(4E20.12)", rhsfmt;
  std::vector<std::string> ptr, ind, val, rhs;
  long totcrd = -1, ptrcrd = -1, indcrd = -1, valcrd = -1, rhscrd = -1;  // -1: from the lines

  std::string render() const {
    auto count = [](long given, const std::vector<std::string>& lines) {
      return given >= 0 ? given : static_cast<long>(lines.size());
    };
    long p = count(ptrcrd, ptr), i = count(indcrd, ind), v = count(valcrd, val), r = count(rhscrd, rhs);
    long t = totcrd >= 0 ? totcrd : p + i + v + r;
    char buf[256];
    std::string s = "Test matrix" + std::string(61, ' ') + "TESTKEY1\n";
    std::snprintf(buf, sizeof buf, "%14ld%14ld%14ld%14ld%14ld\n", t, p, i, v, r);
    s += buf;
    std::snprintf(buf, sizeof buf, "%-3s           %14ld%14ld%14ld%14d\n", type.c_str(), nrow, ncol, nnz, 0);
    s += buf;
    std::snprintf(buf, sizeof buf, "%-16s%-16s%-20s%-20s\n", ptrfmt.c_str(), indfmt.c_str(), valfmt.c_str(),
                  rhsfmt.c_str());
    s += buf;
    if (r > 0) s += "F             " + std::string(13, ' ') + "1" + std::string(13, ' ') + "0\n";
    for (const auto* section : {&ptr, &ind, &val, &rhs})
      for (const std::string& line : *section) s += line + "\n";
    return s;
  }
};

// Lays `numbers` out `per_line` to a line, each printed with `format`.
template <class T>
std::vector<std::string> lines_of(const std::vector<T>& numbers, std::size_t per_line, const char* format) {
  std::vector<std::string> lines;
  char buf[128];
  for (std::size_t k = 0; k < numbers.size(); ++k) {
    if (k % per_line == 0) lines.emplace_back();
    std::snprintf(buf, sizeof buf, format, numbers[k]);
    lines.back() += buf;
  }
  return lines;
}

Csr read_hb(const std::string& text, const ReadOptions& options = {}) {
  return aspmv::io::read_harwell_boeing_from_memory(text, "test.rua", options);
}

Dense to_dense(const Csr& a) {
  REQUIRE(a.row_offsets.size() == static_cast<std::size_t>(a.num_rows) + 1);
  REQUIRE(a.row_offsets.back() == a.nnz());
  Dense d(a.num_rows, std::vector<double>(a.num_cols, 0.0));
  for (std::int32_t r = 0; r < a.num_rows; ++r) {
    for (auto k = a.row_offsets[r]; k < a.row_offsets[r + 1]; ++k) {
      REQUIRE(a.col_indices[k] < a.num_cols);
      if (k > a.row_offsets[r]) REQUIRE(a.col_indices[k - 1] < a.col_indices[k]);
      d[r][a.col_indices[k]] = a.values[k];
    }
  }
  return d;
}

void check_error(const std::string& text, long line, const std::string& needle, const ReadOptions& options = {}) {
  INFO("input:\n" << text);
  try {
    read_hb(text, options);
    FAIL("no ParseError; expected '" << needle << "' at line " << line);
  } catch (const aspmv::ParseError& e) {
    INFO("what(): " << e.what());
    CHECK(e.file() == "test.rua");
    CHECK(e.line() == line);
    CHECK_THAT(e.problem(), Catch::Contains(needle, Catch::CaseSensitive::No));
  }
}

// The 5 x 5 unsymmetric example: values in (4D10.4) fields that touch.
//   [ 1  0  0  6  0 ]
//   [-2  4  0  0  9 ]
//   [ 0 -5  0  7  0 ]      column 3 is empty
//   [ 3  0  0  0 10 ]
//   [ 0  0  0 -8  0 ]
Hb unsymmetric_5x5() {
  Hb h;
  h.type = "RUA";
  h.nrow = h.ncol = 5;
  h.nnz = 10;
  h.ptrfmt = "(6I3)";
  h.indfmt = "(8I3)";
  h.valfmt = "(4D10.4)";
  h.ptr = {"  1  4  6  6  9 11"};
  h.ind = {"  1  2  4  2  3  1  3  5", "  2  4"};
  h.val = {"1.0000D+00-2.000D+003.0000D+004.0000D+00", "-5.000D+006.0000D+007.0000d+00-8.000D+00",
           "9.0000D+001.0000D+01"};
  return h;
}
const Dense dense_5x5 = {{1, 0, 0, 6, 0}, {-2, 4, 0, 0, 9}, {0, -5, 0, 7, 0}, {3, 0, 0, 0, 10}, {0, 0, 0, -8, 0}};

// A 4 x 4 symmetric matrix, lower triangle by columns.
//   [ 4  1  0  2 ]
//   [ 1  5  0  0 ]
//   [ 0  0  6  3 ]
//   [ 2  0  3  7 ]
Hb symmetric_4x4(const std::string& valfmt, std::size_t per_line, const char* printf_format) {
  Hb h;
  h.type = "RSA";
  h.nrow = h.ncol = 4;
  h.nnz = 7;
  h.ptrfmt = "(16I5)";
  h.indfmt = "(16I5)";
  h.valfmt = valfmt;
  h.ptr = lines_of(std::vector<int>{1, 4, 5, 7, 8}, 16, "%5d");
  h.ind = lines_of(std::vector<int>{1, 2, 4, 2, 3, 4, 4}, 16, "%5d");
  h.val = lines_of(std::vector<double>{4, 1, 2, 5, 6, 3, 7}, per_line, printf_format);
  return h;
}
const Dense dense_4x4 = {{4, 1, 0, 2}, {1, 5, 0, 0}, {0, 0, 6, 3}, {2, 0, 3, 7}};

class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("aspmv_test_hb_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace

TEST_CASE("hb: unsymmetric with touching D-exponent fields", "[io][hb]") {
  Csr a = read_hb(unsymmetric_5x5().render());
  CHECK(a.num_rows == 5);
  CHECK(a.num_cols == 5);
  CHECK(a.nnz() == 10);
  CHECK(to_dense(a) == dense_5x5);
}

TEST_CASE("hb: symmetric files are mirrored", "[io][hb]") {
  SECTION("(3(1X,E23.15))") {
    Csr a = read_hb(symmetric_4x4("(3(1X,E23.15))", 3, " %23.15E").render());
    CHECK(a.nnz() == 10);
    CHECK(to_dense(a) == dense_4x4);
  }
  SECTION("(1P,4E20.12): the scale factor does not change fields with an exponent") {
    CHECK(to_dense(read_hb(symmetric_4x4("(1P,4E20.12)", 4, "%20.12E").render())) == dense_4x4);
  }
  SECTION("(1P5D16.8) written without commas, D exponents") {
    Hb h = symmetric_4x4("(1P5D16.8)", 5, "%16.8E");
    for (std::string& line : h.val)
      for (char& c : line)
        if (c == 'E') c = 'D';
    CHECK(to_dense(read_hb(h.render())) == dense_4x4);
  }
  SECTION("(5E15.8) with blank-padded fields, lower-case type, H read as symmetric") {
    Hb h = symmetric_4x4("(5E15.8)", 5, "%-15.3E");
    h.type = "rha";
    CHECK(to_dense(read_hb(h.render())) == dense_4x4);
  }
}

TEST_CASE("hb: pattern, skew-symmetric, rectangular", "[io][hb]") {
  SECTION("pattern symmetric: ones, no value format needed") {
    Hb h;
    h.type = "PSA";
    h.nrow = h.ncol = 3;
    h.nnz = 3;
    h.ptrfmt = "(10I4)";
    h.indfmt = "(10I4)";
    h.valfmt = "";
    h.ptr = {"   1   3   4   4"};
    h.ind = {"   1   3   2"};
    CHECK(to_dense(read_hb(h.render())) == Dense{{1, 0, 1}, {0, 1, 0}, {1, 0, 0}});
  }
  SECTION("pattern unsymmetric") {
    Hb h;
    h.type = "PUA";
    h.nrow = 2;
    h.ncol = 2;
    h.nnz = 2;
    h.valfmt = "";
    h.ptr = lines_of(std::vector<int>{1, 2, 3}, 10, "%8d");
    h.ind = lines_of(std::vector<int>{2, 2}, 10, "%8d");
    CHECK(to_dense(read_hb(h.render())) == Dense{{0, 0}, {1, 1}});
  }
  SECTION("skew-symmetric: mirrored negated") {
    Hb h;
    h.type = "RZA";
    h.nrow = h.ncol = 3;
    h.nnz = 3;
    h.ptr = lines_of(std::vector<int>{1, 3, 4, 4}, 10, "%8d");
    h.ind = lines_of(std::vector<int>{2, 3, 3}, 10, "%8d");
    h.val = lines_of(std::vector<double>{1, 2, 3}, 4, "%20.12E");
    CHECK(to_dense(read_hb(h.render())) == Dense{{0, -1, -2}, {1, 0, -3}, {2, 3, 0}});
  }
  SECTION("skew-symmetric with a diagonal entry is an error") {
    Hb h;
    h.type = "RZA";
    h.nrow = h.ncol = 3;
    h.nnz = 2;
    h.ptr = lines_of(std::vector<int>{1, 2, 3, 3}, 10, "%8d");
    h.ind = lines_of(std::vector<int>{2, 2}, 10, "%8d");
    h.val = lines_of(std::vector<double>{1, 2}, 4, "%20.12E");
    check_error(h.render(), 6, "diagonal entry (2,2) in a skew-symmetric matrix");
  }
  SECTION("rectangular 2 x 3 (RRA), duplicates summed, unsorted rows sorted") {
    Hb h;
    h.type = "RRA";
    h.nrow = 2;
    h.ncol = 3;
    h.nnz = 4;
    h.ptr = lines_of(std::vector<int>{1, 1, 4, 5}, 10, "%8d");
    h.ind = lines_of(std::vector<int>{2, 1, 2, 1}, 10, "%8d");
    h.val = lines_of(std::vector<double>{1, 2, 3, 0}, 4, "%20.12E");
    Csr a = read_hb(h.render());
    CHECK(a.nnz() == 3);  // the explicit zero stays
    CHECK(to_dense(a) == Dense{{0, 2, 0}, {0, 4, 0}});
  }
  SECTION("empty 0 x 0 and 3 x 2 without entries") {
    Hb h;
    h.ptr = {"       1"};
    h.valfmt = "";
    CHECK(read_hb(h.render()).num_rows == 0);
    h.nrow = 3;
    h.ncol = 2;
    h.ptr = {"       1       1       1"};
    Csr a = read_hb(h.render());
    CHECK(a.num_rows == 3);
    CHECK(a.num_cols == 2);
    CHECK(a.row_offsets == std::vector<std::int64_t>(4, 0));
  }
}

TEST_CASE("hb: right-hand sides are skipped", "[io][hb]") {
  Hb h = unsymmetric_5x5();
  h.rhsfmt = "(4D10.4)";
  h.rhs = {"1.0000D+001.0000D+001.0000D+001.0000D+00", "1.0000D+00"};
  CHECK(to_dense(read_hb(h.render())) == dense_5x5);
}

TEST_CASE("hb: Fortran input editing", "[io][hb]") {
  auto one_value = [](const std::string& valfmt, const std::string& field) {
    Hb h;
    h.nrow = h.ncol = 1;
    h.nnz = 1;
    h.ptr = {"       1       2"};
    h.ind = {"       1"};
    h.valfmt = valfmt;
    h.val = {field};
    return read_hb(h.render()).values.at(0);
  };
  CHECK(one_value("(E10.3)", "    1.5E+2") == 150.0);
  CHECK(one_value("(E10.3)", "    1.5e-2") == 0.015);
  CHECK(one_value("(D10.3)", "  1.0+05") == 1e5);  // exponent sign without a letter
  CHECK(one_value("(D10.3)", "  2.5-001") == 2.5e-1);
  CHECK(one_value("(F8.3)", "   12345") == 12.345);   // no '.': last 3 digits are decimals
  CHECK(one_value("(1P,F8.3)", "    12.5") == 1.25);  // no exponent: the scale factor applies
  CHECK(one_value("(-1P,F8.3)", "    12.5") == 125.0);
  CHECK(one_value("(1P,E10.3)", " 12.5E+00") == 12.5);  // exponent given: scale ignored
  CHECK(one_value("(G12.5)", "  -0.25") == -0.25);
  CHECK(one_value("(I5)", "  -42") == -42.0);
  CHECK(one_value("(2X,E8.1)", "xx   1.5") == 1.5);  // columns skipped by X are not read
  CHECK(one_value("(BN,ES12.4)", "  3.0000E+00") == 3.0);
  CHECK(one_value("(E20.12)", "   7.5") == 7.5);        // a short last line is blank-padded
  CHECK(one_value("( 4 E 20 . 12 )", "  7.5") == 7.5);  // blanks in formats are ignored
}

TEST_CASE("hb: gzip, xz, files and read_matrix dispatch by name", "[io][hb]") {
  TempDir dir;
  const std::string text = unsymmetric_5x5().render();
  for (const std::string name : {"m.rua", "M.RUA", "m.hb", "m.rb", "m.rua.gz", "m.rua.xz", "M.RUA.XZ"}) {
    const std::string path = dir.file(name);
    const std::string suffix = name.size() > 3 ? name.substr(name.size() - 3) : "";
    if (suffix == ".gz") {
      gzFile g = gzopen(path.c_str(), "wb");
      REQUIRE(g != nullptr);
      gzwrite(g, text.data(), static_cast<unsigned>(text.size()));
      REQUIRE(gzclose(g) == Z_OK);
    } else if (suffix == ".xz" || suffix == ".XZ") {
      const std::string xz = aspmv::testing::xz_bytes(text);
      std::ofstream(path, std::ios::binary) << xz;
      CHECK(to_dense(aspmv::io::read_harwell_boeing_from_memory(xz, name)) == dense_5x5);
    } else {
      std::ofstream(path, std::ios::binary) << text;
    }
    INFO(name);
    CHECK(to_dense(aspmv::io::read_matrix(path)) == dense_5x5);
    CHECK(to_dense(aspmv::io::read_harwell_boeing(path)) == dense_5x5);
  }
  CHECK_THROWS_WITH(aspmv::io::read_harwell_boeing(dir.file("missing.rua")),
                    "cannot open " + dir.file("missing.rua") + ": No such file or directory");
  CHECK_THROWS_WITH(aspmv::io::read_matrix(dir.file("missing.rsa.gz")), Catch::StartsWith("cannot open "));
  std::ofstream(dir.file("bad.psa"), std::ios::binary) << "not a matrix\n";
  try {
    aspmv::io::read_matrix(dir.file("bad.psa"));
    FAIL("no ParseError");
  } catch (const aspmv::ParseError& e) {
    CHECK(e.file() == dir.file("bad.psa"));
    CHECK(e.line() == 1);
  }
}

TEST_CASE("hb: header errors", "[io][hb]") {
  const Hb good = unsymmetric_5x5();
  check_error("", 1, "empty file");
  check_error("title only\n", 1, "missing the card count header line");

  std::string text = good.render();
  auto with_line = [&](int n, const std::string& replacement) {
    std::string t = text;
    std::size_t begin = 0;
    for (int i = 1; i < n; ++i) begin = t.find('\n', begin) + 1;
    return t.replace(begin, t.find('\n', begin) - begin, replacement);
  };
  check_error(with_line(2, "  6  1  2"), 2, "4 or 5 integers");
  check_error(with_line(2, "  6  1  2  3  0  0"), 2, "found 6 tokens");
  check_error(with_line(2, "  6  1  2  x  0"), 2, "VALCRD 'x' is not an integer");
  check_error(with_line(2, "  6  1  -2  3  0"), 2, "negative INDCRD");
  check_error(with_line(2, "  7  1  2  3  0"), 2, "TOTCRD is 7 but PTRCRD+INDCRD+VALCRD+RHSCRD is 6");
  check_error(with_line(2, "  3  1  2  0  0"), 2, "VALCRD is 0");
  check_error(with_line(3, "RUA 5 5"), 3, "MXTYPE NROW NCOL NNZERO");
  check_error(with_line(3, "CUA 5 5 10 0"), 3, "complex matrices are not supported");
  check_error(with_line(3, "RUE 5 5 10 0"), 3, "elemental matrices are not supported");
  check_error(with_line(3, "XUA 5 5 10 0"), 3, "unknown matrix type 'XUA'");
  check_error(with_line(3, "RQA 5 5 10 0"), 3, "unknown matrix type 'RQA'");
  check_error(with_line(3, "RUX 5 5 10 0"), 3, "unknown matrix type 'RUX'");
  check_error(with_line(3, "RU 5 5 10 0"), 3, "must have 3 letters");
  check_error(with_line(3, "RUA -5 5 10 0"), 3, "negative NROW");
  check_error(with_line(3, "RUA 5 5 x 0"), 3, "NNZERO 'x' is not an integer");
  check_error(with_line(3, "RUA 3000000000 5 10 0"), 3, "does not fit 32-bit ordinals");
  check_error(with_line(3, "RUA 5 5 26 0"), 3, "NNZERO 26 exceeds the 25 positions");
  check_error(with_line(3, "RSA 5 4 10 0"), 3, "must be square");
  check_error(with_line(3, "RSA 4 4 11 0"), 3, "exceeds the 10 positions");
  ReadOptions small;
  small.max_dimension = 4;
  check_error(text, 3, "NROW 5 exceeds ReadOptions::max_dimension (4)", small);
}

TEST_CASE("hb: format errors", "[io][hb]") {
  auto with_formats = [](const std::string& ptr, const std::string& ind, const std::string& val) {
    Hb h = unsymmetric_5x5();
    h.ptrfmt = ptr;
    h.indfmt = ind;
    h.valfmt = val;
    return h.render();
  };
  check_error(with_formats("(6I)", "(8I3)", "(4D10.4)"), 4, "bad PTRFMT format '(6I)': missing field width");
  check_error(with_formats("(6I3)", "(8Q3)", "(4D10.4)"), 4, "bad INDFMT format '(8Q3)': unsupported edit descriptor");
  check_error(with_formats("(6I3)", "(8I3)", "(4D0.4)"), 4, "bad VALFMT format '(4D0.4)': field width out of range");
  check_error(with_formats("(6I3)", "(8I3)", "(4D10.4/)"), 4, "unsupported edit descriptor");
  check_error(with_formats("(6I3)", "(8I3)", "(0D10.4)"), 4, "repeat counts must be positive");
  check_error(with_formats("(6I3)", "(8I3)", "(2X)"), 4, "has no data field");
  check_error(with_formats("(6I3)", "(8I3)", "(1P)"), 4, "has no data field");
  check_error(with_formats("(6I3)", "(8I3)", "(100000(100000E1.0))"), 4, "too many fields");
  check_error(with_formats("(6I3)", "(8I3)", "(9999999999I1)"), 4, "number too large");
  check_error(with_formats("(6I3)", "(8E3.0)", "(4D10.4)"), 4, "must use I (integer) descriptors");
  check_error(with_formats("(6I3)", "(8I3)", ""), 4, "must give PTRFMT, INDFMT and VALFMT, found 2");
  check_error(with_formats("6I3", "(8I3)", "(4D10.4)"), 4, "expected '('");
  check_error(with_formats("((6I3)", "(8I3)", "(4D10.4)"), 4, "unbalanced parentheses");
  check_error(with_formats("(6I3))", "(8I3)", "(4D10.4)"), 4, "expected '('");
  check_error(with_formats("(-6I3)", "(8I3)", "(4D10.4)"), 4, "a sign is only allowed before P");
  check_error(with_formats("(((((((((((((((((((I3)))))))))))))))))))", "(8I3)", "(4D10.4)"), 4, "nested too deeply");
}

TEST_CASE("hb: data errors", "[io][hb]") {
  SECTION("column pointers") {
    Hb h = unsymmetric_5x5();
    h.ptr = {"  2  4  6  6  9 11"};
    check_error(h.render(), 5, "first column pointer is 2, expected 1");
    h.ptr = {"  1  4  6  5  9 11"};
    check_error(h.render(), 5, "column pointers not monotone: pointer 4 is 5 after 6");
    h.ptr = {"  1  4  6  6  9 10"};
    check_error(h.render(), 5, "last column pointer is 10, expected NNZERO+1 = 11");
    h.ptr = {"  1  4  6  x  9 11"};
    check_error(h.render(), 5, "column pointer 'x' is not an integer");
    h.ptr = {"  1  4  6"};
    check_error(h.render(), 5, "missing column pointers (blank field at column 10; expected 6, found 3)");
    h.ptr = {"  1  4  6  6  9 11"};
    h.ptrcrd = 2;
    check_error(h.render(), 2, "PTRCRD is 2 but the column pointers take 1 lines");
  }
  SECTION("pointers spread over lines: errors name the right line") {
    Hb h = unsymmetric_5x5();
    h.ptrfmt = "(2I3)";
    h.ptr = {"  1  4", "  6  6", "  9  9"};
    check_error(h.render(), 7, "last column pointer is 9, expected NNZERO+1 = 11");
    h.ptr = {"  1  4", "  6  2", "  9 11"};
    check_error(h.render(), 6, "pointer 4 is 2 after 6");
  }
  SECTION("row indices") {
    Hb h = unsymmetric_5x5();
    h.ind = {"  1  2  4  2  3  1  3  5", "  0  4"};
    check_error(h.render(), 7, "row index 0 out of range 1..5");
    h.ind = {"  1  2  4  2  3  1  6  5", "  2  4"};
    check_error(h.render(), 6, "row index 6 out of range 1..5");
    h.ind = {"  1  2  4  2  3  1  3  5", "  2 4x"};
    check_error(h.render(), 7, "row index '4x' is not an integer");
    h.ind = {"  1  2  4  2  3  1  3  5", "  2  4", "  1"};
    h.indcrd = 3;
    h.val.pop_back();
    check_error(h.render(), 2, "INDCRD is 3 but the row indices take 2 lines");
  }
  SECTION("values") {
    Hb h = unsymmetric_5x5();
    h.val[1] = "-5.000D+006.0000X+007.0000d+00-8.000D+00";
    check_error(h.render(), 9, "value '6.0000X+00' is not a number");
    h.val[1] = "-5.000D+006.0000D+00";
    check_error(h.render(), 9, "missing values (blank field at column 21; expected 10, found 6)");
    h.val[1] = "-5.000D+00       NaN7.0000d+00-8.000D+00";
    check_error(h.render(), 9, "non-finite value 'NaN'");
    ReadOptions allow;
    allow.allow_nonfinite = true;
    CHECK(std::isnan(read_hb(h.render(), allow).values[1]));  // a(1,4)
    h.val[1] = "-5.000D+006.000D+9997.0000d+00-8.000D+00";
    check_error(h.render(), 9, "overflows");
    CHECK(std::isinf(read_hb(h.render(), allow).values[1]));
  }
  SECTION("truncated file") {
    std::string text = unsymmetric_5x5().render();
    text.resize(text.rfind("9.0000D+00"));
    check_error(text, 9, "unexpected end of file: expected 10 values, found 8");
    text.resize(text.find("  2  4\n"));
    check_error(text, 6, "unexpected end of file: expected 10 row indices, found 8");
    text.resize(text.find("  1  4  6"));
    check_error(text, 4, "unexpected end of file: expected 6 column pointers, found 0");
  }
  SECTION("an absurd header fails on the missing data") {
    Hb h;
    h.nrow = 2000000000;
    h.ncol = 2000000000;
    h.nnz = 1000000000000;
    h.ptrcrd = h.indcrd = h.valcrd = 1000000000000;
    h.ptr = {"       1"};
    check_error(h.render(), 5, "missing column pointers (blank field at column 9; expected 2000000001, found 1)");
    h.ptr.clear();
    check_error(h.render(), 4, "unexpected end of file: expected 2000000001 column pointers, found 0");
  }
}
