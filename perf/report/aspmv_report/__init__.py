"""aspmv_report: turns collector runs (docs/COLLECTOR_FORMAT.md) into a study report.

Run as ``python3 -m aspmv_report --runs RUN_DIR [RUN_DIR ...] --out OUT_DIR``
with ``PYTHONPATH=perf/report``. Metric definitions follow
shared/docs/BENCHMARKING.md and the papers cited in each module.
"""
