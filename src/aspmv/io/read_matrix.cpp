// read_matrix: loads a file once, then hands its text to the Matrix Market or
// Harwell-Boeing reader according to its content and name.

#include <aspmv/io/read_matrix.hpp>

#include <aspmv/error.hpp>
#include <aspmv/io/harwell_boeing.hpp>
#include <aspmv/io/text_input.hpp>

#include <string>
#include <string_view>

namespace aspmv::io {

namespace {

// The lower-case extension of `path` without a trailing ".gz" or ".xz" ("" if none).
std::string extension(std::string_view path) {
  std::size_t slash = path.find_last_of('/');
  std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  auto lower = [](std::string_view s) {
    std::string out(s);
    for (char& c : out)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
  };
  if (base.size() > 3 && (lower(base.substr(base.size() - 3)) == ".gz" || lower(base.substr(base.size() - 3)) == ".xz"))
    base.remove_suffix(3);
  std::size_t dot = base.find_last_of('.');
  if (dot == std::string_view::npos || dot == 0) return "";
  return lower(base.substr(dot + 1));
}

bool is_harwell_boeing_extension(const std::string& ext) {
  if (ext == "hb" || ext == "rb") return true;
  return ext.size() == 3 && std::string_view("rpc").find(ext[0]) != std::string_view::npos &&
         std::string_view("urshz").find(ext[1]) != std::string_view::npos && (ext[2] == 'a' || ext[2] == 'e');
}

bool starts_with_banner(std::string_view text) {
  constexpr std::string_view banner = "%%MatrixMarket";
  return text.size() >= banner.size() && detail::iequals(text.substr(0, banner.size()), banner);
}

}  // namespace

HostCsr<double, std::int64_t> read_matrix(const std::string& path, const ReadOptions& options) {
  std::string text = detail::load_file(path);
  const std::string ext = extension(path);
  if (starts_with_banner(text) || ext == "mtx" || ext == "mm")
    return read_matrix_market_from_memory(text, path, options);
  if (is_harwell_boeing_extension(ext)) return read_harwell_boeing_from_memory(text, path, options);
  throw Error(path +
              ": unrecognised matrix file format (expected Matrix Market text starting with "
              "%%MatrixMarket, or a Harwell-Boeing file named *.rua, *.rsa, *.psa, *.hb, ...)");
}

}  // namespace aspmv::io
