#pragma once
// CSR in chunks of nonzeros: team c takes the nonzeros [c C, (c + 1) C),
// C = team size x chunk_entries, whatever rows they belong to. Its threads
// first load their entries (thread t: c C + t + u T, u < chunk_entries:
// coalesced, and known from the team's index alone, so every load of the
// chunk is in flight at once; values and column indices with the table's
// chunk_load hint, evict-first where the product outgrows the L2) and
// stage the products in team scratch; then each thread sums rows whose
// first entry lies in the chunk (the team's rows, found at plan time on the
// device: first_row(c) = the first row starting at or after c C) from the
// staged products, in order, and reads on from A the entries of a row that
// runs past the chunk's end. Every row is summed by one thread in CSR order:
// deterministic, no atomics, no workspace; a long row costs its thread
// what its entries past the chunk cost (row_bound). With the table's
// chunk_row_lanes L > 1 (GPUs) a row is summed by a group of L lanes of a
// warp instead, each lane every L-th entry, the group's sums added by
// shuffles: fewer threads idle at the barrier behind a long row, and
// neighbouring lanes read neighbouring staged products; those kernels stage
// the bounds of the chunk's first rows with its entries, before the barrier.
// With the table's chunk_overlap 1 each thread loads and stages one entry
// more, the team the first team-size entries past the chunk's end (the next
// chunk's first, loaded again): a row that runs past the chunk by at most that
// many entries is summed from scratch too, not read on from A after the
// barrier by the one thread that waits behind it. Measured on an H200
// running the h100 table (perf/results/h200/2026-12-07-chunk-window): 1.11x
// faster on 19 medium-row matrices in double (1.10x float; min 0.92x),
// achieved occupancy 57 % against 40 % on FFFFF800--tile: the h100 table
// sets it.
//
// It is the form of cuSPARSE's CSR ALG1 kernel as Nsight Compute shows it on
// the H100 (a fixed number of nonzeros a thread, staged in shared memory,
// evict-first loads; perf/results/h100/2026-12-06-load-hints), without its
// segmented scans and atomic adds: the chunk's rows are summed by its
// threads from scratch instead.
//
// Measured on the H100 and removed, slower than this form on the 19
// medium-row matrices (docs/PERF.md): a segmented row phase (0.79x the
// speed), a team over several consecutive chunks with the next one's loads in
// flight (0.74-0.83x; the code at d90f388), a chunk a warp synchronised by the
// warp alone (0.77x; perf/results/h100/2026-12-07-warp-slices/warp-slices.patch).

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/features.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/load_footprint.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/strided_dot.hpp>
#include <aspmv/impl/warp_ops.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/gather_stats.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/load_hint.hpp>
#include <backends/traits.hpp>
#include <backends/unroll.hpp>

#include <Kokkos_Core.hpp>

#include <chrono>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace aspmv::impl {

// Entries a thread loads and stages (the chunk is team size x this).
inline constexpr int chunk_entries = 8;

// Threads a team: the table's team_threads on GPUs (256 on the H100: a chunk
// of 2,048 entries, 16 KiB of doubles staged; the step lowers it where the
// chunk would not fit the team scratch), one on CPUs (a chunk of
// chunk_entries, so the host's threads share the chunks as they share rows).
template <class ExecSpace>
int chunk_team_size(const predictors::KernelParameters& p) {
  if (!backends::Traits<ExecSpace>::is_gpu) return 1;
  if (p.team_threads < 1 || p.team_threads > backends::Traits<ExecSpace>::max_team_size)
    throw Error("aspmv::make_plan: csr_chunks: team_threads " + std::to_string(p.team_threads) + " is not a team size");
  return p.team_threads;
}

// Entries a thread stages past its chunk with chunk_overlap 1 (the window:
// team size x this entries past the chunk's end).
inline constexpr int chunk_overlap_entries = 1;

// Team scratch a chunk of `team` threads stages: its products (and the
// window's with `overlap`), then (with lanes a row) the bounds of its first
// team + 1 rows (offsets(first row + i), i <= team).
template <class Value>
KOKKOS_INLINE_FUNCTION std::size_t chunk_stage_bytes(int team, bool with_bounds = true, int overlap = 0) {
  return static_cast<std::size_t>(team) * (chunk_entries + overlap * chunk_overlap_entries) * sizeof(Value) +
         (with_bounds ? static_cast<std::size_t>(team + 1) * sizeof(std::int64_t) : 0);
}

