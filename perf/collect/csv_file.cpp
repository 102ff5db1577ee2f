// Append-only CSV files (see csv_file.hpp).

#include "csv_file.hpp"

#include <aspmv/error.hpp>

#include <cstdio>

namespace aspmv::collect {

CsvFile::CsvFile(const std::string& path, const std::vector<std::string>& header)
    : path_(path), columns_(header.size()) {
  bool fresh = true;
  {
    std::ifstream in(path);
    fresh = !in.good() || in.peek() == std::ifstream::traits_type::eof();
  }
  out_.open(path, std::ios::app);
  if (!out_) throw Error("cannot write " + path);
  if (fresh) row(header);
}

void CsvFile::row(const std::vector<std::string>& cells) {
  if (cells.size() != columns_)
    throw Error(path_ + ": a row of " + std::to_string(cells.size()) + " cells for " + std::to_string(columns_) +
                " columns");
  for (std::size_t i = 0; i < cells.size(); ++i) {
    std::string c = cells[i];
    for (auto& ch : c)
      if (ch == ',' || ch == '\n' || ch == '\r') ch = ';';
    out_ << (i ? "," : "") << c;
  }
  out_ << "\n";
  out_.flush();
}

std::string sci(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6e", v);
  return b;
}

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.10g", v);
  return b;
}

}  // namespace aspmv::collect
