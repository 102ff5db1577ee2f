#!/usr/bin/env python3
"""CSR-delta (compressed column indices) against the plain CSR kernels, from `aspmv bench --csv` files.

Per matrix and value type: the fastest csr_delta<TpR>, the fastest other aspmv kernel (every plain CSR kernel and
COO; "best plain"), the best vendor method (cuSPARSE) where measured; the speedup of csr_delta over each; its
conversion time (setup_s of the fastest configuration) and the calls after which the conversion pays off over the
best plain kernel; and its effective bandwidth as a share of the copy bandwidth, counted with CSR's bytes (gbs /
copy_gbs; above 1.0 means faster than moving the plain CSR arrays can be).

    delta_summary.py bench.csv [more.csv ...] [--out per_matrix.csv]
"""
from __future__ import annotations

import argparse
import math
import sys

import pandas as pd


def geomean(values) -> float:
    v = [x for x in values if x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else float("nan")


def summarize(frame: pd.DataFrame) -> pd.DataFrame:
    ok = frame[frame["ok"] == 1]
    rows = []
    for (matrix, value), d in ok.groupby(["matrix", "value"], sort=True):
        delta = d[d["method"].str.startswith("csr_delta")]
        plain = d[(d["family"] == "aspmv") & ~d["method"].str.startswith("csr_delta")]
        vendor = d[d["family"] == "vendor"]
        if delta.empty or plain.empty:
            continue
        bd = delta.loc[delta["time_s"].idxmin()]
        bp = plain.loc[plain["time_s"].idxmin()]
        gain = bp["time_s"] - bd["time_s"]
        row = {"matrix": matrix, "value": value, "nnz": int(bd["nnz"]),
               "delta": bd["method"], "delta_us": bd["time_s"] * 1e6,
               "plain": bp["method"], "plain_us": bp["time_s"] * 1e6,
               "delta_vs_plain": bp["time_s"] / bd["time_s"],
               "convert_ms": bd["setup_s"] * 1e3,
               "payoff_calls": math.ceil(bd["setup_s"] / gain) if gain > 0 else float("inf"),
               "delta_csr_bw_share": bd["gbs"] / bd["copy_gbs"] if bd["copy_gbs"] > 0 else float("nan"),
               "plain_bw_share": bp["gbs"] / bp["copy_gbs"] if bp["copy_gbs"] > 0 else float("nan"),
               "detail": bd["detail"]}
        if not vendor.empty:
            bv = vendor.loc[vendor["time_s"].idxmin()]
            row["vendor"] = bv["method"]
            row["vendor_us"] = bv["time_s"] * 1e6
            row["delta_vs_vendor"] = bv["time_s"] / bd["time_s"]
        rows.append(row)
    return pd.DataFrame(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--out", help="per-matrix table (CSV)")
    args = ap.parse_args()
    frame = pd.concat([pd.read_csv(f) for f in args.csv], ignore_index=True)
    t = summarize(frame)
    if t.empty:
        print("no matrix with both csr_delta and another aspmv kernel measured")
        return 1
    if args.out:
        t.to_csv(args.out, index=False)
    cols = ["matrix", "value", "nnz", "delta", "delta_us", "plain", "plain_us", "delta_vs_plain", "convert_ms",
            "payoff_calls", "delta_csr_bw_share", "plain_bw_share"]
    if "delta_vs_vendor" in t:
        cols += ["vendor_us", "delta_vs_vendor"]
    with pd.option_context("display.width", 250, "display.max_columns", 30, "display.max_rows", 500):
        print(t[cols].to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    for value, d in t.groupby("value"):
        line = (f"{value}: {len(d)} matrices; csr_delta / best plain aspmv kernel: geomean "
                f"{geomean(d['delta_vs_plain']):.3f}, min {d['delta_vs_plain'].min():.3f}, "
                f"max {d['delta_vs_plain'].max():.3f}; faster on {int((d['delta_vs_plain'] > 1).sum())}")
        if "delta_vs_vendor" in d:
            line += f"; / best cuSPARSE: geomean {geomean(d['delta_vs_vendor'].dropna()):.3f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
