#!/usr/bin/env python3
"""lrb (logarithmic row binning) against the other analysis kernels, every other aspmv kernel and cuSPARSE, from
`aspmv bench --csv` files (standard library only).

    lrb_summary.py BENCH.csv... [--out per_matrix.csv] [--lrb METHOD]

--lrb names the method taken as lrb (default "lrb"; e.g. "lrb[lrb_one_launch=0]", a bench variant); every lrb
method is left out of "the best other kernel".

Per matrix (and precision): lrb's time and setup (its analysis: binning on the device), CSR-Adaptive's and Gao's
(best configuration of each), the best other aspmv kernel (lrb left out) and the best cuSPARSE algorithm (CSR, COO,
SELL: every family whose name starts with cusparse). Prints the geometric means of the ratios over the matrices
(all, and those above and below 1M nonzeros), how many matrices lrb is the fastest aspmv kernel on, and the setup
times side by side. A ratio is other / lrb: above 1, lrb is faster. Rows that failed the check or were not timed
are left out (and listed).
"""

import argparse
import csv
import math
import sys
from collections import defaultdict


def base_kernel(method):
    return method.split("<", 1)[0].split("@", 1)[0]


def load(paths):
    data = defaultdict(dict)  # (matrix, value) -> method -> row
    nnz = {}
    failed = []
    for path in paths:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                key = (r["matrix"], r["value"])
                try:
                    t = float(r["time_s"])
                    setup = float(r["setup_s"])
                except (KeyError, ValueError):
                    continue
                if r.get("ok", "1") != "1" or not t > 0:
                    failed.append((r["matrix"], r["value"], r["method"]))
                    continue
                nnz[key] = int(r["nnz"])
                old = data[key].get(r["method"])
                if old is None or t < old["t"]:
                    data[key][r["method"]] = {"t": t, "setup": setup, "family": r["family"]}
    return data, nnz, failed


def best(methods, pick):
    chosen = [(v["t"], m, v["setup"]) for m, v in methods.items() if pick(m, v)]
    return min(chosen) if chosen else None


def gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--out", help="per-matrix CSV")
    ap.add_argument("--lrb", default="lrb", help="the method taken as lrb (default: lrb)")
    args = ap.parse_args()
    data, nnz, failed = load(args.csv)
    rows = []
    for (matrix, value), methods in sorted(data.items()):
        lrb = methods.get(args.lrb)
        if lrb is None:
            continue
        aspmv = lambda m, v: v["family"] == "aspmv" and m != "aspmv_auto"  # noqa: E731
        row = {
            "matrix": matrix,
            "value": value,
            "nnz": nnz[(matrix, value)],
            "lrb_us": lrb["t"] * 1e6,
            "lrb_setup_ms": lrb["setup"] * 1e3,
            "adaptive": best(methods, lambda m, v: base_kernel(m) == "csr_adaptive"),
            "gao": best(methods, lambda m, v: base_kernel(m) == "gao_partitioned"),
            "other": best(methods, lambda m, v: aspmv(m, v) and not base_kernel(m).startswith("lrb")),
            "cusparse": best(methods, lambda m, v: v["family"].startswith("cusparse")),
        }
        rows.append(row)
    if not rows:
        print("no lrb rows", file=sys.stderr)
        return 1

    def ratio(r, k):
        return r[k][0] * 1e6 / r["lrb_us"] if r[k] else None

    print(f"{'matrix':42s} {'prec':6s} {'nnz':>9s} {'lrb us':>9s} {'setup ms':>8s} {'adapt/lrb':>9s} "
          f"{'adapt ms':>8s} {'gao/lrb':>8s} {'gao ms':>8s} {'best other':>24s} {'/lrb':>6s} {'cusp/lrb':>8s}")
    for r in rows:
        def f(k):
            x = ratio(r, k)
            return f"{x:8.3f}" if x is not None else f"{'-':>8s}"

        def setup(k):
            return f"{r[k][2] * 1e3:8.3f}" if r[k] else f"{'-':>8s}"

        other = r["other"][1] if r["other"] else "-"
        print(f"{r['matrix'][:42]:42s} {r['value']:6s} {r['nnz']:9d} {r['lrb_us']:9.2f} {r['lrb_setup_ms']:8.3f} "
              f"{f('adaptive'):>9s} {setup('adaptive')} {f('gao')} {setup('gao')} {other[:24]:>24s} "
              f"{ratio(r, 'other') or float('nan'):6.3f} {f('cusparse')}")
    print()
    for value in sorted({r["value"] for r in rows}):
        for label, sel in (("all", lambda r: True), (">= 1M nnz", lambda r: r["nnz"] >= 1_000_000),
                           ("< 1M nnz", lambda r: r["nnz"] < 1_000_000)):
            rs = [r for r in rows if r["value"] == value and sel(r)]
            if not rs:
                continue
            parts = [f"{value:6s} {label:9s} {len(rs):3d} matrices:"]
            for k in ("adaptive", "gao", "other", "cusparse"):
                xs = [ratio(r, k) for r in rs if r[k]]
                parts.append(f"{k}/lrb gm {gmean(xs):.3f} (lrb faster on {sum(x > 1 for x in xs)} of {len(xs)})")
            wins = sum(1 for r in rs if r["other"] and r["lrb_us"] < r["other"][0] * 1e6)
            parts.append(f"lrb the fastest aspmv kernel on {wins}")
            su = [r["lrb_setup_ms"] for r in rs]
            sa = [r["adaptive"][2] * 1e3 for r in rs if r["adaptive"]]
            sg = [r["gao"][2] * 1e3 for r in rs if r["gao"]]
            parts.append(f"setup ms gm lrb {gmean(su):.3f}, csr_adaptive {gmean(sa):.3f}, gao {gmean(sg):.3f}")
            print("; ".join(parts))
    if failed:
        print(f"\nleft out (failed or not timed): {len(failed)}")
        for m, v, meth in failed[:20]:
            print(f"  {m} {v} {meth}")
    if args.out:
        with open(args.out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["matrix", "value", "nnz", "lrb_us", "lrb_setup_ms", "csr_adaptive_us", "csr_adaptive_setup_ms",
                        "gao_us", "gao_setup_ms", "best_other", "best_other_us", "best_cusparse", "best_cusparse_us"])
            for r in rows:
                def cols(k, name=False):
                    if not r[k]:
                        return ["", ""] if not name else ["", ""]
                    return [r[k][1], f"{r[k][0] * 1e6:.3f}"] if name else [f"{r[k][0] * 1e6:.3f}",
                                                                         f"{r[k][2] * 1e3:.4f}"]
                w.writerow([r["matrix"], r["value"], r["nnz"], f"{r['lrb_us']:.3f}", f"{r['lrb_setup_ms']:.4f}"] +
                           cols("adaptive") + cols("gao") + cols("other", True) + cols("cusparse", True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
