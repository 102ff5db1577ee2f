"""Variants of lightgbm_relative out of fold (harness.py: the study's folds, sets and scoring, no inner
cross-validation), appended to variants.txt:  python variants.py NAME [NAME ...]"""
import sys
import time
import warnings
import numpy as np
import harness as H
from aspmv_train import ranking_models as rk
from aspmv_train.runtime_table import THREADS

d = H.load()
F = d["F"]
BASE = list(d["names"])
COLS = ["min_dist", "max_dist", "bandwidth"]
HIST = ["mode", "median"]


DER = {
    "bandwidth_per_col": lambda: F["bandwidth"] / F["cols"],
    "max_dist_per_col": lambda: F["max_dist"] / F["cols"],
    "min_dist_per_col": lambda: F["min_dist"] / F["cols"],
    "csr_l2_ratio": lambda: F["nnz"] * (F["value_bytes"] + 4) / F["l2_cache_bytes"],
    "max_dist_per_mean": lambda: F["max_dist"] / np.maximum(F["mean"], 1e-9),
}


def feats2(extra=(), der=()):
    return np.column_stack([F[BASE + list(extra)].to_numpy(float)] + [DER[n]().to_numpy(float) for n in der])


def feats(extra=(), derived=False):
    X = F[BASE + list(extra)].to_numpy(float)
    if derived:
        cols, rows, nnz = F["cols"].to_numpy(float), F["rows"].to_numpy(float), F["nnz"].to_numpy(float)
        l2, vb = F["l2_cache_bytes"].to_numpy(float), F["value_bytes"].to_numpy(float)
        X = np.column_stack([X, F["bandwidth"] / cols, F["max_dist"] / cols, F["min_dist"] / cols,
                             nnz * (vb + 4) / l2, F["max_dist"] / np.maximum(F["mean"], 1e-9)])
    return X


class Variant(rk.RelativeLightgbm):
    params = dict(rk.PARAMS)
    weight = None  # per row of the training set

    def fit_plain(self, Z, Y, w=None):
        self._w = w
        self._prepare(Y)
        self.models = self._fit(Z, Y, np.ones(len(Z), bool))
        return self

    def _booster(self, Z, y, ok):
        import lightgbm as lgb
        if ok.sum() < 2:
            return None
        p = dict(self.params)
        rounds = p.pop("n_estimators")
        params = {"objective": "regression", "num_threads": THREADS, "seed": self.seed, "deterministic": True,
                  "force_row_wise": True, "verbosity": -1, **p}
        w = None if self._w is None else self._w[ok]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return lgb.train(params, lgb.Dataset(Z[ok], label=y[ok], weight=w, params={"verbosity": -1}),
                             num_boost_round=rounds)


def run(name, X, params=None, weight_of=None, folds=None):
    fam = F["family"].astype(str).to_numpy()
    Y, fold = d["Y"], d["fold"]
    pred = np.full(Y.shape, np.nan)
    t0 = time.time()
    for f in (folds or range(d["folds"])):
        te = fold == f
        m = Variant(2026)
        if params:
            m.params = {**rk.PARAMS, **params}
        m.reference = ~d["alt"].is_format
        m.fit_plain(X[~te], Y[~te], None if weight_of is None else weight_of(fam[~te]))
        pred[te] = m.predict(X[te])
    return pred, time.time() - t0


VARIANTS = {
    "base": lambda: run("base", feats()),
    "base_fold3": lambda: run("base", feats(), folds=[3]),
    "cols": lambda: run("cols", feats(COLS + HIST)),
    "cols_derived": lambda: run("cols_derived", feats(COLS + HIST, derived=True)),
    "leaves31_lr01": lambda: run("l31", feats(), params={"num_leaves": 31, "learning_rate": 0.1}),
    "cols_derived_l31": lambda: run("x", feats(COLS + HIST, derived=True), params={"num_leaves": 31, "learning_rate": 0.1}),
    "l2_cols_derived": lambda: run("x", feats(COLS + HIST, derived=True), params={"objective": "regression"}),
    "w_derived2": lambda: run("x", feats(), weight_of=lambda fam: np.where(fam == "real-derived", 2.0, 1.0)),
    "w_generated_half": lambda: run("x", feats(), weight_of=lambda fam: np.where(fam == "real", 1.0, np.where(fam == "real-derived", 1.0, 0.5))),
    "derived_only": lambda: run("x", feats2((), list(DER))),
    "csr_l2_only": lambda: run("x", feats2((), ["csr_l2_ratio"])),
    "cols_der_nohist": lambda: run("x", feats2(COLS, list(DER))),
    "cols_der_nol2": lambda: run("x", feats2(COLS + HIST, [n for n in DER if n != "csr_l2_ratio"])),
    "cols_l2": lambda: run("x", feats2(COLS + HIST, ["csr_l2_ratio"])),
    **{f"only_{n}": (lambda n=n: run("x", feats2((), [n]))) for n in DER if n != "csr_l2_ratio"},
    "der_r200": lambda: run("x", feats2((), list(DER)), params={"n_estimators": 200}),
    "der_l2loss": lambda: run("x", feats2((), list(DER)), params={"objective": "regression"}),
    "der_l31": lambda: run("x", feats2((), list(DER)), params={"num_leaves": 31}),
    "der_w2": lambda: run("x", feats2((), list(DER)), weight_of=lambda fam: np.where(fam == "real-derived", 2.0, 1.0)),
}

if __name__ == "__main__":
    for name in sys.argv[1:]:
        pred, s = VARIANTS[name]()
        np.save(H.HERE / f"pred_{name}.npy", pred)
        if name == "base_fold3":
            base = np.load(H.HERE / "base_pred.npy")
            te = d["fold"] == 3
            print("fold 3 max |diff| vs base_pred:", np.nanmax(np.abs(pred[te] - base[te])))
            continue
        line = f"{name:20s} | {H.fmt(H.score(d, pred))} | {s:.0f} s"
        print(line, flush=True)
        with open(H.HERE / "variants.txt", "a") as fh:
            fh.write(line + "\n")
