// Corpus spec files: entries, comments, relative paths, transposes of files,
// errors with line numbers; and the names aspmv-corpus draws.

#include <catch2/catch.hpp>

#include <aspmv/error.hpp>
#include <aspmv/io/matrix_market.hpp>
#include <aspmv/io/read_matrix.hpp>
#include <aspmv/validate.hpp>

#include <corpus/derive.hpp>
#include <corpus/generated.hpp>
#include <corpus/spec.hpp>
#include <corpus/spec_builder.hpp>
#include <corpus/transpose.hpp>

#include "support/xz_bytes.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <string>

using namespace aspmv;
using namespace aspmv::corpus;
namespace fs = std::filesystem;

namespace {

using Csr = HostCsr<double, std::int64_t>;

bool same(const Csr& a, const Csr& b) {
  return a.num_rows == b.num_rows && a.num_cols == b.num_cols && a.row_offsets == b.row_offsets &&
         a.col_indices == b.col_indices && a.values == b.values;
}

// A fresh folder under the system's temporary folder, removed at the end.
struct TempFolder {
  fs::path path;
  TempFolder() {
    path = fs::temp_directory_path() /
           ("aspmv-spec-test-" + std::to_string(std::random_device{}()) + "-" + std::to_string(std::random_device{}()));
    fs::create_directories(path / "sub");
  }
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return (path / name).string();
  }
};

// The ParseError's line, or -1 when `f` does not throw one.
template <class F>
long parse_error_line(F&& f) {
  try {
    f();
  } catch (const ParseError& e) {
    return e.line();
  }
  return -1;
}

}  // namespace

namespace {

// `path` compressed into `path` + ".xz" (the writer writes gzip only).
void xz_copy(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ofstream(path.string() + ".xz", std::ios::binary) << aspmv::testing::xz_bytes(text);
}

}  // namespace

TEST_CASE("a spec lists generated names and files, with comments and blank lines", "[corpus][spec]") {
  TempFolder dir;
  const auto small = generate("rand-uniform-r30-c50-m5-s2-seed3");
  io::write_matrix_market((dir.path / "sub" / "small.mtx").string(), small);
  io::write_matrix_market((dir.path / "other.mtx.gz").string(), small);
  io::write_matrix_market((dir.path / "third.mtx").string(), small);
  xz_copy(dir.path / "third.mtx");
  const auto spec = dir.write("study.txt",
                              "# a study\n"
                              "\n"
                              "stencil2d-5pt-20x10   # trailing comment\n"
                              "  band-r500-w10-m5-sym-seed1-perm2\n"
                              "lp-r100-c300-m5-l2-n100-seed1-T\n"
                              "file sub/small.mtx\n"
                              "file sub/small.mtx -T\n"
                              "file\t" +
                                  (dir.path / "other.mtx.gz").string() +
                                  "\n"
                                  "file third.mtx.xz\n"
                                  "\t\n");
  const auto e = read_spec(spec);
  REQUIRE(e.size() == 7);
  CHECK(e[0].name == "stencil2d-5pt-20x10");
  CHECK(e[0].family == "stencil2d");
  CHECK(e[0].path.empty());
  CHECK_FALSE(e[0].transpose);
  CHECK(e[1].name == "band-r500-w10-m5-sym-seed1-perm2");
  CHECK(e[1].family == "band");
  CHECK(e[2].family == "lp");
  CHECK(e[2].transpose);
  CHECK(e[3].name == "small");
  CHECK(e[3].family == "real");
  CHECK(fs::equivalent(e[3].path, dir.path / "sub" / "small.mtx"));
  CHECK_FALSE(e[3].transpose);
  CHECK(e[4].name == "small-T");
  CHECK(e[4].transpose);
  CHECK(e[5].name == "other");
  CHECK(e[5].path == (dir.path / "other.mtx.gz").string());
  CHECK(e[6].name == "third");  // not "third.mtx": .xz is stripped as .gz is

  CHECK(same(load(e[0]), generate("stencil2d-5pt-20x10")));
  CHECK(same(load(e[2]), transpose(generate("lp-r100-c300-m5-l2-n100-seed1"))));
  const auto file = load(e[3]);
  CHECK(file.nnz() == small.nnz());
  CHECK(file.col_indices == small.col_indices);
  CHECK(same(load(e[4]), transpose(file)));
  CHECK(load(e[5]).col_indices == small.col_indices);
  CHECK(load(e[6]).col_indices == small.col_indices);
}

