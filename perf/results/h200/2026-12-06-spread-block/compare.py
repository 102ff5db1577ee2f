"""Call 5 of 2026-12-06 (H200): bench old / new (spread-block.patch) / old, per method the geometric mean of
new / mean(old, old2) over the matrices all three runs timed; drift = old2 / old (the noise).
    python compare.py call5
"""
import sys, math, pandas as pd
d = sys.argv[1]
t = {s: pd.read_csv(f"{d}/bench-{s}.csv.xz") for s in ("old", "new", "old2")}
for s, df in t.items():
    df = df[df.ok == 1]
    t[s] = df.assign(meth=df.method.str.replace(r"<.*", "", regex=True)).groupby(["matrix", "meth"]).time_s.min()
j = pd.concat(t, axis=1).dropna()
j["ratio"] = j.new / ((j.old + j.old2) / 2)
j["drift"] = j.old2 / j.old
print(j.groupby(level=1).agg(gm=("ratio", lambda r: math.exp(sum(map(math.log, r)) / len(r))), n=("ratio", "size"),
                             mn=("ratio", "min"), mx=("ratio", "max"),
                             drift=("drift", lambda r: math.exp(sum(map(math.log, r)) / len(r)))))
for side in ("old", "new", "old2"):
    s = t[side].unstack()
    asp = s.drop(columns=["cusparse_coo_alg1"]).min(axis=1)
    r = s.cusparse_coo_alg1 / asp
    print(side, "best of the 4 aspmv / COO ALG1: gm", round(math.exp(r.apply(math.log).mean()), 3), "below 1:",
          ", ".join(f"{m} {v:.3f}" for m, v in r[r < 1].sort_values().items()))
print(j.loc[[m for m in j.index.get_level_values(0).unique() if m.startswith(("WOOD1P", "linux-inc"))]])
