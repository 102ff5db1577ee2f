"""Issue 22's ranking: the kind that learns the alternatives' times relative to a reference (ranking_models.py)."""
import numpy as np
import pandas as pd
import pytest

from aspmv_train import format_choice as fc
from aspmv_train import ranking_models as rk

CALLS = 100.0


def collection(n: int, seed: int):
    """Four alternatives (three CSR-like, one format the guard refuses on a fifth of the matrices) whose times
    are a size no feature tells (sd 2 in ln) times a factor the features decide (the first two swap at x0 = 0.5,
    the third follows x1, the format costs a constant 1.28x and converts in 20 of its calls)."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(0.0, 1.0, (n, 3))
    size = rng.normal(0.0, 2.0, n)
    rel = np.column_stack([0.3 * (X[:, 0] > 0.5), 0.3 * (X[:, 0] <= 0.5), 0.1 + 0.4 * X[:, 1], np.full(n, 0.25)])
    T = np.exp(-10.0 + size[:, None] + rel)
    P = T * np.array([0.0, 0.0, 5.0, 20.0]) + 1e-9
    T[rng.uniform(size=n) < 0.2, 3] = np.nan
    P[np.isnan(T)] = np.nan
    with np.errstate(divide="ignore", invalid="ignore"):
        Y = np.column_stack([np.log(T), np.log(P)])
    return X, Y, T, P


def within_5(kind: str, X, Y, T, P, tr, te, reference=None) -> float:
    """The share of the ``te`` rows whose least predicted cost at CALLS is within 5 % of the measured least."""
    m = fc.MODELS[kind](0, True)
    if reference is not None:
        m.reference = reference
    m.fit(X[tr], Y[tr], np.arange(len(tr)) % 3)
    pred = m.predict(X[te])
    n = T.shape[1]  # the alternatives: pred holds their times, then their preprocessing
    M = fc.costs(T[te], P[te], CALLS)
    pick = fc.choose(fc.costs(np.exp(pred[:, :n]), np.exp(pred[:, n:]), CALLS), np.isfinite(M))
    return float(np.mean(M[np.arange(len(te)), pick] <= 1.05 * M.min(axis=1)))


def test_relative_kind_ranks_where_only_the_relative_part_is_learnable():
    X, Y, T, P = collection(400, 1)
    tr, te = np.arange(300), np.arange(300, 400)
    csr = np.array([True, True, True, False])
    assert within_5("lightgbm_relative", X, Y, T, P, tr, te, csr) >= 0.95
    # The same learner on ln(time) spends its trees on the size: the pick is near chance (0.6 on this draw).
    assert within_5("lightgbm", X, Y, T, P, tr, te) <= 0.8


def test_relative_kind_answers_ln_seconds_and_cross_validates():
    X, Y, T, P = collection(300, 2)
    m = rk.RelativeLightgbm(0, quick=True)
    fold = np.arange(300) % 3
    m.fit(X, Y, fold)
    # No reference given: the time columns measured on every training matrix (not the refused format's).
    assert m.ref_cols.tolist() == [True, True, True, False] and m.info["reference"] == [0, 1, 2]
    np.testing.assert_allclose(rk.reference_log_time(Y, m.ref_cols), np.log(T[:, :3].min(axis=1)))
    pred = m.predict(X)
    assert pred.shape == Y.shape and np.isfinite(pred).all()     # the refused format is priced everywhere
    # What the ranking reads, the differences between alternatives, is learnt; the level (ln seconds) is the
    # reference booster's guess of a size the features do not carry.
    d_pred, d_true = pred[:, 0] - pred[:, 1], Y[:, 0] - Y[:, 1]
    assert np.median(np.abs(d_pred - d_true)) < 0.05
    assert abs(np.median(pred[:, 2] - Y[:, 2])) < 1.0
    # Inner cross-validated predictions (format_choice's margin): every row predicted without its fold.
    assert m.cv_pred.shape == Y.shape and np.isfinite(m.cv_pred).all()
    assert not np.allclose(m.cv_pred, pred)


def test_relative_kind_refuses_an_empty_reference():
    X, Y, _, _ = collection(60, 3)
    m = rk.RelativeLightgbm(0, quick=True)
    m.reference = np.zeros(4, bool)
    with pytest.raises(ValueError, match="no reference alternative"):
        m.fit(X, Y, np.arange(60) % 3)


def column_collection(n: int, seed: int):
    """Three CSR-like alternatives whose order a matrix's bandwidth relative to its width decides (the first is
    1.3x the second where bandwidth / cols > 0.5, the other way round below; the third costs 1.15x), with widths
    over three orders of magnitude: neither raw column tells the ratio, and the known features (X) do not."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(0.0, 1.0, (n, 2))
    cols = np.exp(rng.uniform(np.log(1e3), np.log(1e6), n))
    frac = rng.uniform(0.0, 1.0, n)
    F = pd.DataFrame({"cols": cols, "bandwidth": frac * cols, "max_dist": 0.5 * frac * cols,
                      "min_dist": np.zeros(n), "mean": rng.uniform(2.0, 20.0, n)})
    wide = frac > 0.5
    rel = np.column_stack([0.26 * wide, 0.26 * ~wide, np.full(n, 0.14)])
    T = np.exp(-10.0 + rng.normal(0.0, 2.0, n)[:, None] + rel)
    P = np.full(T.shape, 1e-9)
    return X, F, np.column_stack([np.log(T), np.log(P)]), T, P