TEST_CASE("spec errors name the file and the line", "[corpus][spec]") {
  TempFolder dir;
  const std::string head = "# header\nstencil2d-5pt-8\n";
  CHECK(parse_error_line([&] { read_spec(dir.write("a.txt", head + "\nband-r10-w2-seed1\n")); }) == 4);
  CHECK(parse_error_line([&] { read_spec(dir.write("b.txt", head + "not-a-family-x\n")); }) == 3);
  CHECK(parse_error_line([&] { read_spec(dir.write("c.txt", head + "stencil2d-5pt-8 stencil2d-5pt-9\n")); }) == 3);
  CHECK(parse_error_line([&] { read_spec(dir.write("d.txt", head + "file\n")); }) == 3);
  CHECK(parse_error_line([&] { read_spec(dir.write("e.txt", head + "rmat-s40-e4-a0.5-b0.2-c0.2-seed1\n")); }) == 3);
  CHECK(parse_error_line([&] { read_spec(dir.write("f.txt", head + "# again\nstencil2d-5pt-8\n")); }) == 4);
  CHECK(parse_error_line([&] { read_spec(dir.write("g.txt", "file x/a.mtx\nfile y/a.mtx.gz\n")); }) == 2);
  CHECK(parse_error_line([&] { read_spec(dir.write("h.txt", "file a.mtx -T\nfile b/a.rua -T\n")); }) == 2);
  CHECK(parse_error_line([&] { read_spec(dir.write("i.txt", "file a.mtx\nfile a.mtx -T\n")); }) == -1);
  CHECK_THROWS_WITH(read_spec(dir.write("j.txt", head + "stencil2d-5pt-8\n")),
                    Catch::Contains("j.txt:3:") && Catch::Contains("listed twice (first on line 2)"));
  CHECK_THROWS_WITH(read_spec(dir.write("k.txt", "band-r10-w2-m0-seed1\n")),
                    Catch::Contains("k.txt:1:") && Catch::Contains("band-r10-w2-m0-seed1"));
  CHECK_THROWS_AS(read_spec((dir.path / "missing.txt").string()), Error);
  // A missing matrix file is found when loading, not when reading the spec.
  const auto e = read_spec(dir.write("l.txt", "file nowhere.mtx\n"));
  CHECK_THROWS_AS(load(e.at(0)), Error);
}

TEST_CASE("family_of and untransposed_name", "[corpus][spec]") {
  CHECK(family_of("stencil3d-7pt-64-perm3") == "stencil3d");
  CHECK(family_of("rmat-s10-e8-a0.57-b0.19-c0.19-seed1-T") == "rmat");
  CHECK(family_of("longrows-r10-m3-l1-n5-clustered-seed1") == "longrows");
  CHECK(family_of("rand-zipf-r10-c10-m3-s2-seed1") == "rand");
  CHECK(family_of("bcsstk01") == "real");
  CHECK(family_of("arrow") == "real");
  CHECK(family_of("lp_afiro") == "real");
  for (const auto& f : generated_families()) CHECK(family_of(f + "-x") == f);
  CHECK(untransposed_name("lp-r1-c2-m1-l0-n0-seed1-T") == "lp-r1-c2-m1-l0-n0-seed1");
  CHECK(untransposed_name("west0479-T") == "west0479");
  CHECK(untransposed_name("west0479") == "west0479");
}

TEST_CASE("aspmv-corpus names: reproducible, every family, distinct, near the target size", "[corpus][spec]") {
  SpecBuilderOptions o;
  o.count = 44;
  o.min_nnz = 1000;
  o.max_nnz = 20000;
  o.seed = 11;
  const auto names = build_spec(o);
  CHECK(names == build_spec(o));
  o.seed = 12;
  CHECK(names != build_spec(o));
  CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
  std::set<std::string> families;
  std::size_t transposes = 0;
  for (const auto& n : names) {
    INFO(n);
    families.insert(family_of(n));
    const auto a = generate(n);
    CHECK(a.nnz() >= 1000 / 3);
    CHECK(a.nnz() <= 20000 * 3);
    if (n.size() > 2 && n.compare(n.size() - 2, 2, "-T") == 0) {
      ++transposes;
      const auto& asym = asymmetric_families();
      CHECK(std::find(asym.begin(), asym.end(), family_of(n)) != asym.end());
      CHECK(std::find(names.begin(), names.end(), untransposed_name(n)) != names.end());
    }
  }
  CHECK(families.size() == builder_families().size());
  CHECK(names.size() == 44 + transposes);
  o.families = {"band", "arrow"};
  for (const auto& n : build_spec(o)) CHECK((family_of(n) == "band" || family_of(n) == "arrow"));
  o.families = {"nosuch"};
  CHECK_THROWS_AS(build_spec(o), Error);
  o.families = {};
  o.min_nnz = 10;
  o.max_nnz = 5;
  CHECK_THROWS_AS(build_spec(o), Error);
  CHECK(builder_command(SpecBuilderOptions{}) == "aspmv-corpus --count 100 --min-nnz 1000 --max-nnz 1000000 --seed 1");
}

