"""The planner's gather insurance as the trainer scores it (train.gather_insured,
mirrored by src/aspmv/planner/model_selection.hpp): GPUs only, from the arch
table's auto_adaptive_min_nnz nonzeros and GATHER_INSURANCE_MIN_CALLS calls on."""
import numpy as np

from aspmv_train.train import GATHER_INSURANCE_MIN_CALLS, gather_insured

ARCH = {"parameters": {"auto_adaptive_min_nnz": 1000}}


def test_large_matrices_with_enough_calls_are_insured_on_gpus():
    nnz = np.array([0, 999, 1000, 10**9])
    calls = GATHER_INSURANCE_MIN_CALLS
    assert gather_insured(ARCH, True, nnz, calls).tolist() == [False, False, True, True]
    assert gather_insured(ARCH, True, nnz, calls - 1).tolist() == [False] * 4
    assert gather_insured(ARCH, True, nnz, 1000).tolist() == [False, False, True, True]


def test_no_insurance_on_cpus_or_without_the_threshold():
    nnz = np.array([10**9])
    assert not gather_insured(ARCH, False, nnz, 1000).any()
    assert not gather_insured({"parameters": {"auto_adaptive_min_nnz": 0}}, True, nnz, 1000).any()
    assert not gather_insured({}, True, nnz, 1000).any()
