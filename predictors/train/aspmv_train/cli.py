"""Command line: train, agreement, validate, predict.

    py="$(scripts/python_env.sh)"; export PYTHONPATH=predictors/train
    "$py" -m aspmv_train train --measurements tuning_data/h100/measurements/2026-11-21 --arch h100 \\
        --out tuning_data/h100/model.json --report docs/studies/h100/models.md
    "$py" -m aspmv_train agreement --model tuning_data/h100/model.json --samples 5000 --seed 1 --out agree.csv
    "$py" -m aspmv_train validate tuning_data/*/model.json
    "$py" -m aspmv_train predict --model tuning_data/h100/model.json --features DIR/features.csv.gz
    "$py" -m aspmv_train untrained --arch w9100 --out tuning_data/w9100/model.json
    "$py" -m aspmv_train compare --measurements tuning_data/h200/measurements/* --tuning-dir tuning_data/h200 \\
        --table h100=tuning_data/h100/model.json --table h200=tuning_data/h200/model.json --markdown OUT.md
    "$py" -m aspmv_train oof --measurements tuning_data/h100/measurements/2026-11-26 --tuning-dir tuning_data/h100 \\
        --out-dir OUT      # out-of-fold figures on the real matrices: OUT/oof.md, oof.json, oof.csv
    "$py" -m aspmv_train runtime --measurements tuning_data/h100/measurements/2026-11-26 --arch h100 \\
        --out OUT          # runtime models as a selector, out-of-fold: OUT/runtime.md, runtime.json, runtime.csv
    "$py" -m aspmv_train formats --measurements DIR... --arch h200 --out OUT   # converted formats in that
                       # selection, out-of-fold: OUT/formats.md, formats.json, formats.csv
    "$py" -m aspmv_train format-table --measurements DIR... --arch h200 --table IN.json --out OUT.json \\
        [--oof-out DIR]  # IN.json with the format models make_plan reads under allow_conversion
    "$py" -m aspmv_train train ... --exclude-groups 'real/*,real2/*'   # a table that never saw those groups
    "$py" -m aspmv_train train --measurements NEW... OLD... --mixed-methods ...   # folders of different methods
    "$py" -m aspmv_train oof --measurements OLD... --eval-measurements NEW... ...  # scored on other folders
    "$py" -m aspmv_train remeasure --base DIR --new DIR --kernels lrb --out DIR   # DIR with lrb's rows replaced
                       # by a collection of lrb alone (aspmv collect --methods lrb,...): remeasure.py
"""
from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[3]


def repo_root() -> Path:
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
        return Path(out.stdout.strip())
    except Exception:
        return PACKAGE_ROOT


def cmd_train(args) -> int:
    from aspmv_train import report, train
    root = repo_root()
    argv = ["train", "--measurements", *args.measurements, "--arch", args.arch, "--out", args.out]
    if args.report:
        argv += ["--report", args.report]
    if args.tuning_dir:
        argv += ["--tuning-dir", args.tuning_dir]
    if args.seed != 2026:
        argv += ["--seed", str(args.seed)]
    if args.folds != 5:
        argv += ["--folds", str(args.folds)]
    if args.quick:
        argv += ["--quick"]
    if args.manifest:
        argv += ["--manifest", args.manifest]
    exclude = _patterns(args.exclude_groups)
    if exclude:
        argv += ["--exclude-groups", ",".join(exclude)]
    if args.no_support:
        argv += ["--no-support"]
    if args.mixed_methods:
        argv += ["--mixed-methods"]
    if args.no_runtime:
        argv += ["--no-runtime"]
    if args.max_model_bytes != train.Config.max_model_bytes:
        argv += ["--max-model-bytes", str(args.max_model_bytes)]
    cfg = train.Config(measurements=args.measurements, arch=args.arch, out=Path(args.out),
                       report=Path(args.report) if args.report else None,
                       tuning_dir=Path(args.tuning_dir) if args.tuning_dir else None, seed=args.seed,
                       folds=args.folds, quick=args.quick, command="python -m aspmv_train " + shlex.join(argv),
                       repo_root=root, manifest=args.manifest, exclude_groups=exclude,
                       support=not args.no_support, mixed_methods=args.mixed_methods,
                       runtime=not args.no_runtime, max_model_bytes=args.max_model_bytes)
    log = (lambda *a: None) if args.quiet else (lambda msg: print(f"[aspmv_train] {msg}", file=sys.stderr, flush=True))
    trainer = train.Trainer(cfg, log)
    out = trainer.run()
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(train.compact_dumps(out.table))
    log(f"wrote {args.out} ({Path(args.out).stat().st_size} bytes) in {out.report['elapsed_s']:.0f} s")
    if args.report:
        Path(args.report).parent.mkdir(parents=True, exist_ok=True)
        Path(args.report).write_text(report.render(trainer, out))
        log(f"wrote {args.report}")
    return 0


