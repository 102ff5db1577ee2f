"""The algorithms compared for every model: CART, ExtraTrees, XGBoost, LightGBM.

Two kinds:
- classifiers (``cart``, ``extratrees``, ``xgboost``, ``lightgbm``) fit
  (X, y, sample weights), y holding indices into the task's class list;
  classes absent from the training labels are left out of the fitted model
  (XGBoost and LightGBM need contiguous labels), and the exported model lists
  only the classes it can predict;
- regret regressors (``cart-regret``, ``xgboost-regret``, ``lightgbm-regret``)
  fit R, per sample and class the log of (cost of the class / cost of the
  best class), and predict the class of the smallest predicted regret. CART
  fits one multi-output tree (width = classes), XGBoost and LightGBM one
  regressor per class. Exported with negated leaf values (and base scores), so
  the schema's argmax (lowest index on a tie) is this argmin: negation is
  exact in IEEE arithmetic. This is cost-sensitive selection: a near-tie
  costs little, a slow choice much, which plain labels cannot say.
Everything is seeded and runs on at most ``THREADS`` threads (the build
machine has two cores).
"""
from __future__ import annotations

import os
import warnings
from dataclasses import dataclass, field

import numpy as np

from aspmv_train import export

THREADS = int(os.environ.get("ASPMV_TRAIN_THREADS", "1"))


@dataclass
class Fitted:
    candidate: "Candidate"
    present: list[int]          # task class indices the model knows, ascending (its classes)
    est: object
    kind: str

    def predict(self, X) -> np.ndarray:
        """Task class indices predicted by the library model itself."""
        X = np.asarray(X, dtype=np.float64)
        if len(self.present) == 1:
            return np.full(len(X), self.present[0])
        if self.kind.endswith("-regret"):
            return np.asarray(self.present)[np.argmin(self.predict_regret(X), axis=1)]
        if self.kind == "sklearn":
            local = self.est.predict(X)
        elif self.kind == "xgboost":
            import xgboost as xgb
            p = self.est.predict(xgb.DMatrix(X, nthread=THREADS))
            local = np.argmax(p, axis=1)
        else:
            p = self.est.predict(X, raw_score=True, num_threads=THREADS)
            local = np.argmax(p, axis=1)
        return np.asarray(self.present)[np.asarray(local, dtype=int)]

    def predict_regret(self, X) -> np.ndarray:
        """Predicted regrets (samples x present classes), as the library computes them."""
        X = np.asarray(X, dtype=np.float64)
        if self.kind == "sklearn-regret":
            return self.est.predict(X)
        if self.kind == "xgboost-regret":
            import xgboost as xgb
            d = xgb.DMatrix(X, nthread=THREADS)
            return np.column_stack([b.predict(d) for b in self.est])
        return np.column_stack([b.predict(X, num_threads=THREADS) for b in self.est])

    def export(self, feature_names, class_names) -> dict:
        """The schema model (features, classes and trees; no scores yet)."""
        names = [class_names[i] for i in self.present]
        k = len(self.present)
        if self.kind == "sklearn-regret":
            body = export.negated(export.sklearn_regressor_model(self.est, k))
        elif self.kind == "xgboost-regret":
            body = export.negated(export.xgboost_regressors(self.est))
        elif self.kind == "lightgbm-regret":
            body = export.negated(export.lightgbm_regressors(self.est))
        elif k == 1 or self.kind == "sklearn":
            if k == 1:
                body = {"aggregate": "mean", "decision": "le", "base_score": [0.0],
                        "trees": [{"feature": [-1], "threshold": [0.0], "left": [-1], "right": [-1], "value": [1.0],
                                   "width": 1, "class_offset": 0}]}
            else:
                body = export.sklearn_model(self.est, k)
        elif self.kind == "xgboost":
            body = export.xgboost_model(self.est, k)
        else:
            body = export.lightgbm_model(self.est, k)
        return {"algorithm": self.candidate.algorithm, "features": list(feature_names), "classes": names, **body}


