"""Blockwise TpR selection (Gao Sec. 4.3, Table 9, Figs. 5 and 10).

blocks.csv holds, per (matrix, block), CSR-vector times for several TpRs.
A block takes part when it has a time for every TpR the section's blocks
were measured with (the union); its oracle TpR is the fastest of them
(ties: smallest TpR). Each rule (tpr_rules, max = largest TpR present) picks
a TpR from the block's rows and nnz; a block whose pick was not measured is
left out of that rule's row only, and the row says how many were. Per rule:
accuracy, relaxed accuracy (PLUB <= 2 %) and PLUB (Gao Eq. 4) over blocks.
"""
from __future__ import annotations

import pandas as pd

from aspmv_report import selection
from aspmv_report.tpr_rules import RULES

KEY = ["matrix", "block"]


def block_times(blocks: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(complete blocks x tpr times, excluded blocks with reason)."""
    if blocks.empty or "time_s" not in blocks.columns:
        return pd.DataFrame(), pd.DataFrame(columns=KEY + ["reason"])
    frame = blocks.assign(tpr=blocks["tpr"].astype(int))
    wide = frame.pivot_table(index=KEY, columns="tpr", values="time_s", aggfunc="first").sort_index()
    wide = wide.reindex(columns=sorted(wide.columns))
    missing = wide.isna().any(axis=1)
    excluded = [(m, b, "tpr=" + ",".join(str(t) for t in wide.columns[wide.loc[(m, b)].isna()]) + " not measured")
                for (m, b) in wide.index[missing]]
    return wide[~missing], pd.DataFrame(excluded, columns=KEY + ["reason"])


def block_shapes(blocks: pd.DataFrame) -> pd.DataFrame:
    """rows and nnz per (matrix, block) (first row of each block)."""
    return blocks.groupby(KEY)[["rows", "nnz"]].first().astype(int)


def oracle_tpr(wide: pd.DataFrame) -> pd.DataFrame:
    """Per block the fastest TpR and its time."""
    return pd.DataFrame({"tpr": wide.idxmin(axis=1).astype(int), "time": wide.min(axis=1)})


def rule_choices(shapes: pd.DataFrame, max_tpr: int) -> pd.DataFrame:
    """Per block each rule's TpR."""
    out = {name: [fn(int(r), int(z), max_tpr) for r, z in zip(shapes["rows"], shapes["nnz"])]
           for name, fn in RULES.items()}
    return pd.DataFrame(out, index=shapes.index)


def rule_table(wide: pd.DataFrame, best: pd.DataFrame, choices: pd.DataFrame) -> pd.DataFrame:
    """Rows = rules and fixed TpRs; n, left out, accuracy, relaxed accuracy, PLUB."""
    rows = {}
    picks = {name: choices[name] for name in choices.columns}
    picks.update({f"TpR={t}": pd.Series(t, index=wide.index) for t in wide.columns})
    for name, tpr in picks.items():
        tpr = tpr.loc[wide.index]
        measured = tpr.isin(wide.columns)
        idx = wide.index[measured.to_numpy()]
        t_p = pd.Series([wide.at[i, tpr.loc[i]] for i in idx], index=idx, dtype=float)
        t_s = best.loc[idx, "time"]
        loss = selection.loss_pct(t_p, t_s)
        rows[name] = {
            "n": int(len(idx)),
            "left_out": int((~measured).sum()),
            "accuracy_pct": selection.accuracy(t_p == t_s),
            "relaxed_accuracy_pct": selection.relaxed_accuracy(loss),
            "PLUB_pct": selection.plub(t_p, t_s),
        }
    return pd.DataFrame.from_dict(rows, orient="index")


def per_block(wide: pd.DataFrame, best: pd.DataFrame, choices: pd.DataFrame) -> pd.DataFrame:
    """Per block: oracle TpR, each rule's TpR and its per-block PLUB (%) (NaN if not measured)."""
    out = pd.DataFrame({"oracle_tpr": best["tpr"], "oracle_time_s": best["time"]})
    for name in choices.columns:
        tpr = choices.loc[wide.index, name]
        t_p = pd.Series([wide.at[i, t] if t in wide.columns else float("nan") for i, t in tpr.items()],
                        index=wide.index, dtype=float)
        out[f"{name} tpr"] = tpr
        out[f"{name} PLUB_pct"] = selection.loss_pct(t_p, best["time"])
    return out
