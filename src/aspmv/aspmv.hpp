#pragma once
// Everything a user calls: #include <aspmv/aspmv.hpp>. Study helpers have
// headers of their own: <aspmv/reference.hpp> (the long-double CPU
// reference), <aspmv/partition.hpp> (Gao's Algorithm 1),
// <aspmv/features.hpp> and <aspmv/matrix_features.hpp> (feature gathering).

#include <aspmv/arch_table.hpp>
#include <aspmv/captured_apply.hpp>
#include <aspmv/csr_matrix.hpp>
#include <aspmv/device_csr.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/error.hpp>
#include <aspmv/host_csr.hpp>
#include <aspmv/io/read_matrix.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/mode.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/spmv.hpp>
#include <aspmv/spmv_handle.hpp>
#include <aspmv/transpose.hpp>
#include <aspmv/tuned_plan.hpp>
#include <aspmv/validate.hpp>
#include <aspmv/version.hpp>