def _patterns(values) -> list:
    """--exclude-groups values (repeatable, comma-separated) -> fnmatch patterns."""
    return [p.strip() for v in (values or []) for p in v.split(",") if p.strip()]


def _run_study(module, cfg, out: str, name: str, quiet: bool) -> dict:
    """``module.run(cfg, log)`` then ``module.write(result, out)``, logging to stderr as ``[aspmv_train NAME]``."""
    log = (lambda *a: None) if quiet else (lambda msg: print(f"[aspmv_train {name}] {msg}", file=sys.stderr,
                                                            flush=True))
    result = module.run(cfg, log)
    for p in module.write(result, Path(out)):
        log(f"wrote {p}")
    return result


def cmd_oof(args) -> int:
    from aspmv_train import oof
    cfg = oof.OofConfig(measurements=args.measurements, tuning_dir=Path(args.tuning_dir), folds=args.folds,
                        seed=args.seed, train_folds=args.train_folds, quick=args.quick, manifest=args.manifest,
                        repo_root=repo_root(), jobs=args.jobs, mixed_methods=args.mixed_methods,
                        eval_measurements=args.eval_measurements, max_model_bytes=args.max_model_bytes)
    print(oof.markdown(_run_study(oof, cfg, args.out_dir, "oof", args.quiet)))
    return 0


def cmd_runtime(args) -> int:
    from aspmv_train import runtime_models as rm
    argv = ["runtime", "--measurements", *args.measurements, "--arch", args.arch, "--out", args.out]
    for flag, v, default in (("--tuning-dir", args.tuning_dir, None), ("--folds", args.folds, 5),
                             ("--seed", args.seed, 2026), ("--train-folds", args.train_folds, 5),
                             ("--manifest", args.manifest, None), ("--cache", args.cache, None),
                             ("--jobs", args.jobs, 1), ("--kinds", args.kinds, None)):
        if v != default:
            argv += [flag, str(v)]
    argv += ["--quick"] if args.quick else []
    argv += ["--no-classifier"] if args.no_classifier else []
    tuning = Path(args.tuning_dir) if args.tuning_dir else repo_root() / "tuning_data" / args.arch
    cfg = rm.RuntimeConfig(measurements=args.measurements, tuning_dir=tuning,
                           folds=args.folds, seed=args.seed, train_folds=args.train_folds, quick=args.quick,
                           manifest=args.manifest, repo_root=repo_root(), jobs=args.jobs,
                           kinds=tuple(args.kinds.split(",")) if args.kinds else rm.KINDS,
                           classifier=not args.no_classifier,
                           cache=Path(args.cache) if args.cache else None,
                           command="python -m aspmv_train " + shlex.join(argv), arch=args.arch)
    _run_study(rm, cfg, args.out, "runtime", args.quiet)
    return 0


def cmd_remeasure(args) -> int:
    from aspmv_train import remeasure
    from aspmv_train.data import DataError
    try:
        yardstick = None
        if args.yardstick:
            kernel, _, configs = args.yardstick.partition(":")
            yardstick = (kernel, [c for c in configs.split(",") if c])
        info = remeasure.remeasure(Path(args.base), Path(args.new), Path(args.out),
                                   [k for k in args.kernels.split(",") if k], yardstick,
                                   [c for c in (args.feature_times or "").split(",") if c])
    except DataError as e:
        print(f"aspmv_train remeasure: {e}", file=sys.stderr)
        return 2
    for line in remeasure.summary_lines(info):
        print(line)
    return 0


