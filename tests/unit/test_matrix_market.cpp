// Unit tests of the Matrix Market reader/writer, gzip and xz input, read_matrix
// dispatch, and (with ASPMV_REAL_MATRICES set) the real matrix collection.

#include <aspmv/error.hpp>
#include <aspmv/io/matrix_market.hpp>
#include <aspmv/io/read_matrix.hpp>

#include <lzma.h>

#include "support/xz_bytes.hpp"
#include <unistd.h>
#include <zlib.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using aspmv::io::ReadOptions;
using Csr = aspmv::HostCsr<double, std::int64_t>;
using Dense = std::vector<std::vector<double>>;

const std::string banner_rg = "%%MatrixMarket matrix coordinate real general\n";

Csr read_mm(const std::string& text, const ReadOptions& options = {}) {
  return aspmv::io::read_matrix_market_from_memory(text, "test.mtx", options);
}

// Checks the CSR invariants: offsets from 0 to nnz, rows sorted, no duplicate
// columns, columns in range.
void check_valid(const Csr& a) {
  REQUIRE(a.row_offsets.size() == static_cast<std::size_t>(a.num_rows) + 1);
  REQUIRE(a.row_offsets.front() == 0);
  REQUIRE(a.row_offsets.back() == a.nnz());
  REQUIRE(a.values.size() == a.col_indices.size());
  std::string problem;
  for (std::int32_t r = 0; r < a.num_rows && problem.empty(); ++r) {
    if (a.row_offsets[r] > a.row_offsets[r + 1]) problem = "offsets decrease at row " + std::to_string(r);
    for (auto k = a.row_offsets[r]; k < a.row_offsets[r + 1] && problem.empty(); ++k) {
      if (a.col_indices[k] < 0 || a.col_indices[k] >= a.num_cols)
        problem = "column out of range in row " + std::to_string(r);
      else if (k > a.row_offsets[r] && a.col_indices[k - 1] >= a.col_indices[k])
        problem = "row " + std::to_string(r) + " not strictly sorted";
    }
  }
  CHECK(problem == "");
}

Dense to_dense(const Csr& a) {
  check_valid(a);
  Dense d(a.num_rows, std::vector<double>(a.num_cols, 0.0));
  for (std::int32_t r = 0; r < a.num_rows; ++r)
    for (auto k = a.row_offsets[r]; k < a.row_offsets[r + 1]; ++k) d[r][a.col_indices[k]] = a.values[k];
  return d;
}

// Reads `text` expecting a ParseError at `line` whose problem mentions `needle`.
void check_error(const std::string& text, long line, const std::string& needle, const ReadOptions& options = {}) {
  INFO("input:\n" << text);
  try {
    read_mm(text, options);
    FAIL("no ParseError; expected '" << needle << "' at line " << line);
  } catch (const aspmv::ParseError& e) {
    INFO("what(): " << e.what());
    CHECK(e.file() == "test.mtx");
    CHECK(e.line() == line);
    CHECK_THAT(e.problem(), Catch::Contains(needle, Catch::CaseSensitive::No));
    CHECK_THAT(std::string(e.what()), Catch::StartsWith("test.mtx:" + std::to_string(line) + ": "));
  }
}

// A fresh directory under the system temp dir, removed with its content.
class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("aspmv_test_mm_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
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

void write_text(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

void write_gz(const std::string& path, const std::string& text) {
  gzFile g = gzopen(path.c_str(), "wb");
  REQUIRE(g != nullptr);
  REQUIRE(gzwrite(g, text.data(), static_cast<unsigned>(text.size())) == static_cast<int>(text.size()));
  REQUIRE(gzclose(g) == Z_OK);
}

std::string gzip_bytes(const std::string& text) {
  z_stream s{};
  REQUIRE(deflateInit2(&s, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&s, text.size()) + 64, '\0');
  s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  s.avail_in = static_cast<uInt>(text.size());
  s.next_out = reinterpret_cast<Bytef*>(&out[0]);
  s.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&s, Z_FINISH) == Z_STREAM_END);
  out.resize(s.total_out);
  deflateEnd(&s);
  return out;
}

}  // namespace

using aspmv::testing::xz_bytes;

