// aspmv::petsc::attach, detach, report, describe: the PETSc side of the
// hook. The blocks' MatMult/MatMultAdd become hooked_mult/hooked_mult_add,
// which find the block's BlockOperator in a PetscContainer composed on it.

#include <aspmv/petsc/attach.hpp>
#include <aspmv/petsc/block_operator.hpp>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace aspmv::petsc {

namespace {

using impl::BlockOperator;
using impl::StockOperations;

constexpr const char* kOperatorKey = "aspmv_petsc_block_operator";

// PETSc's MATSEQAIJ products, recorded from the first block attached: a
// block that carries the hook but no operator (MatDuplicate copies the
// operations table, not composed objects) runs these.
StockOperations seqaij_stock;

PetscErrorCode find_operator(Mat block, BlockOperator** op) {
  PetscContainer container = nullptr;

  PetscFunctionBegin;
  *op = nullptr;
  PetscCall(
      PetscObjectQuery(reinterpret_cast<PetscObject>(block), kOperatorKey, reinterpret_cast<PetscObject*>(&container)));
  if (container) PetscCall(PetscContainerGetPointer(container, reinterpret_cast<void**>(op)));
  PetscFunctionReturn(0);
}

PetscErrorCode hooked_mult(Mat block, Vec x, Vec y) {
  BlockOperator* op = nullptr;

  PetscFunctionBegin;
  PetscCall(find_operator(block, &op));
  if (op) {
    PetscCall(op->mult(x, y));
  } else {
    PetscCheck(seqaij_stock.mult, PETSC_COMM_SELF, PETSC_ERR_PLIB, "aspmv::petsc: no product for a hooked block");
    PetscCall(seqaij_stock.mult(block, x, y));
  }
  PetscFunctionReturn(0);
}

PetscErrorCode hooked_mult_add(Mat block, Vec x, Vec y, Vec z) {
  BlockOperator* op = nullptr;

  PetscFunctionBegin;
  PetscCall(find_operator(block, &op));
  if (op) {
    PetscCall(op->mult_add(x, y, z));
  } else {
    PetscCheck(seqaij_stock.mult_add, PETSC_COMM_SELF, PETSC_ERR_PLIB, "aspmv::petsc: no product for a hooked block");
    PetscCall(seqaij_stock.mult_add(block, x, y, z));
  }
  PetscFunctionReturn(0);
}

PetscErrorCode destroy_operator(void* op) {
  delete static_cast<BlockOperator*>(op);
  return 0;
}

template <class F>
void (*as_operation(F* f))(void) {
  return reinterpret_cast<void (*)(void)>(f);
}

PetscErrorCode block_operations(Mat block, StockOperations* ops) {
  void (*mult)(void) = nullptr;
  void (*mult_add)(void) = nullptr;

  PetscFunctionBegin;
  PetscCall(MatGetOperation(block, MATOP_MULT, &mult));
  PetscCall(MatGetOperation(block, MATOP_MULT_ADD, &mult_add));
  ops->mult = reinterpret_cast<decltype(ops->mult)>(mult);
  ops->mult_add = reinterpret_cast<decltype(ops->mult_add)>(mult_add);
  PetscFunctionReturn(0);
}

bool is_hooked(const StockOperations& ops) { return ops.mult == &hooked_mult || ops.mult_add == &hooked_mult_add; }

PetscErrorCode set_operations(Mat block, const StockOperations& ops) {
  PetscFunctionBegin;
  PetscCall(MatSetOperation(block, MATOP_MULT, as_operation(ops.mult)));
  PetscCall(MatSetOperation(block, MATOP_MULT_ADD, as_operation(ops.mult_add)));
  PetscFunctionReturn(0);
}

// A's local blocks: (A, null) for a MATSEQAIJ, (diagonal, off-diagonal) for a
// MATMPIAIJ. Other types, and blocks not plain host MATSEQAIJ, are refused.
PetscErrorCode local_blocks(Mat A, Mat* diagonal, Mat* off_diagonal) {
  PetscBool is_mpi = PETSC_FALSE, is_seq = PETSC_FALSE;
  MatType type = nullptr;

  PetscFunctionBegin;
  PetscCheck(A, PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "aspmv::petsc: the matrix is null");
  PetscCall(MatGetType(A, &type));
  PetscCall(PetscObjectTypeCompare(reinterpret_cast<PetscObject>(A), MATMPIAIJ, &is_mpi));
  PetscCall(PetscObjectTypeCompare(reinterpret_cast<PetscObject>(A), MATSEQAIJ, &is_seq));
  PetscCheck(is_mpi || is_seq, PetscObjectComm(reinterpret_cast<PetscObject>(A)), PETSC_ERR_SUP,
             "aspmv::petsc takes MATMPIAIJ and MATSEQAIJ matrices (CSR blocks on the host); this one is %s",
             type ? type : "of no type yet");
  *off_diagonal = nullptr;
  if (is_mpi)
    PetscCall(MatMPIAIJGetSeqAIJ(A, diagonal, off_diagonal, nullptr));
  else
    *diagonal = A;
  for (Mat block : {*diagonal, *off_diagonal}) {
    if (!block) continue;
    PetscBool plain = PETSC_FALSE;
    PetscCall(PetscObjectTypeCompare(reinterpret_cast<PetscObject>(block), MATSEQAIJ, &plain));
    PetscCheck(plain, PETSC_COMM_SELF, PETSC_ERR_SUP, "aspmv::petsc: a local block is not a plain MATSEQAIJ");
  }
  PetscFunctionReturn(0);
}

PetscErrorCode detach_block(Mat block) {
  BlockOperator* op = nullptr;
  StockOperations current;

  PetscFunctionBegin;
  PetscCall(find_operator(block, &op));
  PetscCall(block_operations(block, &current));
  if (op)
    PetscCall(set_operations(block, op->stock()));
  else if (is_hooked(current))  // a duplicate of a hooked block
    PetscCall(set_operations(block, seqaij_stock));
  // Composing null drops the container, whose destroy callback frees the operator.
  PetscCall(PetscObjectCompose(reinterpret_cast<PetscObject>(block), kOperatorKey, nullptr));
  PetscFunctionReturn(0);
}

PetscErrorCode attach_block(Mat block, const char* role, const PlanOptions& options) {
  StockOperations stock;
  std::unique_ptr<BlockOperator> op;
  PetscContainer container = nullptr;

  PetscFunctionBegin;
  PetscCall(block_operations(block, &stock));  // detached first: these are PETSc's own
  if (!seqaij_stock.mult) seqaij_stock = stock;
  PetscCall(BlockOperator::create(block, role, options, stock, &op));
  PetscCall(PetscContainerCreate(PETSC_COMM_SELF, &container));
  PetscCall(PetscContainerSetPointer(container, op.release()));
  PetscCall(PetscContainerSetUserDestroy(container, destroy_operator));
  PetscCall(
      PetscObjectCompose(reinterpret_cast<PetscObject>(block), kOperatorKey, reinterpret_cast<PetscObject>(container)));
  PetscCall(PetscContainerDestroy(&container));  // the block holds the reference now
  PetscCall(set_operations(block, {hooked_mult, hooked_mult_add}));
  PetscFunctionReturn(0);
}

PetscErrorCode report_block(Mat block, const char* role, BlockReport* r) {
  impl::CsrSnapshot s;
  BlockOperator* op = nullptr;
  StockOperations current;

  PetscFunctionBegin;
  r->role = role;
  PetscCall(impl::read_snapshot(block, &s));
  r->rows = s.rows;
  r->cols = s.cols;
  r->nnz = s.rows > 0 ? s.row_offsets[s.rows] : 0;
  r->empty_rows = 0;
  for (PetscInt i = 0; i < s.rows; ++i) r->empty_rows += s.row_offsets[i + 1] == s.row_offsets[i];
  PetscCall(find_operator(block, &op));
  PetscCall(block_operations(block, &current));
  if (op && is_hooked(current)) op->fill_report(r);
  PetscFunctionReturn(0);
}

}  // namespace

