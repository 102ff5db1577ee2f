#!/usr/bin/env python3
"""The converted formats (csr_delta, csr_adaptive_delta, sell, ell, jad, dia, tile8x4, ell_bro) against the plain CSR kernels and cuSPARSE, from `aspmv bench --csv`.

Per matrix and value type: the fastest plain aspmv CSR kernel ("plain": every registered kernel but the formats,
COO included), the fastest configuration of each format, the best cuSPARSE CSR algorithm (family `cusparse`) and
cuSPARSE's SELL (family `cusparse_sell`) where measured. For each format: its speedup over the best plain kernel
(plain time / format time), its conversion time (setup_s of its fastest configuration) and the calls after which
the conversion pays off over the best plain kernel; its effective bandwidth counted with CSR's bytes as a share of
the copy bandwidth (gbs / copy_gbs: above 1.0 is faster than moving the CSR arrays can be). sell is also compared
with cuSPARSE's SELL. A format whose conversion was refused (memory guard) has no time on that matrix.

    formats_summary.py bench.csv [more.csv ...] [--out per_matrix.csv]
"""
from __future__ import annotations

import argparse
import math
import sys

import pandas as pd

FORMATS = ("csr_delta", "csr_adaptive_delta", "sell", "ell", "jad", "dia", "tile8x4", "ell_bro")
AUTOMATIC = ("aspmv_auto", "aspmv_rules", "aspmv_spmv")


def geomean(values) -> float:
    v = [x for x in values if x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else float("nan")


def kernel_of(method: str) -> str:
    """`csr_delta<4>` -> csr_delta, `sell[sell_c=16]` -> sell."""
    for sep in "<[":
        method = method.split(sep)[0]
    return method


def summarize(frame: pd.DataFrame) -> pd.DataFrame:
    ok = frame[frame["ok"] == 1].copy()
    ok["kernel"] = ok["method"].map(kernel_of)
    rows = []
    for (matrix, value), d in ok.groupby(["matrix", "value"], sort=True):
        # Registered kernels only: not the library's own choices (aspmv_auto, aspmv_rules, aspmv_spmv) nor
        # bench variants ("kernel[key=value]").
        plain = d[(d["family"] == "aspmv") & ~d["kernel"].isin(FORMATS + AUTOMATIC) & ~d["method"].str.contains("[", regex=False)]
        if plain.empty:
            continue
        bp = plain.loc[plain["time_s"].idxmin()]
        row = {"matrix": matrix, "value": value, "nnz": int(bp["nnz"]), "plain": bp["method"],
               "plain_us": bp["time_s"] * 1e6,
               "plain_bw_share": bp["gbs"] / bp["copy_gbs"] if bp["copy_gbs"] > 0 else float("nan")}
        for family, key in (("cusparse", "cusparse"), ("cusparse_sell", "cusparse_sell")):
            v = d[d["family"] == family]
            if not v.empty:
                row[f"{key}_us"] = v["time_s"].min() * 1e6
        for f in FORMATS:
            fd = d[(d["family"] == "aspmv") & (d["kernel"] == f) & ~d["method"].str.contains("[", regex=False)]
            if fd.empty:
                continue
            b = fd.loc[fd["time_s"].idxmin()]
            gain = bp["time_s"] - b["time_s"]
            row[f"{f}"] = b["method"]
            row[f"{f}_us"] = b["time_s"] * 1e6
            row[f"{f}_vs_plain"] = bp["time_s"] / b["time_s"]
            row[f"{f}_convert_ms"] = b["setup_s"] * 1e3
            row[f"{f}_payoff_calls"] = math.ceil(b["setup_s"] / gain) if gain > 0 else float("inf")
            row[f"{f}_csr_bw_share"] = b["gbs"] / b["copy_gbs"] if b["copy_gbs"] > 0 else float("nan")
        if "sell_us" in row and "cusparse_sell_us" in row:
            row["sell_vs_cusparse_sell"] = row["cusparse_sell_us"] / row["sell_us"]
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
        print("no matrix with a plain aspmv kernel measured")
        return 1
    if args.out:
        t.to_csv(args.out, index=False)
    cols = [c for c in ["matrix", "value", "nnz", "plain", "plain_us", "plain_bw_share", "cusparse_us",
                        "csr_delta_us", "csr_delta_vs_plain", "csr_delta_csr_bw_share", "sell_us", "sell_vs_plain",
                        "cusparse_sell_us", "sell_vs_cusparse_sell", "ell_us", "ell_vs_plain", "jad_us", "jad_vs_plain"] if c in t]
    with pd.option_context("display.width", 250, "display.max_columns", 30, "display.max_rows", 500):
        print(t[cols].to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    for value, d in t.groupby("value"):
        print(f"{value}: {len(d)} matrices")
        for f in FORMATS:
            c = f"{f}_vs_plain"
            if c not in d or d[c].dropna().empty:
                continue
            r = d[c].dropna()
            print(f"  {f} / best plain aspmv kernel: geomean {geomean(r):.3f}, min {r.min():.3f}, max {r.max():.3f}, "
                  f"faster on {int((r > 1).sum())} of {len(r)}; conversion median "
                  f"{d[f'{f}_convert_ms'].dropna().median():.2f} ms")
        if "sell_vs_cusparse_sell" in d and not d["sell_vs_cusparse_sell"].dropna().empty:
            r = d["sell_vs_cusparse_sell"].dropna()
            print(f"  sell / cuSPARSE SELL: geomean {geomean(r):.3f}, min {r.min():.3f}, "
                  f"faster on {int((r > 1).sum())} of {len(r)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
