#!/usr/bin/env python3
"""Turns tuning_data/<arch>/arch.json into the compiled-in C++ table.

    generate_arch_table.py [--namespace NS] ARCH_JSON OUTPUT_HPP

(--namespace: the table goes into NS instead of aspmv::predictors::generated,
for tests that compile other architectures' tables beside the build's own.)

Checks every field (presence, type, range) and stops with one line naming the
file and the field when something is wrong, so a broken table never compiles
silently. Standard library only: it runs at build time.
"""
import hashlib
import json
import sys

STATUSES = ("measured", "defaults", "placeholder")
BACKENDS = ("cuda", "hip", "openmp", "serial")


class TableError(Exception):
    pass


def need(obj, key, kind, where, minimum=None):
    if key not in obj:
        raise TableError(f"missing field '{where}{key}'")
    value = obj[key]
    if kind is int and isinstance(value, bool):
        raise TableError(f"field '{where}{key}' must be an integer")
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind):
        raise TableError(f"field '{where}{key}' must be {kind.__name__}, not {type(value).__name__}")
    if minimum is not None and value < minimum:
        raise TableError(f"field '{where}{key}' must be >= {minimum}, got {value}")
    return value


def per_precision(obj, key, where, minimum=1):
    sub = need(obj, key, dict, where)
    return (need(sub, "float", int, f"{where}{key}.", minimum),
            need(sub, "double", int, f"{where}{key}.", minimum))


def cstr(text):
    return json.dumps(text, ensure_ascii=True)  # a valid C string literal for ASCII