def cmd_formats(args) -> int:
    from aspmv_train import format_choice as fc
    argv = ["formats", "--measurements", *args.measurements, "--arch", args.arch, "--out", args.out]
    argv += ["--generated", *args.generated] if args.generated else []
    for flag, v, default in (("--tuning-dir", args.tuning_dir, None), ("--folds", args.folds, 5),
                             ("--seed", args.seed, 2026), ("--manifest", args.manifest, None),
                             ("--kinds", args.kinds, None)):
        if v != default:
            argv += [flag, str(v)]
    if list(args.calls) != list(fc.CALLS):
        argv += ["--calls", *[f"{c:g}" for c in args.calls]]
    argv += ["--quick"] if args.quick else []
    tuning = Path(args.tuning_dir) if args.tuning_dir else repo_root() / "tuning_data" / args.arch
    cfg = fc.FormatConfig(measurements=[*args.measurements, *(args.generated or [])], tuning_dir=tuning,
                          folds=args.folds, seed=args.seed, generated=tuple(args.generated or ()),
                          quick=args.quick, manifest=args.manifest, repo_root=repo_root(),
                          kinds=tuple(args.kinds.split(",")) if args.kinds else fc.KINDS,
                          calls=tuple(float(c) for c in args.calls),
                          command="python -m aspmv_train " + shlex.join(argv), arch=args.arch)
    _run_study(fc, cfg, args.out, "formats", args.quiet)
    return 0


def cmd_format_table(args) -> int:
    from aspmv_train import format_table as ft
    argv = ["format-table", "--measurements", *args.measurements, "--arch", args.arch, "--table", args.table,
            "--out", args.out]
    for flag, v, default in (("--tuning-dir", args.tuning_dir, None), ("--seed", args.seed, 2026),
                             ("--manifest", args.manifest, None), ("--oof-out", args.oof_out, None),
                             ("--formats", args.formats, None), ("--margin", args.margin, ft.MARGIN)):
        if v != default:
            argv += [flag, str(v)]
    argv += ["--quick"] if args.quick else []
    tuning = Path(args.tuning_dir) if args.tuning_dir else repo_root() / "tuning_data" / args.arch
    cfg = ft.FormatTableConfig(measurements=args.measurements, tuning_dir=tuning, table=Path(args.table),
                               seed=args.seed, quick=args.quick, manifest=args.manifest, repo_root=repo_root(),
                               command="python -m aspmv_train " + shlex.join(argv),
                               formats=tuple(args.formats.split(",")) if args.formats else None,
                               margin=args.margin)
    log = (lambda *_: None) if args.quiet else (lambda m: print(m, file=sys.stderr))
    if args.oof_out:
        for path in ft.write_oof(ft.out_of_fold(cfg, log), Path(args.oof_out)):
            print(f"wrote {path}", file=sys.stderr)
    table = ft.build(cfg, log=log)
    from aspmv_train import evaluate
    evaluate.validate(table)
    ft.write(table, Path(args.out))
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


def cmd_agreement(args) -> int:
    from aspmv_train import agreement, evaluate
    table = evaluate.load(args.model)
    folders = args.measurements
    if folders is None:
        root = repo_root()
        listed = table.get("provenance", {}).get("measurements", [])
        folders = [str(root / p) for p in listed if isinstance(p, str)] if isinstance(listed, list) else []
    n = agreement.dump(table, args.out, args.samples, args.seed, folders)
    print(f"wrote {n} rows to {args.out}", file=sys.stderr)
    return 0


def cmd_validate(args) -> int:
    from aspmv_train import evaluate
    bad = 0
    for p in args.paths:
        try:
            t = evaluate.load(p)
            print(f"{p}: ok ({t['status']}, {len(t['models'])} models)")
        except (evaluate.ModelError, ValueError, OSError) as e:
            print(f"{p}: {e}")
            bad += 1
    return 1 if bad else 0