TEST_CASE("mm: real general with comments, blank lines and CRLF", "[io][mm]") {
  const std::string text =
      "%%MatrixMarket matrix coordinate real general\r\n"
      "% a comment\r\n"
      "\r\n"
      "   % indented comment\n"
      "\n"
      "3 4 5\n"
      "1 1 1.5\n"
      "\n"
      "2 3 -2e3\n"
      "3 4 +0.25\n"
      "  1   4\t7  \n"
      "3 1 1E-2";
  Csr a = read_mm(text);
  CHECK(a.num_rows == 3);
  CHECK(a.num_cols == 4);
  CHECK(a.nnz() == 5);
  CHECK(to_dense(a) == Dense{{1.5, 0, 0, 7}, {0, 0, -2000, 0}, {0.01, 0, 0, 0.25}});
}

TEST_CASE("mm: banner keywords are case-insensitive", "[io][mm]") {
  Csr a = read_mm("%%matrixmarket MATRIX Coordinate REAL General\n1 1 1\n1 1 2\n");
  CHECK(to_dense(a) == Dense{{2}});
}

TEST_CASE("mm: integer general", "[io][mm]") {
  Csr a = read_mm("%%MatrixMarket matrix coordinate integer general\n2 2 3\n1 1 -4\n2 1 +7\n2 2 0\n");
  CHECK(to_dense(a) == Dense{{-4, 0}, {7, 0}});
  CHECK(a.nnz() == 3);  // the explicit zero is kept
}

TEST_CASE("mm: pattern general gives ones", "[io][mm]") {
  Csr a = read_mm("%%MatrixMarket matrix coordinate pattern general\n2 3 3\n1 3\n2 1\n2 2\n");
  CHECK(to_dense(a) == Dense{{0, 0, 1}, {1, 1, 0}});
}

TEST_CASE("mm: symmetric files are mirrored", "[io][mm]") {
  SECTION("real, lower triangle") {
    Csr a = read_mm("%%MatrixMarket matrix coordinate real symmetric\n3 3 4\n1 1 1\n2 1 2\n3 2 3\n3 3 4\n");
    CHECK(a.nnz() == 6);
    CHECK(to_dense(a) == Dense{{1, 2, 0}, {2, 0, 3}, {0, 3, 4}});
  }
  SECTION("integer") {
    Csr a = read_mm("%%MatrixMarket matrix coordinate integer symmetric\n2 2 2\n2 1 5\n2 2 -1\n");
    CHECK(to_dense(a) == Dense{{0, 5}, {5, -1}});
  }
  SECTION("pattern") {
    Csr a = read_mm("%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n3 1\n2 2\n");
    CHECK(to_dense(a) == Dense{{0, 0, 1}, {0, 1, 0}, {1, 0, 0}});
  }
  SECTION("upper-triangle entries are accepted and mirrored") {
    Csr a = read_mm("%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n1 3 7\n2 2 1\n");
    CHECK(to_dense(a) == Dense{{0, 0, 7}, {0, 1, 0}, {7, 0, 0}});
  }
  SECTION("(i,j) and (j,i) both given are duplicates after mirroring: summed") {
    Csr a = read_mm("%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n2 1 1\n1 2 10\n");
    CHECK(a.nnz() == 2);
    CHECK(to_dense(a) == Dense{{0, 11}, {11, 0}});
  }
}

TEST_CASE("mm: skew-symmetric files are mirrored negated", "[io][mm]") {
  SECTION("real") {
    Csr a = read_mm("%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 2\n3 2 -3\n");
    CHECK(to_dense(a) == Dense{{0, -2, 0}, {2, 0, 3}, {0, -3, 0}});
  }
  SECTION("integer, upper triangle entry") {
    Csr a = read_mm("%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n1 2 4\n");
    CHECK(to_dense(a) == Dense{{0, 4}, {-4, 0}});
  }
  SECTION("pattern") {
    Csr a = read_mm("%%MatrixMarket matrix coordinate pattern skew-symmetric\n2 2 1\n2 1\n");
    CHECK(to_dense(a) == Dense{{0, -1}, {1, 0}});
  }
  SECTION("a diagonal entry is an error") {
    check_error("%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 1\n2 2 1\n", 4,
                "diagonal entry (2,2) in a skew-symmetric matrix");
  }
}

