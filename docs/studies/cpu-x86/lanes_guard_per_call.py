#!/usr/bin/env python3
"""The row-lanes guard on the cpu-x86 table's out-of-fold picks, per call (docs/studies/cpu-x86/lanes-guard.md,
evidence 1): the current table's picks as `aspmv_train oof` scored them on the 16-core host's AVX-512 collection
(oof-2026-12-03b/cur/oof.csv.gz), each CSR-vector pick with TpR > 1 on rows of 5+ nonzeros on average replaced by
csr_scalar; best CSR kernel time / pick time per matrix, geometric mean, minimum and share within 5 %.
    python3 docs/studies/cpu-x86/lanes_guard_per_call.py > docs/studies/cpu-x86/lanes_guard_per_call.txt"""
import csv
import gzip
import math
import os
from collections import defaultdict

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../..")
M = os.path.join(ROOT, "tuning_data/cpu-x86/measurements")
NOT_CSR = {"aspmv_auto", "aspmv_rules", "aspmv_spmv", "kokkos_kernels", "mkl", "sell", "ell", "jad", "dia", "tile8x4"}


def main():
    times = defaultdict(dict)
    for part in "abc":
        with gzip.open(os.path.join(M, f"2026-12-03-avx512-real-double-{part}-gpu-host-16-cores/runtimes.csv.gz"),
                       "rt") as f:
            for r in csv.DictReader(f):
                if r["ok"] == "1":
                    label = r["kernel"] + ("/" + r["config"] if r["config"].startswith("tpr=") else "")
                    times[r["matrix"]].setdefault(label, float(r["time_s"]))
    with gzip.open(os.path.join(ROOT, "docs/studies/cpu-x86/oof-2026-12-03b/cur/oof.csv.gz"), "rt") as f:
        picks = [r for r in csv.DictReader(f) if r["counted"] == "True"]
    gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
    for name in ("real", "real-derived"):
        cur, guarded, replaced = [], [], []
        for r in picks:
            t = times.get(r["matrix"], {})
            c = r["choice"]
            if r["set"] != name or c not in t or "csr_scalar" not in t:
                continue
            best = min(v for k, v in t.items() if k.split("/")[0] not in NOT_CSR)
            fires = (c.startswith("csr_vector/tpr=") and int(c.split("=")[1]) > 1
                     and float(r["nnz"]) >= 5 * float(r["rows"]))
            g = "csr_scalar" if fires else c
            cur.append(best / t[c])
            guarded.append(best / t[g])
            if fires:
                replaced.append(t["csr_scalar"] / t[c])
        w5 = lambda v: 100 * sum(x >= 1 / 1.05 for x in v) / len(v)
        print(f"{name}: {len(cur)} matrices; best / pick per call: table {gm(cur):.3f} (min {min(cur):.3f}, within 5 % "
              f"{w5(cur):.1f} %), with the guard {gm(guarded):.3f} (min {min(guarded):.3f}, within 5 % {w5(guarded):.1f} %)")
        if replaced:
            print(f"  {len(replaced)} picks replaced: csr_scalar time / pick time geomean {gm(replaced):.3f} "
                  f"(min {min(replaced):.3f}, max {max(replaced):.3f})")


if __name__ == "__main__":
    main()