TEST_CASE("aspmv-corpus reaches large targets without generating them", "[corpus][spec]") {
  SpecBuilderOptions o;
  o.count = 22;
  o.min_nnz = 1e7;
  o.max_nnz = 1e8;
  for (const auto& n : build_spec(o)) {
    INFO(n);
    const auto shape = check_generated_name(n);
    CHECK((shape.rows >= 1 && shape.rows <= INT32_MAX && shape.cols <= INT32_MAX));
  }
}

TEST_CASE("the suitesparse matrices of scripts/fetch_suitesparse_matrices.sh load", "[corpus][spec]") {
  // The script's folder: $ASPMV_CACHE_DIR, else $XDG_CACHE_HOME/aspmv, else ~/.cache/aspmv.
  fs::path cache;
  if (const char* d = std::getenv("ASPMV_CACHE_DIR"))
    cache = d;
  else if (const char* x = std::getenv("XDG_CACHE_HOME"))
    cache = fs::path(x) / "aspmv";
  else if (const char* h = std::getenv("HOME"))
    cache = fs::path(h) / ".cache" / "aspmv";
  const auto spec = cache / "matrices" / "suitesparse" / "spec.txt";
  if (cache.empty() || !fs::exists(spec)) {
    WARN("no " << spec.string() << ": run scripts/fetch_suitesparse_matrices.sh; skipping");
    return;
  }
  const auto entries = read_spec(spec.string());
  CHECK(entries.size() > 20);
  for (const auto& e : entries) {
    INFO(e.path);
    CHECK(e.family == "real");
    const auto a = load(e);
    CHECK(a.nnz() > 0);
    CHECK(validate(a, {true, true, true}).valid());
  }
}

TEST_CASE("a derived file named on a command line: <path>[-T]--<op>-<op>", "[corpus][spec]") {
  TempFolder dir;
  const auto small = generate("rand-uniform-r30-c50-m5-s2-seed3");
  const auto path = (dir.path / "sub" / "small-matrix.mtx").string();
  io::write_matrix_market(path, small);
  const auto e = derived_file_entry(path + "--kron3-tile2x1s5");
  REQUIRE(e);
  CHECK(e->name == "small-matrix--kron3-tile2x1s5");
  CHECK(e->family == "real-derived");
  CHECK_FALSE(e->transpose);
  REQUIRE(e->derive_ops.size() == 2);
  const auto spec = dir.write("one.txt", "file sub/small-matrix.mtx kron3 tile2x1s5\n");
  CHECK(same(load(*e), load(read_spec(spec).at(0))));
  const auto t = derived_file_entry(path + "-T--kron2");
  REQUIRE(t);
  CHECK(t->name == "small-matrix-T--kron2");
  CHECK(t->transpose);
  CHECK(same(load(*t), derive(transpose(io::read_matrix(path)), parse_derive_op("kron2"))));
  // Not derived names: no "--" after the last '/', or no such file (a generated name, a missing file).
  CHECK_FALSE(derived_file_entry(path));
  CHECK_FALSE(derived_file_entry((dir.path / "a--b" / "small.mtx").string()));
  CHECK_FALSE(derived_file_entry(path + "x--kron2"));
  CHECK_FALSE(derived_file_entry("stencil2d-5pt-20x10"));
  CHECK_THROWS_AS(derived_file_entry(path + "--kron3-bogus"), Error);
  CHECK_THROWS_AS(derived_file_entry(path + "--"), Error);
  CHECK_THROWS_AS(derived_file_entry(path + "--kron3--kron2"), Error);
}