TEST_CASE("mm: array format", "[io][mm]") {
  SECTION("real general, column-major, zeros not stored") {
    Csr a = read_mm("%%MatrixMarket matrix array real general\n% c\n2 3\n1\n2\n0\n4\n\n5\n-6.5\n");
    CHECK(a.nnz() == 5);
    CHECK(to_dense(a) == Dense{{1, 0, 5}, {2, 4, -6.5}});
  }
  SECTION("integer symmetric: lower triangle by columns") {
    Csr a = read_mm("%%MatrixMarket matrix array integer symmetric\n3 3\n1\n2\n3\n4\n5\n6\n");
    CHECK(to_dense(a) == Dense{{1, 2, 3}, {2, 4, 5}, {3, 5, 6}});
  }
  SECTION("real skew-symmetric: strict lower triangle") {
    Csr a = read_mm("%%MatrixMarket matrix array real skew-symmetric\n3 3\n1\n2\n3\n");
    CHECK(to_dense(a) == Dense{{0, -1, -2}, {1, 0, -3}, {2, 3, 0}});
  }
  SECTION("empty") {
    Csr a = read_mm("%%MatrixMarket matrix array real general\n0 4\n");
    CHECK(a.num_rows == 0);
    CHECK(a.num_cols == 4);
  }
  SECTION("errors") {
    check_error("%%MatrixMarket matrix array pattern general\n1 1\n", 1, "pattern");
    check_error("%%MatrixMarket matrix array real general\n2 2 4\n", 2, "2 integers");
    check_error("%%MatrixMarket matrix array real general\n2 1\n1\n", 3, "expected 2 entries, found 1");
    check_error("%%MatrixMarket matrix array real general\n2 1\n1\n2\n3\n", 5, "more entries");
    check_error("%%MatrixMarket matrix array real general\n2 1\n1 2\n3\n", 3, "too many tokens");
    check_error("%%MatrixMarket matrix array integer general\n1 1\n1.5\n", 3, "not an integer");
    check_error("%%MatrixMarket matrix array real symmetric\n2 3\n", 2, "square");
  }
}

TEST_CASE("mm: duplicates summed, rows sorted, explicit zeros kept", "[io][mm]") {
  Csr a = read_mm(banner_rg +
                  "3 5 8\n"
                  "3 5 1\n"
                  "1 4 2\n"
                  "1 2 3\n"
                  "3 1 4\n"
                  "1 4 10\n"
                  "2 3 0\n"
                  "3 5 0.5\n"
                  "1 1 6\n");
  check_valid(a);
  CHECK(a.nnz() == 6);
  CHECK(a.row_offsets == std::vector<std::int64_t>{0, 3, 4, 6});
  CHECK(a.col_indices == std::vector<std::int32_t>{0, 1, 3, 2, 0, 4});
  CHECK(a.values == std::vector<double>{6, 3, 12, 0, 4, 1.5});
}

TEST_CASE("mm: empty and degenerate shapes", "[io][mm]") {
  SECTION("0 x 0 with 0 entries") {
    Csr a = read_mm(banner_rg + "0 0 0\n");
    CHECK(a.num_rows == 0);
    CHECK(a.num_cols == 0);
    CHECK(a.nnz() == 0);
    CHECK(a.row_offsets == std::vector<std::int64_t>{0});
  }
  SECTION("5 x 3 with 0 entries: all rows empty") {
    Csr a = read_mm(banner_rg + "5 3 0\n\n");
    CHECK(a.num_rows == 5);
    CHECK(a.num_cols == 3);
    CHECK(a.row_offsets == std::vector<std::int64_t>(6, 0));
  }
  SECTION("1 x n") {
    Csr a = read_mm(banner_rg + "1 4 2\n1 4 4\n1 2 2\n");
    CHECK(to_dense(a) == Dense{{0, 2, 0, 4}});
  }
  SECTION("n x 1") {
    Csr a = read_mm(banner_rg + "4 1 2\n4 1 4\n2 1 2\n");
    CHECK(to_dense(a) == Dense{{0}, {2}, {0}, {4}});
  }
}

