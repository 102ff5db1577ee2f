#!/usr/bin/env python3
"""The tuned plan's own timing of its candidates (`aspmv bench --tuned` CSVs: the aspmv_tuned row's detail, "LABEL
T us measured") against the bench's time of the same configuration in the same process (its methods named
csr_vector<8> for the tuning's csr_vector/tpr=8): per matrix the ratios and their median, over a file the spread of
the ratios around each matrix's median (sd of the log), and per kernel family the mean ratio over that median (a
family the tuning times slower than the bench does, relative to the others: a bias that can reorder candidates).

    python3 tuning_vs_bench.py call1/tuned-medium.csv [...]"""
import csv, lzma, re, math, statistics as st, sys
def bench_name(label):
    m = re.match(r"(\w+)/tpr=(\d+)", label)
    return f"{m.group(1)}<{m.group(2)}>" if m else label
for f in sys.argv[1:]:
    rows = list(csv.DictReader(lzma.open(f, "rt") if f.endswith(".xz") else open(f)))
    T = {}
    for r in rows:
        if r["ok"] == "1": T[(r["matrix"], r["method"])] = float(r["time_s"]) * 1e6
    logs = []
    per = []  # (matrix, its median ratio, [(label, ratio)], [log ratio - log median])
    for r in rows:
        if r["method"] != "aspmv_tuned": continue
        pairs = re.findall(r"([\w/=]+)(?: \(automatic\))? ([\d.]+) us measured", r["detail"])
        rat = []
        for lab, v in pairs:
            b = T.get((r["matrix"], bench_name(lab)))
            if b: rat.append((lab, float(v) / b))
        if len(rat) < 2: continue
        med = st.median(math.log(x) for _, x in rat)
        dev = [math.log(x) - med for _, x in rat]
        logs += dev
        per.append((r["matrix"][:40], math.exp(med), rat, dev))
    print(f, "tuning/bench per candidate, spread around each matrix's median: sd %.3f, n %d" % (st.pstdev(logs), len(logs)))
    for m, med, rat, _ in per: print("  ", m, round(med, 3), [(l, round(x, 3)) for l, x in rat])
    fam = {}
    for _, _, rat, dev in per:
        if len(rat) < 3: continue
        for (lab, _), d in zip(rat, dev): fam.setdefault(lab.split("/")[0], []).append(d)
    print("  per kernel family, mean ratio over the matrix's median (n):",
          ", ".join(f"{k} {math.exp(st.mean(v)):.3f} ({len(v)})" for k, v in sorted(fam.items()) if len(v) >= 4))