def cmd_predict(args) -> int:
    import pandas as pd

    from aspmv_train import evaluate
    table = evaluate.load(args.model)
    df = pd.read_csv(args.features)
    run_json = Path(args.run_json) if args.run_json else Path(args.features).parent / "run.json"
    if run_json.exists():  # the device facts the device features divide by
        from aspmv_train import features as feat
        for k, v in feat.device_facts(json.loads(run_json.read_text())).items():
            df[k] = v
    names = [args.name] if args.name else [n for n in table["models"] if n not in ("gather", "tpr_block")]
    print(",".join(["matrix"] + names))
    for _, row in df.iterrows():
        vals = row.to_dict()
        vals["calls"] = args.calls
        out = [str(row.get("matrix", ""))]
        for n in names:
            m = table["models"][n]
            out.append(evaluate.predict(m, evaluate.feature_vector(m, vals)))
        print(",".join(out))
    return 0


def cmd_compare(args) -> int:
    from aspmv_train import compare, evaluate
    tables = {}
    for spec in args.table:
        name, sep, path = spec.partition("=")
        if not sep or not name or not path:
            print(f"--table {spec!r}: expected NAME=model.json", file=sys.stderr)
            return 2
        tables[name] = evaluate.load(path)
    result = compare.score(tables, args.measurements, Path(args.tuning_dir), args.seed, args.folds)
    text = compare.markdown(result)
    if args.markdown:
        Path(args.markdown).write_text(text)
    print(text)
    return 0


