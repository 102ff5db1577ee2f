#!/usr/bin/env python3
"""The tables of docs/studies/scale-out.md's threads-per-rank sections from an aspmv-scale-out CSV (run.sh): per
host (Tpetra, PETSc), matrix, figure and ranks x threads, the host's stock operator's time and the aspmv operators'
speed-ups over it (any CSV of aspmv-scale-out: 2026-12-05-scale-out-petsc's and perf/results/h200/2026-12-05-scale-out's too).
    python3 perf/results/cpu-x86/2026-12-05-scale-out-threads/summarize.py [scale-out.csv]"""
import csv
import os
import sys


def shape_key(shape):  # by ranks x threads, then ranks: 1x1, 1x2, 2x1, ..., 4x4, 16x1
    ranks, threads = (int(v) for v in shape.split("x"))
    return (ranks * threads, ranks)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    t, nnz = {}, {}
    with open(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "scale-out.csv")) as f:
        for r in csv.DictReader(f):
            if r["host"] == "host":  # a repeated header
                continue
            shape = f"{r['ranks']}x{r['threads']}"
            t[(r["host"], r["operator"], r["figure"], r["matrix"], shape)] = float(r["seconds"])
            nnz[r["matrix"]] = int(r["nnz"])
    keys = sorted({(k[0], k[3], k[2], k[4]) for k in t if k[2] in ("spmv", "cg_iteration")},
                  key=lambda k: (k[0] != "tpetra", k[1], k[2], shape_key(k[3])))
    print("| host | matrix | nnz | figure | ranks x threads | stock us | aspmv | aspmv_convert |")
    print("|---|---|---|---|---|---|---|---|")
    for host, m, f, shape in keys:
        s = t.get((host, "stock", f, m, shape))
        if s is None:
            continue
        cells = [f"{s * 1e6:,.0f}"]
        for op in ("aspmv", "aspmv_convert"):
            v = t.get((host, op, f, m, shape))
            cells.append(f"{s / v:.2f}x" if v else "-")
        print(f"| {host} | {m} | {nnz[m] / 1e6:.2f}M | {f} | {shape} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
