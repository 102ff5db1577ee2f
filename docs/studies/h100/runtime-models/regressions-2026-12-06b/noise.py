"""Repeat timings: the 2026-12-05 strip collections (same commit, same specs, a session about an hour before the
2026-12-06 all-real ones) timed csr_scalar, csr_vector (TpR 1-32), ell, jad, sell, ell_bro and dia again. How far
the measured ranking moves between the two sessions, against the kind's out-of-fold picks: writes noise.txt."""
import numpy as np
import pandas as pd
import harness as H
from aspmv_train import format_choice as fc
from aspmv_train.methods import label_of

d = H.load()
alt, mats = d["alt"], d["mats"]
pred = np.load(H.HERE / "base_pred.npy")
L = len(alt.labels)
S = pd.concat([pd.read_csv(H.repo_root() / f"tuning_data/h100/measurements/2026-12-05-strip-real-{s}/runtimes.csv")
               for s in "abc"])
S = S[S.ok == 1]
S["label"] = [label_of(k, str(c)) for k, c in zip(S.kernel, S.config)]
common = [l for l in alt.labels if l in set(S.label)]
cj = np.array([alt.labels.index(l) for l in common])
tS = S.pivot_table(index="matrix", columns="label", values="time_s", aggfunc="min").reindex(index=mats, columns=common)
pS = S.pivot_table(index="matrix", columns="label", values="preprocessing_s", aggfunc="min").reindex(index=mats, columns=common)
out = []
p = lambda *a: out.append(" ".join(str(x) for x in a))
p("alternatives timed in both sessions:", ", ".join(common))
for s, idx in d["sets"].items():
    if s == "generated":
        continue
    T1, P1 = alt.T[idx][:, cj], alt.P[idx][:, cj]
    T2, P2 = tS.to_numpy(float)[idx], pS.to_numpy(float)[idx]
    both = np.isfinite(T1) & np.isfinite(T2)
    rows = both.sum(axis=1) >= 2
    e = np.abs(np.log(T2[both] / T1[both]))
    p(f"\n[{s}] {rows.sum()} of {len(idx)} matrices with >= 2 repeated alternatives; |ln(t_repeat / t)| over "
      f"{both.sum()} timings: median {np.median(e):.4f}, 90th pct {np.quantile(e, .9):.4f}, max {e.max():.3f}")
    # per-matrix session factor removed: the ranking only sees relative times
    lr = np.where(both, np.log(T2 / T1), np.nan)
    rel = lr - np.nanmedian(lr, axis=1, keepdims=True)
    er = np.abs(rel[both & rows[:, None]])
    p(f"  the same with each matrix's median session factor removed: median {np.median(er):.4f}, 90th pct "
      f"{np.quantile(er, .9):.4f}")
    for N in (100.0, 1000.0):
        C1 = np.where(both, fc.costs(T1, P1, N), np.inf)[rows]
        C2 = np.where(both, fc.costs(T2, P2, N), np.inf)[rows]
        r_rep = C1[np.arange(len(C1)), C2.argmin(axis=1)] / C1.min(axis=1)
        Cp = np.where(both[rows], fc.costs(np.exp(pred[idx][rows][:, cj]), np.exp(pred[idx][rows][:, L + cj]), N), np.inf)
        r_mod = C1[np.arange(len(C1)), Cp.argmin(axis=1)] / C1.min(axis=1)
        r_rep, r_mod = np.round(r_rep, 12), np.round(r_mod, 12)
        p(f"  {int(N)} calls, choice among these alternatives only: the repeat session's argmin is within 5 % on "
          f"{100 * np.mean(r_rep <= 1.05):.1f} %, > 20 % on {100 * np.mean(r_rep > 1.2):.1f} % (gm {np.exp(-np.mean(np.log(r_rep))):.3f}); "
          f"lightgbm_relative's pick among them: {100 * np.mean(r_mod <= 1.05):.1f} % / {100 * np.mean(r_mod > 1.2):.1f} % "
          f"(gm {np.exp(-np.mean(np.log(r_mod))):.3f})")
        # the TpR ladder of csr_vector alone
    v = [i for i, l in enumerate(common) if l.startswith("csr_vector/")]
    a1 = np.where(both[:, v], T1[:, v], np.inf)
    a2 = np.where(both[:, v], T2[:, v], np.inf)
    ok = np.isfinite(a1).sum(axis=1) == len(v)
    b1, b2 = a1[ok].argmin(axis=1), a2[ok].argmin(axis=1)
    r = a1[ok][np.arange(ok.sum()), b2] / a1[ok].min(axis=1)
    p(f"  csr_vector's TpR ladder alone ({ok.sum()} matrices): best TpR the same in both sessions on "
      f"{100 * np.mean(b1 == b2):.1f} %; the repeat's best TpR within 5 % in this session on {100 * np.mean(r <= 1.05):.1f} %")
    # how close the two best TpR are: second-best / best ratio
    srt = np.sort(a1[ok], axis=1)
    p(f"  second-best / best TpR ratio (this session): median {np.median(srt[:, 1] / srt[:, 0]):.3f}; below 1.05 on "
      f"{100 * np.mean(srt[:, 1] / srt[:, 0] <= 1.05):.1f} %")
(H.HERE / "noise.txt").write_text("\n".join(out) + "\n")
print("\n".join(out))
