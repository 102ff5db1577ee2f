// Turning the findings of a CSR check into a report (see validate.hpp).

#include <aspmv/validate.hpp>

namespace aspmv::impl {

ValidationReport finish_report(std::int64_t m, std::int64_t nnz, std::int64_t first_offset, std::int64_t last_offset,
                               const RowCheck& c, const ValidateOptions& opt) {
  ValidationReport r;
  r.columns_out_of_range = c.out_of_range;
  r.unsorted_rows = c.unsorted;
  r.duplicate_entries = c.duplicates;
  r.values_finite = c.nonfinite == 0;
  auto problem = [&](const std::string& p) {
    if (r.first_problem.empty()) r.first_problem = p;
  };
  if (m > 0 && first_offset != 0) {
    r.offsets_ok = false;
    problem("row_offsets[0] is " + std::to_string(first_offset) + ", not 0");
  }
  if (c.bad_row != INT64_MAX) {
    r.offsets_ok = false;
    r.bad_offset_row = c.bad_row;
    problem("row " + std::to_string(c.bad_row) + " has offsets that decrease or leave [0, nnz]");
  }
  if (m > 0 && last_offset != nnz) {
    r.offsets_ok = false;
    problem("row_offsets[num_rows] is " + std::to_string(last_offset) + " but there are " + std::to_string(nnz) +
            " entries");
  }
  if (c.out_of_range > 0) problem(std::to_string(c.out_of_range) + " column indices out of range");
  if (opt.require_sorted && c.unsorted > 0) problem(std::to_string(c.unsorted) + " rows with unsorted columns");
  if (opt.require_unique && c.duplicates > 0) problem(std::to_string(c.duplicates) + " duplicate entries");
  if (opt.require_finite && c.nonfinite > 0) problem(std::to_string(c.nonfinite) + " NaN or Inf values");
  return r;
}

}  // namespace aspmv::impl
