#!/usr/bin/env python3
"""Where the optima move between two collections of the same matrices
(issue 20, item 7): per matrix the fastest aspmv configuration on each
machine, how often it is the same kernel and configuration, and what
running the first machine's optimum costs on the second (its time there
over the second machine's oracle); overall, by family (real, real-derived,
generated) and by the real corpus's domain (perf/corpus/real/MANIFEST.tsv).

    perf/device/cross_arch_optima.py --a DIR [DIR ...] --b DIR [DIR ...] [--names A B]

DIRs are collector folders (runtimes.csv.gz, features.csv.gz). Run from the
repository root. Standard library only.
"""
import argparse, collections, csv, gzip, math, os

NOT_KERNELS = {"aspmv_auto", "aspmv_rules", "aspmv_spmv", "cusparse", "kokkos_kernels"}


def load(dirs):
    t, fam = {}, {}
    for d in dirs:
        for r in csv.DictReader(gzip.open(os.path.join(d, "runtimes.csv.gz"), "rt")):
            if r["kernel"] not in NOT_KERNELS and r["ok"] == "1":
                t[(r["matrix"], r["kernel"] + "/" + r["config"])] = float(r["time_s"])
        for r in csv.DictReader(gzip.open(os.path.join(d, "features.csv.gz"), "rt")):
            fam[r["matrix"]] = r["family"]
    return t, fam


def oracle(t):
    best = {}
    for (m, c), v in t.items():
        if m not in best or v < best[m][0]:
            best[m] = (v, c)
    return best


def gm(v):
    return math.exp(sum(map(math.log, v)) / len(v)) if v else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", nargs="+", required=True)
    ap.add_argument("--b", nargs="+", required=True)
    ap.add_argument("--names", nargs=2, default=["A", "B"])
    a = ap.parse_args()
    ta, fam = load(a.a)
    tb, _ = load(a.b)
    oa, ob = oracle(ta), oracle(tb)
    man = {}
    if os.path.exists("perf/corpus/real/MANIFEST.tsv"):
        man = {r["name"]: r["domain"] for r in csv.DictReader(open("perf/corpus/real/MANIFEST.tsv"), delimiter="\t")}
    rows = []
    for m in sorted(set(oa) & set(ob)):
        ca, cb = oa[m][1], ob[m][1]
        cost_ab = tb.get((m, ca), float("nan")) / ob[m][0]   # A's optimum run on B
        cost_ba = ta.get((m, cb), float("nan")) / oa[m][0]
        f = fam.get(m, "?")
        dom = man.get(m.split("--")[0].removesuffix("-T"), "-") if f.startswith("real") else "-"
        rows.append((m, f, dom, ca, cb, ca == cb, ca.split("/")[0] == cb.split("/")[0], cost_ab, cost_ba,
                     oa[m][0] / ob[m][0]))
    A, B = a.names

    def line(label, rs):
        rs = [r for r in rs if math.isfinite(r[7]) and math.isfinite(r[8])]
        if not rs:
            return
        print(f"| {label} | {len(rs)} | {100 * sum(r[5] for r in rs) / len(rs):.0f} % | "
              f"{100 * sum(r[6] for r in rs) / len(rs):.0f} % | {gm([r[7] for r in rs]):.3f}× (max {max(r[7] for r in rs):.2f}×) | "
              f"{gm([r[8] for r in rs]):.3f}× (max {max(r[8] for r in rs):.2f}×) | {gm([r[9] for r in rs]):.3f}× |")

    print(f"| set | matrices | same configuration | same kernel | {A}'s optimum on {B} / {B}'s oracle | "
          f"{B}'s optimum on {A} / {A}'s oracle | {A} oracle time / {B} oracle time |")
    print("|---|---|---|---|---|---|---|")
    line("all", rows)
    for f in ("real", "real-derived"):
        line(f, [r for r in rows if r[1] == f])
    line("generated", [r for r in rows if not r[1].startswith("real")])
    for d in sorted({r[2] for r in rows if r[2] != "-"}):
        line(f"real, {d}", [r for r in rows if r[1] == "real" and r[2] == d])
    moves = collections.Counter((r[3].split("/")[0], r[4].split("/")[0]) for r in rows if not r[6])
    print(f"\nKernel moves ({A} optimum -> {B} optimum), most frequent:")
    for (x, y), n in moves.most_common(8):
        print(f"- {x} -> {y}: {n}")


if __name__ == "__main__":
    main()
