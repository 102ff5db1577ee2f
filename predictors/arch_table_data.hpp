#pragma once
// The compiled-in architecture table: hardware facts and kernel
// hyper-parameters of one architecture, generated at build time from
// tuning_data/<arch>/arch.json by predictors/codegen/generate_arch_table.py.
// Plain data, no behaviour: kernels read their parameters from here.

#include <cstdint>

namespace aspmv::predictors {

// A hyper-parameter that differs between single and double precision.
struct PerPrecision {
  int float_value;
  int double_value;
  template <class Value>
  constexpr int get() const {
    return sizeof(Value) == 4 ? float_value : double_value;
  }
};

struct ArchHardware {
  const char* vendor;
  int compute_units;  // SMs / CUs / cores the table was written for
  int simd_width;     // warp or wavefront width (1 on CPUs)
  std::int64_t l2_cache_bytes;
  double datasheet_bandwidth_gbs;      // vendor's peak memory bandwidth
  double measured_copy_bandwidth_gbs;  // 0 when not measured
};

struct KernelParameters {
  int team_threads;                             // threads of one team (CSR-vector: rows per team = team_threads / TpR)
  int host_rows_per_chunk;                      // CPU backends: rows one thread takes at a time
  std::int64_t t_long;                          // Gao Algorithm 1: a row with nnz >= t_long is long
  int teams_per_compute_unit;                   // Gao Eq. (3): N_BLKS = compute units x this
  std::int64_t long_row_split_nnz;              // long rows above this are split over several teams
  int adaptive_workgroup_threads;               // CSR-Adaptive workgroup size
  PerPrecision adaptive_nnz_per_wg;             // NNZ_PER_WG
  PerPrecision adaptive_num_rows_stream;        // num_rows_stream
  PerPrecision adaptive_nnz_multiplier;         // NNZ_multiplier (CSR-VectorL)
  std::int64_t adaptive_device_build_min_rows;  // rowBlocks are built on the device from this many rows on
  int adaptive_stage_unroll;                    // CSR-Stream staging: loads per thread in flight (1, 4 or 8)
  std::int64_t auto_adaptive_min_nnz;   // kernel rule: GPUs run CSR-Adaptive from this many nonzeros on (0: never)
  int merge_team_threads;               // merge-path team size
  PerPrecision merge_items_per_thread;  // merge-path items (rows + nnz) per thread
  // The handle's "T": an atomic scatter into y (no A^T) while A's longest
  // column has at most this many nonzeros, else A^T built once and its
  // values refreshed at every call (0: always A^T).
  std::int64_t transpose_scatter_max_column_nnz;
  // The planner's skew guard (src/aspmv/planner/selection_guards.hpp): a
  // row-bound pick is replaced by the robust kernel when the longest row
  // takes more than row_share times the evenly spread product and more than
  // min_row_passes passes of a row's lanes (row_share 0: the guard is off).
  double skew_guard_row_share = 1.0;
  int skew_guard_min_row_passes = 32;
  // SELL-C-sigma (kernels/sell.hpp): C, the rows of a slice (column-major
  // inside it), and sigma, the rows within which rows are sorted by length.
  int sell_slice_height = 32;
  int sell_sort_window = 1024;
  // CPU backends: CSR-scalar's rows in this many runs per thread balanced by
  // nonzeros (impl/path_shares.hpp) instead of chunks of host_rows_per_chunk
  // rows (0: chunks).
  int host_shares_per_thread = 0;
  // CPU backends: CSR-scalar's runs of rows sum each row in SIMD lanes
  // (1: impl/kernel_types.hpp row_sum_simd, the compiler's vector code), in
  // AVX-512 lanes where the CPU has them (2: backends/host/avx512_rows.hpp,
  // chosen at run time; elsewhere as host_row_partial_sums says), or not
  // (0: in order or in partial sums).
  int host_row_simd = 0;
  // CPU backends: CSR-scalar sums each row in this many interleaved partial
  // sums (1: in order; 2 or 4: impl/kernel_types.hpp row_sum_partials).
  // host_row_simd 1 takes precedence, and 2 where the CPU runs AVX-512.
  int host_row_partial_sums = 1;
  // GPU backends: DIA's rows a thread (kernels/dia.hpp: 1, 2 or 4; 0: the
  // most of 4, 2, 1 with at most 16 bytes of values a diagonal that keeps
  // every thread the device holds at once busy).
  int dia_rows_per_thread = 0;
  // tile8x4 (kernels/tile8x4.hpp): 1 sums a warp's 8 rows on the matrix
  // units where the space has them (backends/tile_mma.hpp: FP64 tensor cores
  // on CUDA 8.0+), 0 one thread a row everywhere (comparisons).
  int tile_mma = 1;
  // GPU backends: LRB's classes and long rows in one launch (1;
  // impl/lrb_one_launch.hpp) or a launch per TpR plus the long rows' (0).
  int lrb_one_launch = 1;
  // GPU backends: LRB's rows above this many entries are long (in one launch
  // cut into pieces of this length, a warp each); 0: in one launch rows above
  // 8 passes of the widest vector, in pieces of 8 to 16 passes chosen per
  // matrix (impl/lrb_one_launch.hpp's choose_lrb_piece), otherwise rows above
  // 16 passes, a team each.
  int lrb_long_row = 0;
  // vector_split (kernels/vector_split.hpp), whose shape comes from m and nnz:
  // lanes a row the largest power of two with at least split_lane_entries
  // entries a lane at the mean row length; rows longer than
  // split_medium_passes passes of their lanes (at least a warp's width) the
  // whole warp's; rows longer than a chunk shared by the launch's chunk
  // warps, the chunk about nnz / the device's warps, at most split_chunk
  // entries (unless nnz / 2^16 is longer).
  int split_lane_entries = 2;
  int split_medium_passes = 16;
  int split_chunk = 4096;
  // vector_split: the rows the warp sums (over split_medium_passes passes, up
  // to a chunk): 1, one after another by the whole warp; 2 or 4, those of up
  // to warp x dot_unroll entries that many side by side, a group of warp /
  // split_warp_rows lanes a row (skewed graphs 1.1-1.3x faster, large regular
  // matrices 1.2-1.4x slower for the kernel's resources: H200, 2026-12-02).
  int split_warp_rows = 1;
  // vector_split: the shortest chunk, in entries (1: none beyond the medium
  // bound). Rows from the medium bound up to a chunk are the row units'
  // warps', not the chunk units' (no search, no combining of pieces).
  int split_chunk_floor = 1;
  // GPU backends with a launch of their own (backends/range_launch.hpp; CUDA):
  // the flat-range kernels of the drop-in and of small matrices
  // (vector_split, CSR-scalar, SELL's and ELL's rows, LRB's one launch)
  // launched by Kokkos' parallel_for (0), or by the backend itself, without
  // Kokkos' per-call block-size search: 1 through the CUDA runtime API, 2
  // through the driver's cuLaunchKernel. Other spaces ignore it.
  int direct_launch = 0;
  // CPU backends: a range kernel of the host's (CSR-scalar, SELL's and ELL's
  // rows, DIA's blocks) runs on one thread per this many stored entries, at
  // least one and at most the pool (backends/openmp/range_launch.hpp); 0:
  // every thread. Measured on the 16-core host (docs/PERF.md, "CPUs: DIA in
  // AVX-512 lanes; fewer threads measured"): a process on 8 threads beats 16
  // only below about 40,000 nonzeros, and a smaller team leaves libgomp's
  // other threads to fall asleep, so the next full-pool region of the process
  // (the caller's own loops, oneMKL) waits for them to wake: 0 ships.
  std::int64_t host_thread_nnz = 0;
  // GPU backends: rows of TpR > 1 lanes (CSR-vector over the whole matrix,
  // csr_delta) launched as a flat range of warps whose groups of TpR lanes
  // add their sums by shuffles (1; impl/row_group_range.hpp, LRB's form of
  // its short rows, launched as direct_launch says), or as a team launch with
  // Kokkos' vector lanes and a vector reduction a row (0). CPUs ignore it.
  int vector_range = 1;
  // The skew guard on the known path (selection_guards.hpp): 1, a row-bound
  // pick made without row statistics gathers them (one row_stats pass, the
  // backend's reduction: features.hpp) so the guard sees the longest row, not
  // the mean, which no m, n, nnz can bound (a 6,435-row graph with one row of
  // 5,923 nonzeros: CSR-vector<32> 3.5x slower than vector_split on the
  // H200, docs/studies/h200/models-2026-12-04b.md); 0, the guard sees the mean.
  int skew_guard_gather_row_bound = 0;
  // SELL-C-sigma on GPUs, C the compile-time height (kernels/sell.hpp,
  // gpu_slice_height): a row's entries 1 or 4 side by side a lane, read
  // with one 16-byte load of their column indices (and of their values),
  // so a thread has that many entries' x loads in flight; each slice's width
  // padded to a multiple of it. Other heights and CPUs store 1.
  PerPrecision sell_lane_entries = {1, 1};
  // SELL-C-sigma on GPUs at the compile-time height: lanes a sorted row (1,
  // 2, 4, 8; their sums added by shuffles), or 0: chosen per matrix from the
  // rows, the mean row and the device's resident threads (sell_row_parts).
  int sell_row_lanes = 1;
  // GPU backends, lrb in one launch: its long rows' pieces this many entries
  // long (any positive length; a row of more pieces than a warp has lanes is
  // added by its last piece in several passes); 0: chosen per matrix
  // (impl/lrb_one_launch.hpp's choose_lrb_piece).
  int lrb_piece = 0;
  // GPU backends, CSR-vector as a range of warps (vector_range 1): the cache
  // hint of its value and column-index loads (backends/load_hint.hpp's
  // LoadHint: 0 plain, 1 read-only, 2 streaming, 3 read-only without L1
  // allocation, 4 that and evict-first in L2).
  int vector_load = 0;
  // GPU backends, csr_chunks' row phase: lanes of a warp a row (1, 2, 4, 8,
  // 16, 32; kernels/csr_chunks.hpp). 1: a thread a row.
  int chunk_row_lanes = 1;
  // csr_chunks: 1 to stage also the team-size entries past each chunk's end,
  // so that a row running that little past its chunk is summed from scratch
  // (kernels/csr_chunks.hpp); 0 not.
  int chunk_overlap = 0;
  // GPU backends, SELL's rows at the compile-time slice height: the cache
  // hint of its value and column-index loads (0 plain, 2 evict-first;
  // kernels/sell.hpp).
  int sell_load = 0;
  // SELL's evict-first loads (sell_load 2) only where the rows' arrays with
  // x and y exceed this percentage of the device's L2 (0: always).
  int sell_load_l2_percent = 85;
  // GPU backends, csr_chunks: the cache hint of its value and column-index
  // loads (0 plain, 2 evict-first; kernels/csr_chunks.hpp), taken only where
  // the product's arrays exceed chunk_load_l2_percent % of the L2 (0:
  // always; impl/load_footprint.hpp).
  int chunk_load = 2;
  int chunk_load_l2_percent = 0;
  // CSR-vector's vector_load hint only where the product's arrays exceed
  // this percentage of the L2 (0: always).
  int vector_load_l2_percent = 0;
  // vector_split: lanes a row widened (powers of two, at most a warp) until
  // the rows' lanes reach this percentage of the threads the device holds at
  // once (0: the mean-length rule alone). A matrix of a few thousand short
  // rows otherwise runs a lane or two a row on a device of 270,000 threads,
  // its time the chain of each lane's loads.
  int split_fill_percent = 0;
};

struct ArchProvenance {
  const char* status;         // "measured", "defaults" or "placeholder"
  const char* summary;        // one line: what the numbers are and where they come from
  const char* source_file;    // tuning_data/<arch>/arch.json
  const char* source_sha256;  // of that file, stamped at generation
};

struct ArchTableData {
  const char* arch;  // tuning_data folder name, e.g. "h100"
  const char* description;
  const char* backend;  // backend the table was written for: cuda, hip, openmp
  bool model_only;      // a table for studies, no Kokkos backend runs it (w9100)
  ArchHardware hardware;
  KernelParameters parameters;
  ArchProvenance provenance;
};

}  // namespace aspmv::predictors
