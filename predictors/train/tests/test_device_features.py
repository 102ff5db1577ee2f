"""The device features (issue 20): the trainer's two implementations (features.py over columns, evaluate.py per
matrix) give the library's values bit for bit; the same inputs and hexadecimal values are in
tests/unit/test_model_eval.cpp ("device features in double")."""
import json

import numpy as np
import pandas as pd
import pytest

from aspmv_train import data, evaluate, features as feat

ROW = {"rows": 1000003, "cols": 999331, "nnz": 7000037, "max": 4099}
RUN = {"device": {"name": "NVIDIA H100 80GB HBM3", "compute_units": 132, "simd_width": 32,
                  "l2_cache_bytes": 52428800}, "precision": "double"}
EXPECTED = {  # float.hex of the library's doubles (src/aspmv/feature_set.hpp)
    "rows_per_cu": "0x1.d97c7c1f07c1fp+12",
    "nnz_per_cu": "0x1.9e4d2aaaaaaabp+15",
    "x_l2_ratio": "0x1.384a7ae147ae1p-3",
    "mean_per_simd": "0x1.c000431bd1512p-3",
    "max_cu_share": "0x1.3c99b3f1869d4p-4",
    "max_per_simd": "0x1.0030000000000p+7",
}


def test_both_implementations_give_the_librarys_bits():
    facts = feat.device_facts(RUN)
    assert facts == {"compute_units": 132, "simd_width": 32, "l2_cache_bytes": 52428800, "value_bytes": 8}
    one = evaluate.device_features({**ROW, **facts})
    df = feat.add_device(pd.DataFrame([{**ROW, **facts}]))
    for name, hexval in EXPECTED.items():
        assert one[name] == float.fromhex(hexval), name
        assert df[name].iloc[0] == float.fromhex(hexval), name
    assert set(EXPECTED) == set(feat.DEVICE) == set(evaluate.DEVICE_FEATURES)
    assert set(feat.DEVICE) <= evaluate.FEATURE_NAMES


def test_float_zero_facts_and_empty_matrices():
    f32 = feat.device_facts({**RUN, "precision": "float"})
    assert f32["value_bytes"] == 4
    assert evaluate.device_features({**ROW, **f32})["x_l2_ratio"] == 999331.0 * 4.0 / 52428800.0
    zero = {"compute_units": 0, "simd_width": 0, "l2_cache_bytes": 0, "value_bytes": 8}
    rows = pd.DataFrame([{**ROW, **zero}, {"rows": 10, "cols": 10, "nnz": 0, "max": 0, **RUN["device"],
                                          "value_bytes": 8}])
    rows = rows.drop(columns=["name"])
    out = feat.add_device(rows)
    assert (out.loc[0, list(feat.DEVICE)] == 0.0).all()
    assert out.loc[1, "max_cu_share"] == 0.0 and out.loc[1, "mean_per_simd"] == 0.0
    for i in (0, 1):
        one = evaluate.device_features(rows.iloc[i].to_dict())
        assert [one[n] for n in feat.DEVICE] == out.loc[i, list(feat.DEVICE)].tolist()


def test_measurements_carry_the_runs_device(tiny_h100):
    meas = data.load([tiny_h100])
    F = meas.features
    run = json.loads((tiny_h100 / "run.json").read_text())
    assert (F["compute_units"] == run["device"]["compute_units"]).all() and (F["value_bytes"] == 8).all()
    vals = {**F.iloc[0].to_dict()}
    one = evaluate.device_features(vals)
    assert [one[n] for n in feat.DEVICE] == F.iloc[0][list(feat.DEVICE)].tolist()
    assert set(feat.DEVICE) <= set(meas.blocks.columns)
    # The evaluator computes them from the facts when a row lacks them (a features.csv row + run.json).
    model = {"features": ["nnz", "max_cu_share"]}
    raw = {k: v for k, v in vals.items() if k not in feat.DEVICE}
    assert evaluate.feature_vector(model, raw) == [float(vals["nnz"]), one["max_cu_share"]]
    # Collection cost: known device features are free, the row_stats ones cost the row_stats pass.
    assert (feat.collection_cost(F, feat.KNOWN_DEVICE) == 0).all()
    assert np.array_equal(feat.collection_cost(F, ["max_cu_share"]).to_numpy(),
                          F["time_row_stats_s"].astype(float).to_numpy())
