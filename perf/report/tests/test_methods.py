"""run.json "methods" drives every kernel name, family, property and the kernel order of the report."""
import pytest
from conftest import METHODS, feature_row, meta, runtime_rows, write_run

from aspmv_report import section
from aspmv_report.cli import main
from aspmv_report.inputs import InputError, read_run
from aspmv_report.items import CsvOnly
from aspmv_report.merge import merge_runs
from aspmv_report.methods import Method, MethodsError, Registry, merge_registries, parse_methods
from aspmv_report.tables import Table

CPU_METHODS = [m for m in METHODS if m[0] != "cusparse"]  # an OpenMP build: no cuSPARSE


def tables_of(run_dirs, out):
    sections = merge_runs([read_run(p) for p in run_dirs])
    tables = {}
    for item in section.build(sections[0], out, 16):
        t = item.table if isinstance(item, CsvOnly) else item
        if isinstance(t, Table):
            tables[t.key] = t.frame
    return sections, tables


def registry(*kernels, tpr="csr_vector"):
    return Registry(tuple(Method(k, "aspmv", False, k == tpr) for k in kernels))


# --- reading and merging -------------------------------------------------------------------------

def test_methods_are_read_in_the_order_of_run_json(tmp_path):
    run = write_run(tmp_path / "r", meta(), runtime_rows("A"), [feature_row("A")])
    methods = read_run(run).methods
    assert [m.kernel for m in methods] == [m[0] for m in METHODS]
    assert methods[6] == Method("cusparse", "vendor", True, False)


def test_missing_methods_is_a_clear_error(tmp_path, capsys):
    run = write_run(tmp_path / "old", meta(methods=None), runtime_rows("A"), [feature_row("A")])
    with pytest.raises(InputError) as err:
        read_run(run)
    message = str(err.value)
    assert str(run / "run.json") in message and 'no "methods" field' in message
    assert "docs/COLLECTOR_FORMAT.md" in message and "by hand" in message
    assert main(["--runs", str(run), "--out", str(tmp_path / "out")]) == 2
    assert 'no "methods" field' in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("bad,expected", [
    ([], "non-empty list"),
    ([{"kernel": "csr_vector", "family": "aspmv", "analysis": False}], 'no "tpr"'),
    ([{"kernel": "csr_vector", "family": "library", "analysis": False, "tpr": True}], "family 'library'"),
    ([{"kernel": "csr_vector", "family": "aspmv", "analysis": 0, "tpr": True}], '"analysis" must be a true/false'),
    ([{"kernel": "a/b", "family": "aspmv", "analysis": False, "tpr": True}], "kernel name 'a/b'"),
    ([{"kernel": "x", "family": "aspmv", "analysis": False, "tpr": True}] * 2, "listed twice"),
])
def test_malformed_methods_are_rejected(bad, expected):
    with pytest.raises(MethodsError, match=expected):
        parse_methods({"methods": bad}, "some/run.json")


def test_a_runtimes_kernel_outside_methods_is_an_error(tmp_path):
    rows = runtime_rows("A") + ["A,coo,-,1.0,0,100.0,1e-15,1"]
    run = write_run(tmp_path / "r", meta(), rows, [feature_row("A")])
    with pytest.raises(InputError, match=r"kernels coo are not in the \"methods\""):
        read_run(run)


def test_merge_keeps_one_run_as_it_is_and_fills_in_kernels_of_other_builds():
    gpu = tuple(Method(k, f, a, t) for k, f, a, t in METHODS)
    cpu = tuple(m for m in gpu if m.kernel != "cusparse")
    assert merge_registries([(cpu, "cpu/run.json")]).methods == cpu
    for lists in ([(gpu, "gpu"), (cpu, "cpu")], [(cpu, "cpu"), (gpu, "gpu")]):
        assert merge_registries(lists).methods == gpu  # cusparse between aspmv_auto and kokkos_kernels
    # kernels the runs leave unordered: first seen (command-line order, then position) first
    one = (Method("a", "aspmv", False, True), Method("b", "aspmv", False, False))
    two = (Method("a", "aspmv", False, True), Method("c", "aspmv", False, False))
    assert merge_registries([(one, "1"), (two, "2")]).order == ("a", "b", "c")
    assert merge_registries([(two, "2"), (one, "1")]).order == ("a", "c", "b")


def test_merge_conflicts_are_errors_naming_both_files(tmp_path):
    swapped = [METHODS[i] for i in (0, 1, 2, 4, 3, 5, 6, 7)]  # merge_path before csr_adaptive
    run1 = write_run(tmp_path / "r1", meta(), runtime_rows("A"), [feature_row("A")])
    run2 = write_run(tmp_path / "r2", meta(methods=swapped), runtime_rows("B"), [feature_row("B")])
    with pytest.raises(MethodsError) as err:
        merge_runs([read_run(run1), read_run(run2)])
    message = str(err.value)
    assert str(run1 / "run.json") in message and str(run2 / "run.json") in message
    assert "lists csr_adaptive before merge_path" in message and "lists merge_path before csr_adaptive" in message

    changed = [m if m[0] != "merge_path" else ("merge_path", "aspmv", False, False) for m in METHODS]
    run3 = write_run(tmp_path / "r3", meta(methods=changed), runtime_rows("C"), [feature_row("C")])
    with pytest.raises(MethodsError, match="disagree on merge_path: .*r1/run.json has analysis = true, "
                                           ".*r3/run.json has analysis = false"):
        merge_runs([read_run(run1), read_run(run3)])
    assert main(["--runs", str(run1), str(run2), "--out", str(tmp_path / "out")]) == 2


