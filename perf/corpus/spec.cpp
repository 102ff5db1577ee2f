// Corpus spec files (see spec.hpp).

#include "spec.hpp"

#include "generated.hpp"
#include "transpose.hpp"

#include <aspmv/error.hpp>
#include <aspmv/io/read_matrix.hpp>

#include <filesystem>
#include <fstream>
#include <map>

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

// "dir/foo.mtx.gz" -> "foo", "bcsstk01.rsa" -> "bcsstk01".
std::string stem_of(const std::string& path) {
  std::filesystem::path p(path);
  if (p.extension() == ".gz") p = p.stem();
  return p.stem().string();
}

// A "file <path> [-T]" entry; `rest` is the text after "file".
SpecEntry file_entry(const std::string& rest, const std::filesystem::path& folder) {
  SpecEntry e;
  std::string path = trim(rest);
  if (ends_with(path, " -T") || ends_with(path, "\t-T")) {
    e.transpose = true;
    path = trim(path.substr(0, path.size() - 3));
  }
  if (path.empty()) throw Error("'file' needs a path");
  const std::filesystem::path p(path);
  e.path = (p.is_absolute() ? p : folder / p).lexically_normal().string();
  e.name = stem_of(path) + (e.transpose ? "-T" : "");
  if (stem_of(path).empty()) throw Error("'" + path + "' has no file name");
  e.family = "real";
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
          throw Error("expected one generated name or 'file <path> [-T]', got '" + text + "'");
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

HostCsr<double, std::int64_t> load(const SpecEntry& e) {
  if (e.path.empty()) return generate(e.name);
  auto a = io::read_matrix(e.path);
  return e.transpose ? transpose(a) : a;
}

std::string family_of(const std::string& name) {
  if (!is_generated_name(name)) return "real";
  return name.substr(0, name.find('-'));
}

std::string untransposed_name(const std::string& name) {
  std::string base = name;
  while (ends_with(base, "-T")) base.resize(base.size() - 2);
  return base;
}

}  // namespace aspmv::corpus
