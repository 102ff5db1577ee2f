#!/usr/bin/env python3
"""The automatic choice against the oracle and the comparators, from `aspmv bench --csv` files.

    perf/device/auto_vs_oracle.py BENCH.csv [BENCH.csv ...] [--markdown OUT.md]
    perf/device/auto_vs_oracle.py --runs RUN_DIR [RUN_DIR ...]     (aspmv collect folders)

Per matrix: the oracle over aspmv's kernels (every configuration the bench
ran, parameter variants excluded), the automatic plan (aspmv_auto: the model
table, rules where no model applies), the rules alone (aspmv_rules), the
drop-in call (aspmv_spmv), the best cuSPARSE algorithm, cuSPARSE ALG1 and
Kokkos Kernels; then the issue's targets as geometric means and counts.
Ratios are speedups: time of the other / time of ours (> 1: ours is faster),
except `of oracle` = time of the oracle / time of the choice (<= 1).
Standard library only.
"""
import argparse
import csv
import gzip
import os
import math
import sys

AUTO = ("aspmv_auto", "aspmv_rules", "aspmv_spmv")


def geomean(values):
    values = [v for v in values if v > 0 and math.isfinite(v)]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def load(paths):
    by_matrix = {}
    for path in paths:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                if row.get("ok") != "1":
                    continue
                m = by_matrix.setdefault(row["matrix"], {"nnz": int(float(row["nnz"])), "methods": {}})
                m["methods"][row["method"]] = (float(row["time_s"]), float(row["setup_s"]), row["detail"])
    return by_matrix


def _open(path):
    return gzip.open(path, "rt", newline="") if path.endswith(".gz") else open(path, newline="")


def _in_run(folder, name):
    for candidate in (name, name + ".gz"):
        if os.path.exists(os.path.join(folder, candidate)):
            return os.path.join(folder, candidate)
    raise FileNotFoundError(os.path.join(folder, name))


def load_runs(folders):
    """Collector folders (runtimes.csv, features.csv, gzipped or not) in the bench CSV's shape."""
    by_matrix = {}
    for folder in folders:
        with _open(_in_run(folder, "features.csv")) as f:
            nnz = {row["matrix"]: int(float(row["nnz"])) for row in csv.DictReader(f)}
        with _open(_in_run(folder, "runtimes.csv")) as f:
            for row in csv.DictReader(f):
                if row.get("ok") != "1" or row["matrix"] not in nnz:
                    continue
                label = row["kernel"]
                if row["config"] not in ("-", ""):
                    label += f"<{row['config']}>"
                m = by_matrix.setdefault(row["matrix"], {"nnz": nnz[row["matrix"]], "methods": {}})
                if row["kernel"] == "cusparse":
                    label = "cusparse_csr_" + row["config"]
                elif row["kernel"] == "kokkos_kernels":
                    label = "kokkos_kernels"
                m["methods"][label] = (float(row["time_s"]), float(row["preprocessing_s"]), row["kernel"])
    return by_matrix


def summarize(by_matrix):
    rows = []
    for name, m in by_matrix.items():
        t = m["methods"]
        kernels = {k: v[0] for k, v in t.items()
                   if k not in AUTO and "[" not in k and not k.startswith("cusparse") and k != "kokkos_kernels"}
        if not kernels or "aspmv_auto" not in t:
            continue
        oracle_label = min(kernels, key=kernels.get)
        cusparse = {k: v[0] for k, v in t.items() if k.startswith("cusparse")}
        r = {
            "matrix": name, "nnz": m["nnz"], "oracle": oracle_label, "t_oracle": kernels[oracle_label],
            "auto": t["aspmv_auto"][0], "auto_setup": t["aspmv_auto"][1],
            "auto_kernel": t["aspmv_auto"][2].split(":")[0],
            "rules": t.get("aspmv_rules", (float("nan"),))[0],
            "dropin": t.get("aspmv_spmv", (float("nan"),))[0],
            "dropin_detail": t.get("aspmv_spmv", (0, 0, ""))[2],
            "cusparse_best": min(cusparse.values()) if cusparse else float("nan"),
            "cusparse_alg1": t.get("cusparse_csr_alg1", (float("nan"),))[0],
            "kk": t.get("kokkos_kernels", (float("nan"),))[0],
        }
        rows.append(r)
    return rows