// The largest team size up to `wanted` whose staged chunk fits the space's
// team scratch (Kokkos' level 0; on CUDA 48 KiB, of which Kokkos keeps a
// word a thread and a little more: 1,024 threads of doubles would need 72 KiB),
// in steps of a warp on GPUs; at least one thread.
template <class ExecSpace, class Value>
int chunk_team_fitting_scratch(int wanted, int overlap = 0) {
  const std::int64_t limit = TeamPolicy<ExecSpace>::scratch_size_max(0);
  const auto need = [overlap](std::int64_t team) {
    // The stage, and Kokkos' share (a word a thread and a little more, with margin).
    return static_cast<std::int64_t>(chunk_stage_bytes<Value>(static_cast<int>(team), true, overlap)) + team * 8 + 64;
  };
  const int step = backends::Traits<ExecSpace>::is_gpu ? backends::Traits<ExecSpace>::warp_lanes : 1;
  int team = wanted;
  while (team > step && need(team) > limit) team -= step;
  return team;
}

// Chunks of `chunk` entries covering nnz entries (one where there are none,
// so that the empty rows are written).
inline std::int64_t chunk_count(std::int64_t nnz, std::int64_t chunk) {
  return nnz <= 0 ? 1 : (nnz + chunk - 1) / chunk;
}

// first_row(c) for c < chunks: the first row r with offsets(r) >= c x chunk
// (lower bound over offsets(0 .. m)); first_row(chunks) = m, so the last
// chunk also owns the empty rows after the last entry.
template <class Offsets, class FirstRow>
struct ChunkFirstRowFunctor {
  Offsets offsets;
  FirstRow first_row;
  std::int64_t rows, chunks, chunk;
  KOKKOS_FUNCTION void operator()(const std::int64_t c) const {
    if (c >= chunks) {
      first_row(c) = rows;
      return;
    }
    const std::int64_t target = c * chunk;  // offsets(rows) >= target when c < chunks
    first_row(c) =
        first_index_where(0, rows, [&](std::int64_t r) { return static_cast<std::int64_t>(offsets(r)) >= target; });
  }
};

// Lanes a row in the row phase: a kernel for each (chunk_row_lanes_for).
inline constexpr int chunk_max_row_lanes = 8;

