#!/usr/bin/env python3
"""tile8x4's two bodies against each other and against every other aspmv kernel, from `aspmv bench` CSVs run
with `--variant tile_mma=0` (the matrix units: method tile8x4; one thread a row: tile8x4[tile_mma=0]), and
whether tile8x4 changes how many matrices DASP (through the cuSPARSE yardstick of the peers file, as
perf/device/peer_summary.py computes it) is ahead of the best aspmv kernel on.

  python3 perf/device/tile8x4_summary.py [--peers PEERS.csv] [--list N] BENCH.csv...
"""

import argparse
import collections
import csv
import math
import os


def geomean(values):
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def stem(path):
    base = os.path.basename(path)
    for ext in (".xz", ".gz"):
        base = base[: -len(ext)] if base.endswith(ext) else base
    return base[:-4] if base.endswith(".mtx") else base


def read_peers(path):
    peers = collections.defaultdict(dict)
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            peers[r["matrix"]][r["peer"]] = float(r["spmv_us"])
    return peers


def summarize(path, peers, listed):
    times = collections.defaultdict(dict)
    nnz = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r["ok"] != "1":
                continue
            m = stem(r["matrix"])
            times[m][(r["family"], r["method"])] = float(r["time_s"]) * 1e6
            nnz[m] = int(r["nnz"])
    mma_gain, vs_mma, vs_rows, lines = [], [], [], []
    wins = dasp_without = dasp_with = 0
    for m, d in times.items():
        ours = {k[1]: v for k, v in d.items() if k[0] == "aspmv" and not k[1].startswith("aspmv_")}
        mma, rows = ours.get("tile8x4"), ours.get("tile8x4[tile_mma=0]")
        best_other = min(v for k, v in ours.items() if not k.startswith("tile8x4"))
        if mma and rows:
            mma_gain.append(rows / mma)
        if mma:
            vs_mma.append(best_other / mma)
        if rows:
            vs_rows.append(best_other / rows)
        best_tile = min(v for v in (mma, rows) if v)
        wins += best_tile < best_other
        csr = [v for k, v in d.items() if k[0] == "cusparse" and "csr" in k[1]]
        p = peers.get(m, {})
        theirs = [v for k, v in p.items() if k.startswith("cusparse")]
        if csr and theirs and "dasp" in p:
            dasp = p["dasp"] * min(csr) / min(theirs)
            dasp_without += best_other > dasp
            dasp_with += min(best_other, best_tile) > dasp
            lines.append((nnz[m], m, best_other, mma, rows, dasp))
    print(f"{path}: {len(times)} matrices")
    print(f"  one-thread-a-row time / matrix-unit time: geomean {geomean(mma_gain):.3f}, min {min(mma_gain):.3f}, "
          f"max {max(mma_gain):.3f}; the matrix units faster on {sum(g > 1 for g in mma_gain)}")
    print(f"  best other aspmv kernel / tile8x4 on the matrix units: geomean {geomean(vs_mma):.3f}, above 1 on "
          f"{sum(v > 1 for v in vs_mma)}; / one thread a row: geomean {geomean(vs_rows):.3f}, above 1 on "
          f"{sum(v > 1 for v in vs_rows)}")
    print(f"  tile8x4 (either body) faster than every other aspmv kernel on {wins}; DASP (yardstick) ahead of the "
          f"best aspmv kernel on {dasp_without} without tile8x4, {dasp_with} with it")
    if listed:
        print(f"  the {listed} smallest (us): matrix, nnz, best other kernel, tile8x4 matrix units, one thread a row, DASP")
        for n, m, best_other, mma, rows, dasp in sorted(lines)[:listed]:
            print(f"    {m:28s} {n:9d} {best_other:8.2f} {mma or 0:8.2f} {rows or 0:8.2f} {dasp:8.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bench", nargs="+")
    ap.add_argument("--peers", default=os.path.join(os.path.dirname(__file__), "../../../shared/matrices/peers-h100.csv"))
    ap.add_argument("--list", type=int, default=0, help="list the N smallest matrices")
    a = ap.parse_args()
    peers = read_peers(a.peers)
    for path in a.bench:
        summarize(path, peers, a.list)


if __name__ == "__main__":
    main()
