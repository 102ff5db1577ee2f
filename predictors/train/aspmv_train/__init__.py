"""aspmv's model-training pipeline: collector CSVs -> model tables (docs/MODEL_TABLES.md).

Modules:
- data: reads measurement folders (docs/COLLECTOR_FORMAT.md) into one Measurements.
- methods: method labels ("csr_vector/tpr=8"), time tables, oracles.
- features: the feature vocabulary, its collection groups and their costs.
- split: matrix groups (generator lineage, real matrix + transpose) and the
  seeded, family-stratified group split.
- metrics: accuracy, relaxed accuracy, PLUB, misprediction histogram (BENCHMARKING.md).
- candidates: the algorithms compared (CART, ExtraTrees, XGBoost, LightGBM).
- export: fitted models -> schema dicts (flat arrays).
- evaluate: pure-Python evaluator and validator of a model table.
- tasks: the five models (tpr_global, tpr_block, kernel_known, kernel_gathered, gather).
- train: the whole run; report: the markdown report; agreement: the C++ agreement dump.
"""

__version__ = "1"
