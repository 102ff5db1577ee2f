#!/usr/bin/env python3
"""New/old time ratios of two `aspmv bench --csv` files (standard library only).

    bench_compare.py OLD.csv NEW.csv [--threshold 1.03] [--out ratios.csv]

Rows are joined on (matrix, value, offset, method); only the aspmv family is
compared (every kernel/TpR the bench runs, aspmv_auto, and variants).
Prints, per method, the geometric mean, min and max of new/old over the
matrices both runs measured (all calls, then calls below and above --split-us
of old time apart), and lists every (method, matrix) whose ratio is
above the threshold (flagged '!'), plus rows that failed the check in either
run and methods found in only one run. Exit status 0 (a report, not a gate).
"""

import argparse
import csv
import math
import sys
from collections import defaultdict


def load(path):
    rows = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r.get("family") != "aspmv":
                continue
            key = (r["matrix"], r["value"], r["offset"], r["method"])
            try:
                t = float(r["time_s"])
            except (KeyError, ValueError):
                continue
            if not t > 0:  # not timed: a format refused on the matrix (ELL's padding guard), written as 0
                continue
            # A matrix benchmarked twice in one file: keep the faster (both are medians).
            if key not in rows or t < rows[key]["t"]:
                rows[key] = {"t": t, "ok": r.get("ok", "1") == "1", "detail": r.get("detail", "")}
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--threshold", type=float, default=1.03)
    ap.add_argument("--out", help="write every joined ratio to this CSV")
    ap.add_argument("--split-us", type=float, default=20.0,
                    help="also summarize calls whose old time is below / at least this many microseconds apart")
    a = ap.parse_args()
    old, new = load(a.old), load(a.new)
    common = sorted(set(old) & set(new))
    if not common:
        print("no (matrix, method) pair in both files")
        return 0

    by_method = defaultdict(list)
    for k in common:
        by_method[k[3]].append((new[k]["t"] / old[k]["t"], k))

    def method_order(m):  # the bench's order: scalar, vector<1..32>, gao, adaptive, merge, auto, variants
        base = m.split("[")[0]
        names = ["csr_scalar", "csr_vector", "gao_partitioned", "csr_adaptive", "merge_path", "aspmv_auto"]
        i = next((j for j, n in enumerate(names) if base.startswith(n)), len(names))
        tpr = int(base.split("<")[1].rstrip(">")) if base.startswith("csr_vector<") else 0
        return (i, "[" in m, tpr, m)

    matrices = sorted({k[0] for k in common})
    print(f"new/old time ratio over {len(matrices)} matrices ({len(common)} pairs); "
          f"'!' marks ratios above {a.threshold:.2f}")
    print(f"{'method':<28} {'n':>3} {'geomean':>8} {'min':>7} {'max':>7} {'>thr':>5}")
    flagged = []
    for m in sorted(by_method, key=method_order):
        rs = by_method[m]
        g = math.exp(sum(math.log(r) for r, _ in rs) / len(rs))
        over = [(r, k) for r, k in rs if r > a.threshold]
        flagged += over
        mark = " !" if g > a.threshold else ""
        print(f"{m:<28} {len(rs):>3} {g:>8.3f} {min(r for r, _ in rs):>7.3f} {max(r for r, _ in rs):>7.3f} "
              f"{len(over):>5}{mark}")

    for label, keep in ((f"old time >= {a.split_us:g} us", lambda t: t >= a.split_us * 1e-6),
                        (f"old time < {a.split_us:g} us (launch-bound)", lambda t: t < a.split_us * 1e-6)):
        print(f"\n-- {label}\n{'method':<28} {'n':>3} {'geomean':>8} {'max':>7} {'>thr':>5}")
        for m in sorted(by_method, key=method_order):
            rs = [r for r, k in by_method[m] if keep(old[k]["t"])]
            if not rs:
                continue
            g = math.exp(sum(math.log(r) for r in rs) / len(rs))
            print(f"{m:<28} {len(rs):>3} {g:>8.3f} {max(rs):>7.3f} {sum(r > a.threshold for r in rs):>5}"
                  f"{' !' if g > a.threshold else ''}")

    print(f"\nratios above {a.threshold:.2f} ({len(flagged)}):")
    for r, k in sorted(flagged, key=lambda rk: (method_order(rk[1][3]), -rk[0])):
        print(f"  ! {k[3]:<28} {k[0]:<48} {k[1]:<6} {k[2]:<5} old {old[k]['t'] * 1e6:10.2f} us  "
              f"new {new[k]['t'] * 1e6:10.2f} us  x{r:.3f}")

    bad = [k for k in common if not (old[k]["ok"] and new[k]["ok"])]
    if bad:
        print(f"\nrows failing the check ({len(bad)}):")
        for k in bad:
            print(f"  {k[3]:<28} {k[0]:<48} old {'ok' if old[k]['ok'] else 'FAIL'}  new {'ok' if new[k]['ok'] else 'FAIL'}")
    only_old = sorted({k[3] for k in old} - {k[3] for k in new})
    only_new = sorted({k[3] for k in new} - {k[3] for k in old})
    if only_old or only_new:
        print(f"\nmethods only in the old run: {', '.join(only_old) or '-'}; only in the new run: {', '.join(only_new) or '-'}")
    missing = sorted({k[0] for k in old} ^ {k[0] for k in new})
    if missing:
        print(f"matrices in one run only: {', '.join(missing)}")

    if a.out:
        with open(a.out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["matrix", "value", "offset", "method", "old_time_s", "new_time_s", "ratio", "old_ok", "new_ok"])
            for k in common:
                w.writerow([*k, f"{old[k]['t']:.6e}", f"{new[k]['t']:.6e}", f"{new[k]['t'] / old[k]['t']:.4f}",
                            int(old[k]["ok"]), int(new[k]["ok"])])
    return 0


if __name__ == "__main__":
    sys.exit(main())