@dataclass
class Candidate:
    algorithm: str       # cart, extratrees, xgboost, lightgbm
    params: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        p = ",".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.algorithm}({p})"

    @property
    def regret(self) -> bool:
        return self.algorithm.endswith("-regret")

    def fit(self, X, y, w=None, seed: int = 0, R=None, R_cols=None) -> Fitted:
        """R: samples x regret columns; R_cols: the task class of each column (default: all classes)."""
        X = np.asarray(X, dtype=np.float64)
        y = np.asarray(y, dtype=int)
        if self.regret:
            return self._fit_regret(X, np.asarray(R, dtype=np.float64), seed, R_cols)
        present = sorted(set(y.tolist()))
        local = np.searchsorted(present, y)
        k = len(present)
        if k == 1:
            return Fitted(self, present, None, "constant")
        if self.algorithm == "cart":
            from sklearn.tree import DecisionTreeClassifier
            est = DecisionTreeClassifier(random_state=seed, **self.params)
            est.fit(X, local, sample_weight=w)
            return Fitted(self, present, est, "sklearn")
        if self.algorithm == "extratrees":
            from sklearn.ensemble import ExtraTreesClassifier
            est = ExtraTreesClassifier(random_state=seed, n_jobs=1, **self.params)
            est.fit(X, local, sample_weight=w)
            return Fitted(self, present, est, "sklearn")
        if self.algorithm == "xgboost":
            import xgboost as xgb
            p = dict(self.params)
            rounds = p.pop("n_estimators")
            params = {"objective": "multi:softprob", "num_class": k, "tree_method": "hist", "nthread": THREADS,
                      "seed": seed, "verbosity": 0, **p}
            d = xgb.DMatrix(X, label=local, weight=w, nthread=THREADS)
            est = xgb.train(params, d, num_boost_round=rounds)
            return Fitted(self, present, est, "xgboost")
        if self.algorithm == "lightgbm":
            import lightgbm as lgb
            p = dict(self.params)
            rounds = p.pop("n_estimators")
            params = {"objective": "multiclass", "num_class": k, "num_threads": THREADS, "seed": seed,
                      "deterministic": True, "force_row_wise": True, "verbosity": -1, "min_data_in_leaf": 5, **p}
            d = lgb.Dataset(X, label=local, weight=w, params={"verbosity": -1})
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                est = lgb.train(params, d, num_boost_round=rounds)
            return Fitted(self, present, est, "lightgbm")
        raise ValueError(f"unknown algorithm {self.algorithm}")

    def _fit_regret(self, X, R, seed, R_cols=None) -> Fitted:
        present = list(range(R.shape[1])) if R_cols is None else [int(c) for c in R_cols]
        if self.algorithm == "cart-regret":
            from sklearn.tree import DecisionTreeRegressor
            est = DecisionTreeRegressor(random_state=seed, **self.params)
            est.fit(X, R)
            return Fitted(self, present, est, "sklearn-regret")
        if self.algorithm == "xgboost-regret":
            import xgboost as xgb
            p = dict(self.params)
            rounds = p.pop("n_estimators")
            params = {"objective": "reg:squarederror", "tree_method": "hist", "nthread": THREADS, "seed": seed,
                      "verbosity": 0, **p}
            boosters = [xgb.train(params, xgb.DMatrix(X, label=R[:, j], nthread=THREADS), num_boost_round=rounds)
                        for j in range(R.shape[1])]
            return Fitted(self, present, boosters, "xgboost-regret")
        if self.algorithm == "lightgbm-regret":
            import lightgbm as lgb
            p = dict(self.params)
            rounds = p.pop("n_estimators")
            params = {"objective": "regression", "num_threads": THREADS, "seed": seed, "deterministic": True,
                      "force_row_wise": True, "verbosity": -1, "min_data_in_leaf": 5, **p}
            boosters = []
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for j in range(R.shape[1]):
                    d = lgb.Dataset(X, label=R[:, j], params={"verbosity": -1})
                    boosters.append(lgb.train(params, d, num_boost_round=rounds))
            return Fitted(self, present, boosters, "lightgbm-regret")
        raise ValueError(f"unknown algorithm {self.algorithm}")


def default_grid(quick: bool = False) -> list[Candidate]:
    """The candidates of every model: CART depth 2..12, small forests and boosted ensembles."""
    if quick:
        return [Candidate("cart", {"max_depth": d}) for d in (2, 4, 6)] + [
            Candidate("extratrees", {"n_estimators": 8, "max_depth": 6}),
            Candidate("xgboost", {"n_estimators": 10, "max_depth": 3, "eta": 0.3}),
            Candidate("lightgbm", {"n_estimators": 10, "num_leaves": 7, "learning_rate": 0.3}),
            Candidate("cart-regret", {"max_depth": 4}),
            Candidate("xgboost-regret", {"n_estimators": 10, "max_depth": 3, "eta": 0.3}),
            Candidate("lightgbm-regret", {"n_estimators": 10, "num_leaves": 7, "learning_rate": 0.3}),
        ]
    grid = [Candidate("cart", {"max_depth": d}) for d in range(2, 13)]
    grid += [Candidate("extratrees", {"n_estimators": n, "max_depth": d, "min_samples_leaf": 2})
             for n, d in ((16, 8), (32, 10))]
    grid += [Candidate("xgboost", {"n_estimators": n, "max_depth": d, "eta": eta})
             for n, d, eta in ((20, 3, 0.3), (40, 3, 0.2), (30, 4, 0.2), (60, 4, 0.1))]
    grid += [Candidate("lightgbm", {"n_estimators": n, "num_leaves": l, "learning_rate": lr})
             for n, l, lr in ((20, 7, 0.3), (40, 7, 0.15), (40, 15, 0.15))]
    grid += [Candidate("cart-regret", {"max_depth": d, "min_samples_leaf": 3}) for d in (4, 6, 8, 10)]
    grid += [Candidate("xgboost-regret", {"n_estimators": n, "max_depth": d, "eta": eta})
             for n, d, eta in ((20, 3, 0.3), (40, 3, 0.2), (40, 4, 0.15))]
    grid += [Candidate("lightgbm-regret", {"n_estimators": n, "num_leaves": l, "learning_rate": lr})
             for n, l, lr in ((20, 7, 0.3), (40, 7, 0.15), (40, 15, 0.15))]
    return grid
