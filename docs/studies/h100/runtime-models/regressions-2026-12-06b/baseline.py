"""The kept kind (lightgbm_relative) out of fold without the inner cross-validation: writes base_pred.npy."""
import numpy as np
import harness as H
from aspmv_train.ranking_models import RelativeLightgbm


class Plain(RelativeLightgbm):
    def fit_plain(self, Z, Y):
        self._prepare(Y)
        self.models = self._fit(Z, Y, np.ones(len(Z), bool))
        return self


d = H.load()
X = d["F"][d["names"]].to_numpy(float)
pred = H.oof_predict(d, lambda: Plain(2026), X)
np.save(H.HERE / "base_pred.npy", pred)
print("base", H.fmt(H.score(d, pred)))
print("base csr-only", H.fmt(H.score(d, pred, formats=False)))