def generate(table, source_name, sha):
    need(table, "schema", int, "")
    if table["schema"] != 1:
        raise TableError(f"schema {table['schema']} is not supported (expected 1)")
    arch = need(table, "arch", str, "")
    desc = need(table, "description", str, "")
    backend = need(table, "backend", str, "")
    if backend not in BACKENDS:
        raise TableError(f"field 'backend' must be one of {BACKENDS}, got '{backend}'")
    model_only = need(table, "model_only", bool, "")

    hw = need(table, "hardware", dict, "")
    w = "hardware."
    hardware = dict(
        vendor=need(hw, "vendor", str, w),
        compute_units=need(hw, "compute_units", int, w, 1),
        simd_width=need(hw, "simd_width", int, w, 1),
        l2_cache_bytes=need(hw, "l2_cache_bytes", int, w, 0),
        datasheet_bandwidth_gbs=need(hw, "datasheet_bandwidth_gbs", float, w, 0.0),
        measured_copy_bandwidth_gbs=need(hw, "measured_copy_bandwidth_gbs", float, w, 0.0),
    )
    vl = hardware["simd_width"]
    if vl & (vl - 1):
        raise TableError("field 'hardware.simd_width' must be a power of two")

    p = need(table, "parameters", dict, "")
    w = "parameters."
    ad = need(p, "adaptive", dict, w)
    mp = need(p, "merge_path", dict, w)
    params = dict(
        team_threads=need(p, "team_threads", int, w, 1),
        host_rows_per_chunk=need(p, "host_rows_per_chunk", int, w, 1),
        t_long=need(p, "t_long", int, w, 1),
        teams_per_compute_unit=need(p, "teams_per_compute_unit", int, w, 1),
        long_row_split_nnz=need(p, "long_row_split_nnz", int, w, 1),
        adaptive_workgroup_threads=need(ad, "workgroup_threads", int, w + "adaptive.", 1),
        adaptive_nnz_per_wg=per_precision(ad, "nnz_per_wg", w + "adaptive."),
        adaptive_num_rows_stream=per_precision(ad, "num_rows_stream", w + "adaptive."),
        adaptive_nnz_multiplier=per_precision(ad, "nnz_multiplier", w + "adaptive."),
        adaptive_device_build_min_rows=need(ad, "device_build_min_rows", int, w + "adaptive.", 0),
        adaptive_stage_unroll=need(ad, "stage_unroll", int, w + "adaptive.", 1),
        auto_adaptive_min_nnz=need(p, "auto_adaptive_min_nnz", int, w, 0),
        merge_team_threads=need(mp, "team_threads", int, w + "merge_path.", 1),
        merge_items_per_thread=per_precision(mp, "items_per_thread", w + "merge_path."),
        transpose_scatter_max_column_nnz=need(p, "transpose_scatter_max_column_nnz", int, w, 0),
        # Optional (defaults of arch_table_data.hpp): the planner's skew guard.
        skew_guard_row_share=float(p.get("skew_guard", {}).get("row_share", 1.0)),
        skew_guard_min_row_passes=int(p.get("skew_guard", {}).get("min_row_passes", 32)),
        # Optional: SELL-C-sigma's slice height and sorting window. Defaults: a
        # slice per warp or wavefront (8 rows on CPUs), sigma 32 slices.
        sell_slice_height=int(p.get("sell", {}).get("slice_height", max(8, hardware["simd_width"]))),
    )
    params["sell_sort_window"] = int(p.get("sell", {}).get("sort_window", 32 * params["sell_slice_height"]))
    # Optional: CSR-scalar's CPU shape, runs of rows per thread balanced by nonzeros (0: chunks of rows).
    params["host_shares_per_thread"] = int(p.get("host_shares_per_thread", 0))
    if params["host_shares_per_thread"] < 0:
        raise TableError("field 'parameters.host_shares_per_thread' must be >= 0")
    # Optional: CSR-scalar's runs of rows summed in SIMD lanes (0 or 1).
    params["host_row_simd"] = int(p.get("host_row_simd", 0))
    if params["host_row_simd"] not in (0, 1, 2):
        raise TableError("field 'parameters.host_row_simd' must be 0, 1 or 2")
    # Optional: CSR-scalar's rows summed in 1 (in order), 2 or 4 interleaved partial sums.
    params["host_row_partial_sums"] = int(p.get("host_row_partial_sums", 1))
    if params["host_row_partial_sums"] not in (1, 2, 4):
        raise TableError("field 'parameters.host_row_partial_sums' must be 1, 2 or 4")
    # Optional: DIA's rows a GPU thread (1, 2, 4; 0: from the rows and the device's concurrency).
    params["dia_rows_per_thread"] = int(p.get("dia_rows_per_thread", 0))
    if params["dia_rows_per_thread"] not in (0, 1, 2, 4):
        raise TableError("field 'parameters.dia_rows_per_thread' must be 0, 1, 2 or 4")
    # Optional: tile8x4 on the matrix units where the space has them (1) or one thread a row (0).
    params["tile_mma"] = int(p.get("tile8x4", {}).get("mma", 1))
    if params["tile_mma"] not in (0, 1):
        raise TableError("field 'parameters.tile8x4.mma' must be 0 or 1")
    # Optional: LRB's classes and long rows in one launch (1) or a launch per TpR (0).
    params["lrb_one_launch"] = int(p.get("lrb", {}).get("one_launch", 1))
    if params["lrb_one_launch"] not in (0, 1):
        raise TableError("field 'parameters.lrb.one_launch' must be 0 or 1")
    # Optional: LRB's long-row bound on GPUs (0: chosen per matrix in one launch).
    params["lrb_long_row"] = int(p.get("lrb", {}).get("long_row", 0))
    if params["lrb_long_row"] < 0:
        raise TableError("field 'parameters.lrb.long_row' must be >= 0")
    # Optional: LRB's long-row pieces' length in one launch (0: chosen per matrix).
    params["lrb_piece"] = int(p.get("lrb", {}).get("piece", 0))
    if params["lrb_piece"] < 0:
        raise TableError("field 'parameters.lrb.piece' must be >= 0")
    # Optional: the cache hint of CSR-vector's range form's matrix loads (backends/load_hint.hpp, 0-4).
    params["vector_load"] = int(p.get("vector_load", 0))
    if params["vector_load"] not in range(5):
        raise TableError("field 'parameters.vector_load' must be 0 to 4")
    # Optional: csr_chunks' lanes a row in its row phase (GPUs; 0: chosen per matrix from the row lengths, else a
    # power of two up to 8).
    params["chunk_row_lanes"] = int(p.get("csr_chunks", {}).get("row_lanes", 1))
    if params["chunk_row_lanes"] not in (0, 1, 2, 4, 8):
        raise TableError("field 'parameters.csr_chunks.row_lanes' must be 0, 1, 2, 4 or 8")
    # Optional: csr_chunks stages the team-size entries past each chunk too (1) or not (0).
    params["chunk_overlap"] = int(p.get("csr_chunks", {}).get("overlap", 0))
    if params["chunk_overlap"] not in (0, 1):
        raise TableError("field 'parameters.csr_chunks.overlap' must be 0 or 1")
    # Optional: the cache hint of SELL's GPU row loads (backends/load_hint.hpp: 0 plain, 2 evict-first).
    params["sell_load"] = int(p.get("sell", {}).get("load", 0))
    if params["sell_load"] not in (0, 2):
        raise TableError("field 'parameters.sell.load' must be 0 or 2")
    # Optional: the share of the L2 (percent) the rows and vectors must exceed for sell.load 2 to apply (0: always).
    params["sell_load_l2_percent"] = int(p.get("sell", {}).get("load_l2_percent", 85))
    if not 0 <= params["sell_load_l2_percent"] <= 10000:
        raise TableError("field 'parameters.sell.load_l2_percent' must be 0 to 10000")
    # Optional: csr_chunks' cache hint of its value and column-index loads (0 plain, 2 evict-first) and the share of
    # the L2 (percent) the product's arrays must exceed for it (0: always).
    params["chunk_load"] = int(p.get("csr_chunks", {}).get("load", 2))
    if params["chunk_load"] not in (0, 2):
        raise TableError("field 'parameters.csr_chunks.load' must be 0 or 2")
    params["chunk_load_l2_percent"] = int(p.get("csr_chunks", {}).get("load_l2_percent", 0))
    if not 0 <= params["chunk_load_l2_percent"] <= 10000:
        raise TableError("field 'parameters.csr_chunks.load_l2_percent' must be 0 to 10000")
    # Optional: the share of the L2 (percent) the product's arrays must exceed for vector_load's hint (0: always).
    params["vector_load_l2_percent"] = int(p.get("vector_load_l2_percent", 0))
    if not 0 <= params["vector_load_l2_percent"] <= 10000:
        raise TableError("field 'parameters.vector_load_l2_percent' must be 0 to 10000")
    # Optional: vector_split's shape rules (entries a lane at the mean, passes before the warp takes a row, longest chunk).
    split = p.get("vector_split", {})
    params["split_lane_entries"] = int(split.get("lane_entries", 2))
    params["split_medium_passes"] = int(split.get("medium_passes", 16))
    params["split_chunk"] = int(split.get("chunk", 4096))
    params["split_warp_rows"] = int(split.get("warp_rows", 1))
    params["split_chunk_floor"] = int(split.get("chunk_floor", 1))
    params["split_fill_percent"] = int(split.get("fill_percent", 0))
    if not 0 <= params["split_fill_percent"] <= 10000:
        raise TableError("field 'parameters.vector_split.fill_percent' must be 0 to 10000")
    # Optional: flat-range kernels launched by Kokkos (0) or by the backend itself where it has a launch of its own
    # (CUDA: 1 the runtime API, 2 the driver's cuLaunchKernel).
    params["direct_launch"] = int(p.get("launch", {}).get("direct", 0))
    if params["direct_launch"] not in (0, 1, 2):
        raise TableError("field 'parameters.launch.direct' must be 0, 1 or 2")
    # Optional: CPU range kernels on one thread per this many stored entries (0: every thread of the pool).
    params["host_thread_nnz"] = int(p.get("host_thread_nnz", 0))
    if params["host_thread_nnz"] < 0:
        raise TableError("field 'parameters.host_thread_nnz' must be >= 0")
    # Optional: GPU rows of TpR > 1 lanes as a flat range of warps (1) or a team launch (0).
    params["vector_range"] = int(p.get("vector_range", 1))
    # Optional: the skew guard gathers row statistics for a row-bound pick of the known path (0 or 1).
    params["skew_guard_gather_row_bound"] = int(p.get("skew_guard", {}).get("gather_row_bound", 0))
    if params["skew_guard_gather_row_bound"] not in (0, 1):
        raise TableError("field 'parameters.skew_guard.gather_row_bound' must be 0 or 1")
    # Optional: SELL on GPUs at the compile-time height: a row's entries side by side a lane (1 or 4, per
    # precision) and lanes a row (1, 2, 4, 8; 0: chosen per matrix).
    sell = p.get("sell", {})
    params["sell_lane_entries"] = (per_precision(sell, "lane_entries", w + "sell.") if "lane_entries" in sell
                                   else (1, 1))
    if any(g not in (1, 4) for g in params["sell_lane_entries"]):
        raise TableError("field 'parameters.sell.lane_entries' must be 1 or 4 in each precision")
    params["sell_row_lanes"] = int(sell.get("row_lanes", 1))
    if params["sell_row_lanes"] not in (0, 1, 2, 4, 8):
        raise TableError("field 'parameters.sell.row_lanes' must be 0, 1, 2, 4 or 8")
    if params["vector_range"] not in (0, 1):
        raise TableError("field 'parameters.vector_range' must be 0 or 1")
    if params["split_warp_rows"] not in (1, 2, 4):
        raise TableError("field 'parameters.vector_split.warp_rows' must be 1, 2 or 4")
    for key, field in (("split_lane_entries", "lane_entries"), ("split_medium_passes", "medium_passes"),
                       ("split_chunk", "chunk"), ("split_chunk_floor", "chunk_floor")):
        if params[key] < 1:
            raise TableError("field 'parameters.vector_split.%s' must be >= 1" % field)
    if params["sell_slice_height"] < 1 or params["sell_sort_window"] < 1:
        raise TableError("fields 'parameters.sell.slice_height' and 'sort_window' must be >= 1")
    if params["skew_guard_row_share"] < 0 or params["skew_guard_min_row_passes"] < 0:
        raise TableError("fields 'parameters.skew_guard.row_share' and 'min_row_passes' must be >= 0")
    if params["adaptive_stage_unroll"] not in (1, 4, 8):
        raise TableError("field 'parameters.adaptive.stage_unroll' must be 1, 4 or 8")
    for key in ("team_threads", "adaptive_workgroup_threads", "merge_team_threads"):
        if params[key] % vl and vl <= params[key]:
            raise TableError(f"parameter '{key}' must be a multiple of simd_width {vl}")

    pv = need(table, "provenance", dict, "")
    status = need(pv, "status", str, "provenance.")
    if status not in STATUSES:
        raise TableError(f"field 'provenance.status' must be one of {STATUSES}, got '{status}'")
    summary = need(pv, "summary", str, "provenance.")

    def pp(pair):
        return "{%d, %d}" % pair

    lines = [
        "// Generated by predictors/codegen/generate_arch_table.py from",
        f"// {source_name} (sha256 {sha}). Do not edit: edit the JSON.",
        "#pragma once",
        "#include <predictors/arch_table_data.hpp>",
        "",
        "namespace aspmv::predictors::generated {",
        "",
        "inline constexpr ArchTableData compiled_arch_table{",
        f"    {cstr(arch)},",
        f"    {cstr(desc)},",
        f"    {cstr(backend)},",
        f"    {'true' if model_only else 'false'},",
        "    ArchHardware{%s, %d, %d, %dLL, %r, %r}," % (
            cstr(hardware["vendor"]), hardware["compute_units"], hardware["simd_width"],
            hardware["l2_cache_bytes"],
            hardware["datasheet_bandwidth_gbs"], hardware["measured_copy_bandwidth_gbs"]),
        "    KernelParameters{%d, %d, %dLL, %d, %dLL, %d, %s, %s, %s, %dLL, %d, %dLL, %d, %s, %dLL, %r, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %dLL, %d, %d, %s, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d}," % (
            params["team_threads"], params["host_rows_per_chunk"], params["t_long"],
            params["teams_per_compute_unit"], params["long_row_split_nnz"],
            params["adaptive_workgroup_threads"], pp(params["adaptive_nnz_per_wg"]),
            pp(params["adaptive_num_rows_stream"]), pp(params["adaptive_nnz_multiplier"]),
            params["adaptive_device_build_min_rows"], params["adaptive_stage_unroll"],
            params["auto_adaptive_min_nnz"], params["merge_team_threads"], pp(params["merge_items_per_thread"]),
            params["transpose_scatter_max_column_nnz"], params["skew_guard_row_share"],
            params["skew_guard_min_row_passes"], params["sell_slice_height"], params["sell_sort_window"],
            params["host_shares_per_thread"], params["host_row_simd"], params["host_row_partial_sums"],
            params["dia_rows_per_thread"], params["tile_mma"], params["lrb_one_launch"], params["lrb_long_row"],
            params["split_lane_entries"], params["split_medium_passes"], params["split_chunk"],
            params["split_warp_rows"], params["split_chunk_floor"], params["direct_launch"],
            params["host_thread_nnz"], params["vector_range"], params["skew_guard_gather_row_bound"],
            pp(params["sell_lane_entries"]), params["sell_row_lanes"], params["lrb_piece"], params["vector_load"],
            params["chunk_row_lanes"], params["chunk_overlap"], params["sell_load"],
            params["sell_load_l2_percent"], params["chunk_load"], params["chunk_load_l2_percent"],
            params["vector_load_l2_percent"], params["split_fill_percent"]),
        "    ArchProvenance{%s, %s, %s, %s}};" % (cstr(status), cstr(summary), cstr(source_name), cstr(sha)),
        "",
        "}  // namespace aspmv::predictors::generated",
        "",
    ]
    return "\n".join(lines)


