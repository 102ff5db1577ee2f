#pragma once
// Parameter variants for benchmarks: "key=value" changes one hyper-parameter
// of the architecture table, and names the kernels it affects, so a sweep
// (Daga Fig. 4/8 style) runs in the same interleaved session as the defaults.
//   team_threads, host_rows_per_chunk         -> csr_vector, gao_partitioned
//   t_long, teams_per_cu, long_row_split       -> gao_partitioned
//   tpr (TpR of Gao's short blocks)            -> gao_partitioned
//   nnz_per_wg, num_rows_stream, nnz_multiplier, workgroup_threads, stage_unroll -> csr_adaptive
//   merge_items                                -> merge_path

#include <aspmv/arch_table.hpp>
#include <aspmv/error.hpp>
#include <aspmv/kernel.hpp>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

namespace aspmv::bench {

struct Variant {
  std::string label;            // "nnz_per_wg=3072" or "nnz_per_wg=512,workgroup_threads=64"
  ArchTable table;              // the compiled table with the change
  std::vector<Kernel> kernels;  // the kernels the change affects
  int gao_tpr = 0;              // "tpr=N": force TpR in Gao's short blocks
};

// A method name or variant label fit for a CSV field.
inline std::string csv_safe(std::string s) {
  for (auto& c : s)
    if (c == ',' || c == '\n') c = ';';
  return s;
}

// Applies one key=value to `var`.
inline void apply_assignment(const std::string& text, Variant& var) {
  const auto eq = text.find('=');
  if (eq == std::string::npos) throw Error("variant '" + text + "' is not key=value");
  const std::string key = text.substr(0, eq);
  const long long v = std::stoll(text.substr(eq + 1));
  if (v < 1) throw Error("variant '" + text + "': the value must be positive");
  auto& p = var.table.parameters;
  const int iv = static_cast<int>(v);
  auto affects = [&](std::initializer_list<Kernel> ks) {
    for (const auto k : ks)
      if (std::find(var.kernels.begin(), var.kernels.end(), k) == var.kernels.end()) var.kernels.push_back(k);
  };
  if (key == "team_threads") {
    p.team_threads = iv;
    affects({Kernel::csr_vector, Kernel::gao_partitioned});
  } else if (key == "host_rows_per_chunk") {
    p.host_rows_per_chunk = iv;
    affects({Kernel::csr_scalar, Kernel::csr_vector, Kernel::gao_partitioned});
  } else if (key == "t_long") {
    p.t_long = v;
    affects({Kernel::gao_partitioned});
  } else if (key == "teams_per_cu") {
    p.teams_per_compute_unit = iv;
    affects({Kernel::gao_partitioned});
  } else if (key == "long_row_split") {
    p.long_row_split_nnz = v;
    affects({Kernel::gao_partitioned});
  } else if (key == "tpr") {
    var.gao_tpr = iv;
    affects({Kernel::gao_partitioned});
  } else if (key == "nnz_per_wg") {
    p.adaptive_nnz_per_wg = {iv, iv};
    affects({Kernel::csr_adaptive});
  } else if (key == "num_rows_stream") {
    p.adaptive_num_rows_stream = {iv, iv};
    affects({Kernel::csr_adaptive});
  } else if (key == "nnz_multiplier") {
    p.adaptive_nnz_multiplier = {iv, iv};
    affects({Kernel::csr_adaptive});
  } else if (key == "workgroup_threads") {
    p.adaptive_workgroup_threads = iv;
    affects({Kernel::csr_adaptive});
  } else if (key == "stage_unroll") {
    p.adaptive_stage_unroll = iv;
    affects({Kernel::csr_adaptive});
  } else if (key == "merge_items") {
    p.merge_items_per_thread = {iv, iv};
    affects({Kernel::merge_path});
  } else {
    throw Error("unknown variant key '" + key +
                "' (team_threads, host_rows_per_chunk, t_long, teams_per_cu, long_row_split, tpr, nnz_per_wg, "
                "num_rows_stream, nnz_multiplier, workgroup_threads, stage_unroll, merge_items)");
  }
}

// "k1=v1,k2=v2": every assignment applies to one variant.
inline Variant parse_variant(const std::string& text, const ArchTable& base) {
  Variant var{text, base, {}, 0};
  std::size_t begin = 0;
  while (begin <= text.size()) {
    const auto comma = text.find(',', begin);
    apply_assignment(text.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin), var);
    if (comma == std::string::npos) break;
    begin = comma + 1;
  }
  return var;
}

}  // namespace aspmv::bench
