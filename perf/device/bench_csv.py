"""The rows of an `aspmv bench --csv` file (plain, .xz or .gz) that passed the reference check and were timed:
each a dict of the CSV's columns with `time_s` as a float.

    sys.path.insert(0, "<repo>/perf/device"); from bench_csv import timed_rows
    for r in timed_rows(path): ..."""
import csv
import gzip
import lzma


def timed_rows(path):
    opener = lzma.open if path.endswith(".xz") else gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        for r in csv.DictReader(f):
            t = float(r["time_s"])
            if t > 0 and r["ok"] in ("1", "true", "yes"):
                r["time_s"] = t
                yield r