def report(rows, title, table=True):
    out = [f"### {title} ({len(rows)} matrices)", ""]
    if table:
        out.append("| matrix | nnz | oracle kernel | auto kernel | auto of oracle | rules of oracle | "
               "auto vs best cuSPARSE | drop-in vs ALG1 | auto vs KK | auto setup / call |")
        out.append("|---|---|---|---|---|---|---|---|---|---|")
    for r in sorted(rows, key=lambda r: r["nnz"]) if table else []:
        out.append(f"| {r['matrix']} | {r['nnz']} | {r['oracle']} | {r['auto_kernel']} | "
                   f"{r['t_oracle'] / r['auto']:.3f} | {r['t_oracle'] / r['rules']:.3f} | "
                   f"{r['cusparse_best'] / r['auto']:.3f} | {r['cusparse_alg1'] / r['dropin']:.3f} | "
                   f"{r['kk'] / r['auto']:.2f} | {r['auto_setup'] / r['auto']:.1f} |")
    of_oracle = [r["t_oracle"] / r["auto"] for r in rows]
    rules_of_oracle = [r["t_oracle"] / r["rules"] for r in rows if math.isfinite(r["rules"])]
    vs_cusparse = [r["cusparse_best"] / r["auto"] for r in rows if math.isfinite(r["cusparse_best"])]
    vs_kk = [r["kk"] / r["auto"] for r in rows if math.isfinite(r["kk"])]
    dropin = [r["cusparse_alg1"] / r["dropin"] for r in rows
              if math.isfinite(r["cusparse_alg1"]) and math.isfinite(r["dropin"])]
    big = [r["auto_setup"] / r["auto"] for r in rows if r["nnz"] > 1_000_000]
    out += ["", "| target | measured |", "|---|---|",
            f"| plan.apply: geomean of oracle >= 0.95, none < 0.75 | {geomean(of_oracle):.3f}, "
            f"min {min(of_oracle):.3f}, {sum(v < 0.75 for v in of_oracle)} below 0.75 |",
            f"| (rules alone, for comparison) | {geomean(rules_of_oracle):.3f}, min "
            f"{min(rules_of_oracle, default=float('nan')):.3f}, {sum(v < 0.75 for v in rules_of_oracle)} below 0.75 |"]
    if vs_cusparse:
        out.append(f"| vs best cuSPARSE >= 1.25x geomean, < 5 % below 0.9x | {geomean(vs_cusparse):.3f}x, "
                   f"{100 * sum(v < 0.9 for v in vs_cusparse) / len(vs_cusparse):.0f} % below 0.9x |")
    if vs_kk:
        out.append(f"| vs Kokkos Kernels >= 3x | {geomean(vs_kk):.2f}x |")
    if dropin:
        out.append(f"| drop-in vs cuSPARSE ALG1 >= 1.0x per call | {geomean(dropin):.3f}x, "
                   f"{sum(v < 1 for v in dropin)} of {len(dropin)} below 1 |")
    if big:
        out.append(f"| plan cost <= 10 SpMV-equivalents above 1M nnz | median {sorted(big)[len(big) // 2]:.1f}, "
                   f"max {max(big):.1f} ({len(big)} matrices) |")
    return "\n".join(out) + "\n"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("csv", nargs="*")
    p.add_argument("--runs", nargs="+", help="aspmv collect folders instead of bench CSVs")
    p.add_argument("--markdown", help="also write the tables here")
    a = p.parse_args(argv)
    if a.runs:
        rows = summarize(load_runs(a.runs))
        text = report(rows, " + ".join(a.runs), table=False)
        sys.stdout.write(text)
        if a.markdown:
            with open(a.markdown, "w") as f:
                f.write(text)
        return 0
    text = ""
    for path in a.csv:
        rows = summarize(load([path]))
        if rows:
            text += report(rows, path) + "\n"
    rows = summarize(load(a.csv))
    if len(a.csv) > 1 and rows:
        text += report(rows, "all") + "\n"
    sys.stdout.write(text)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
