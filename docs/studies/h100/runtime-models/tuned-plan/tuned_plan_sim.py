"""make_tuned_plan's rule replayed on the H100 collection, out of fold (issue 22's ranking metric).

For each matrix of the three sets of ../regressions-2026-12-06b (its folds, sets, collection and out-of-fold
`lightgbm_relative` predictions: base_pred.npy from its baseline.py), at N expected calls:
- the candidates as planner/tune_candidates.hpp takes them: first the study's pick (the least predicted
  preprocessing + N x time over every alternative: `lightgbm_relative` as issue 22 scores it, standing in for the
  automatic plan, whose out-of-fold classifier picks the harness does not hold), then the others in the library's
  order, by predicted conversion + N x time (the table's runtime model prices no CSR kernel's analysis: unpriced
  there as in `table_alternatives`), each while the predicted cost of timing all taken (conversion, a warm-up and
  BATCHES batches of a lead call and max(2, ceil(MIN_BATCH_S / predicted time)) calls, at most 1,000) stays within MAX_OVERHEAD of
  the least predicted cost; at most MAX_CANDIDATES; formats only with conversion allowed; then built in that order
  while the collected preprocessing of those built (analyses, conversions: what make_plan spends) and the predicted
  timing stay within the same budget;
- each candidate "measured" as its collected time x exp(SIGMA z) per batch, the least batch kept;
- the pick: the least measured time; its cost: its collected preprocessing + N x its collected time, plus the
  timing actually spent (every candidate's warm-up and batches at its collected time, and the preprocessing of
  those not kept: a format's conversion, a CSR kernel's analysis).
Reported as issue 22 scores them: the share within 5 % of the best alternative's cost at N calls (the best pays no
timing), above 20 %, the geometric mean of best / pick, and the mean number of candidates timed.

    D=docs/studies/h100/runtime-models
    PYTHONPATH=predictors/train:$D/regressions-2026-12-06b python $D/regressions-2026-12-06b/harness.py prepare
    PYTHONPATH=predictors/train:$D/regressions-2026-12-06b python $D/regressions-2026-12-06b/baseline.py
    PYTHONPATH=predictors/train:$D/regressions-2026-12-06b python $D/tuned-plan/tuned_plan_sim.py > $D/tuned-plan/sim.txt
"""
import numpy as np
from scipy.stats import norm

import harness as H
from aspmv_train import format_choice as fc

MAX_CANDIDATES, MAX_OVERHEAD, MIN_BATCH_S, BATCHES = 16, 0.01, 50e-6, 2  # TuneOptions' defaults


def calls_per_batch(t):
    return np.clip(np.ceil(MIN_BATCH_S / t), 2, 1000)


def batch_lengths(paired):
    """Each batch's calls in units of calls_per_batch: paired (replayed, not in the library), batches of n and 2n
    calls alternately, the time a call the difference of the least long and least short batch over n; else (the
    library) BATCHES batches of n, the least batch's mean."""
    return [1 + (b % 2) if paired else 1 for b in range(BATCHES)]


def measure(t, n, sigma, rng, paired):
    """A candidate's measured time a call from its batches (each batch's time with a lognormal noise)."""
    lens = batch_lengths(paired)
    times = [k * n * t * np.exp(sigma * rng.standard_normal()) for k in lens]
    if not paired or BATCHES < 2:
        return min(tb / (k * n) for tb, k in zip(times, lens))
    short = min(tb for tb, k in zip(times, lens) if k == 1)
    long_ = min(tb for tb, k in zip(times, lens) if k == 2)
    return float(np.clip((long_ - short) / n, 0.25 * long_ / (2 * n), long_ / (2 * n)))


def shortlist_order(C, kind, alt, spread):
    """The order the candidates are considered in, per matrix (rows of C, the predicted costs). "cost": by predicted
    cost (the library's). Replayed, not in the library: "family1" / "family2": the best-predicted one or two of each
    kernel family (CSR-vector's TpRs are one family) first, then the rest by cost; "chance": by the chance that the
    alternative's cost lies below the least predicted one, its log time taken as normal around the prediction with
    the spread of its out-of-fold residuals (`spread`, per alternative)."""
    if kind == "cost":
        return np.argsort(C, axis=1)
    out = []
    for row in C:
        o = np.argsort(row, kind="stable")
        if kind.startswith("family"):
            k, seen, first, rest = int(kind[-1]), {}, [], []
            for c in o:
                f = alt.labels[c].split("/")[0]
                (first if seen.get(f, 0) < k else rest).append(c)
                seen[f] = seen.get(f, 0) + 1
            out.append(np.array(first + rest))
        else:
            ok = np.isfinite(row)
            z = (np.log(row[ok].min()) - np.log(np.where(ok, row, np.inf))) / spread
            out.append(np.argsort(-np.where(ok, norm.cdf(z), -1.0), kind="stable"))
    return np.stack(out)


