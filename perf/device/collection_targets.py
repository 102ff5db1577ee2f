#!/usr/bin/env python3
"""Issue 21's GPU targets read from `aspmv collect` folders (the collector's protocol: 10 warm-ups, median of its
batches, every registered kernel and configuration, one process per part) instead of `aspmv bench` CSVs.

    collection_targets.py FOLDER... [--manifest perf/corpus/real/MANIFEST.tsv] [--peers PEERS.csv]
                          [--per-matrix OUT.csv]

Per set (shared: the manifest's `shared:real*` matrices, the 62 of ../shared/matrices; real: every other real
corpus matrix of the manifest; real-derived: names with "--"; the rest: generated), from each matrix's time per
call:
- best aspmv kernel (the least time over every aspmv-family kernel and configuration, formats included) against
  the best cuSPARSE algorithm (CSR ALG1/ALG2, COO ALG1/ALG2, SELL) and against its CSR algorithms alone;
- the drop-in (`aspmv_spmv`: no plan) and vector_split (the GPU drop-in's kernel, at its default parameters)
  against the best cuSPARSE CSR algorithm;
- the table's plan (`aspmv_auto`, per call, analysis not counted) against the best aspmv kernel;
- the best aspmv kernel's bandwidth (the collector's byte count) as a fraction of the copy bandwidth the run
  measured (run.json), over the matrices above 1M nonzeros and the medium-row ones (8-64 nonzeros a row);
- with --peers (../shared/matrices/peers-h100.csv): DASP through the cuSPARSE yardstick, i.e. DASP's time scaled
  by this run's best cuSPARSE CSR time over the peers file's, against the best aspmv kernel.
Geometric means; above 1 the first named is faster (a ratio is the other's time / the first's). Standard library only.
"""
import argparse
import csv
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from auto_vs_oracle import _in_run, _open  # noqa: E402  (collector folders' files, gzipped or not)
from peer_summary import geomean, read_peers  # noqa: E402

VENDOR_ALL = ("cusparse", "cusparse_coo", "cusparse_sell")


def load(folders):
    """matrix -> {'k': {(kernel, config): (time, gbs)}, 'nnz', 'rows', 'copy'}"""
    mats = {}
    for f in folders:
        run = json.load(open(os.path.join(f, "run.json")))
        families = {m["kernel"]: m["family"] for m in run["methods"]}
        copy = float(run["copy_bandwidth_gbs"])
        with _open(_in_run(f, "features.csv")) as fh:
            feats = {r["matrix"]: r for r in csv.DictReader(fh)}
        with _open(_in_run(f, "runtimes.csv")) as fh:
            for r in csv.DictReader(fh):
                if r["ok"] != "1":
                    continue
                t = float(r["time_s"])
                if not t > 0:
                    continue
                m = mats.setdefault(r["matrix"], {"k": {}, "fam": families, "copy": copy,
                                                  "nnz": int(float(feats[r["matrix"]]["nnz"])),
                                                  "rows": int(float(feats[r["matrix"]]["rows"]))})
                m["k"][(r["kernel"], r["config"])] = (t, float(r["gbs"]))
    return mats


def best(m, pred):
    c = [(v[0], v[1], k) for k, v in m["k"].items() if pred(k[0], k[1])]
    return min(c) if c else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--manifest", default="perf/corpus/real/MANIFEST.tsv")
    ap.add_argument("--peers")
    ap.add_argument("--per-matrix")
    a = ap.parse_args()
    mats = load(a.folders)
    with open(a.manifest, newline="") as fh:
        source = {r["name"]: r["source"] for r in csv.DictReader(fh, delimiter="\t")}
    peers = read_peers(a.peers)

    def set_of(name):
        if name in source:
            return "shared" if source[name].startswith("shared:") else "real"
        return "real-derived" if "--" in name else "generated"

    rows = []
    for name, m in sorted(mats.items()):
        fam = m["fam"]
        ours = best(m, lambda k, c: fam.get(k) == "aspmv")
        vend = best(m, lambda k, c: k in VENDOR_ALL)
        vcsr = best(m, lambda k, c: k == "cusparse")
        drop = m["k"].get(("aspmv_spmv", "-"))
        split = m["k"].get(("vector_split", "-"))
        auto = m["k"].get(("aspmv_auto", "-"))
        if not (ours and vend and vcsr):
            continue
        r = {"set": set_of(name), "matrix": name, "rows": m["rows"], "nnz": m["nnz"],
             "best_aspmv": "/".join(ours[2]), "best_aspmv_s": ours[0], "best_cusparse": "/".join(vend[2]),
             "best_cusparse_s": vend[0], "best_cusparse_csr_s": vcsr[0],
             "vs_cusparse": vend[0] / ours[0], "vs_cusparse_csr": vcsr[0] / ours[0],
             "copy_fraction": ours[1] / m["copy"],
             "drop_in_vs_cusparse_csr": vcsr[0] / drop[0] if drop else "",
             "vector_split_vs_cusparse_csr": vcsr[0] / split[0] if split else "",
             "plan_vs_best": ours[0] / auto[0] if auto else ""}
        p = peers.get(name)
        if p and "dasp" in p:
            yard = min(p.get("cusparse_alg1", math.inf), p.get("cusparse_alg2", math.inf))
            r["vs_dasp"] = p["dasp"] * (vcsr[0] / yard) / ours[0]
        else:
            r["vs_dasp"] = ""
        rows.append(r)

    def summary(label, sel, key, lo=(1.0, 0.95)):
        xs = [(r[key], r["matrix"]) for r in rows if sel(r) and r[key] != ""]
        if not xs:
            return
        v = [x for x, _ in xs]
        w = min(xs)
        print(f"  {label}: n={len(v)} gm {geomean(v):.3f}, " + ", ".join(f"below {t}: {sum(x < t for x in v)}" for t in lo)
              + f", worst {w[0]:.3f} ({w[1]})")

    for s in ("shared", "real", "real-derived", "generated"):
        sel = lambda r, s=s: r["set"] == s
        if not any(sel(r) for r in rows):
            continue
        print(f"{s}:")
        summary("best aspmv / best cuSPARSE (CSR, COO, SELL)", sel, "vs_cusparse")
        summary("best aspmv / best cuSPARSE CSR", sel, "vs_cusparse_csr")
        summary("drop-in / best cuSPARSE CSR", sel, "drop_in_vs_cusparse_csr", (0.9, 0.5))
        summary("vector_split / best cuSPARSE CSR", sel, "vector_split_vs_cusparse_csr", (0.9, 0.5))
        summary("plan (aspmv_auto, per call) / best aspmv", sel, "plan_vs_best", (0.9, 0.5))
        summary("best aspmv / DASP (cuSPARSE yardstick)", sel, "vs_dasp")
        big = lambda r, s=s: r["set"] == s and r["nnz"] > 1_000_000
        summary("copy fraction, > 1M nonzeros", big, "copy_fraction", (0.75, 0.5))
        med = lambda r, s=s: big(r) and 8 <= r["nnz"] / max(r["rows"], 1) <= 64
        summary("copy fraction, > 1M nonzeros, 8-64 a row", med, "copy_fraction", (0.85, 0.75))
    if a.per_matrix:
        with open(a.per_matrix, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