// L lanes a row; W the entries a thread stages past the chunk (0 or
// chunk_overlap_entries); H the cache hint of the chunk's loads.
template <class Matrix, class XView, class YView, class ExecSpace, int L, int W, backends::LoadHint H>
struct CsrChunksFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  static constexpr auto hint = H;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<const std::int64_t*, typename Matrix::memory_space> first_row;
  std::int64_t nnz;

  static constexpr int staged_entries = chunk_entries + W;  // a thread's loads: its chunk's and the window's

  KOKKOS_INLINE_FUNCTION static std::size_t scratch_bytes(int team_size) {
    return chunk_stage_bytes<Value>(team_size, L > 1, W / chunk_overlap_entries);
  }

  // offsets(row), or offsets(rows_end) (<= the row count) for a row past
  // it: a row past the chunk's rows is the empty range there. No branch:
  // the load issues without waiting for the comparison.
  KOKKOS_INLINE_FUNCTION std::int64_t offset_at(std::int64_t row, std::int64_t rows_end) const {
    return static_cast<std::int64_t>(offsets(row < rows_end ? row : rows_end));
  }

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    if constexpr (L == 1)
      thread_a_row(team);
    else
      lanes_a_row(team);
  }

  // A thread a row: each thread's entries loaded (a branch an entry) and
  // staged; after the barrier thread t sums the chunk's rows t, t + team,
  // ..., in order. The form measured fastest with one lane a row
  // (perf/results/h100/2026-12-06-chunks-bounds).
  KOKKOS_FUNCTION void thread_a_row(const Member& team) const {
    const std::int64_t c = team.league_rank();
    const int t = team.team_rank();
    const int threads = team.team_size();
    const std::int64_t chunk = static_cast<std::int64_t>(threads) * chunk_entries;
    const std::int64_t base = c * chunk;
    auto* stage = static_cast<Value*>(team.team_shmem().get_shmem(scratch_bytes(threads)));
    Value p[staged_entries];
    for (int u = 0; u < staged_entries; ++u) {
      const std::int64_t k = base + t + static_cast<std::int64_t>(u) * threads;
      p[u] = k < nnz ? stream_at<hint>(vals, k) * x(stream_at<hint>(cols, k)) : Value(0);
    }
    for (int u = 0; u < staged_entries; ++u) stage[t + u * threads] = p[u];  // NOLINT(modernize-loop-convert)
    team.team_barrier();
    const std::int64_t end_of_stage = base + static_cast<std::int64_t>(threads) * staged_entries;
    for (std::int64_t row = first_row(c) + t; row < first_row(c + 1); row += threads) {
      const std::int64_t begin = offsets(row), end = offsets(row + 1);
      const std::int64_t staged_end = end < end_of_stage ? end : end_of_stage;
      Value sum = 0;
      for (std::int64_t k = begin; k < staged_end; ++k) sum += stage[k - base];
      for (std::int64_t k = staged_end; k < end; ++k) sum += vals(k) * x(cols(k));  // past the chunk, in order
      write_row(y, row, alpha, sum, beta);
    }
  }

  // Groups of L lanes a row (a power of two, 2 to chunk_max_row_lanes,
  // dividing the team size: chunk_row_lanes_for): the entries loaded
  // without a branch an entry (the last chunk's entries past nnz read the
  // last entry and stage 0), the bounds of the chunk's first team + 1 rows
  // staged too, each thread loading one; lane s of a group sums entries
  // begin + s, begin + s + L, ... (staged, then from A past the chunk), the
  // group's lanes add by shuffles in a fixed order and its last lane writes
  // y. Every thread runs the same passes (a row past the chunk's last adds
  // nothing), so the shuffles see whole warps; rows past the staged bounds
  // (a chunk of more rows than threads) read theirs from A.
  KOKKOS_FUNCTION void lanes_a_row(const Member& team) const {
    using Backend = backends::Traits<ExecSpace>;
    const std::int64_t c = team.league_rank();
    const int t = team.team_rank();
    const int threads = team.team_size();
    const std::int64_t chunk = static_cast<std::int64_t>(threads) * chunk_entries;
    const std::int64_t base = c * chunk;
    auto* stage = static_cast<Value*>(team.team_shmem().get_shmem(scratch_bytes(threads)));
    const std::int64_t staged = static_cast<std::int64_t>(threads) * staged_entries;  // the chunk and the window
    auto* bounds = reinterpret_cast<std::int64_t*>(stage + staged);
    Value p[staged_entries] = {};
    if (nnz > 0) {
      for (int u = 0; u < staged_entries; ++u) {
        const std::int64_t k = base + t + static_cast<std::int64_t>(u) * threads;
        const std::int64_t at = k < nnz ? k : nnz - 1;
        const Value product = stream_at<hint>(vals, at) * x(stream_at<hint>(cols, at));
        p[u] = k < nnz ? product : Value(0);
      }
    }
    const std::int64_t rows_begin = first_row(c), rows_end = first_row(c + 1);
    const std::int64_t my_bound = offset_at(rows_begin + t, rows_end);
    const std::int64_t last_bound = t == threads - 1 ? offset_at(rows_begin + threads, rows_end) : 0;
    for (int u = 0; u < staged_entries; ++u) stage[t + u * threads] = p[u];  // NOLINT(modernize-loop-convert)
    bounds[t] = my_bound;
    if (t == threads - 1) bounds[threads] = last_bound;
    team.team_barrier();
    const int groups = threads / L, g = t / L, s = t % L;
    const std::int64_t end_of_stage = base + staged;
    const int lane = t % Backend::warp_lanes;
    for (std::int64_t row = rows_begin + g; row - g < rows_end; row += groups) {
      const std::int64_t i = row - rows_begin;
      const std::int64_t begin = i < threads ? bounds[i] : offset_at(row, rows_end);
      const std::int64_t end = i < threads ? bounds[i + 1] : offset_at(row + 1, rows_end);
      const std::int64_t staged_end = end < end_of_stage ? end : end_of_stage;
      Value sum = 0;
      std::int64_t k = begin + s;
      if (k < staged_end) {  // staged: positions in the chunk, as int
        const int j_end = static_cast<int>(staged_end - base);
        int j = static_cast<int>(k - base);
        ASPMV_DEVICE_UNROLL(4)
        for (; j < j_end; j += L) sum += stage[j];
        k = base + j;
      }
      for (; k < end; k += L) sum += vals(k) * x(cols(k));  // past the chunk, in order
      sum = group_sum<Backend>(sum, lane, L);
      if (row < rows_end && s == L - 1) write_row(y, row, alpha, sum, beta);
    }
  }
};

