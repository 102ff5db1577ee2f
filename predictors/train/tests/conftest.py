"""Shared fixtures: small measurement folders cut from the committed ones (subsampled, every file kept)."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

REPO = Path(__file__).resolve().parents[3]
H100 = REPO / "tuning_data/h100/measurements/2026-11-26"
CPU = REPO / "tuning_data/cpu-x86/measurements/2026-11-21-gpu-host-16-cores"

os.environ.setdefault("OMP_WAIT_POLICY", "passive")


def subsample(src: Path, dst: Path, per_family: int, seed: int = 7, keep=()) -> Path:
    """A measurement folder with ``per_family`` matrices of each family (plus ``keep``), same layout."""
    dst.mkdir(parents=True, exist_ok=True)
    f = pd.read_csv(src / "features.csv.gz")
    rng = np.random.default_rng(seed)
    chosen = set(keep)
    for _, g in f.groupby("family"):
        names = sorted(g["matrix"])
        chosen |= set(rng.choice(names, size=min(per_family, len(names)), replace=False).tolist())
    f[f["matrix"].isin(chosen)].to_csv(dst / "features.csv.gz", index=False)
    r = pd.read_csv(src / "runtimes.csv.gz")
    r[r["matrix"].isin(chosen)].to_csv(dst / "runtimes.csv.gz", index=False)
    b = pd.read_csv(src / "blocks.csv.gz")
    b[b["matrix"].isin(chosen)].to_csv(dst / "blocks.csv.gz", index=False)
    for name in ("run.json", "sessions.txt", "corpus-spec.txt"):
        if (src / name).exists():
            shutil.copy(src / name, dst / name)
    return dst


@pytest.fixture(scope="session")
def tiny_h100(tmp_path_factory) -> Path:
    return subsample(H100, tmp_path_factory.mktemp("h100") / "meas", per_family=14,
                     keep=("EX5", "Andrews", "ct2010"))


@pytest.fixture(scope="session")
def tiny_cpu(tmp_path_factory) -> Path:
    return subsample(CPU, tmp_path_factory.mktemp("cpu") / "meas", per_family=10)


@pytest.fixture(scope="session")
def arch_dir(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("arch")
    (d / "arch.json").write_text(json.dumps({"parameters": {"adaptive": {"stage_unroll": 1}}}))
    return d


def add_derived(meas: Path, derived: dict) -> Path:
    """Real-derived copies in a measurement folder: each new name gets its source's features and timings,
    family real-derived (what the collector records for a derived matrix, as far as the grouping cares)."""
    f = pd.read_csv(meas / "features.csv.gz")
    r = pd.read_csv(meas / "runtimes.csv.gz")
    for new, src in derived.items():
        row = f[f["matrix"] == src].copy()
        row["matrix"], row["family"] = new, "real-derived"
        f = pd.concat([f, row], ignore_index=True)
        rr = r[r["matrix"] == src].copy()
        rr["matrix"] = new
        r = pd.concat([r, rr], ignore_index=True)
    f.to_csv(meas / "features.csv.gz", index=False)
    r.to_csv(meas / "runtimes.csv.gz", index=False)
    return meas
