#!/usr/bin/env python3
"""How often the best of a set of alternatives in one collection is within 5 % of the best in a re-collection of
the same code on another H200 (the 2026-12-02 real-corpus folders against their 2026-12-03 re-collection, the same
matrices and protocol, another machine): the measurement-noise ceiling of Lehnert's "within 5 % of the best"
share. The alternatives are those whose code did not change between the two collections (csr_vector at TpR 2-32,
cuSPARSE's CSR ALG1 and ALG2); each direction (pick in one, score in the other) counts once.
    python3 docs/studies/h200/formats/noise_ceiling.py > docs/studies/h200/formats/noise_ceiling.txt"""
import collections
import csv
import gzip
import os

M = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../tuning_data/h200/measurements")
KEYS = [("csr_vector", f"tpr={t}") for t in (2, 4, 8, 16, 32)] + [("cusparse", "alg1"), ("cusparse", "alg2")]


def load(folder):
    times = collections.defaultdict(dict)
    with gzip.open(os.path.join(M, folder, "runtimes.csv.gz"), "rt") as f:
        for r in csv.DictReader(f):
            if r["ok"] == "1":
                times[r["matrix"]][(r["kernel"], r["config"])] = float(r["time_s"])
    return times


def main():
    picks, within = collections.Counter(), collections.Counter()
    for part in "abc":
        first = load(f"2026-12-02-real-double-{part}")
        again = load(f"2026-12-03-changed-real-{part}")
        for m, t in first.items():
            if m not in again or not all(k in t and k in again[m] for k in KEYS):
                continue
            group = "real-derived" if "--" in m else "real (and the 8 guards)"
            for x, y in ((t, again[m]), (again[m], t)):
                pick = min(KEYS, key=lambda k: x[k])
                picks[group] += 1
                within[group] += y[pick] <= 1.05 * min(y[k] for k in KEYS)
    print("alternatives:", ", ".join(f"{k}:{c}" for k, c in KEYS))
    for group in picks:
        print(f"{group}: {picks[group] // 2} matrices, the best of one run within 5 % of the other's best: "
              f"{within[group] / picks[group]:.1%}")


if __name__ == "__main__":
    main()