// chunk_row_lanes 0: the lanes a row chosen from the row lengths. A thread a
// row, unless rows are long on average or a few are very long, where the
// team would wait at the end for the thread of the longest: then the most
// lanes. Measured on the H100 over 63 real and real-derived matrices
// (perf/results/h100/2026-12-06-chunks-bounds, call 3): 8 lanes 0.30-0.80x
// the time of one wherever the mean is at least 24 or the longest row at
// least 384 (bio-CE-CX: 4 lanes 0.70x, 8 lanes 0.77x), 1.0-3.2x slower
// below both; 2 or 4 lanes within 6 % of the best there but on 3 (in-sample:
// the thresholds were read off these matrices).
inline constexpr double chunk_lanes_mean_length = 24;
inline constexpr std::int64_t chunk_lanes_longest_row = 384;
inline int chunk_row_lanes_rule(double mean_length, std::int64_t longest_row) {
  return mean_length >= chunk_lanes_mean_length || longest_row >= chunk_lanes_longest_row ? chunk_max_row_lanes : 1;
}

// The lanes a row the row phase can take on ExecSpace for a team of `team`
// threads: the wanted power of two, at most chunk_max_row_lanes and a warp,
// where the team is whole warps; 1 otherwise (CPUs: a warp of one lane).
template <class ExecSpace>
int chunk_row_lanes_for(int wanted, int team) {
  constexpr int warp = backends::Traits<ExecSpace>::warp_lanes;
  if (wanted <= 1 || warp <= 1 || team % warp != 0) return 1;
  int lanes = 1;
  while (lanes * 2 <= wanted && lanes * 2 <= warp && lanes * 2 <= chunk_max_row_lanes) lanes *= 2;
  return lanes;
}

