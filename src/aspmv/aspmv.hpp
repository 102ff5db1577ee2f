#pragma once
// Everything a user needs: #include <aspmv/aspmv.hpp>.

#include <aspmv/arch_table.hpp>
#include <aspmv/csr_matrix.hpp>
#include <aspmv/device_csr.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/error.hpp>
#include <aspmv/features.hpp>
#include <aspmv/host_csr.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/matrix_features.hpp>
#include <aspmv/partition.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/reference.hpp>
#include <aspmv/spmv.hpp>
#include <aspmv/validate.hpp>
#include <aspmv/version.hpp>
