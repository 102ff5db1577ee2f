"""The command line end to end: README, tables and figures, deterministic."""
import filecmp
import re

from aspmv_report.cli import main


def test_cli_writes_readme_tables_and_figures(runs, tmp_path):
    out = tmp_path / "report"
    assert main(["--runs", *map(str, runs), "--out", str(out), "--title", "Synthetic study"]) == 0
    readme = (out / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# Synthetic study\n")
    assert "## Test GPU, double" in readme and "## Test GPU, float" in readme
    assert "No runtime model in this run" in readme          # double: no predicted_time_s
    assert "tables/test-gpu-float/ranking_quality.csv" in readme
    assert "csr_vector/tpr=8: ok=0 (1)" in readme            # exclusion reasons are printed
    assert "abc1234" in readme and "def5678" in readme        # both runs' provenance
    for link in re.findall(r"\]\(((?:tables|figures)/[^)]+)\)", readme):
        assert (out / link).is_file(), link
    figures = out / "figures" / "test-gpu-double"
    for key in ("speedup_per_matrix", "bandwidth_vs_nnz", "optimal_tpr_tpr_gao", "winner_map",
                "mispredictions_tpr_gao", "optimal_tpr_blocks"):
        assert (figures / f"{key}.png").is_file() and (figures / f"{key}.svg").is_file(), key
    assert (out / "tables" / "test-gpu-double" / "selection_tpr_gao.csv").is_file()


def test_cli_output_is_deterministic(runs, tmp_path):
    first, second = tmp_path / "one", tmp_path / "two"
    for out in (first, second):
        assert main(["--runs", *map(str, runs), "--out", str(out)]) == 0
    compared = filecmp.dircmp(first, second)
    stack = [compared]
    while stack:
        d = stack.pop()
        assert not d.left_only and not d.right_only
        _, mismatch, errors = filecmp.cmpfiles(d.left, d.right, d.common_files, shallow=False)
        assert not mismatch and not errors, mismatch
        stack += d.subdirs.values()


def test_cli_rejects_a_folder_without_run_json(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert main(["--runs", str(tmp_path / "empty"), "--out", str(tmp_path / "out")]) == 2
    assert "run.json" in capsys.readouterr().err


def test_cli_survives_a_run_without_most_kernels(tmp_path):
    """A CPU-like run: csr_scalar and CSR-vector TpR 1..8 only, empty blocks.csv, no failures.csv."""
    from conftest import feature_row, meta, write_run

    rows = []
    for matrix, times in (("A", (9, 20, 10, 8, 10)), ("B", (50, 40, 30, 20, 12))):
        for (kernel, config), t in zip((("csr_scalar", "-"), ("csr_vector", "tpr=1"), ("csr_vector", "tpr=2"),
                                        ("csr_vector", "tpr=4"), ("csr_vector", "tpr=8")), times):
            rows.append(f"{matrix},{kernel},{config},{t},0,1.0,1e-15,1")
    run = write_run(tmp_path / "cpu", meta(device="EPYC", precision="double"), rows,
                    [feature_row("A"), feature_row("B")])
    (run / "blocks.csv").write_text("", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["--runs", str(run), "--out", str(out)]) == 0
    readme = (out / "README.md").read_text(encoding="utf-8")
    assert "csr_vector/tpr=16: not measured (2)" in readme
    assert "No blocks.csv rows in this section." in readme
    assert (out / "tables" / "epyc-double" / "selection_aspmv_all.csv").is_file()


def test_cli_reads_gzip_compressed_csvs_as_committed(runs, tmp_path):
    """tuning_data/<arch>/measurements/ keep runtimes/features/blocks as .csv.gz:
    a folder holding only those gives the same report as the plain files."""
    import gzip
    import shutil

    plain = runs[0]
    packed = tmp_path / plain.name
    shutil.copytree(plain, packed)
    for name in ("runtimes.csv", "features.csv", "blocks.csv"):
        src = packed / name
        if src.exists():
            with open(src, "rb") as f_in, gzip.open(str(src) + ".gz", "wb") as f_out:
                shutil.copyfileobj(f_in, f_out)
            src.unlink()
    out_plain, out_packed = tmp_path / "plain", tmp_path / "packed"
    assert main(["--runs", str(plain), "--out", str(out_plain)]) == 0
    assert main(["--runs", str(packed), "--out", str(out_packed)]) == 0
    assert (out_plain / "README.md").read_text() == (out_packed / "README.md").read_text()
