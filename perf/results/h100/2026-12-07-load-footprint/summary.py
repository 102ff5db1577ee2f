#!/usr/bin/env python3
"""A call's bench CSVs (`--methods csr_chunks,csr_vector,cusparse --variant chunk_load=0 --variant vector_load=0
--variant chunk_load_l2_percent=85,vector_load_l2_percent=85`; call 3: CSR-vector alone, the rule at 60 %):
per matrix the product's footprint (values, column indices, offsets, x, y) against the H100's 50 MiB L2, and plain
loads' time over evict-first loads' for csr_chunks and for the best CSR-vector over its TpRs; geometric means by
footprint bin, the rule at shares of the L2 from 0 to 100 % (computed from the two hints' times), the rule the call
measured, and cuSPARSE's best over each.

    python3 summary.py CSV [--per-matrix]"""
import math
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../device"))
from bench_csv import timed_rows  # noqa: E402

L2 = 50 * 1024 * 1024


def gm(v):
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else float("nan")


def main(path, per_matrix):
    times = defaultdict(dict)  # matrix -> (kernel, hint) -> best time
    fp = {}
    for r in timed_rows(path):
        t = r["time_s"]
        m = r["matrix"]
        vb = 4 if r["value"] == "float" else 8
        ob = 4 if r["offset"] in ("int32", "int") else 8
        rows, cols, nnz = int(r["rows"]), int(r["cols"]), int(r["nnz"])
        fp[m] = nnz * (vb + 4) + (rows + 1) * ob + (rows + cols) * vb
        meth = r["method"]
        if meth.startswith("cusparse"):
            key = ("cusparse", "")
        elif meth.startswith("csr_chunks") or meth.startswith("csr_vector<"):
            kernel = "chunks" if meth.startswith("csr_chunks") else "vector"
            if meth.startswith("csr_vector<1>"):
                continue  # TpR 1 runs as CSR-scalar: no hint
            key = (kernel, "rule" if "l2_percent=" in meth else "plain" if "_load=0" in meth else "hint")
        else:
            continue
        times[m][key] = min(times[m].get(key, t), t)
    bins = [0, 8, 16, 25, 35, 42.5, 50, 70, 1e9]
    for kernel in ("chunks", "vector"):
        by = defaultdict(list)
        rows = []
        for m, d in times.items():
            if (kernel, "plain") in d and (kernel, "hint") in d:
                mb = fp[m] / 2**20
                ratio = d[(kernel, "plain")] / d[(kernel, "hint")]
                rows.append((mb, ratio, m))
                for lo, hi in zip(bins, bins[1:]):
                    if lo <= mb < hi:
                        by[(lo, hi)].append(ratio)
        print(f"{path}: {kernel}: plain / evict-first time, {len(rows)} matrices")
        for (lo, hi), v in sorted(by.items()):
            print(f"  {lo:5.1f}-{hi:<6g} MiB: n={len(v):3d} gm {gm(v):.3f} min {min(v):.3f} max {max(v):.3f}"
                  f" faster plain {sum(1 for x in v if x < 1)}")
        if per_matrix:
            for mb, ratio, m in sorted(rows):
                print(f"    {mb:8.1f} MiB {ratio:.3f} {m}")
    # The footprint rule at each share of the L2 (plain loads up to it, evict-first above), from the two hints'
    # times: its speed over the better of the two per matrix.
    for kernel in ("chunks", "vector"):
        both = [(fp[m], d[(kernel, "plain")], d[(kernel, "hint")]) for m, d in times.items()
                if (kernel, "plain") in d and (kernel, "hint") in d]
        if not both:
            continue
        print(f"  {kernel}: the rule at a share of the L2, its speed over the better hint (gm, worst), n={len(both)}:")
        cells = []
        for pct in (0, 40, 50, 60, 70, 80, 85, 100):
            v = [min(p, h) / (p if pct > 0 and 100 * f <= pct * L2 else h) for f, p, h in both]
            cells.append(f"{pct}% {gm(v):.4f} {min(v):.3f}")
        print("    " + " | ".join(cells))
    # The rule variant the call ran (evict-first above its share of the L2) against evict-first everywhere and against the better of the two.
    for kernel in ("chunks", "vector"):
        vs_hint, vs_best = [], []
        for m, d in times.items():
            if all((kernel, h) in d for h in ("plain", "hint", "rule")):
                vs_hint.append(d[(kernel, "hint")] / d[(kernel, "rule")])
                vs_best.append(min(d[(kernel, "hint")], d[(kernel, "plain")]) / d[(kernel, "rule")])
        if vs_hint:
            print(f"  {kernel}: the measured rule's speed over evict-first everywhere gm {gm(vs_hint):.3f} (min {min(vs_hint):.3f}),"
                  f" over the better of the two gm {gm(vs_best):.3f} (min {min(vs_best):.3f}), n={len(vs_hint)}")
    # The better of each kernel's two hints against cuSPARSE's best, before (hint) and with the better hint.
    for kernel in ("chunks", "vector"):
        before, after = [], []
        for m, d in times.items():
            if ("cusparse", "") in d and (kernel, "hint") in d and (kernel, "plain") in d:
                c = d[("cusparse", "")]
                before.append(c / d[(kernel, "hint")])
                after.append(c / min(d[(kernel, "hint")], d[(kernel, "plain")]))
        if before:
            print(f"  best cuSPARSE / {kernel}: evict-first gm {gm(before):.3f}, better hint gm {gm(after):.3f} (n={len(before)})")


if __name__ == "__main__":
    main(sys.argv[1], "--per-matrix" in sys.argv)