TEST_CASE("mm: non-finite values", "[io][mm]") {
  ReadOptions allow;
  allow.allow_nonfinite = true;
  SECTION("refused by default") {
    check_error(banner_rg + "1 1 1\n1 1 nan\n", 3, "non-finite value 'nan'");
    check_error(banner_rg + "1 1 1\n1 1 -Inf\n", 3, "non-finite");
    check_error(banner_rg + "1 1 1\n1 1 infinity\n", 3, "non-finite");
    check_error(banner_rg + "1 1 1\n1 1 1e999\n", 3, "overflows");
    check_error(banner_rg + "1 1 1\n1 1 -1e999\n", 3, "overflows");
  }
  SECTION("accepted when allowed") {
    Csr a = read_mm(banner_rg + "1 4 4\n1 1 NaN\n1 2 -inf\n1 3 1e999\n1 4 -1e400\n", allow);
    CHECK(std::isnan(a.values[0]));
    CHECK(a.values[1] == -std::numeric_limits<double>::infinity());
    CHECK(a.values[2] == std::numeric_limits<double>::infinity());
    CHECK(a.values[3] == -std::numeric_limits<double>::infinity());
  }
  SECTION("underflow is not an error") {
    Csr a = read_mm(banner_rg + "1 2 2\n1 1 1e-400\n1 2 4.9e-324\n");
    CHECK(a.values[0] == 0.0);
    CHECK(a.values[1] > 0.0);
  }
}

TEST_CASE("mm: exact values round trip through write_matrix_market", "[io][mm]") {
  TempDir dir;
  Csr a;
  a.num_rows = 3;
  a.num_cols = 4;
  a.row_offsets = {0, 2, 2, 5};
  a.col_indices = {0, 3, 1, 2, 3};
  a.values = {0.1, 1.0 / 3.0, -2.5e300, 4.9e-324, 0.0};
  for (const std::string name : {"rt.mtx", "rt.mtx.gz"}) {
    const std::string path = dir.file(name);
    aspmv::io::write_matrix_market(path, a, "first line\nsecond line");
    Csr b = aspmv::io::read_matrix_market(path);
    CHECK(b.num_rows == a.num_rows);
    CHECK(b.num_cols == a.num_cols);
    CHECK(b.row_offsets == a.row_offsets);
    CHECK(b.col_indices == a.col_indices);
    CHECK(b.values == a.values);
    CHECK(aspmv::io::read_matrix(path).values == a.values);
  }
  std::ifstream in(dir.file("rt.mtx"));
  std::string l1, l2, l3, l4;
  std::getline(in, l1);
  std::getline(in, l2);
  std::getline(in, l3);
  std::getline(in, l4);
  CHECK(l1 == "%%MatrixMarket matrix coordinate real general");
  CHECK(l2 == "% first line");
  CHECK(l3 == "% second line");
  CHECK(l4 == "3 4 5");

  SECTION("an invalid matrix or an unwritable path is an aspmv::Error") {
    Csr bad = a;
    bad.col_indices[0] = 9;
    CHECK_THROWS_AS(aspmv::io::write_matrix_market(dir.file("bad.mtx"), bad), aspmv::Error);
    CHECK_THROWS_WITH(aspmv::io::write_matrix_market(dir.file("no/such/dir.mtx"), a),
                      Catch::StartsWith("cannot open "));
  }
}