def cmd_untrained(args) -> int:
    from aspmv_train import untrained
    tuning = Path(args.tuning_dir) if args.tuning_dir else Path(args.out).parent
    untrained.write(args.arch, tuning, Path(args.out))
    print(f"wrote {args.out} (untrained)", file=sys.stderr)
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m aspmv_train", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train", help="train a model table from measurement folders")
    t.add_argument("--measurements", nargs="+", required=True, help="collector output folders (merged)")
    t.add_argument("--arch", required=True, help="architecture name written into the table")
    t.add_argument("--out", required=True, help="model.json to write")
    t.add_argument("--report", help="markdown report to write")
    t.add_argument("--tuning-dir", help="folder of the arch.json (default: the folder of --out)")
    t.add_argument("--seed", type=int, default=2026, help="split and model seed")
    t.add_argument("--folds", type=int, default=5, help="group folds (fold 0 held out)")
    t.add_argument("--quick", action="store_true", help="a small candidate grid (tests)")
    t.add_argument("--quiet", action="store_true")
    t.add_argument("--manifest", help="the real corpus's MANIFEST.tsv (default perf/corpus/real/MANIFEST.tsv when "
                                      "present; 'none': group real matrices by name and shape only)")
    t.add_argument("--exclude-groups", action="append", metavar="PATTERN[,PATTERN]",
                   help="leave out the matrices whose group matches an fnmatch pattern (e.g. 'real/*,real2/*'); "
                        "recorded in the table's provenance")
    t.add_argument("--no-support", action="store_true",
                   help="leave out the models' training support (the library's out-of-support guard then never "
                        "fires; for readers older than the one that reads the field)")
    t.add_argument("--mixed-methods", action="store_true",
                   help="merge folders whose run.json method lists differ (refused otherwise): the union of the "
                        "methods, each model trained on the matrices that measured all of its classes (the kernel "
                        "models on those with every label, tpr_global on those with every TpR)")
    t.add_argument("--no-runtime", action="store_true",
                   help="leave the runtime model (Plan::describe()'s forecasts) out of the table, recorded in the "
                        "provenance's omitted_models (over many kernel classes it outgrows the size cap)")
    t.add_argument("--max-model-bytes", type=int, default=300_000,
                   help="a candidate model larger than this (its JSON) is not chosen (default 300000); the table's "
                        "cap of 1.5 MB holds all models together")
    t.set_defaults(fn=cmd_train)
    o = sub.add_parser("oof", help="out-of-fold evaluation on the real matrices (each predicted by models trained "
                                   "without its source group)")
    o.add_argument("--measurements", nargs="+", required=True, help="collector output folders (merged per precision)")
    o.add_argument("--tuning-dir", required=True, help="folder of the measurements' arch.json")
    o.add_argument("--out-dir", required=True, help="writes oof.md, oof.json and oof.csv (per matrix) here")
    o.add_argument("--folds", type=int, default=5, help="folds of the real and real-derived groups")
    o.add_argument("--seed", type=int, default=2026, help="fold and model seed")
    o.add_argument("--train-folds", type=int, default=5, help="the trainer's own group folds (as train --folds)")
    o.add_argument("--manifest", help="as train --manifest")
    o.add_argument("--quick", action="store_true", help="the small candidate grid (tests)")
    o.add_argument("--jobs", type=int, default=1, help="folds trained at once (processes)")
    o.add_argument("--mixed-methods", action="store_true", help="as train --mixed-methods, for the fold tables")
    o.add_argument("--max-model-bytes", type=int, default=300_000, help="as train --max-model-bytes")
    o.add_argument("--eval-measurements", nargs="+",
                   help="predict and score the real matrices of these folders instead (folds dealt over their real "
                        "groups; each fold's table trained on --measurements without those groups)")
    o.add_argument("--quiet", action="store_true")
    o.set_defaults(fn=cmd_oof)
    rt = sub.add_parser("runtime", help="runtime models (log time per kernel configuration) as a selector, "
                                        "out-of-fold as oof, against the classifiers (runtime_models.py)")
    rt.add_argument("--measurements", nargs="+", required=True, help="collector output folders (merged per precision)")
    rt.add_argument("--arch", required=True, help="architecture (its arch.json: tuning_data/ARCH unless --tuning-dir)")
    rt.add_argument("--out", required=True, help="writes runtime.md, runtime.json and runtime.csv (per matrix) here")
    rt.add_argument("--tuning-dir", help="folder of the measurements' arch.json (default tuning_data/ARCH)")
    rt.add_argument("--folds", type=int, default=5, help="folds of the real and real-derived groups (as oof)")
    rt.add_argument("--seed", type=int, default=2026)
    rt.add_argument("--train-folds", type=int, default=5, help="the trainer's own group folds (as oof)")
    rt.add_argument("--manifest", help="as train --manifest")
    rt.add_argument("--kinds", help="comma-separated subset of linear,gbm,knn")
    rt.add_argument("--no-classifier", action="store_true", help="runtime models only (no oof.py fold tables)")
    rt.add_argument("--cache", help="folder caching oof.py's fold tables and the runtime fits (reused when their "
                                    "inputs match)")
    rt.add_argument("--jobs", type=int, default=1, help="classifier fold tables trained at once (processes)")
    rt.add_argument("--quick", action="store_true", help="small grids (tests)")
    rt.add_argument("--quiet", action="store_true")
    rt.set_defaults(fn=cmd_runtime)
    fm = sub.add_parser("formats", help="converted formats (sell, ell, jad, dia) in the runtime selection, "
                                        "out-of-fold (format_choice.py)")
    fm.add_argument("--measurements", nargs="+", required=True,
                    help="collector output folders that timed the formats (merged per precision)")
    fm.add_argument("--generated", nargs="+",
                    help="folders of the generated corpus: they train, and their held-out split (split.py fold 0) is "
                         "one more fold, scored as the set 'generated (held out)'")
    fm.add_argument("--arch", required=True, help="architecture (its arch.json: tuning_data/ARCH unless --tuning-dir)")
    fm.add_argument("--out", required=True, help="writes formats.md, formats.json and formats.csv (per matrix) here")
    fm.add_argument("--tuning-dir", help="folder of the measurements' arch.json (default tuning_data/ARCH)")
    fm.add_argument("--folds", type=int, default=5, help="folds of the real and real-derived groups")
    fm.add_argument("--seed", type=int, default=2026)
    fm.add_argument("--manifest", help="as train --manifest")
    fm.add_argument("--kinds", help="comma-separated subset of linear,gbm,lightgbm (the table's fit), "
                    "lightgbm_relative, lightgbm_relative_columns (ranking_models.py)")
    fm.add_argument("--calls", type=float, nargs="+", default=[100.0, 1000.0], help="calls the choice amortizes")
    fm.add_argument("--quick", action="store_true", help="small grids (tests)")
    fm.add_argument("--quiet", action="store_true")
    fm.set_defaults(fn=cmd_formats)
    rm = sub.add_parser("remeasure", help="a collection folder with some kernels' rows replaced by a later "
                                          "collection of those kernels alone (remeasure.py)")
    rm.add_argument("--base", required=True, help="the collection folder whose kernels are stale")
    rm.add_argument("--new", required=True, help="a collection that measured the kernels again (and perhaps "
                                                 "reference kernels, reported as the drift, not replaced)")
    rm.add_argument("--kernels", required=True, help="comma-separated kernel columns to replace")
    rm.add_argument("--out", required=True, help="the folder to write")
    rm.add_argument("--yardstick", metavar="KERNEL:CONFIG[,CONFIG]",
                    help="configurations whose code is the same in both collections (e.g. csr_vector:tpr=2,tpr=4): "
                         "the replaced times are put in the base session's units by their per-matrix base/new ratio")
    rm.add_argument("--feature-times", metavar="COLUMN[,COLUMN]",
                    help="feature collection times (features.csv time_* columns, e.g. time_row_stats_s) taken from "
                         "the new folder: a feature pass whose code changed")
    rm.set_defaults(fn=cmd_remeasure)
    ft = sub.add_parser("format-table", help="add the format models (format_time, format_conversion) to a table")
    ft.add_argument("--measurements", nargs="+", required=True,
                    help="collector output folders that timed the formats (one precision)")
    ft.add_argument("--arch", required=True, help="architecture (its arch.json: tuning_data/ARCH unless --tuning-dir)")
    ft.add_argument("--table", required=True, help="the model table the models join (read)")
    ft.add_argument("--out", required=True, help="the table with them (may be --table)")
    ft.add_argument("--tuning-dir", help="folder of the measurements' arch.json (default tuning_data/ARCH)")
    ft.add_argument("--seed", type=int, default=2026)
    ft.add_argument("--manifest", help="as train --manifest")
    ft.add_argument("--oof-out", help="also write the decision's out-of-fold figures here (format_decision.md, "
                    ".json, .csv)")
    ft.add_argument("--formats", help="comma-separated formats that become classes (default: every timed format); "
                    "the others are left to the plan's rules (DIA on CPUs: predictors/format_rules.hpp)")
    ft.add_argument("--margin", type=float, default=0.5,
                    help="PlanOptions::format_margin the --oof-out decision is scored at (default 0.5, the library's)")
    ft.add_argument("--quick", action="store_true", help="small models (tests)")
    ft.add_argument("--quiet", action="store_true")
    ft.set_defaults(fn=cmd_format_table)
    a = sub.add_parser("agreement", help="write the C++ agreement CSV")
    a.add_argument("--model", required=True)
    a.add_argument("--samples", type=int, default=5000, help="vectors per model")
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--out", required=True)
    a.add_argument("--measurements", nargs="*", help="folders for real rows (default: the table's provenance)")
    a.set_defaults(fn=cmd_agreement)
    v = sub.add_parser("validate", help="validate model tables against docs/MODEL_TABLES.md")
    v.add_argument("paths", nargs="+")
    v.set_defaults(fn=cmd_validate)
    q = sub.add_parser("predict", help="evaluate a table's models on the rows of a features.csv")
    q.add_argument("--model", required=True)
    q.add_argument("--features", required=True)
    q.add_argument("--name", help="one model (default: tpr_global, kernel_known, kernel_gathered)")
    q.add_argument("--calls", type=float, default=100.0, help="the gather model's calls")
    q.add_argument("--run-json", help="the run.json of the device facts (default: beside --features)")
    q.set_defaults(fn=cmd_predict)
    c = sub.add_parser("compare", help="score exported tables on one architecture's measurements (offline)")
    c.add_argument("--measurements", nargs="+", required=True, help="collector output folders (merged)")
    c.add_argument("--tuning-dir", required=True, help="folder of the measurements' arch.json")
    c.add_argument("--table", action="append", required=True, help="NAME=model.json (repeatable)")
    c.add_argument("--seed", type=int, default=2026, help="split seed (the trainer's)")
    c.add_argument("--folds", type=int, default=5)
    c.add_argument("--markdown", help="also write the tables here")
    c.set_defaults(fn=cmd_compare)
    u = sub.add_parser("untrained", help="write an untrained table (arch facts, published parameters, no models)")
    u.add_argument("--arch", required=True)
    u.add_argument("--out", required=True)
    u.add_argument("--tuning-dir", help="folder of the arch.json (default: the folder of --out)")
    u.set_defaults(fn=cmd_untrained)
    args = p.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
