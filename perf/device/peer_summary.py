#!/usr/bin/env python3
"""Issue 21's targets from one `aspmv bench` CSV: aspmv against cuSPARSE
(measured in the same run) and against DASP (through the cuSPARSE yardstick
of ../shared/matrices/peers-h100.csv: DASP's time scaled by our best cuSPARSE
over the peers file's best cuSPARSE on the same matrix).

  python3 perf/device/peer_summary.py BENCH.csv[.gz] [--peers PEERS.csv] [--out per_matrix.csv]

Per matrix: the best aspmv kernel (every forced kernel configuration; not the
plan's choice or the drop-in), the drop-in call (aspmv_spmv), merge_split,
the best cuSPARSE algorithm (every one the run measured: CSR ALG1/ALG2 and,
in runs that have them, COO ALG1/ALG2 and SELL, whose conversions are timed
as setup like those of aspmv's formats; COO ALG1 was faster than both CSR
algorithms on 45 of the 62 real matrices on the H200), the best CSR
algorithm (the bar of the drop-in, which converts nothing, and of the DASP
yardstick: the peers file has CSR times only), DASP through the yardstick,
and the share of the copy bandwidth of the best kernel. Printed: geometric means and the counts
the targets name. Times are the CSV's time_s (one call, the median).
"""

import argparse
import csv
import gzip
import math
import os
import sys
from collections import defaultdict

PLAN_METHODS = {"aspmv_spmv", "aspmv_auto", "aspmv_rules"}


def stem(name):
    base = os.path.basename(name)
    for ext in (".xz", ".gz"):
        if base.endswith(ext):
            base = base[: -len(ext)]
    return base[:-4] if base.endswith(".mtx") else base


def geomean(values):
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def read_bench(path):
    rows = defaultdict(dict)
    meta = {}
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", newline="") as f:
        for r in csv.DictReader(f):
            if r.get("ok", "1") != "1":
                continue
            m = stem(r["matrix"])
            rows[m][(r["family"], r["method"])] = (float(r["time_s"]), float(r["gbs"]), float(r["copy_gbs"]))
            meta[m] = int(r["nnz"])
    return rows, meta


def read_peers(path):
    peers = defaultdict(dict)
    if not path or not os.path.exists(path):
        return peers
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            peers[r["matrix"]][r["peer"]] = float(r["spmv_us"]) * 1e-6
    return peers


