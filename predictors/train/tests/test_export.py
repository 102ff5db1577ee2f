"""Exported models predict exactly what the fitted library models predict."""
import numpy as np
import pandas as pd
import pytest

from aspmv_train import agreement, candidates, evaluate, export
from aspmv_train import features as feat
from conftest import H100

F32 = np.float32


def test_le_threshold_matches_float32_comparison():
    rng = np.random.default_rng(3)
    ts = np.concatenate([rng.lognormal(0, 8, 300), -rng.lognormal(0, 8, 100), [0.0, 1.0, 1e-40, 3e38]])
    for t in ts:
        T = export.le_threshold_for_f32(t)
        a = F32(t) if float(F32(t)) <= t else np.nextafter(F32(t), F32(-np.inf))
        for x in (T, np.nextafter(T, np.inf), np.nextafter(T, -np.inf), float(a), t):
            with np.errstate(over="ignore"):
                assert (x <= T) == (float(F32(x)) <= t), (t, x)


def test_lt_threshold_matches_float32_comparison():
    rng = np.random.default_rng(4)
    cs = np.concatenate([rng.lognormal(0, 8, 300).astype(F32), (-rng.lognormal(0, 8, 100)).astype(F32),
                         np.array([0.0, 1.0, 1e-40], dtype=F32)])
    for c in cs:
        T = export.lt_threshold_for_f32(c)
        for x in (T, np.nextafter(T, np.inf), np.nextafter(T, -np.inf), float(c),
                  float(np.nextafter(c, F32(-np.inf)))):
            assert (x < T) == (F32(x) < c), (c, x)


@pytest.fixture(scope="module")
def tpr_data():
    f = pd.read_csv(H100 / "features.csv.gz").set_index("matrix")
    r = pd.read_csv(H100 / "runtimes.csv.gz")
    r = r[r["kernel"] == "csr_vector"]
    T = r.pivot_table(index="matrix", columns="config", values="time_s")
    T = T[sorted(T.columns, key=lambda c: int(c.split("=")[1]))]
    mats = sorted(T.index)
    X = f.loc[mats, list(feat.GAO)].astype(float).to_numpy()
    Tm = T.loc[mats].to_numpy()
    y = Tm.argmin(axis=1)
    R = np.log(Tm / Tm.min(axis=1, keepdims=True))
    rng = np.random.default_rng(0)
    test = rng.random(len(mats)) < 0.3
    return X, y, R, test


EXACT = [
    candidates.Candidate("cart", {"max_depth": 8}),
    candidates.Candidate("extratrees", {"n_estimators": 8, "max_depth": 8}),
    candidates.Candidate("xgboost", {"n_estimators": 15, "max_depth": 4, "eta": 0.3}),
    candidates.Candidate("lightgbm", {"n_estimators": 15, "num_leaves": 15, "learning_rate": 0.3}),
    candidates.Candidate("cart-regret", {"max_depth": 8, "min_samples_leaf": 3}),
    candidates.Candidate("xgboost-regret", {"n_estimators": 15, "max_depth": 4, "eta": 0.3}),
    candidates.Candidate("lightgbm-regret", {"n_estimators": 15, "num_leaves": 15, "learning_rate": 0.3}),
]


def _edge_rows(model, X, rng, n=1500):
    """Rows with one split feature set to a threshold or to its float neighbours."""
    return agreement.samples_for("tpr_global", model, n, rng, ())


def _library_margin_gap(fitted, X):
    """Per row: the gap between the two best classes as the library computes them (float32 for XGBoost)."""
    import xgboost as xgb
    if fitted.kind == "xgboost":
        m = fitted.est.predict(xgb.DMatrix(X), output_margin=True).reshape(len(X), -1)
    elif fitted.kind == "xgboost-regret":
        d = xgb.DMatrix(X)
        m = -np.column_stack([b.predict(d) for b in fitted.est])
    else:
        return np.full(len(X), np.inf)
    s = np.sort(m, axis=1)
    return s[:, -1] - s[:, -2]


@pytest.mark.parametrize("cand", EXACT, ids=lambda c: c.algorithm)
def test_evaluator_equals_library(cand, tpr_data):
    X, y, R, test = tpr_data
    fitted = cand.fit(X[~test], y[~test], seed=1, R=R[~test])
    model = fitted.export(feat.GAO, [str(i) for i in range(R.shape[1])])
    evaluate.validate_model("tpr_global", model)
    index = {c: int(c) for c in model["classes"]}
    rng = np.random.default_rng(5)
    for rows in (X[test], _edge_rows(model, X, rng)):
        lib = fitted.predict(rows)
        ours = np.array([index[model["classes"][i]] for i in evaluate.predict_rows(model, rows.tolist())])
        diff = np.flatnonzero(lib != ours)
        if cand.algorithm.startswith("xgboost") and len(diff):
            # XGBoost sums its margins in float32, the schema in double: a disagreement is allowed only where
            # the library's two best classes tie within float32 rounding of the margins.
            gap = _library_margin_gap(fitted, rows[diff])
            assert np.all(gap <= 1e-5), (cand.name, diff, gap)
            assert len(diff) <= max(1, len(rows) // 1000)
        else:
            assert len(diff) == 0, (cand.name, diff[:10])


def test_forest_scores_equal_predict_proba(tpr_data):
    X, y, R, test = tpr_data
    fitted = candidates.Candidate("extratrees", {"n_estimators": 6, "max_depth": 6}).fit(X[~test], y[~test])
    model = fitted.export(feat.GAO, [str(i) for i in range(R.shape[1])])
    proba = fitted.est.predict_proba(X[test])
    ours = np.array([evaluate.scores(model, x) for x in X[test].tolist()])
    assert np.array_equal(proba, ours)


def test_lightgbm_raw_scores_equal(tpr_data):
    X, y, R, test = tpr_data
    fitted = candidates.Candidate("lightgbm", {"n_estimators": 10, "num_leaves": 7, "learning_rate": 0.3}).fit(
        X[~test], y[~test])
    model = fitted.export(feat.GAO, [str(i) for i in range(R.shape[1])])
    raw = fitted.est.predict(X[test], raw_score=True)
    ours = np.array([evaluate.scores(model, x) for x in X[test].tolist()])
    assert np.array_equal(raw, ours)
