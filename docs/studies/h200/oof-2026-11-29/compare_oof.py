"""Out-of-fold figures of several oof runs on the same matrices, folds and measurements (2026-11-28, double).

    PYTHONPATH=predictors/train python docs/studies/h200/oof-2026-11-29/compare_oof.py \\
        old=docs/studies/h200/oof-2026-11-29/old new-200k=docs/studies/h200/oof-2026-11-29/new-200k ...

Run from the repository root. The first run is the reference: the others must hold the same matrices in the same
folds. Per set: the oof figures, per call against the oracle over the method labels, the gathered path alone, the
share gathered and the share of new kernels chosen; then per matrix log(other / reference) of oracle/choice, its
geometric mean with a 95 % bootstrap over the real groups (seed 0), and per fold."""
import json, sys
from pathlib import Path
import numpy as np, pandas as pd
sys.path.insert(0, "predictors/train")
from aspmv_train import train, tasks

M = "tuning_data/h200/measurements/"
t = train.Trainer(train.Config(measurements=[M + "2026-11-28-real-double-a", M + "2026-11-28-real-double-b"], arch="x",
                               out=Path("tuning_data/h200/model.json"), tuning_dir=Path("tuning_data/h200"), repo_root=Path(".")),
                  log=lambda *_: None)
t.load()
c = tasks.Costs(t.F, t.times)
T = pd.DataFrame(c.T, index=c.mats, columns=c.labels)
lab_min = T.min(axis=1)

runs = {name: pd.read_csv(next(Path(d).glob("oof.csv*"))) for name, d in [a.split("=") for a in sys.argv[1:]]}
names = list(runs)
base = runs[names[0]]
for n in names[1:]:
    r = runs[n]
    a = base.set_index("matrix")[["oof_fold", "set", "counted"]]
    b = r.set_index("matrix")[["oof_fold", "set", "counted"]]
    assert a.index.sort_values().equals(b.index.sort_values()), "different matrices"
    assert (a.loc[b.index] == b).all().all(), "different folds"

def gm(x):
    x = np.asarray(x, float); x = x[np.isfinite(x)]
    return float(np.exp(np.mean(np.log(x)))) if len(x) else float("nan")

def figs(r, sel):
    d = r[sel]
    pcl = lab_min.loc[d.matrix].to_numpy() / np.array([T.at[m, ch] for m, ch in zip(d.matrix, d.choice)])
    return {"n": len(d), "gm": gm(d.vs_oracle), "min": d.vs_oracle.min(), "below_0.5": 100 * (d.vs_oracle < 0.5).mean(),
            "above_0.8": 100 * (d.vs_oracle > 0.8).mean(), "cusparse_gm": gm(d.vs_best_cusparse),
            "per_call_all": gm(d.per_call_vs_oracle_all), "per_call_labels": gm(pcl),
            "gathered_path_gm": gm(d.gathered_path_vs_oracle) if "gathered_path_vs_oracle" in d else float("nan"),
            "gathered_pct": 100 * d.gathered.mean(),
            "new_kernel_pct": 100 * d.choice.str.match(r"(merge_split|csr_delta|csr_vector_team)").mean()}

out = {}
for sname in ("real", "real-derived"):
    for n in names:
        r = runs[n]
        sel = (r["set"] == sname) & (r["counted"] if sname == "real" else True)
        out[(sname, n)] = figs(r, sel)
df = pd.DataFrame(out).T
pd.set_option("display.width", 250)
print(df.round(3).to_string())
# Paired: per matrix log(new/old) of vs_oracle, group bootstrap of the gm ratio
rng = np.random.default_rng(0)
for sname in ("real", "real-derived"):
    for n in names[1:]:
        a = base[(base["set"] == sname) & (base["counted"] if sname == "real" else True)].set_index("matrix")
        b = runs[n].set_index("matrix").loc[a.index]
        lr = np.log(b.vs_oracle / a.vs_oracle)
        g = a.group
        groups = g.unique()
        boot = []
        for _ in range(2000):
            pick = rng.choice(groups, len(groups))
            v = np.concatenate([lr[g == x].to_numpy() for x in pick])
            boot.append(np.exp(v.mean()))
        print(f"{sname} {n} / {names[0]}: gm ratio {np.exp(lr.mean()):.4f}, group-bootstrap 95% "
              f"[{np.quantile(boot, .025):.4f}, {np.quantile(boot, .975):.4f}], better on {(lr > 0.01).sum()}, "
              f"worse on {(lr < -0.01).sum()}, within 1% on {(abs(lr) <= 0.01).sum()} of {len(lr)}")
        for f in sorted(a.oof_fold.unique()):
            s = a.oof_fold == f
            print(f"   fold {f}: n {s.sum()}  {names[0]} {gm(a.vs_oracle[s]):.3f}  {n} {gm(b.vs_oracle[s]):.3f}")
