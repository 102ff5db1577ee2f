#pragma once
// Parameter variants for benchmarks: "key=value" changes one hyper-parameter
// of the architecture table (a TableParameter; "tpr" forces the TpR of Gao's
// short blocks; "selector=rules" plans the kernels that take a TpR a block
// of rows, Gao's and LRB, by the rules instead of the tpr_block model,
// "tpr_rule=NAME" by that rule), and runs the kernels that read it (each
// kernel's `parameters` in the registry), so a sweep (Daga Fig. 4/8 style) runs in the same interleaved session as the
// defaults.

#include <aspmv/arch_table.hpp>
#include <aspmv/error.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <backends/load_hint.hpp>
#include <predictors/tpr_rules.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace aspmv::bench {

struct Variant {
  std::string label;            // "nnz_per_wg=3072" or "nnz_per_wg=512,workgroup_threads=64"
  ArchTable table;              // the compiled table with the change
  std::vector<Kernel> kernels;  // the kernels the change affects
  int gao_tpr = 0;              // "tpr=N": force TpR in Gao's short blocks
  bool rules = false;           // "selector=rules": the kernels' TpR by the options' rule, not the tpr_block model
  predictors::TprRule tpr_rule = predictors::TprRule::cusp_mean;  // "tpr_rule=NAME": that rule (and selector=rules)
};

// A method name or variant label fit for a CSV field.
inline std::string csv_safe(std::string s) {
  for (auto& c : s)
    if (c == ',' || c == '\n') c = ';';
  return s;
}

// Adds the registered kernels that read `key` to the variant's kernels (once each).
inline void add_readers(Variant& var, TableParameter key) {
  for (const auto k : all_kernels)
    if (planner::kernel_reads(k, key) && std::find(var.kernels.begin(), var.kernels.end(), k) == var.kernels.end())
      var.kernels.push_back(k);
}