TEST_CASE("mm: gzip input", "[io][mm]") {
  TempDir dir;
  const std::string text = "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 3\n2 2 4\n";
  SECTION("from a file, detected by content, not by the name") {
    write_gz(dir.file("a.mtx.gz"), text);
    write_gz(dir.file("no_extension"), text);
    CHECK(to_dense(aspmv::io::read_matrix_market(dir.file("a.mtx.gz"))) == Dense{{3, 0}, {0, 4}});
    CHECK(to_dense(aspmv::io::read_matrix_market(dir.file("no_extension"))) == Dense{{3, 0}, {0, 4}});
    CHECK(to_dense(aspmv::io::read_matrix(dir.file("no_extension"))) == Dense{{3, 0}, {0, 4}});
  }
  SECTION("from memory, with concatenated gzip members") {
    std::string gz = gzip_bytes(text.substr(0, 20)) + gzip_bytes(text.substr(20));
    CHECK(to_dense(read_mm(gz)) == Dense{{3, 0}, {0, 4}});
  }
  SECTION("corrupt or truncated gzip data is an aspmv::Error naming the file") {
    std::string gz = gzip_bytes(text);
    std::string truncated = gz.substr(0, gz.size() / 2);
    CHECK_THROWS_WITH(read_mm(truncated), Catch::StartsWith("test.mtx: corrupt gzip data"));
    std::string corrupt = gz;
    corrupt[12] = static_cast<char>(corrupt[12] ^ 0x55);
    corrupt[13] = static_cast<char>(corrupt[13] ^ 0x55);
    CHECK_THROWS_AS(read_mm(corrupt), aspmv::Error);
    CHECK_THROWS_WITH(read_mm(gz + "garbage"), Catch::Contains("corrupt gzip data"));
    write_text(dir.file("bad.mtx.gz"), truncated);
    CHECK_THROWS_WITH(aspmv::io::read_matrix_market(dir.file("bad.mtx.gz")),
                      Catch::StartsWith(dir.file("bad.mtx.gz") + ": corrupt gzip data"));
  }
}

