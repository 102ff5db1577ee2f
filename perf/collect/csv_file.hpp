#pragma once
// An append-only CSV file: the header is written when the file is new, every
// row is flushed at once (a killed run loses at most the matrix in progress).

#include <fstream>
#include <string>
#include <vector>

namespace aspmv::collect {

class CsvFile {
 public:
  CsvFile(const std::string& path, const std::vector<std::string>& header);
  void row(const std::vector<std::string>& cells);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::size_t columns_;
  std::ofstream out_;
};

// Number formatting for CSV cells: %.6e for times, %.17g where exact.
std::string sci(double v);
std::string num(double v);

}  // namespace aspmv::collect
