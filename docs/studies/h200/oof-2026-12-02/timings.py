"""What rescore_old.py and known_path_guard.py share: the 2026-12-02 timings loaded the way aspmv_train oof loads
its eval folders, and a plan's cost per call scored as oof does (oof.plan_costs at oof.CALLS calls: features if
gathered + preprocessing + CALLS calls, over CALLS). The features' collection cost is that of the current h200
table's kernel_gathered feature list (the fold tables' own lists are not stored). ASPMV_STUDY_TUNING_DIR names
another architecture's folder (the H100 study of 2026-12-02 sets tuning_data/h100); tuning_data/h200 by default."""
import json
import os
from pathlib import Path

import numpy as np

from aspmv_train import oof, tasks


class Timings:
    def __init__(self, folders):
        tuning_dir = Path(os.environ.get("ASPMV_STUDY_TUNING_DIR", "tuning_data/h200"))
        cfg = oof.OofConfig(measurements=list(folders), tuning_dir=tuning_dir)
        base = oof._trainer(cfg, list(folders), lambda *_: None)
        base.load()
        self.costs = tasks.Costs(base.F, base.times)
        self.F = base.F.loc[self.costs.mats]
        table = json.loads((tuning_dir / "model.json").read_text())
        self.feature_cost = oof.gathered_cost(table, self.F)
        self.row = {m: i for i, m in enumerate(self.costs.mats)}
        self.label = {l: j for j, l in enumerate(self.costs.labels)}
        self.oracle = self.costs.oracle(oof.CALLS) / oof.CALLS

    def cost(self, i: int, choice: str, gathered: bool) -> float:
        """Matrix i's cost per call with the plan running `choice`, having gathered features or not."""
        return oof.plan_costs(self.costs, [i], np.array([self.label[choice]]), np.array([gathered]),
                              np.array([self.feature_cost[i]]))[0]
