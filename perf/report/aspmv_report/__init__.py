"""aspmv_report: turns collector runs (docs/COLLECTOR_FORMAT.md) into a study report.

Run as ``python3 -m aspmv_report --runs RUN_DIR [RUN_DIR ...] --out OUT_DIR``
with ``PYTHONPATH=perf/report`` (or as ``aspmv report``). Metric definitions:
docs/METRICS.md of the aspmv repository, and the papers cited in each module.
"""
