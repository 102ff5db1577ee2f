// Text tables (see table_printer.hpp).

#include "table_printer.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

namespace aspmv::app {

namespace {
bool numeric(const std::string& s) {
  return !s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '.');
}
}  // namespace

std::string TablePrinter::str() const {
  std::vector<std::size_t> width(header_.size(), 0);
  for (std::size_t c = 0; c < header_.size(); ++c) width[c] = header_[c].size();
  for (const auto& r : rows_)
    for (std::size_t c = 0; c < r.size() && c < width.size(); ++c) width[c] = std::max(width[c], r[c].size());
  std::ostringstream o;
  auto line = [&](const std::vector<std::string>& r) {
    for (std::size_t c = 0; c < width.size(); ++c) {
      const std::string cell = c < r.size() ? r[c] : "";
      const std::string pad(width[c] - cell.size(), ' ');
      o << (c ? "  " : "") << (numeric(cell) && c > 0 ? pad + cell : cell + pad);
    }
    o << "\n";
  };
  line(header_);
  std::vector<std::string> rule;
  for (auto w : width) rule.emplace_back(w, '-');
  line(rule);
  for (const auto& r : rows_) line(r);
  return o.str();
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace aspmv::app