PetscErrorCode attach(Mat A, const AttachOptions& options) {
  Mat diagonal = nullptr, off_diagonal = nullptr;
  PetscBool assembled = PETSC_FALSE;

  PetscFunctionBegin;
  PetscCall(local_blocks(A, &diagonal, &off_diagonal));
  PetscCall(MatAssembled(A, &assembled));
  PetscCheck(assembled, PetscObjectComm(reinterpret_cast<PetscObject>(A)), PETSC_ERR_ARG_WRONGSTATE,
             "aspmv::petsc::attach: assemble the matrix first (MatAssemblyBegin/End)");
  PetscCall(detach(A));
  PetscCall(attach_block(diagonal, "diagonal", options.diagonal));
  if (off_diagonal) PetscCall(attach_block(off_diagonal, "off-diagonal", options.off_diagonal));
  PetscFunctionReturn(0);
}

PetscErrorCode detach(Mat A) {
  Mat diagonal = nullptr, off_diagonal = nullptr;

  PetscFunctionBegin;
  PetscCall(local_blocks(A, &diagonal, &off_diagonal));
  PetscCall(detach_block(diagonal));
  if (off_diagonal) PetscCall(detach_block(off_diagonal));
  PetscFunctionReturn(0);
}

PetscErrorCode report(Mat A, std::vector<BlockReport>* blocks) {
  Mat diagonal = nullptr, off_diagonal = nullptr;

  PetscFunctionBegin;
  PetscCall(local_blocks(A, &diagonal, &off_diagonal));
  blocks->assign(off_diagonal ? 2 : 1, BlockReport{});
  PetscCall(report_block(diagonal, "diagonal", &(*blocks)[0]));
  if (off_diagonal) PetscCall(report_block(off_diagonal, "off-diagonal", &(*blocks)[1]));
  PetscFunctionReturn(0);
}

PetscErrorCode describe(Mat A, std::string* text) {
  std::vector<BlockReport> blocks;

  PetscFunctionBegin;
  PetscCall(report(A, &blocks));
  std::ostringstream out;
  for (const BlockReport& b : blocks) {
    out << b.role << " block: " << b.rows << " x " << b.cols << ", " << b.nnz << " nonzeros, " << b.empty_rows
        << " empty rows";
    if (b.attached)
      out << "; aspmv plan " << b.plans_made << " (" << to_string(b.kernel) << "):\n" << b.plan << "\n";
    else
      out << "; PETSc's own product (not attached)\n";
  }
  *text = out.str();
  PetscFunctionReturn(0);
}

}  // namespace aspmv::petsc
