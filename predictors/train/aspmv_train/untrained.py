"""Untrained model tables: architecture facts and published hyper-parameters, no models.

    python -m aspmv_train untrained --arch w9100 --out tuning_data/w9100/model.json

For an architecture without measurements the table stays "untrained" with an
empty ``models``: every decision falls back to the rules
(predictors/kernel_rules.hpp, predictors/tpr_rules.hpp) with the parameters of
arch.json. The provenance says what is known and from where, and what is not:
- hardware facts: arch.json (vendor datasheets; Daga & Greathouse Table III for the W9100);
- CSR-Adaptive's NNZ_PER_WG / num_rows_stream / NNZ_multiplier: Daga & Greathouse
  Table I, tuned on a FirePro W9100 (float 1024/1/3, double 1536/2/2) - tuned
  there only, published defaults elsewhere;
- Gao et al. publish the accuracy of their TpR models on a Tesla V100 and a
  Tesla P100 (Table 4: V100 LightGBM 84.26 %, PLUB 0.56 %; P100 a neural
  network 80.80 %, PLUB 1.20 %; Table 9, per block: V100 83.78 % relaxed,
  PLUB 1.45 %; P100 81.98 %, PLUB 2.00 %) but not the models (no trees, no
  thresholds), so nothing of them can be exported: the rules decide.
"""
from __future__ import annotations

import json
from pathlib import Path

GAO_V100 = ("Gao et al. report TpR models trained on a Tesla V100 (global: LightGBM, accuracy 84.26 %, PLUB 0.56 %; "
            "per block: relaxed accuracy 83.78 %, PLUB 1.45 %; Tables 4 and 9) but publish no trees or thresholds")
GAO_P100 = ("Gao et al. report TpR models trained on a Tesla P100 (global: a neural network, accuracy 80.80 %, "
            "PLUB 1.20 %; per block: relaxed accuracy 81.98 %, PLUB 2.00 %; Tables 4 and 9; a CART of depth > 5 "
            "comes close to the optimum, Fig. 12) but publish no trees or thresholds")
DAGA = ("CSR-Adaptive hyper-parameters of Daga & Greathouse Table I (NNZ_PER_WG float 1024 / double 1536, "
        "num_rows_stream 1 / 2, NNZ_multiplier 3 / 2)")

NOTES = {
    "w9100": DAGA + ", tuned by the authors on this GPU (FirePro W9100); hardware facts from their Table III",
    "v100": DAGA + " (tuned on a W9100, not here). " + GAO_V100,
    "p100": DAGA + " (tuned on a W9100, not here). " + GAO_P100,
}


def table_for(arch: str, arch_json: dict) -> dict:
    hw = arch_json.get("hardware", {})
    params = arch_json.get("parameters", {})
    ad = params.get("adaptive", {})
    facts = {
        "description": arch_json.get("description", arch),
        "backend": arch_json.get("backend", ""),
        "compute_units": hw.get("compute_units"),
        "simd_width": hw.get("simd_width"),
        "l2_cache_bytes": hw.get("l2_cache_bytes"),
        "datasheet_bandwidth_gbs": hw.get("datasheet_bandwidth_gbs"),
    }
    parameters = {
        "t_long": params.get("t_long"),
        "teams_per_compute_unit": params.get("teams_per_compute_unit"),
        "adaptive_nnz_per_wg": ad.get("nnz_per_wg"),
        "adaptive_num_rows_stream": ad.get("num_rows_stream"),
        "adaptive_nnz_multiplier": ad.get("nnz_multiplier"),
        "adaptive_workgroup_threads": ad.get("workgroup_threads"),
        "arch_table_status": arch_json.get("provenance", {}).get("status", ""),
    }
    note = NOTES.get(arch, DAGA + " (tuned on a W9100, not here); Gao's T_LONG and teams per compute unit chosen "
                     "by hand")
    arch_status = parameters["arch_table_status"]
    summary = (f"Untrained: no measurements of the {facts['description']} exist in this project, so every decision "
               f"(gather or not, kernel, TpR) falls back to the rules of predictors/kernel_rules.hpp and "
               f"predictors/tpr_rules.hpp with the parameters of arch.json (status '{arch_status}'): {note}. "
               f"Fill it with the retraining workflow (README: aspmv collect on this hardware, then "
               f"python -m aspmv_train train).")
    prov = {
        "summary": summary,
        "architecture": {k: v for k, v in facts.items() if v not in (None, "")},
        "parameters": {k: v for k, v in parameters.items() if v not in (None, "")},
        "published": note,
        "decisions": {"tpr_global": "rule (CUSP mean unless PlanOptions::tpr_rule says otherwise)",
                      "tpr_block": "rule (per block, the same rule)",
                      "kernel_known": "rule (predictors/kernel_rules.hpp: choose_direct_kernel)",
                      "kernel_gathered": "rule (predictors/kernel_rules.hpp: choose_kernel_by_rule)",
                      "gather": "PlanOptions::gather_features"},
    }
    return {"schema": "aspmv-models/1", "arch": arch, "status": "untrained", "provenance": prov, "models": {}}


def write(arch: str, tuning_dir: Path, out: Path) -> dict:
    arch_json = json.loads((Path(tuning_dir) / "arch.json").read_text())
    table = table_for(arch, arch_json)
    from aspmv_train import evaluate
    evaluate.validate(table)
    Path(out).write_text(json.dumps(table, indent=2, ensure_ascii=False) + "\n")
    return table