def test_column_ratios():
    F = pd.DataFrame({"cols": [100.0, 0.0], "bandwidth": [50.0, 3.0], "max_dist": [20.0, 1.0],
                      "min_dist": [1.0, 0.0], "mean": [4.0, 0.0]})
    R = rk.column_ratios(F)
    assert list(rk.COLUMN_RATIOS) == ["bandwidth_per_col", "max_dist_per_col", "min_dist_per_col",
                                      "max_dist_per_mean"]
    np.testing.assert_allclose(R, [[0.5, 0.2, 0.01, 5.0], [0.0, 0.0, 0.0, 0.0]])  # 0 where the divisor is 0
    np.testing.assert_allclose(rk.column_ratios(F, ("max_dist_per_mean",)), [[5.0], [0.0]])
    with pytest.raises(ValueError, match="lacks bandwidth"):
        rk.column_ratios(F.drop(columns="bandwidth"))
    with pytest.raises(ValueError, match="not finite"):
        rk.column_ratios(F.assign(max_dist=[1.0, np.nan]))


def test_columns_kind_reads_the_column_ratios():
    X, F, Y, T, P = column_collection(400, 4)
    # format_choice hands the kind its inputs: the known features, then COLUMN_RATIOS; other kinds get X alone.
    Xc, names = fc.kind_inputs("lightgbm_relative_columns", X, F, ["a", "b"])
    assert names == ["a", "b", *rk.COLUMN_RATIOS] and Xc.shape == (400, 6)
    np.testing.assert_array_equal(Xc[:, :2], X)
    assert fc.kind_inputs("lightgbm_relative", X, F, ["a", "b"])[0] is X
    with pytest.raises(ValueError, match="raw features"):
        fc.MODELS["gbm_extra"] = type("GbmExtra", (), {"extra_features": ("bandwidth_per_col",)})
        try:
            fc.kind_inputs("gbm_extra", X, F, ["a", "b"])
        finally:
            del fc.MODELS["gbm_extra"]
    tr, te = np.arange(300), np.arange(300, 400)
    csr = np.ones(3, bool)
    m = fc.MODELS["lightgbm_relative_columns"](0, True)
    assert isinstance(m, rk.RelativeLightgbm) and m.kind == "lightgbm_relative_columns"

    assert within_5("lightgbm_relative_columns", Xc, Y, T, P, tr, te, reference=csr) >= 0.95
    # Without the ratio the pick is a coin between the first two (0.51 on this draw).
    assert within_5("lightgbm_relative", X, Y, T, P, tr, te, reference=csr) <= 0.7
