"""Diagnosis of the real-derived misses of lightgbm_relative (with formats, 100 calls): writes diagnose.txt."""
import re
import numpy as np
import pandas as pd
import harness as H

d = H.load()
alt, F, mats = d["alt"], d["F"], d["mats"]
pred = np.load(H.HERE / "base_pred.npy")
L = len(alt.labels)
lab = np.array(alt.labels)
out = []
p = lambda *a: out.append(" ".join(str(x) for x in a))
ran = np.isfinite(alt.T) & np.isfinite(alt.P)
F = F.copy()
F["x_MB"] = F["cols"] * 8 / 1e6
F["op"] = [re.sub(r"\d+", "", m.split("--", 1)[1]) if "--" in m else "" for m in mats]
F["perm"] = [("perm" in m) for m in mats]
for N in (100.0, 1000.0):
    sc = H.score(d, pred, calls=(N,))
    rows = []
    for s, idx in d["sets"].items():
        r, pick = sc[(s, N)][3], sc[(s, N)][4]
        Mc = fc = None
        from aspmv_train import format_choice as fcm
        Mc = fcm.costs(alt.T[idx], alt.P[idx], N)
        best = Mc.argmin(axis=1)
        C = fcm.costs(np.exp(pred[idx, :L]), np.exp(pred[idx, L:]), N)
        for k, i in enumerate(idx):
            rows.append(dict(set=s, matrix=mats[i], best=lab[best[k]], pick=lab[pick[k]], ratio=r[k],
                             pred_ratio=C[k, best[k]] / C[k, pick[k]], **{c: F.iloc[i][c] for c in
                             ("rows", "nnz", "mean", "max", "cov", "x_MB", "x_l2_ratio", "bandwidth", "max_dist", "op", "perm")}))
    T = pd.DataFrame(rows)
    T["miss"] = T.ratio > 1.05
    p(f"\n===== {int(N)} calls, with formats =====")
    rd = T[T.set == "real-derived"]
    mi = rd[rd.miss]
    p(f"real-derived: {len(rd)} matrices, {len(mi)} missed (> 5 %), {int((rd.ratio > 1.2).sum())} above 20 %")
    p("\n(best -> pick) pairs among the misses, count, median ratio:")
    g = mi.groupby(["best", "pick"]).ratio.agg(["count", "median", "max"]).sort_values("count", ascending=False)
    p(g.head(25).to_string())
    p("\nbest alternative among all real-derived / misses:")
    p(pd.concat([rd.best.value_counts().rename("all"), mi.best.value_counts().rename("missed")], axis=1).fillna(0).astype(int).to_string())
    p("\npicked alternative among the misses:")
    p(mi.pick.value_counts().to_string())
    p("\nmiss share by derive op / permuted:")
    p(rd.groupby(["op", "perm"]).agg(n=("miss", "size"), miss=("miss", "mean"), over20=("ratio", lambda x: (x > 1.2).mean())).to_string())
    for col, bins in (("nnz", [0, 2e6, 4e6, 8e6, 16e6, 1e9]), ("x_MB", [0, 10, 25, 50, 100, 200, 1e9]),
                      ("mean", [0, 4, 8, 16, 32, 64, 1e9]), ("cov", [0, 0.1, 0.5, 1, 2, 1e9])):
        p(f"\nmiss share by {col} (real-derived):")
        p(rd.groupby(pd.cut(rd[col], bins), observed=True).agg(n=("miss", "size"), miss=("miss", "mean"),
                                                             over20=("ratio", lambda x: (x > 1.2).mean())).to_string())
        p(f"same bins, real: ")
        re_ = T[T.set == "real"]
        p(re_.groupby(pd.cut(re_[col], bins), observed=True).agg(n=("miss", "size"), miss=("miss", "mean")).to_string())
    if N == 100.0:
        pd.set_option("display.width", 250)
        p("\nthe misses (real-derived, 100 calls), worst first:")
        p(mi.sort_values("ratio", ascending=False).drop(columns=["set", "miss"]).to_string(index=False, float_format=lambda x: f"{x:.3g}"))
        T.to_csv(H.HERE / "diagnose_100.csv", index=False, float_format="%.5g")
(H.HERE / "diagnose.txt").write_text("\n".join(out) + "\n")