def replay(d, pred, N, formats, sigma, max_overhead=MAX_OVERHEAD, seed=1, margin=0.0, max_candidates=None,
           shortlist="cost", analyses=None, build_past=False, paired=False):
    """margin > 0: keep the first candidate unless another measured that much faster (not in the library).
    shortlist: shortlist_order's kind. analyses: None (the library: CSR kernels' analyses unpriced), "median" (each CSR
    kernel's median collected preprocessing over the collection), "collected" (each matrix's own: an oracle).
    build_past: a candidate whose build no longer fits the budget is passed over, not the end of the builds.
    paired: batch_lengths()."""
    alt = d["alt"]
    L = len(alt.labels)
    spread = (np.nanstd(np.where(np.isfinite(alt.T), np.log(alt.T) - pred[:, :L], np.nan), axis=0)
              if shortlist == "chance" else None)
    ran = np.isfinite(alt.T) & np.isfinite(alt.P)
    rng = np.random.default_rng(seed)
    max_candidates = MAX_CANDIDATES if max_candidates is None else max_candidates
    out = {}
    for s, idx in d["sets"].items():
        T = alt.T[idx]
        pre = np.where(np.isfinite(alt.P[idx]), alt.P[idx], np.inf)
        Tp = np.exp(pred[idx, :L])
        conv_p = np.where(alt.is_format[None, :], np.exp(pred[idx, L:]), 0.0)
        if analyses == "median":
            med = np.nanmedian(np.where(np.isfinite(alt.P), alt.P, np.nan), axis=0)
            conv_p = np.where(alt.is_format[None, :], conv_p, med[None, :])
        elif analyses == "collected":
            conv_p = np.where(alt.is_format[None, :], conv_p, np.where(np.isfinite(alt.P[idx]), alt.P[idx], 0.0))
        Mc = fc.costs(alt.T[idx], alt.P[idx], N)
        allow = ran[idx] if formats else ran[idx] & ~alt.is_format[None, :]
        study = np.argmin(np.where(allow, fc.costs(Tp, np.exp(pred[idx, L:]), N), np.inf), axis=1)
        C = np.where(allow, conv_p + N * Tp, np.inf)
        order = shortlist_order(C, shortlist, alt, spread)
        ratios, taken = [], []
        for i in range(len(idx)):
            first = study[i]
            budget = max_overhead * min(C[i, first], C[i].min())
            # a warm-up, then each batch: a lead call (its launch untimed) and its timed calls
            timing = lambda c, t: (1 + BATCHES + sum(batch_lengths(paired)) * calls_per_batch(Tp[i, c])) * t
            spent = timing(first, Tp[i, first])  # its conversion, if any, is the plan's own
            cand = [first]
            for c in order[i]:
                if c == first:
                    continue
                if len(cand) >= max_candidates or not np.isfinite(C[i, c]):
                    break
                cost = conv_p[i, c] + timing(c, Tp[i, c])
                if spent + cost > budget:
                    continue
                spent += cost
                cand.append(c)
            # The build inside the budget (tuned_plan.hpp): no candidate built once the preprocessing spent building
            # (its collected time, analysis or conversion) and the predicted timing of those built reach it.
            built, build_s, tim = [first], 0.0, timing(first, Tp[i, first])
            for c in cand[1:]:
                if build_s + tim + conv_p[i, c] + timing(c, Tp[i, c]) > budget:
                    if build_past:
                        continue
                    break
                built.append(c)
                tim += timing(c, Tp[i, c])
                build_s += pre[i, c]
            cand = built
            if len(cand) == 1:
                j, over = first, 0.0
            else:
                meas = [measure(T[i, c], calls_per_batch(Tp[i, c]), sigma, rng, paired) for c in cand]
                j = cand[int(np.argmin(meas))]
                if meas[cand.index(j)] > (1 - margin) * meas[0]:
                    j = first
                over = sum(timing(c, T[i, c]) + (pre[i, c] if c != j else 0.0) for c in cand)
            ratios.append((Mc[i, j] + over) / Mc[i].min())
            taken.append(len(cand))
        r = np.round(np.array(ratios), 12)
        out[s] = (100 * np.mean(r <= 1.05), 100 * np.mean(r > 1.2), float(np.exp(-np.mean(np.log(r)))), np.mean(taken))
    return out