template <class ExecSpace, class Matrix>
class CsrChunksStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  // overlap: 0, or 1 to stage the window past each chunk (chunk_overlap);
  // load: the chunk's loads' hint, 0 plain or 2 evict-first (GPUs; CPUs
  // read plainly whatever it says).
  CsrChunksStep(const ExecSpace& exec, Matrix a, int team_size, int row_lanes = 1, int overlap = 0, int load = 0)
      : a_(std::move(a)),
        overlap_(checked_overlap(overlap)),
        load_(checked_load(load)),
        team_size_(chunk_team_fitting_scratch<ExecSpace, Value>(team_size, overlap_)),
        row_lanes_(chunk_row_lanes_for<ExecSpace>(row_lanes, team_size_)) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::int64_t chunk = static_cast<std::int64_t>(team_size_) * chunk_entries;
    chunks_ = chunk_count(a_.nnz(), chunk);
    if (chunks_ > std::numeric_limits<int>::max())
      throw Error("aspmv::make_plan: csr_chunks: " + std::to_string(chunks_) + " chunks exceed a launch");
    first_row_ = Kokkos::View<std::int64_t*, memory_space>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "aspmv::csr_chunks::first_row"), chunks_ + 1);
    Kokkos::parallel_for("aspmv::plan::csr_chunks_first_rows", RangePolicy<ExecSpace>(exec, 0, chunks_ + 1),
                         ChunkFirstRowFunctor<typename Matrix::offsets_view, decltype(first_row_)>{
                             a_.row_offsets(), first_row_, a_.num_rows(), chunks_, chunk});
    exec.fence();
    build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return {}; }

  template <class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Workspace<Value, memory_space>&, Value alpha, const XView& x,
                 Value beta, const YView& y) const {
    if (a_.num_rows() == 0) return;
    if constexpr (backends::Traits<ExecSpace>::is_gpu) {  // CPUs have no hints: one kernel less to compile
      if (load_ == backends::streaming_load) {
        if (overlap_ == 1)
          return launch_lanes<chunk_overlap_entries, backends::LoadHint::streaming>(exec, alpha, x, beta, y);
        return launch_lanes<0, backends::LoadHint::streaming>(exec, alpha, x, beta, y);
      }
    }
    if (overlap_ == 1) return launch_lanes<chunk_overlap_entries, backends::LoadHint::plain>(exec, alpha, x, beta, y);
    launch_lanes<0, backends::LoadHint::plain>(exec, alpha, x, beta, y);
  }

  std::int64_t chunks() const { return chunks_; }
  int team_size() const { return team_size_; }
  int row_lanes() const { return row_lanes_; }
  int load_hint() const { return load_; }
  // Entries staged past each chunk's end (the window), 0 without overlap.
  std::int64_t window() const { return static_cast<std::int64_t>(overlap_) * team_size_ * chunk_overlap_entries; }
  double build_seconds() const { return build_seconds_; }

  static int checked_overlap(int overlap) {
    if (overlap != 0 && overlap != 1)
      throw Error("aspmv::make_plan: csr_chunks: overlap " + std::to_string(overlap) + " is not 0 or 1");
    return overlap;
  }
  static int checked_load(int load) {
    if (!backends::plain_or_streaming(load))
      throw Error("aspmv::make_plan: csr_chunks: load hint " + std::to_string(load) +
                  " is not 0 (plain) or 2 (evict-first)");
    return load;
  }

 private:
  template <int W, backends::LoadHint H, class XView, class YView>
  void launch_lanes(const ExecSpace& exec, Value alpha, const XView& x, Value beta, const YView& y) const {
    if constexpr (backends::Traits<ExecSpace>::is_gpu) {
      switch (row_lanes_) {  // a kernel a lanes value: its loop strides constants, its registers its own
        case 2: return launch<2, W, H>(exec, alpha, x, beta, y);
        case 4: return launch<4, W, H>(exec, alpha, x, beta, y);
        case 8: return launch<8, W, H>(exec, alpha, x, beta, y);
        default: break;
      }
    }
    launch<1, W, H>(exec, alpha, x, beta, y);
  }

  template <int L, int W, backends::LoadHint H, class XView, class YView>
  void launch(const ExecSpace& exec, Value alpha, const XView& x, Value beta, const YView& y) const {
    using F = CsrChunksFunctor<Matrix, XView, YView, ExecSpace, L, W, H>;
    F f{a_.row_offsets(), a_.col_indices(), a_.values(), x, y, alpha, beta, first_row_, a_.nnz()};
    auto policy = TeamPolicy<ExecSpace>(exec, static_cast<int>(chunks_), team_size_, 1);
    policy.set_scratch_size(0, Kokkos::PerTeam(F::scratch_bytes(team_size_)));
    Kokkos::parallel_for("aspmv::spmv::csr_chunks", policy, f);
  }

  Matrix a_;
  int overlap_;
  int load_;
  int team_size_;
  int row_lanes_;
  std::int64_t chunks_ = 0;
  double build_seconds_ = 0;
  Kokkos::View<std::int64_t*, memory_space> first_row_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct CsrChunks {
  static constexpr Kernel id = Kernel::csr_chunks;
  static constexpr KernelTraits traits{/*analysis*/ true,         /*uses_tpr*/ false,
                                       /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ false,
                                       /*row_bound*/ true};
  static constexpr TableParameter parameters[] = {TableParameter::team_threads, TableParameter::chunk_row_lanes,
                                                  TableParameter::chunk_overlap, TableParameter::chunk_load,
                                                  TableParameter::chunk_load_l2_percent};
  template <class ExecSpace, class Matrix>
  using Step = impl::CsrChunksStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"csr_chunks", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    int lanes = ctx.params.chunk_row_lanes;
    std::string lanes_why = "the table's";
    if (lanes == 0) {  // chosen from the row lengths (gathered here where the plan has not)
      if (!s.features_gathered) planner::gather_row_stats(s, [&] { return row_stats(ctx.exec, ctx.a); });
      lanes = impl::chunk_row_lanes_rule(s.stats.mean, s.stats.max);
      lanes_why =
          "by the rule (mean " + std::to_string(s.stats.mean) + ", longest row " + std::to_string(s.stats.max) + ")";
    }
    // The hint where the product outgrows the table's share of the L2 (impl/load_footprint.hpp); CPUs plain.
    const int load = backends::Traits<ExecSpace>::is_gpu
                         ? impl::footprint_load_hint(ctx.params.chunk_load, impl::csr_footprint_bytes(ctx.a),
                                                     backends::Traits<ExecSpace>::properties(ctx.exec).l2_cache_bytes,
                                                     ctx.params.chunk_load_l2_percent)
                         : 0;
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, impl::chunk_team_size<ExecSpace>(ctx.params), lanes,
                                 ctx.params.chunk_overlap, load);
    GroupSummary g;
    g.kernel = id;
    g.team_size = step.team_size();
    g.teams = step.chunks();
    g.blocks = step.chunks();
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    g.detail = "chunks of " + std::to_string(static_cast<std::int64_t>(step.team_size()) * impl::chunk_entries) +
               " nonzeros (" + std::to_string(step.team_size()) + " threads x " + std::to_string(impl::chunk_entries) +
               "), products staged, rows summed by the chunk they start in (" + std::to_string(step.row_lanes()) +
               (step.row_lanes() == 1 ? " lane" : " lanes") + " a row, " + lanes_why + ")" +
               (step.window() > 0 ? ", the " + std::to_string(step.window()) + " nonzeros past each chunk staged too"
                                  : std::string()) +
               (step.load_hint() == backends::streaming_load ? ", values and column indices read evict-first"
                                                             : std::string()) +
               "; first rows found on the device in " + std::to_string(step.build_seconds() * 1e3) + " ms";
    s.groups.push_back(g);
    return step;
  }
};

}  // namespace aspmv::kernels