TEST_CASE("mm: xz input", "[io][mm]") {
  TempDir dir;
  const std::string text = "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 3\n2 2 4\n";
  SECTION("a .mtx.xz written here reads as the .mtx it was made from") {
    Csr a;
    a.num_rows = 40;
    a.num_cols = 30;
    a.row_offsets.assign(1, 0);
    for (std::int64_t r = 0; r < a.num_rows; ++r) {
      for (std::int32_t c = static_cast<std::int32_t>(r % 7); c < a.num_cols;
           c += 1 + static_cast<std::int32_t>(r % 5)) {
        a.col_indices.push_back(c);
        a.values.push_back(1.0 / static_cast<double>(1 + r + c) - 0.01 * static_cast<double>(c));
      }
      a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
    }
    aspmv::io::write_matrix_market(dir.file("a.mtx"), a, "xz test");
    std::ifstream in(dir.file("a.mtx"), std::ios::binary);
    const std::string mtx((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    write_text(dir.file("a.mtx.xz"), xz_bytes(mtx));
    const Csr plain = aspmv::io::read_matrix_market(dir.file("a.mtx"));
    for (const auto& read :
         {aspmv::io::read_matrix_market(dir.file("a.mtx.xz")), aspmv::io::read_matrix(dir.file("a.mtx.xz"))}) {
      CHECK(read.num_rows == plain.num_rows);
      CHECK(read.num_cols == plain.num_cols);
      CHECK(read.row_offsets == plain.row_offsets);
      CHECK(read.col_indices == plain.col_indices);
      CHECK(read.values == plain.values);
    }
    CHECK(plain.values == a.values);
  }
  SECTION("detected by content, not by the name; every integrity check") {
    for (const lzma_check check : {LZMA_CHECK_NONE, LZMA_CHECK_CRC32, LZMA_CHECK_CRC64, LZMA_CHECK_SHA256}) {
      write_text(dir.file("no_extension"), xz_bytes(text, check));
      CHECK(to_dense(aspmv::io::read_matrix_market(dir.file("no_extension"))) == Dense{{3, 0}, {0, 4}});
      CHECK(to_dense(aspmv::io::read_matrix(dir.file("no_extension"))) == Dense{{3, 0}, {0, 4}});
    }
  }
  SECTION("from memory, with concatenated streams and stream padding, as xz -d reads them") {
    CHECK(to_dense(read_mm(xz_bytes(text))) == Dense{{3, 0}, {0, 4}});
    const std::string two = xz_bytes(text.substr(0, 20)) + std::string(8, '\0') + xz_bytes(text.substr(20));
    CHECK(to_dense(read_mm(two)) == Dense{{3, 0}, {0, 4}});
  }
  SECTION("corrupt or truncated xz data is an aspmv::Error naming the file") {
    const std::string xz = xz_bytes(text);
    const std::string truncated = xz.substr(0, xz.size() / 2);
    CHECK_THROWS_WITH(read_mm(truncated), Catch::StartsWith("test.mtx: corrupt xz data"));
    std::string corrupt = xz;
    corrupt[xz.size() / 2] = static_cast<char>(corrupt[xz.size() / 2] ^ 0x55);
    CHECK_THROWS_WITH(read_mm(corrupt), Catch::StartsWith("test.mtx: corrupt xz data"));
    CHECK_THROWS_WITH(read_mm(xz + "garbage"), Catch::StartsWith("test.mtx: corrupt xz data"));
    for (std::size_t n = 6; n < xz.size(); ++n) {  // every cut after the magic bytes
      INFO("the first " << n << " of " << xz.size() << " bytes");
      CHECK_THROWS_WITH(read_mm(xz.substr(0, n)), Catch::StartsWith("test.mtx: corrupt xz data"));
    }
    write_text(dir.file("bad.mtx.xz"), truncated);
    CHECK_THROWS_WITH(aspmv::io::read_matrix_market(dir.file("bad.mtx.xz")),
                      Catch::StartsWith(dir.file("bad.mtx.xz") + ": corrupt xz data"));
    CHECK_THROWS_WITH(aspmv::io::read_matrix(dir.file("bad.mtx.xz")),
                      Catch::StartsWith(dir.file("bad.mtx.xz") + ": corrupt xz data"));
  }
}

TEST_CASE("mm: read_matrix dispatch and file errors", "[io][mm]") {
  TempDir dir;
  write_text(dir.file("matrix.txt"), banner_rg + "1 1 1\n1 1 5\n");
  CHECK(to_dense(aspmv::io::read_matrix(dir.file("matrix.txt"))) == Dense{{5}});

  write_text(dir.file("nobanner.mtx"), "1 1 1\n1 1 5\n");
  try {
    aspmv::io::read_matrix(dir.file("nobanner.mtx"));
    FAIL("no ParseError");
  } catch (const aspmv::ParseError& e) {
    CHECK(e.file() == dir.file("nobanner.mtx"));
    CHECK(e.line() == 1);
    CHECK_THAT(e.problem(), Catch::Contains("missing %%MatrixMarket banner"));
  }

  write_text(dir.file("matrix.dat"), "1 1 1\n1 1 5\n");
  CHECK_THROWS_WITH(aspmv::io::read_matrix(dir.file("matrix.dat")),
                    Catch::StartsWith(dir.file("matrix.dat") + ": unrecognised matrix file format"));

  const std::string missing = dir.file("missing.mtx");
  CHECK_THROWS_WITH(aspmv::io::read_matrix(missing), "cannot open " + missing + ": No such file or directory");
  CHECK_THROWS_WITH(aspmv::io::read_matrix_market(missing), "cannot open " + missing + ": No such file or directory");
  CHECK_THROWS_WITH(aspmv::io::read_matrix_market(dir.file("")), Catch::StartsWith("cannot open "));
}

TEST_CASE("mm: banner errors", "[io][mm]") {
  check_error("", 1, "empty file");
  check_error("1 1 1\n1 1 1\n", 1, "missing %%MatrixMarket banner");
  check_error("\n%%MatrixMarket matrix coordinate real general\n1 1 0\n", 1, "missing %%MatrixMarket banner");
  check_error("%%MatrixMarketmatrix coordinate real general\n1 1 0\n", 1, "missing %%MatrixMarket banner");
  check_error("%%MatrixMarket matrix coordinate real\n1 1 0\n", 1, "incomplete banner");
  check_error("%%MatrixMarket vector coordinate real general\n1 1 0\n", 1, "unsupported object 'vector'");
  check_error("%%MatrixMarket matrix sparse real general\n1 1 0\n", 1, "unknown format 'sparse'");
  check_error("%%MatrixMarket matrix coordinate quaternion general\n1 1 0\n", 1, "unknown field 'quaternion'");
  check_error("%%MatrixMarket matrix coordinate complex general\n1 1 0\n", 1, "complex matrices are not supported");
  check_error("%%MatrixMarket matrix coordinate complex hermitian\n1 1 0\n", 1, "complex");
  check_error("%%MatrixMarket matrix coordinate real hermitian\n1 1 0\n", 1, "hermitian matrices are not supported");
  check_error("%%MatrixMarket matrix coordinate real diagonal\n1 1 0\n", 1, "unknown symmetry 'diagonal'");
  check_error("%%MatrixMarket matrix coordinate real general extra\n1 1 0\n", 1, "unexpected 'extra'");
}

TEST_CASE("mm: size line errors", "[io][mm]") {
  check_error(banner_rg, 1, "missing size line");
  check_error(banner_rg + "% only comments\n\n", 3, "missing size line");
  check_error(banner_rg + "3 3\n", 2, "3 integers (rows columns entries), found 2");
  check_error(banner_rg + "3 3 1 1\n1 1 1\n", 2, "found 4");
  check_error(banner_rg + "3 x 1\n", 2, "column count 'x' is not an integer");
  check_error(banner_rg + "3 3 1.0\n", 2, "entry count '1.0' is not an integer");
  check_error(banner_rg + "-3 3 1\n", 2, "negative row count -3");
  check_error(banner_rg + "3 -3 1\n", 2, "negative column count");
  check_error(banner_rg + "3 3 -1\n", 2, "negative entry count");
  check_error(banner_rg + "3000000000 1 0\n", 2, "does not fit 32-bit ordinals");
  check_error(banner_rg + "1 2147483648 0\n", 2, "does not fit 32-bit ordinals");
  check_error(banner_rg + "99999999999999999999 1 0\n", 2, "row count '99999999999999999999' is too large");
  check_error(banner_rg + "1 1 99999999999999999999\n", 2, "entry count '99999999999999999999' is too large");
  check_error(banner_rg + "2 3 7\n", 2, "entry count 7 exceeds the 6 positions");
  check_error("%%MatrixMarket matrix coordinate real symmetric\n2 2 4\n", 2, "exceeds the 3 positions");
  check_error("%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 2\n", 2, "exceeds the 1 positions");
  check_error("%%MatrixMarket matrix coordinate real symmetric\n2 3 1\n", 2, "must be square");
  ReadOptions small;
  small.max_dimension = 1000;
  check_error(banner_rg + "1001 1 0\n", 2, "exceeds ReadOptions::max_dimension (1000)", small);
  CHECK(read_mm(banner_rg + "1000 1000 0\n", small).num_rows == 1000);
}

TEST_CASE("mm: entry line errors", "[io][mm]") {
  using namespace std::string_literals;
  check_error(banner_rg + "3 3 2\n1 1 1\n2 2\n", 4, "too few tokens on an entry line: expected 3");
  check_error(banner_rg + "3 3 2\n1 1 1 1\n2 2 1\n", 3, "too many tokens");
  check_error("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 1 1\n", 3,
              "too many tokens on an entry line: expected 2 (row column), found 3");
  check_error(banner_rg + "3 3 1\nx 1 1\n", 3, "row index 'x' is not an integer");
  check_error(banner_rg + "3 3 1\n1 1.0 1\n", 3, "column index '1.0' is not an integer");
  check_error(banner_rg + "3 3 1\n1 1 abc\n", 3, "value 'abc' is not a number");
  check_error(banner_rg + "3 3 1\n1 1 1.5x\n", 3, "value '1.5x' is not a number");
  check_error(banner_rg + "3 3 1\n1 1 0x10\n", 3, "not a number");
  check_error(banner_rg + "3 3 1\n1 1 ++1\n", 3, "not a number");
  check_error(banner_rg + "3 3 1\n0 1 1\n", 3, "row index 0 out of range 1..3");
  check_error(banner_rg + "3 3 1\n4 1 1\n", 3, "row index 4 out of range 1..3");
  check_error(banner_rg + "3 3 1\n1 0 1\n", 3, "column index 0 out of range");
  check_error(banner_rg + "3 4 1\n1 5 1\n", 3, "column index 5 out of range 1..4");
  check_error(banner_rg + "3 3 1\n-1 1 1\n", 3, "row index -1 out of range");
  check_error(banner_rg + "3 3 1\n1 99999999999999999999 1\n", 3, "out of range 1..3");
  check_error("%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 1 1.5\n", 3, "value '1.5' is not an integer");
  check_error("%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 1 1e3\n", 3, "not an integer");
  check_error("%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 1 99999999999999999999\n", 3,
              "integer value '99999999999999999999' out of range");
  check_error(banner_rg + "3 3 1\n1 1 1\0\n"s, 3, "not a number");
}

TEST_CASE("mm: entry count errors", "[io][mm]") {
  SECTION("truncated: the line where the file ended, expected and found counts") {
    check_error(banner_rg + "3 3 3\n1 1 1\n2 2 1\n", 4, "unexpected end of file: expected 3 entries, found 2");
    check_error(banner_rg + "3 3 3\n1 1 1\n2 2 1", 4, "expected 3 entries, found 2");
    check_error(banner_rg + "3 3 3\n1 1 1\n2 2 1\n\n", 5, "expected 3 entries, found 2");
    check_error(banner_rg + "3 3 1\n", 2, "expected 1 entries, found 0");
  }
  SECTION("more entries than announced") {
    check_error(banner_rg + "3 3 1\n1 1 1\n2 2 1\n", 4, "more entries than announced");
    check_error(banner_rg + "3 3 1\n1 1 1\n\n\n2 2 1\n", 6, "more entries than announced");
    Csr a = read_mm(banner_rg + "3 3 1\n1 1 1\n\n  \n");
    CHECK(a.nnz() == 1);
  }
  SECTION("an absurd header fails on the missing data, without allocating for it") {
    check_error(banner_rg + "1000000000 1000000000 1000000000000\n1 1 1\n", 3,
                "expected 1000000000000 entries, found 1");
    check_error("%%MatrixMarket matrix array real general\n2000000000 2000000000\n1\n", 3,
                "expected 4000000000000000000 entries, found 1");
  }
}

// Compares every matrix of the collection with its MANIFEST.tsv row: rows,
// cols, nnz_stored (the size line's count) and nnz_full (entries after
// symmetric expansion: 2 * stored - diagonal entries for symmetric files).
TEST_CASE("mm: real matrices match MANIFEST.tsv", "[io][mm][real]") {
  const char* dir = std::getenv("ASPMV_REAL_MATRICES");
  if (!dir || !*dir) {
    WARN("ASPMV_REAL_MATRICES not set: skipping the real-matrix check");
    return;
  }
  std::ifstream manifest(std::string(dir) + "/MANIFEST.tsv");
  REQUIRE(manifest.good());
  std::string line;
  std::getline(manifest, line);
  std::map<std::string, std::size_t> column;
  {
    std::istringstream header(line);
    std::string name;
    for (std::size_t i = 0; std::getline(header, name, '\t'); ++i) column[name] = i;
  }
  for (const char* needed : {"file", "rows", "cols", "nnz_stored", "nnz_full", "symmetry"})
    REQUIRE(column.count(needed) == 1);
  int checked = 0;
  while (std::getline(manifest, line)) {
    if (line.empty()) continue;
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string s; std::getline(fields, s, '\t');) f.push_back(s);
    REQUIRE(f.size() >= column.size());
    const std::string path = std::string(dir) + "/" + f[column["file"]];
    INFO(path);
    Csr a = aspmv::io::read_matrix(path);
    check_valid(a);
    CHECK(a.num_rows == std::stoll(f[column["rows"]]));
    CHECK(a.num_cols == std::stoll(f[column["cols"]]));
    CHECK(a.nnz() == std::stoll(f[column["nnz_full"]]));
    std::int64_t diagonal = 0;
    for (std::int32_t r = 0; r < a.num_rows; ++r)
      for (auto k = a.row_offsets[r]; k < a.row_offsets[r + 1]; ++k) diagonal += a.col_indices[k] == r;
    const std::int64_t stored = std::stoll(f[column["nnz_stored"]]);
    if (f[column["symmetry"]] == "general") {
      CHECK(a.nnz() == stored);
    } else {
      CHECK(a.nnz() == 2 * stored - diagonal);
    }
    ++checked;
  }
  CHECK(checked > 0);
}
