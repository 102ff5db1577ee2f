// Generated matrices by name (see generated.hpp): each family's fields are
// read into a recipe (the shape and a function that builds the matrix), so a
// name is checked completely before anything is generated.

#include "generated.hpp"

#include "band.hpp"
#include "circuit.hpp"
#include "dense_blocks.hpp"
#include "long_rows.hpp"
#include "lp.hpp"
#include "name_fields.hpp"
#include "permute.hpp"
#include "power_law.hpp"
#include "random_csr.hpp"
#include "stencil.hpp"
#include "transpose.hpp"

#include <aspmv/error.hpp>

#include <functional>
#include <new>
#include <stdexcept>

namespace aspmv::corpus {

namespace {

using Csr = HostCsr<double, std::int64_t>;
using Tokens = std::vector<std::string>;

struct Recipe {
  std::int64_t rows = 0, cols = 0;
  std::function<Csr()> make;
};

Recipe stencil_recipe(const std::string& name, const Tokens& p) {
  if (p.size() != 3) bad_name(name, "expected stencil<2d|3d>-<points>pt-<grid>");
  const bool three = p[0] == "stencil3d";
  if (p[1].size() < 3 || p[1].compare(p[1].size() - 2, 2, "pt") != 0) bad_name(name, "expected <points>pt");
  const std::string points_text = p[1].substr(0, p[1].size() - 2);
  int points = 0;
  for (const int candidate : {5, 9, 7, 27})
    if (points_text == std::to_string(candidate)) points = candidate;
  if (three ? (points != 7 && points != 27) : (points != 5 && points != 9))
    bad_name(name, three ? "3D stencils have 7 or 27 points" : "2D stencils have 5 or 9 points");
  auto g = split_name(p[2], 'x');
  if (g.size() == 1) g = Tokens(three ? 3 : 2, std::string(g[0]));
  if (g.size() != (three ? 3u : 2u))
    bad_name(name, three ? "grid must be NXxNYxNZ (or N)" : "grid must be NXxNY (or N)");
  std::int32_t n[3] = {1, 1, 1};
  for (std::size_t d = 0; d < g.size(); ++d) {
    const bool digits = !g[d].empty() && g[d].find_first_not_of("0123456789") == std::string::npos;
    if (!digits || g[d].size() > 10 || std::stoll(g[d]) < 1 || std::stoll(g[d]) > INT32_MAX)
      bad_name(name, "grid size '" + g[d] + "' is not in [1, 2^31 - 1]");
    n[d] = static_cast<std::int32_t>(std::stoll(g[d]));
  }
  const std::int32_t nx = n[0], ny = n[1], nz = n[2];
  const std::int64_t rows = std::int64_t(nx) * ny * nz;
  if (rows > INT32_MAX) bad_name(name, "more than 2^31 - 1 grid points");
  return {rows, rows, [=] { return stencil(nx, ny, nz, points); }};
}

Recipe shortlong_recipe(const std::string& name, const Tokens& p) {
  const NameFields f(name, p, 1, {"s", "l", "n", "seed"});
  const std::int32_t s = f.count32("s"), l = f.count32("l");
  const std::int64_t n = f.count("n"), rows = std::int64_t(s) + l;
  const std::uint64_t seed = static_cast<std::uint64_t>(f.count("seed", 1));
  if (rows > INT32_MAX) bad_name(name, "more than 2^31 - 1 rows");
  if (n > rows) bad_name(name, "long rows cannot be longer than the " + std::to_string(rows) + " columns");
  return {rows, rows, [=] { return short_rows_with_long_rows(s, l, n, seed); }};
}

Recipe rand_recipe(const std::string& name, const Tokens& p) {
  if (p.size() < 2) bad_name(name, "expected rand-<distribution>-...");
  RandomCsrSpec s;
  bool known = false;
  for (const auto d : {RowLengths::constant, RowLengths::uniform, RowLengths::normal, RowLengths::geometric,
                       RowLengths::bimodal, RowLengths::zipf})
    if (p[1] == to_string(d)) s.lengths = d, known = true;
  if (!known) bad_name(name, "unknown distribution '" + p[1] + "'");
  const NameFields f(name, p, 2, {"r", "c", "m", "s", "f", "max", "seed"}, {"unsorted", "dup"});
  s.rows = f.dim("r");
  s.cols = f.dim("c");
  s.mean = f.number("m", s.mean);
  s.spread = f.number("s", s.spread);
  s.long_fraction = f.number("f", s.long_fraction);
  s.max_row = f.count("max", -1);
  s.sorted = !f.flag("unsorted");
  s.duplicates = f.flag("dup");
  s.seed = static_cast<std::uint64_t>(f.count("seed", 1));
  return {s.rows, s.cols, [=] { return random_csr(s); }};
}

Recipe band_recipe(const std::string& name, const Tokens& p) {
  const NameFields f(name, p, 1, {"r", "w", "m", "seed"}, {"sym"});
  const BandSpec s{f.dim("r"), f.count32("w"), f.number("m"), f.flag("sym"), f.seed()};
  check(s);
  return {s.rows, s.rows, [=] { return band(s); }};
}

Recipe rmat_recipe(const std::string& name, const Tokens& p) {
  const NameFields f(name, p, 1, {"s", "e", "a", "b", "c", "seed"});
  const auto scale = f.count("s");
  if (scale > 30) f.bad("scale " + std::to_string(scale) + " > 30: 2^scale rows exceed int32");
  const RmatSpec s{static_cast<int>(scale), f.number("e"), f.number("a"), f.number("b"), f.number("c"), f.seed()};
  check(s);
  const std::int64_t rows = std::int64_t(1) << scale;
  return {rows, rows, [=] { return rmat(s); }};
}

Recipe chunglu_recipe(const std::string& name, const Tokens& p) {
  const NameFields f(name, p, 1, {"r", "m", "g", "seed"});
  const ChungLuSpec s{f.dim("r"), f.number("m"), f.number("g"), f.seed()};
  check(s);
  return {s.rows, s.rows, [=] { return chung_lu(s); }};
}

Recipe circuit_recipe(const std::string& name, const Tokens& p) {
  const NameFields f(name, p, 1, {"r", "m", "d", "c", "f", "seed"});
  const CircuitSpec s{f.dim("r"), f.number("m"), f.count32("d"), f.count32("c"), f.number("f", 0.5), f.seed()};
  check(s);
  return {s.rows, s.rows, [=] { return circuit(s); }};
}

Recipe lp_recipe(const std::string& name, const Tokens& p) {
  const NameFields f(name, p, 1, {"r", "c", "m", "l", "n", "seed"});
  const LpSpec s{f.dim("r"), f.dim("c"), f.number("m"), f.count32("l"), f.count("n"), f.seed()};
  check(s);
  return {s.rows, s.cols, [=] { return lp(s); }};
}

Recipe blockdiag_recipe(const std::string& name, const Tokens& p) {
  const NameFields f(name, p, 1, {"b", "k", "seed"}, {"j"});
  const BlockDiagSpec s{f.dim("b"), f.dim("k"), f.flag("j"), f.seed()};
  // Sizes are at least ceil(b / 2): reject hopeless shapes before drawing them.
  if (std::int64_t(s.blocks) * ((s.block + 1) / 2) > INT32_MAX) f.bad("more than 2^31 - 1 rows");
  std::int64_t rows = std::int64_t(s.block) * s.blocks;
  if (s.jitter) {
    rows = 0;
    for (const auto b : block_sizes(s)) rows += b;
  }
  if (rows > INT32_MAX) f.bad("more than 2^31 - 1 rows");
  return {rows, rows, [=] { return block_diagonal(s); }};
}

Recipe arrow_recipe(const std::string& name, const Tokens& p) {
  const NameFields f(name, p, 1, {"r", "w", "seed"});
  const ArrowSpec s{f.dim("r"), f.count32("w"), f.seed()};
  check(s);
  return {s.rows, s.rows, [=] { return arrowhead(s); }};
}

Recipe longrows_recipe(const std::string& name, const Tokens& p) {
  const NameFields f(name, p, 1, {"r", "m", "l", "n", "seed"}, {"clustered", "scattered"});
  if (f.flag("clustered") == f.flag("scattered")) f.bad("say either 'clustered' or 'scattered'");
  const LongRowsSpec s{f.dim("r"), f.number("m"), f.count32("l"), f.count("n"), f.flag("clustered"), f.seed()};
  check(s);
  return {s.rows, s.rows, [=] { return long_rows(s); }};
}

struct Family {
  const char* token;
  Recipe (*recipe)(const std::string&, const Tokens&);
};

const Family kFamilies[] = {
    {"stencil2d", stencil_recipe},   {"stencil3d", stencil_recipe}, {"shortlong", shortlong_recipe},
    {"rand", rand_recipe},           {"band", band_recipe},         {"rmat", rmat_recipe},
    {"chunglu", chunglu_recipe},     {"circuit", circuit_recipe},   {"lp", lp_recipe},
    {"blockdiag", blockdiag_recipe}, {"arrow", arrow_recipe},       {"longrows", longrows_recipe},
};

Recipe recipe_of(const std::string& name) {
  const auto p = split_name(name);
  if (p.size() > 1 && p.back() == "T") {
    Recipe base = recipe_of(name.substr(0, name.size() - 2));
    return {base.cols, base.rows, [make = std::move(base.make)] { return transpose(make()); }};
  }
  if (p.size() > 1 && p.back().compare(0, 4, "perm") == 0) {
    const auto k = static_cast<std::uint64_t>(NameFields(name, p, p.size() - 1, {"perm"}).count("perm"));
    Recipe base = recipe_of(name.substr(0, name.size() - p.back().size() - 1));
    if (base.rows != base.cols)
      bad_name(name, "-perm needs a square matrix, this one is " + std::to_string(base.rows) + "x" +
                         std::to_string(base.cols));
    return {base.rows, base.cols, [make = std::move(base.make), k] { return permute_symmetric(make(), k); }};
  }
  for (const auto& family : kFamilies)
    if (p[0] == family.token) return family.recipe(name, p);
  bad_name(name, "unknown family '" + p[0] + "'");
}

// Runs `f`, giving errors that do not name the matrix yet its name.
template <class F>
auto naming_errors(const std::string& name, F&& f) -> decltype(f()) {
  const std::string prefix = "generated matrix '" + name + "': ";
  try {
    return f();
  } catch (const Error& e) {
    if (std::string(e.what()).compare(0, 18, "generated matrix '") == 0) throw;
    throw Error(prefix + e.what());
  } catch (const std::bad_alloc&) {
    throw Error(prefix + "out of memory (too many nonzeros?)");
  } catch (const std::length_error&) {
    throw Error(prefix + "too many nonzeros for one vector");
  }
}

}  // namespace

const std::vector<std::string>& generated_families() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& f : kFamilies) v.emplace_back(f.token);
    return v;
  }();
  return names;
}

bool is_generated_name(const std::string& name) {
  for (const auto& f : kFamilies)
    if (name.compare(0, std::char_traits<char>::length(f.token), f.token) == 0 &&
        name.size() > std::char_traits<char>::length(f.token) && name[std::char_traits<char>::length(f.token)] == '-')
      return true;
  return false;
}

GeneratedShape check_generated_name(const std::string& name) {
  return naming_errors(name, [&] {
    const Recipe r = recipe_of(name);
    return GeneratedShape{r.rows, r.cols};
  });
}

HostCsr<double, std::int64_t> generate(const std::string& name) {
  return naming_errors(name, [&] { return recipe_of(name).make(); });
}

}  // namespace aspmv::corpus
