#!/usr/bin/env python3
"""One method's time in two `aspmv bench --csv` files of different processes or binaries, each divided by the
best cuSPARSE algorithm of its own file (the yardstick: what the GPU's state does to both), per matrix and in the
geometric mean (standard library only).

    yardstick_compare.py OLD.csv[.xz] NEW.csv[.xz] [--method csr_chunks] [--per-matrix]

Prints the geometric mean of (old / its cuSPARSE) / (new / its cuSPARSE) (> 1: NEW faster), min, max, how many
matrices NEW is faster on, the raw old / new time, and best cuSPARSE / the method for each file; matrices where
either file lacks the method or every cuSPARSE algorithm (failed checks are skipped) are counted apart."""
import argparse
import csv
import lzma
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_summary import geomean as gm  # noqa: E402


def read(path):
    t = defaultdict(dict)
    with (lzma.open(path, "rt") if path.endswith(".xz") else open(path, newline="")) as f:
        for r in csv.DictReader(f):
            if r["ok"] == "1" and float(r["time_s"]) > 0:
                t[r["matrix"]][r["method"]] = float(r["time_s"])
    return t


def cusparse(times):
    v = [s for m, s in times.items() if m.startswith("cusparse")]
    return min(v) if v else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--method", default="csr_chunks")
    ap.add_argument("--per-matrix", action="store_true")
    a = ap.parse_args()
    old, new = read(a.old), read(a.new)
    ratio, raw, y_old, y_new, skipped = [], [], [], [], []
    for m in old:
        to, tn, co, cn = old[m].get(a.method), new.get(m, {}).get(a.method), cusparse(old[m]), cusparse(new.get(m, {}))
        if None in (to, tn, co, cn):
            skipped.append(m)
            continue
        r = (to / co) / (tn / cn)
        ratio.append(r)
        raw.append(to / tn)
        y_old.append(co / to)
        y_new.append(cn / tn)
        if a.per_matrix:
            print(f"  {m[:44]:44s} old {to * 1e6:9.1f} us  new {tn * 1e6:9.1f} us  yardstick ratio {r:.3f}")
    if not ratio:
        print(f"{a.method}: no matrix in both files")
        return
    print(f"{a.method}: {len(ratio)} matrices; old / new through the yardstick {gm(ratio):.3f} (min {min(ratio):.3f}, "
          f"max {max(ratio):.3f}, new faster on {sum(r > 1 for r in ratio)}); raw {gm(raw):.3f}; best cuSPARSE / "
          f"{a.method}: old {gm(y_old):.3f}, new {gm(y_new):.3f}" + (f"; {len(skipped)} skipped" if skipped else ""))


if __name__ == "__main__":
    main()
