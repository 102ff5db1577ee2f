#pragma once
// A collector's features.csv (docs/COLLECTOR_FORMAT.md) read back by column
// name: what `aspmv rank --features` prices without the matrix files. The
// collector writes plain cells (no quotes, no commas inside a cell); a row
// whose cell count differs from the header's is an error, not a guess.

#include <aspmv/error.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace aspmv::app {

class FeaturesTable {
 public:
  explicit FeaturesTable(const std::string& path) : path_(path) {
    std::ifstream in(path);
    if (!in) throw Error("cannot read " + path);
    std::string line;
    if (!std::getline(in, line)) throw Error(path + ": empty (no header line)");
    header_ = cells(line);
    for (long long number = 2; std::getline(in, line); ++number) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) continue;
      auto row = cells(line);
      if (row.size() != header_.size())
        throw Error(path + ":" + std::to_string(number) + ": " + std::to_string(row.size()) +
                    " cells, the header has " + std::to_string(header_.size()));
      rows_.push_back(std::move(row));
      lines_.push_back(number);
    }
  }

  std::size_t size() const { return rows_.size(); }

  // The index of a column; throws naming the file when it has none.
  std::size_t column(const std::string& name) const {
    for (std::size_t i = 0; i < header_.size(); ++i)
      if (header_[i] == name) return i;
    throw Error(path_ + ": no column '" + name + "' (a collector's features.csv has it)");
  }

  const std::string& text(std::size_t row, std::size_t col) const { return rows_[row][col]; }

  // A cell as a whole number >= 0; throws with the file and line otherwise.
  std::int64_t count(std::size_t row, std::size_t col) const {
    const std::string& s = rows_[row][col];
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0' || !std::isfinite(v) || v < 0 || v != std::floor(v) || v > 9.0e18)
      throw Error(path_ + ":" + std::to_string(lines_[row]) + ": " + header_[col] + " '" + s + "' is not a count");
    return static_cast<std::int64_t>(v);
  }

 private:
  static std::vector<std::string> cells(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream s(line);
    std::string cell;
    while (std::getline(s, cell, ',')) out.push_back(cell);
    if (!line.empty() && line.back() == ',') out.emplace_back();
    return out;
  }

  std::string path_;
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
  std::vector<long long> lines_;
};

}  // namespace aspmv::app