def main():
    d = H.load()
    pred = np.load(H.HERE / "base_pred.npy")
    print("set: within 5 % / above 20 % / gm best over pick / candidates timed (mean)")
    for formats in (False, True):
        for N in (100.0, 1000.0, 10000.0, 100000.0):
            for label, sigma, share in (("study's pick alone", 0.0, 0.0), ("tuned, sigma 1 %", 0.01, MAX_OVERHEAD),
                                        ("tuned, sigma 3 %", 0.03, MAX_OVERHEAD)):
                o = replay(d, pred, N, formats, sigma, share)
                cells = " | ".join(f"{s} {w:5.1f} / {g:4.1f} / {m:.3f} / {k:.1f}" for s, (w, g, m, k) in o.items())
                print(f"{'formats' if formats else 'CSR only':8s} N={N:>8.0f} {label:19s} {cells}")
    print("\nmax_overhead (formats, sigma 1 %): the default was chosen from these four on these data")
    for N in (1000.0, 10000.0, 100000.0):
        for share in (0.002, 0.005, 0.01, 0.02):
            o = replay(d, pred, N, True, 0.01, share)
            cells = " | ".join(f"{s} {w:5.1f} / {g:4.1f} / {m:.3f} / {k:.1f}" for s, (w, g, m, k) in o.items())
            print(f"N={N:>8.0f} max_overhead {share:<5} {cells}")
    print("\nmax_candidates (formats, max_overhead 1 %): 8 until 2026-12-07, 16 since (these data)")
    for N in (10000.0, 100000.0):
        for k in (8, 12, 16, 24, 40):
            for sigma in (0.01, 0.03):
                o = replay(d, pred, N, True, sigma, max_candidates=k)
                cells = " | ".join(f"{s} {w:5.1f} / {g:4.1f} / {m:.3f} / {k:.1f}" for s, (w, g, m, k) in o.items())
                print(f"N={N:>8.0f} max_candidates {k:2d} sigma {sigma:<4} {cells}")
    print("\npaired batches (n and 2n calls, the difference; replayed, not in the library) against BATCHES batches of n "
          "(the library), by max_overhead (formats, 16 candidates)")
    for N in (10000.0, 100000.0):
        for paired in (False, True):
            for share in (0.01, 0.015, 0.02):
                for sigma in (0.01, 0.03):
                    o = replay(d, pred, N, True, sigma, share, paired=paired)
                    cells = " | ".join(f"{s} {w:5.1f} / {g:4.1f} / {m:.3f} / {k:.1f}" for s, (w, g, m, k) in o.items())
                    print(f"N={N:>8.0f} {'paired' if paired else 'plain ':6s} max_overhead {share:<5} sigma {sigma:<4} {cells}")
    print("\nshortlists and builds replayed, not in the library (formats, sigma 1 %, 16 candidates)")
    variants = (("the library", {}), ("one a kernel family first", {"shortlist": "family1"}),
                ("two a kernel family first", {"shortlist": "family2"}), ("by chance to beat", {"shortlist": "chance"}),
                ("builds past one that does not fit", {"build_past": True}),
                ("CSR analyses priced at their medians", {"analyses": "median"}),
                ("CSR analyses priced as collected (oracle)", {"analyses": "collected"}))
    for N in (10000.0, 100000.0):
        for label, kw in variants:
            o = replay(d, pred, N, True, 0.01, **kw)
            cells = " | ".join(f"{s} {w:5.1f} / {g:4.1f} / {m:.3f} / {k:.1f}" for s, (w, g, m, k) in o.items())
            print(f"N={N:>8.0f} {label:42s} {cells}")
    print("\na switch margin (keep the first candidate unless another measured that much faster; formats, 10,000 calls)")
    for margin in (0.0, 0.01, 0.02, 0.05):
        for sigma in (0.01, 0.03):
            o = replay(d, pred, 10000.0, True, sigma, margin=margin)
            cells = " | ".join(f"{s} {w:5.1f} / {g:4.1f} / {m:.3f} / {k:.1f}" for s, (w, g, m, k) in o.items())
            print(f"margin {margin:<4} sigma {sigma:<4} {cells}")


if __name__ == "__main__":
    main()
