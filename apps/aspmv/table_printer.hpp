#pragma once
// A plain text table: columns sized to their widest cell, numbers right-aligned.

#include <string>
#include <vector>

namespace aspmv::app {

class TablePrinter {
 public:
  explicit TablePrinter(std::vector<std::string> header) : header_(std::move(header)) {}
  void add_row(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  bool empty() const { return rows_.empty(); }
  std::string str() const;

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

std::string fixed(double v, int decimals);

}  // namespace aspmv::app