def main(argv):
    namespace = None
    if len(argv) == 5 and argv[1] == "--namespace":
        namespace, argv = argv[2], [argv[0]] + argv[3:]
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    src, out = argv[1], argv[2]
    try:
        with open(src, "rb") as f:
            raw = f.read()
        try:
            table = json.loads(raw)
        except json.JSONDecodeError as e:
            raise TableError(f"not valid JSON: {e}")
        if not isinstance(table, dict):
            raise TableError("the table must be a JSON object")
        name = src.replace("\\", "/")
        if "tuning_data/" in name:
            name = "tuning_data/" + name.split("tuning_data/", 1)[1]
        text = generate(table, name, hashlib.sha256(raw).hexdigest())
        if namespace:  # tests compile other architectures' tables beside the build's own
            text = text.replace("namespace aspmv::predictors::generated {",
                                f"namespace {namespace} {{\nusing namespace ::aspmv::predictors;  "
                                "// NOLINT(google-build-using-namespace): generated data")
            text = text.replace("}  // namespace aspmv::predictors::generated", f"}}  // namespace {namespace}")
    except (OSError, TableError) as e:
        print(f"aspmv: architecture table {src}: {e}", file=sys.stderr)
        return 1
    try:
        with open(out, "r") as f:
            if f.read() == text:
                return 0  # unchanged: keep the timestamp, no rebuild
    except OSError:
        pass
    with open(out, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
