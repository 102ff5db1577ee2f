// Corpus spec files (see spec.hpp).

#include "spec.hpp"

#include "derive.hpp"
#include "generated.hpp"
#include "transpose.hpp"

#include <aspmv/error.hpp>
#include <aspmv/io/read_matrix.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace aspmv::corpus {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// "dir/foo.mtx.gz" -> "foo", "foo.mtx.xz" -> "foo", "bcsstk01.rsa" -> "bcsstk01".
std::string stem_of(const std::string& path) {
  std::filesystem::path p(path);
  if (p.extension() == ".gz" || p.extension() == ".xz") p = p.stem();
  return p.stem().string();
}

// A "file <path> [-T] [<op> ...]" entry; `rest` is the text after "file".
// The path is every word before the first "-T" or derive op (words joined
// by one space).
SpecEntry file_entry(const std::string& rest, const std::filesystem::path& folder) {
  std::vector<std::string> words;
  {
    std::istringstream in(rest);
    for (std::string w; in >> w;) words.push_back(w);
  }
  std::size_t i = 0;
  std::string path;
  for (; i < words.size() && words[i] != "-T" && !(i > 0 && is_derive_op(words[i])); ++i)
    path += (path.empty() ? "" : " ") + words[i];
  if (path.empty()) throw Error("'file' needs a path");
  SpecEntry e;
  if (i < words.size() && words[i] == "-T") {
    e.transpose = true;
    ++i;
  }
  std::string ops;
  for (; i < words.size(); ++i) {
    if (words[i] == "-T") throw Error("'-T' comes right after the path, before the derive ops");
    e.derive_ops.push_back(parse_derive_op(words[i]));
    ops += (ops.empty() ? "" : "-") + to_string(e.derive_ops.back());
  }
  const std::filesystem::path p(path);
  e.path = (p.is_absolute() ? p : folder / p).lexically_normal().string();
  if (stem_of(path).empty()) throw Error("'" + path + "' has no file name");
  e.name = stem_of(path) + (e.transpose ? "-T" : "") + (ops.empty() ? "" : "--" + ops);
  e.family = e.derive_ops.empty() ? "real" : "real-derived";
  return e;
}

}  // namespace

std::vector<SpecEntry> read_spec(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error("cannot open corpus spec " + path);
  const auto folder = std::filesystem::path(path).parent_path();
  std::vector<SpecEntry> entries;
  std::map<std::string, long> first_line;  // name -> line that gave it
  std::string line;
  for (long number = 1; std::getline(in, line); ++number) {
    const auto hash = line.find('#');
    const std::string text = trim(hash == std::string::npos ? line : line.substr(0, hash));
    if (text.empty()) continue;
    SpecEntry e;
    try {
      if (text == "file" || text.compare(0, 5, "file ") == 0 || text.compare(0, 5, "file\t") == 0) {
        e = file_entry(text.substr(4), folder);
      } else {
        if (text.find_first_of(" \t") != std::string::npos)
          throw Error("expected one generated name or 'file <path> [-T] [<derive op> ...]', got '" + text + "'");
        if (!is_generated_name(text)) throw Error("'" + text + "' is not a generated name (no known family)");
        check_generated_name(text);
        e.name = text;
        e.family = family_of(text);
        e.transpose = ends_with(text, "-T");
      }
    } catch (const Error& err) {
      throw ParseError(path, number, err.what());
    }
    const auto [it, fresh] = first_line.emplace(e.name, number);
    if (!fresh)
      throw ParseError(path, number,
                       "matrix '" + e.name + "' is listed twice (first on line " + std::to_string(it->second) + ")");
    entries.push_back(std::move(e));
  }
  return entries;
}

std::optional<SpecEntry> derived_file_entry(const std::string& text) {
  const auto slash = text.find_last_of('/');
  const auto cut = text.find("--", slash == std::string::npos ? 0 : slash + 1);
  if (cut == std::string::npos) return std::nullopt;
  std::string path = text.substr(0, cut);
  bool transposed = false;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec) && ends_with(path, "-T")) {
    path.resize(path.size() - 2);
    transposed = true;
  }
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::string words = path + (transposed ? " -T" : "");
  bool any_op = false;
  std::istringstream ops(text.substr(cut + 2));
  for (std::string op; std::getline(ops, op, '-'); any_op = true) {
    if (op.empty() || !is_derive_op(op)) throw Error("'" + text + "': '" + op + "' is not a derive op");
    words += " " + op;
  }
  if (!any_op) throw Error("'" + text + "': no derive op after '--'");
  return file_entry(words, std::filesystem::path());
}

HostCsr<double, std::int64_t> load(const SpecEntry& e) {
  if (e.path.empty()) return generate(e.name);
  auto a = io::read_matrix(e.path);
  if (e.transpose) a = transpose(a);
  for (const auto& op : e.derive_ops) a = derive(a, op);
  return a;
}

std::string family_of(const std::string& name) {
  if (!is_generated_name(name)) return name.find("--") == std::string::npos ? "real" : "real-derived";
  return name.substr(0, name.find('-'));
}

std::string untransposed_name(const std::string& name) {
  std::string base = name;
  while (ends_with(base, "-T")) base.resize(base.size() - 2);
  return base;
}

}  // namespace aspmv::corpus