// Applies one key=value to `var`: the key is a TableParameter; the kernels
// it affects are the registered kernels that read it.
inline void apply_assignment(const std::string& text, Variant& var) {
  const auto eq = text.find('=');
  if (eq == std::string::npos) throw Error("variant '" + text + "' is not key=value");
  const std::string name = text.substr(0, eq), value = text.substr(eq + 1);
  if (name == "selector" || name == "tpr_rule") {
    // Not table parameters: the kernels whose planners take a TpR a block of rows (those reading `tpr`) planned
    // with the rules (PlanOptions::selector; tpr_rule: PlanOptions::tpr_rule too), so the table's tpr_block model
    // does not choose their lanes.
    if (name == "selector" && value != "rules" && value != "models")
      throw Error("variant '" + text + "': selector takes rules or models");
    if (name == "tpr_rule") {
      try {
        var.tpr_rule = predictors::parse_tpr_rule(value);
      } catch (const Error& e) {
        throw Error("variant '" + text + "': " + e.what());
      }
    }
    var.rules = name == "tpr_rule" || value == "rules";
    add_readers(var, TableParameter::tpr);
    return;
  }
  const TableParameter key = parse_table_parameter(text.substr(0, eq));
  long long v = 0;
  try {
    v = std::stoll(text.substr(eq + 1));
  } catch (const std::exception&) {
    throw Error("variant '" + text + "': the value is not an integer");
  }
  if (key == TableParameter::tile_mma || key == TableParameter::lrb_one_launch || key == TableParameter::vector_range) {
    if (v != 0 && v != 1) throw Error("variant '" + text + "': " + to_string(key) + " takes 0 or 1");
  } else if (key == TableParameter::direct_launch) {
    if (v < 0 || v > 2) throw Error("variant '" + text + "': direct_launch takes 0, 1 or 2");
  } else if (key == TableParameter::host_simd) {
    if (v < 0 || v > 2) throw Error("variant '" + text + "': host_simd takes 0, 1 or 2");
  } else if (key == TableParameter::host_thread_nnz) {
    if (v < 0) throw Error("variant '" + text + "': host_thread_nnz takes 0 (every thread) or a count of entries");
  } else if (key == TableParameter::sell_row_lanes) {
    if (v != 0 && v != 1 && v != 2 && v != 4 && v != 8)
      throw Error("variant '" + text + "': sell_row_lanes takes 0 (chosen per matrix), 1, 2, 4 or 8");
  } else if (key == TableParameter::lrb_long_row) {
    if (v < 0) throw Error("variant '" + text + "': lrb_long_row takes 0 (chosen per matrix) or a row length");
  } else if (key == TableParameter::chunk_row_lanes) {
    if (v != 0 && v != 1 && v != 2 && v != 4 && v != 8)
      throw Error("variant '" + text + "': chunk_row_lanes takes 0 (chosen per matrix), 1, 2, 4 or 8");
  } else if (key == TableParameter::chunk_overlap) {
    if (v != 0 && v != 1) throw Error("variant '" + text + "': chunk_overlap takes 0 or 1 (the window past a chunk)");
  } else if (key == TableParameter::vector_load) {
    if (v < 0 || v >= backends::load_hint_count)
      throw Error("variant '" + text + "': vector_load takes 0 to " + std::to_string(backends::load_hint_count - 1) +
                  " (backends/load_hint.hpp)");
  } else if (key == TableParameter::sell_load) {
    if (v != 0 && v != 2) throw Error("variant '" + text + "': sell_load takes 0 (plain) or 2 (evict-first)");
  } else if (key == TableParameter::chunk_load) {
    if (v != 0 && v != 2) throw Error("variant '" + text + "': chunk_load takes 0 (plain) or 2 (evict-first)");
  } else if (key == TableParameter::sell_load_l2_percent || key == TableParameter::chunk_load_l2_percent ||
             key == TableParameter::vector_load_l2_percent) {
    if (v < 0 || v > 10000)
      throw Error("variant '" + text + "': " + to_string(key) + " takes 0 (always) to 10000 (percent of the L2)");
  } else if (key == TableParameter::split_fill_percent) {
    if (v < 0 || v > 10000)
      throw Error("variant '" + text +
                  "': split_fill_percent takes 0 (off) to 10000 (percent of the device's threads)");
  } else if (key == TableParameter::lrb_piece) {
    if (v < 0) throw Error("variant '" + text + "': lrb_piece takes 0 (chosen per matrix) or a piece length");
  } else if (v < 1) {
    throw Error("variant '" + text + "': the value must be positive");
  }
  const bool one_two_or_four =
      key == TableParameter::host_sums || key == TableParameter::dia_rows || key == TableParameter::split_warp_rows;
  if (one_two_or_four && v != 1 && v != 2 && v != 4)
    throw Error("variant '" + text + "': " + to_string(key) + " takes 1, 2 or 4");
  if (key == TableParameter::sell_lanes && v != 1 && v != 4)
    throw Error("variant '" + text + "': sell_lanes takes 1 or 4");
  auto& p = var.table.parameters;
  const int iv = static_cast<int>(v);
  switch (key) {
    case TableParameter::team_threads: p.team_threads = iv; break;
    case TableParameter::host_rows_per_chunk: p.host_rows_per_chunk = iv; break;
    case TableParameter::host_shares: p.host_shares_per_thread = iv; break;
    case TableParameter::host_simd: p.host_row_simd = iv; break;
    case TableParameter::host_sums: p.host_row_partial_sums = iv; break;
    case TableParameter::t_long: p.t_long = v; break;
    case TableParameter::teams_per_cu: p.teams_per_compute_unit = iv; break;
    case TableParameter::long_row_split: p.long_row_split_nnz = v; break;
    case TableParameter::tpr: var.gao_tpr = iv; break;
    case TableParameter::nnz_per_wg: p.adaptive_nnz_per_wg = {iv, iv}; break;
    case TableParameter::num_rows_stream: p.adaptive_num_rows_stream = {iv, iv}; break;
    case TableParameter::nnz_multiplier: p.adaptive_nnz_multiplier = {iv, iv}; break;
    case TableParameter::workgroup_threads: p.adaptive_workgroup_threads = iv; break;
    case TableParameter::stage_unroll: p.adaptive_stage_unroll = iv; break;
    case TableParameter::merge_items: p.merge_items_per_thread = {iv, iv}; break;
    case TableParameter::sell_c: p.sell_slice_height = iv; break;
    case TableParameter::sell_sigma: p.sell_sort_window = iv; break;
    case TableParameter::sell_lanes: p.sell_lane_entries = {iv, iv}; break;
    case TableParameter::sell_row_lanes: p.sell_row_lanes = iv; break;
    case TableParameter::dia_rows: p.dia_rows_per_thread = iv; break;
    case TableParameter::tile_mma: p.tile_mma = iv; break;
    case TableParameter::lrb_one_launch: p.lrb_one_launch = iv; break;
    case TableParameter::lrb_long_row: p.lrb_long_row = iv; break;
    case TableParameter::lrb_piece: p.lrb_piece = iv; break;
    case TableParameter::vector_load: p.vector_load = iv; break;
    case TableParameter::chunk_row_lanes: p.chunk_row_lanes = iv; break;
    case TableParameter::chunk_overlap: p.chunk_overlap = iv; break;
    case TableParameter::sell_load: p.sell_load = iv; break;
    case TableParameter::sell_load_l2_percent: p.sell_load_l2_percent = iv; break;
    case TableParameter::chunk_load: p.chunk_load = iv; break;
    case TableParameter::chunk_load_l2_percent: p.chunk_load_l2_percent = iv; break;
    case TableParameter::vector_load_l2_percent: p.vector_load_l2_percent = iv; break;
    case TableParameter::split_lane_entries: p.split_lane_entries = iv; break;
    case TableParameter::split_medium_passes: p.split_medium_passes = iv; break;
    case TableParameter::split_chunk: p.split_chunk = iv; break;
    case TableParameter::split_warp_rows: p.split_warp_rows = iv; break;
    case TableParameter::split_chunk_floor: p.split_chunk_floor = iv; break;
    case TableParameter::split_fill_percent: p.split_fill_percent = iv; break;
    case TableParameter::direct_launch: p.direct_launch = iv; break;
    case TableParameter::host_thread_nnz: p.host_thread_nnz = v; break;
    case TableParameter::vector_range: p.vector_range = iv; break;
  }
  add_readers(var, key);
}

// "k1=v1,k2=v2": every assignment applies to one variant.
inline Variant parse_variant(const std::string& text, const ArchTable& base) {
  Variant var{text, base, {}, 0, false, predictors::TprRule::cusp_mean};
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