def main_over_bench_files(doc, summarize):
    """The command line of the summaries that read `aspmv bench` CSVs beside the peers file
    (tile8x4_summary.py, graph_summary.py): BENCH.csv... [--peers PEERS.csv] [--list N]; calls
    summarize(path, peers, list) for each file."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("bench", nargs="+")
    ap.add_argument("--peers", default=os.path.join(os.path.dirname(__file__), "../../../shared/matrices/peers-h100.csv"))
    ap.add_argument("--list", type=int, default=0, help="list the N smallest matrices")
    a = ap.parse_args()
    peers = read_peers(a.peers)
    for path in a.bench:
        summarize(path, peers, a.list)


def summarize(rows, meta, peers):
    out = []
    for m, methods in sorted(rows.items()):
        kernels = {meth: v for (fam, meth), v in methods.items() if fam == "aspmv" and meth not in PLAN_METHODS}
        csr = {meth: v for (fam, meth), v in methods.items() if fam == "cusparse"}
        cus = {meth: v for (fam, meth), v in methods.items() if fam in ("cusparse", "cusparse_coo", "cusparse_sell")}
        if not kernels or not csr:
            continue
        best_k, (t_best, gbs_best, copy) = min(kernels.items(), key=lambda kv: kv[1][0])
        best_cus, (t_cus, _, _) = min(cus.items(), key=lambda kv: kv[1][0])
        t_csr = min(v[0] for v in csr.values())
        drop = methods.get(("aspmv", "aspmv_spmv"))
        split = kernels.get("merge_split")
        row = {"matrix": m, "nnz": meta[m], "best_kernel": best_k, "best_us": t_best * 1e6,
               "cusparse_us": t_cus * 1e6, "cusparse_method": best_cus, "cusparse_csr_us": t_csr * 1e6,
               "best_vs_cusparse": t_cus / t_best, "best_vs_cusparse_csr": t_csr / t_best,
               "copy_share": gbs_best / copy if copy > 0 else float("nan"),
               "drop_in_us": drop[0] * 1e6 if drop else float("nan"),
               "drop_in_vs_cusparse_csr": t_csr / drop[0] if drop else float("nan"),
               "merge_split_us": split[0] * 1e6 if split else float("nan"),
               "merge_split_vs_cusparse_csr": t_csr / split[0] if split else float("nan")}
        p = peers.get(m, {})
        peer_cus = min([p[k] for k in ("cusparse_alg1", "cusparse_alg2") if k in p], default=None)
        if "dasp" in p and peer_cus:
            dasp = p["dasp"] * t_csr / peer_cus
            row["dasp_yardstick_us"] = dasp * 1e6
            row["best_vs_dasp"] = dasp / t_best
        out.append(row)
    return out


def report(out):
    def col(k):
        return [r[k] for r in out if k in r and not math.isnan(r[k])]

    best = col("best_vs_cusparse")
    lines = [f"{len(out)} matrices"]
    lines.append(f"best aspmv kernel / best cuSPARSE (speedup): geomean {geomean(best):.3f}, min {min(best):.3f}, "
                 f"below 1.0: {sum(v < 1.0 for v in best)}, below 0.95: {sum(v < 0.95 for v in best)}")
    csr = col("best_vs_cusparse_csr")
    lines.append(f"best aspmv kernel / best cuSPARSE CSR algorithm: geomean {geomean(csr):.3f}, min {min(csr):.3f}, "
                 f"below 1.0: {sum(v < 1.0 for v in csr)}")
    converted = defaultdict(int)
    for r in out:
        if not r["cusparse_method"].startswith("cusparse_csr"):
            converted[r["cusparse_method"]] += 1
    if converted:
        lines.append("best cuSPARSE algorithm a converted format's on " +
                     ", ".join(f"{v} ({k})" for k, v in sorted(converted.items())) + f" of {len(out)}")
    drop = col("drop_in_vs_cusparse_csr")
    if drop:
        lines.append(f"drop-in aspmv::spmv / best cuSPARSE CSR algorithm: geomean {geomean(drop):.3f}, min {min(drop):.3f}, "
                     f"below 0.9: {sum(v < 0.9 for v in drop)}, below 0.5: {sum(v < 0.5 for v in drop)}")
    split = col("merge_split_vs_cusparse_csr")
    if split:
        lines.append(f"merge_split / best cuSPARSE CSR algorithm: geomean {geomean(split):.3f}, min {min(split):.3f}")
    dasp = col("best_vs_dasp")
    if dasp:
        lines.append(f"best aspmv kernel / DASP (yardstick): geomean {geomean(dasp):.3f}, "
                     f"DASP ahead on {sum(v < 1.0 for v in dasp)} of {len(dasp)}")
    big = [r for r in out if r["nnz"] >= 1_000_000]
    if big:
        shares = [r["copy_share"] for r in big]
        lines.append(f"above 1M nonzeros ({len(big)}): best kernel's share of copy bandwidth min {min(shares):.2f}, "
                     f"below 0.75: {sum(s < 0.75 for s in shares)}")
    winners = defaultdict(int)
    for r in out:
        winners[r["best_kernel"].split("<")[0]] += 1
    lines.append("best kernel counts: " + ", ".join(f"{k} {v}" for k, v in sorted(winners.items(), key=lambda kv: -kv[1])))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bench", nargs="+")
    ap.add_argument("--peers", default=os.path.join(os.path.dirname(__file__), "../../../shared/matrices/peers-h100.csv"))
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    rows, meta = {}, {}
    for path in a.bench:
        r, m = read_bench(path)
        rows.update(r)
        meta.update(m)
    out = summarize(rows, meta, read_peers(a.peers))
    if not out:
        print("no matrix with both aspmv kernels and cuSPARSE", file=sys.stderr)
        return 1
    print(report(out))
    if a.out:
        keys = sorted({k for r in out for k in r}, key=lambda k: list(out[0]).index(k) if k in out[0] else 99)
        with open(a.out, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=keys)
            w.writeheader()
            for r in out:
                w.writerow({k: (f"{v:.4g}" if isinstance(v, float) else v) for k, v in r.items()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