def test_an_order_no_run_contradicts_pairwise_can_still_be_impossible():
    def run(*kernels):
        return tuple(Method(k, "aspmv", False, k == "x") for k in kernels)

    with pytest.raises(MethodsError, match="no common kernel order"):
        merge_registries([(run("x", "y"), "1"), (run("y", "z"), "2"), (run("z", "x"), "3")])


def test_exactly_one_tpr_kernel(tmp_path):
    assert registry("csr_scalar", "warp_rows", tpr="warp_rows").tpr_label(16) == "warp_rows/tpr=16"
    assert registry("warp_rows", tpr="warp_rows").tpr_of("warp_rows/tpr=8") == 8
    with pytest.raises(MethodsError, match="exactly one method with \"tpr\": true.*found none"):
        registry("csr_scalar", tpr=None).tpr_kernel
    two = [m if m[0] != "merge_path" else ("merge_path", "aspmv", True, True) for m in METHODS]
    run = write_run(tmp_path / "r", meta(methods=two), runtime_rows("A"), [feature_row("A")])
    with pytest.raises(MethodsError, match="found csr_vector, merge_path"):
        merge_runs([read_run(run)])


# --- the report follows run.json -----------------------------------------------------------------

def test_the_order_of_run_json_orders_labels_and_breaks_ties(tmp_path):
    """merge_path listed first: it comes first in the candidate lists and wins ties (A: 8 = 8)."""
    reordered = [METHODS[i] for i in (4, 0, 1, 2, 3, 5, 7, 6)]  # also kokkos_kernels before cusparse
    rows = [r for m in "ABCDE" for r in runtime_rows(m, override={("merge_path", "-"): 8} if m == "A" else None)]
    run = write_run(tmp_path / "r", meta(methods=reordered), rows, [feature_row(m) for m in "ABCDE"])
    sections, t = tables_of([run], tmp_path / "out")
    assert sections[0].methods.order == tuple(m[0] for m in reordered)
    choices = t["oracle_choices_aspmv_all"]
    assert list(choices.index[:3]) == ["merge_path", "csr_scalar", "csr_vector/tpr=1"]
    # A: csr_vector/tpr=4 and merge_path tie at 8; canonical order (run.json) picks merge_path
    assert t["per_matrix_aspmv_all"].loc["A", "oracle label"] == "merge_path"
    assert list(t["speedups"].columns[-2:]) == ["Kokkos Kernels", "best cuSPARSE"]


def test_a_new_aspmv_kernel_needs_no_code_change(tmp_path):
    """"coo" listed in run.json and measured in runtimes.csv joins 'all aspmv kernels', the winner
    tables and the speedup columns; it is fastest on D (16 against cuSPARSE alg2's 17)."""
    with_coo = METHODS[:5] + [("coo", "aspmv", False, False)] + METHODS[5:]
    coo = {"A": 30, "B": 30, "C": 30, "D": 16, "E": 30}
    rows = [r for m in "ABCDE" for r in runtime_rows(m)]
    rows += [f"{m},coo,-,{t},0,{100 / t},1e-15,1" for m, t in coo.items()]
    run = write_run(tmp_path / "coo", meta(methods=with_coo), rows, [feature_row(m) for m in "ABCDE"])
    _, t = tables_of([run], tmp_path / "out")
    choices = t["oracle_choices_aspmv_all"]["matrices"]
    assert list(choices.index[-2:]) == ["merge_path", "coo"]  # run.json order
    assert choices["coo"] == 1
    assert t["winner_counts"]["matrices"].to_dict() == {"coo": 1, "csr_vector": 1, "cusparse": 2, "merge_path": 1}
    assert t["winner_per_matrix"].loc["D", "label"] == "coo"
    assert "coo" in t["speedups"].columns
    assert t["best_counts"].loc["coo", "best among all methods"] == 1
    assert "coo" not in t["amortization"].index  # analysis: false


def test_vendor_labels_come_from_the_measured_vendor_configurations(tmp_path):
    """A CPU build (no cusparse in methods, no cuSPARSE rows): no cuSPARSE rows or columns anywhere."""
    rows = [r for m in "ABCDE" for r in runtime_rows(m, skip={"cusparse"})]
    run = write_run(tmp_path / "cpu", meta(device="EPYC", methods=CPU_METHODS), rows,
                    [feature_row(m) for m in "ABCDE"])
    sections, t = tables_of([run], tmp_path / "out")
    assert "cusparse" not in sections[0].methods.order
    assert [b for b, _ in t["speedups"].index[::2]] == ["CSR-vector TpR=16", "Kokkos Kernels"]
    assert not any("cuSPARSE" in p for p in t["selection_everything"].index)
    assert list(t["amortization"].index) == ["gao_partitioned/rule=cusp_mean", "csr_adaptive/unroll=4",
                                             "merge_path", "aspmv_auto"]
