#pragma once
// aspmv::tpetra::Operator: a Tpetra::Operator that applies aspmv plans to a
// fill-complete Tpetra::CrsMatrix. Tpetra's own apply imports all of x into
// the column map and then runs KokkosSparse::spmv on the local rows; this
// operator splits the local rows once into
//   - the owned block: columns whose x entries this process holds, indexed
//     as in the domain vector (no copy of x needed), and
//   - the remote block: columns imported from other processes, indexed
//     0..R-1 in a vector of only those R entries,
// makes an aspmv plan for each (the remote block is its own selection
// problem: short, skewed rows, many of them empty), and applies
//   start importing the R remote entries of x
//   y = alpha A_owned x + beta y        while they travel
//   finish the import; y += alpha A_remote x_remote
// Transposed applies go to the matrix's own apply (aspmv's plans are built
// for A). The operator holds a copy of A's values in its blocks: after A's
// values change in place (same structure), call refresh_values().
//
//   auto op = Teuchos::rcp(new aspmv::tpetra::Operator<>(A));
//   op->apply(x, y);                       // y = A x
//   problem->setOperator(op);              // Belos: LinearProblem<SC, MV, OP>

#include <aspmv/impl/device_copy.hpp>
#include <aspmv/tpetra/column_split.hpp>
#include <aspmv/tpetra/planned_block.hpp>

#include <Teuchos_CommHelpers.hpp>
#include <Teuchos_ParameterList.hpp>
#include <Teuchos_RCP.hpp>
#include <Tpetra_CrsMatrix.hpp>
#include <Tpetra_Export.hpp>
#include <Tpetra_Import.hpp>
#include <Tpetra_Map.hpp>
#include <Tpetra_MultiVector.hpp>
#include <Tpetra_Operator.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace aspmv::tpetra {

struct OperatorOptions {
  // The plan of the owned block and the plan of the remote block. Their
  // expected_calls weigh each block's analysis against its applies.
  PlanOptions owned;
  PlanOptions remote;
  // Fence and time the phases of every apply (phase_times()); off: no fence
  // beyond what the import needs.
  bool time_phases = false;
};

// Seconds spent in each phase over the applies since the last reset (with
// OperatorOptions::time_phases).
struct PhaseTimes {
  std::int64_t applies = 0;
  double owned_product = 0;   // y = alpha A_owned x + beta y (begin of the import before it)
  double import_wait = 0;     // finishing the import after the owned product
  double remote_product = 0;  // y += alpha A_remote x_remote
};

namespace impl {

// y(rows(i), j) += t(i, j): rows are distinct, so no two threads meet. A free
// function: CUDA's extended lambdas may not live in a class's private members.
template <class ExecSpace, class RowsView, class TView, class YView>
void add_rows(const ExecSpace& exec, const RowsView& rows, const TView& t, const YView& y) {
  const auto num_vectors = t.extent(1);
  Kokkos::parallel_for(
      "aspmv::tpetra::add_remote_rows", Kokkos::RangePolicy<ExecSpace>(exec, 0, rows.extent(0)),
      KOKKOS_LAMBDA(const std::size_t i) {
        for (std::size_t j = 0; j < num_vectors; ++j) y(rows(i), j) += t(i, j);
      });
}

}  // namespace impl

template <class Scalar = Tpetra::Operator<>::scalar_type,
          class LocalOrdinal = typename Tpetra::Operator<Scalar>::local_ordinal_type,
          class GlobalOrdinal = typename Tpetra::Operator<Scalar, LocalOrdinal>::global_ordinal_type,
          class Node = typename Tpetra::Operator<Scalar, LocalOrdinal, GlobalOrdinal>::node_type>
class Operator : public Tpetra::Operator<Scalar, LocalOrdinal, GlobalOrdinal, Node> {
 public:
  using matrix_type = Tpetra::CrsMatrix<Scalar, LocalOrdinal, GlobalOrdinal, Node>;
  using multivector_type = Tpetra::MultiVector<Scalar, LocalOrdinal, GlobalOrdinal, Node>;
  using map_type = Tpetra::Map<LocalOrdinal, GlobalOrdinal, Node>;
  using import_type = Tpetra::Import<LocalOrdinal, GlobalOrdinal, Node>;
  using export_type = Tpetra::Export<LocalOrdinal, GlobalOrdinal, Node>;
  using execution_space = typename Node::execution_space;
  using memory_space = typename Node::memory_space;
  using value_type = typename matrix_type::impl_scalar_type;
  using block_type = PlannedBlock<execution_space, memory_space, value_type>;
  static_assert(std::is_same<value_type, float>::value || std::is_same<value_type, double>::value,
                "aspmv::tpetra::Operator: aspmv plans take float or double values");

  explicit Operator(Teuchos::RCP<const matrix_type> matrix, const OperatorOptions& options = {})
      : matrix_(std::move(matrix)), options_(options) {
    if (matrix_.is_null()) throw std::invalid_argument("aspmv::tpetra::Operator: the matrix is null");
    if (!matrix_->isFillComplete())
      throw std::invalid_argument("aspmv::tpetra::Operator: the matrix is not fill complete (call fillComplete())");
    const auto comm = matrix_->getComm();
    if (!matrix_->getRangeMap()->isDistributed() && comm->getSize() > 1)
      throw std::invalid_argument(
          "aspmv::tpetra::Operator: the range map is locally replicated; use the matrix's own apply");
    exporter_ = matrix_->getGraph()->getExporter();
    build_route_and_import();
    split_ = std::make_unique<ColumnSplit<value_type>>(split_local_matrix());
    execution_space exec;
    owned_ = std::make_unique<block_type>(exec, split_->owned, options_.owned);
    if (importer_) {
      // Only the remote block's rows with entries: product into a k-row
      // result, then k adds into y (remote_rows_).
      remote_rows_ =
          aspmv::impl::to_device<memory_space>(exec, compress_rows(split_->remote), "aspmv::tpetra::remote_rows");
      remote_ = std::make_unique<block_type>(exec, split_->remote, options_.remote);
    }
  }

  Teuchos::RCP<const map_type> getDomainMap() const override { return matrix_->getDomainMap(); }
  Teuchos::RCP<const map_type> getRangeMap() const override { return matrix_->getRangeMap(); }
  bool hasTransposeApply() const override { return true; }

  // Y = alpha op(A) X + beta Y. NO_TRANS runs the aspmv plans; TRANS and
  // CONJ_TRANS the matrix's own apply.
  void apply(const multivector_type& X, multivector_type& Y, Teuchos::ETransp mode = Teuchos::NO_TRANS,
             Scalar alpha = Teuchos::ScalarTraits<Scalar>::one(),
             Scalar beta = Teuchos::ScalarTraits<Scalar>::zero()) const override {
    if (mode != Teuchos::NO_TRANS) {
      matrix_->apply(X, Y, mode, alpha, beta);
      return;
    }
    check_vectors(X, Y);
    // The kernels need x and y of constant stride, and x apart from y.
    Teuchos::RCP<const multivector_type> x = Teuchos::rcpFromRef(X);
    if (!X.isConstantStride() || &X == &Y) x = Teuchos::rcp(new multivector_type(X, Teuchos::Copy));
    const bool through_row_vector = !exporter_.is_null() || !Y.isConstantStride();
    multivector_type* y = &Y;
    if (through_row_vector) {
      y = &row_vector(Y.getNumVectors());
      if (exporter_.is_null() && beta != Teuchos::ScalarTraits<Scalar>::zero()) Tpetra::deep_copy(*y, Y);
    }
    const auto product_beta = exporter_.is_null() ? static_cast<value_type>(beta) : value_type(0);
    apply_blocks(*x, *y, static_cast<value_type>(alpha), product_beta);
    if (!exporter_.is_null()) {
      if (beta == Teuchos::ScalarTraits<Scalar>::zero())
        Y.putScalar(Teuchos::ScalarTraits<Scalar>::zero());
      else
        Y.scale(beta);
      Y.doExport(*y, *exporter_, Tpetra::ADD_ASSIGN);
    } else if (through_row_vector) {
      Tpetra::deep_copy(Y, *y);
    }
  }

  // After the matrix's values changed in place (same structure): copies
  // them into the blocks and refreshes the plans.
  void refresh_values() {
    const auto local = matrix_->getLocalMatrixHost();
    split_->refresh(local.values.data(), local.values.extent(0));
    execution_space exec;
    owned_->refresh_values(exec, split_->owned);
    if (remote_) remote_->refresh_values(exec, split_->remote);
  }

  const block_type& owned_block() const { return *owned_; }
  // Null when no process has remote columns (one process, block-diagonal A).
  const block_type* remote_block() const { return remote_.get(); }
  std::int32_t num_remote_columns() const { return route_.num_remote_columns; }

  // What each block's plan chose, with the blocks' shapes.
  std::string describe() const {
    std::ostringstream os;
    describe_block(os, "owned", *owned_);
    if (remote_) {
      os << "remote block: " << remote_->num_rows() << " of " << owned_->num_rows()
         << " rows hold remote columns (applied compressed)\n";
      describe_block(os, "remote", *remote_);
    } else
      os << "remote block: none (no process imports x entries)\n";
    return os.str();
  }

  const PhaseTimes& phase_times() const { return times_; }
  void reset_phase_times() const { times_ = PhaseTimes{}; }

 private:
  using clock = std::chrono::steady_clock;

  void check_vectors(const multivector_type& X, const multivector_type& Y) const {
    if (X.getNumVectors() != Y.getNumVectors())
      throw std::invalid_argument("aspmv::tpetra::Operator::apply: X has " + std::to_string(X.getNumVectors()) +
                                  " vectors, Y has " + std::to_string(Y.getNumVectors()));
    const auto domain_local = getDomainMap()->getNodeNumElements();
    const auto range_local = getRangeMap()->getNodeNumElements();
    if (X.getLocalLength() != domain_local || Y.getLocalLength() != range_local)
      throw std::invalid_argument("aspmv::tpetra::Operator::apply: local lengths X " +
                                  std::to_string(X.getLocalLength()) + ", Y " + std::to_string(Y.getLocalLength()) +
                                  " do not match the domain map (" + std::to_string(domain_local) +
                                  ") and range map (" + std::to_string(range_local) + ")");
  }

  // Which local columns are owned (in the domain map on this process) and
  // which remote; the remote map and its import, made on every process
  // when any process has remote columns (the constructors are collective).
  void build_route_and_import() {
    const auto col_map = matrix_->getColMap();
    const auto domain_map = matrix_->getDomainMap();
    const auto num_cols = col_map->getNodeNumElements();
    route_.owned_index.assign(num_cols, -1);
    route_.remote_index.assign(num_cols, -1);
    route_.num_owned_columns = static_cast<std::int32_t>(domain_map->getNodeNumElements());
    std::vector<GlobalOrdinal> remote_gids;
    const auto invalid = Teuchos::OrdinalTraits<LocalOrdinal>::invalid();
    for (std::size_t c = 0; c < num_cols; ++c) {
      const GlobalOrdinal gid = col_map->getGlobalElement(static_cast<LocalOrdinal>(c));
      const LocalOrdinal d = domain_map->getLocalElement(gid);
      if (d != invalid) {
        route_.owned_index[c] = static_cast<std::int32_t>(d);
      } else {
        route_.remote_index[c] = static_cast<std::int32_t>(remote_gids.size());
        remote_gids.push_back(gid);
      }
    }
    route_.num_remote_columns = static_cast<std::int32_t>(remote_gids.size());
    const auto comm = matrix_->getComm();
    long long local_remote = static_cast<long long>(remote_gids.size()), global_remote = 0;
    Teuchos::reduceAll(*comm, Teuchos::REDUCE_SUM, local_remote, Teuchos::outArg(global_remote));
    if (global_remote == 0) return;
    remote_map_ =
        Teuchos::rcp(new map_type(Teuchos::OrdinalTraits<Tpetra::global_size_t>::invalid(),
                                  Teuchos::ArrayView<const GlobalOrdinal>(remote_gids), col_map->getIndexBase(), comm));
    // The import overlaps the owned product (apply_blocks), so its sends must not block: Tpetra's Distributor
    // sends with MPI_Send by default, which for a message past the MPI's eager limit waits in beginImport until
    // the neighbour's next MPI call, i.e. past its owned product (on the 16-core host at 4 ranks the owned phase
    // then took as long as at 2 ranks: perf/results/cpu-x86/2026-12-04-scale-out). MPI_Isend returns at once;
    // endImport completes both sides.
    auto distributor = Teuchos::parameterList();
    distributor->set("Send type", std::string("Isend"));
    importer_ = Teuchos::rcp(new import_type(domain_map, remote_map_, distributor));
  }

  ColumnSplit<value_type> split_local_matrix() const {
    const auto local = matrix_->getLocalMatrixHost();
    return split_columns<value_type>(static_cast<std::int32_t>(local.numRows()), local.graph.row_map.data(),
                                     local.graph.entries.data(), local.values.data(), route_);
  }

  void apply_blocks(const multivector_type& x, multivector_type& y, value_type alpha, value_type beta) const {
    execution_space exec;
    const auto t0 = clock::now();
    if (importer_) {
      auto& xr = remote_vector(x.getNumVectors());
      xr.beginImport(x, *importer_, Tpetra::INSERT);
    }
    {
      const auto xv = x.getLocalViewDevice(Tpetra::Access::ReadOnly);
      const auto yv = y.getLocalViewDevice(Tpetra::Access::ReadWrite);
      run_block(exec, *owned_, alpha, xv, beta, yv);
    }
    if (options_.time_phases) exec.fence();
    const auto t1 = clock::now();
    if (importer_) {
      auto& xr = remote_vector(x.getNumVectors());
      xr.endImport(x, *importer_, Tpetra::INSERT);
      const auto t2 = clock::now();
      if (remote_->nnz() > 0) {
        const auto xv = xr.getLocalViewDevice(Tpetra::Access::ReadOnly);
        const auto yv = y.getLocalViewDevice(Tpetra::Access::ReadWrite);
        const auto& t = remote_result(x.getNumVectors());
        run_block(exec, *remote_, alpha, xv, value_type(0), t);
        impl::add_rows(exec, remote_rows_, t, yv);
      }
      if (options_.time_phases) {
        exec.fence();
        times_.import_wait += seconds(t1, t2);
        times_.remote_product += seconds(t2, clock::now());
      }
    }
    if (options_.time_phases) {
      times_.owned_product += seconds(t0, t1);
      ++times_.applies;
    }
  }

  // One vector runs as a rank-1 product (the plans' fastest form).
  template <class XView, class YView>
  static void run_block(const execution_space& exec, const block_type& block, value_type alpha, const XView& x,
                        value_type beta, const YView& y) {
    if (x.extent(1) == 1)
      block.apply(exec, alpha, Kokkos::subview(x, Kokkos::ALL(), 0), beta, Kokkos::subview(y, Kokkos::ALL(), 0));
    else
      block.apply(exec, alpha, x, beta, y);
  }

  using result_view = Kokkos::View<value_type**, Kokkos::LayoutLeft, memory_space>;

  // The remote block's product, one row per row with remote entries.
  const result_view& remote_result(std::size_t num_vectors) const {
    if (remote_result_.extent(1) != num_vectors || remote_result_.extent(0) != remote_rows_.extent(0))
      remote_result_ = result_view(Kokkos::view_alloc(Kokkos::WithoutInitializing, "aspmv::tpetra::remote_result"),
                                   remote_rows_.extent(0), num_vectors);
    return remote_result_;
  }

  multivector_type& remote_vector(std::size_t num_vectors) const {
    if (!x_remote_ || x_remote_->getNumVectors() != num_vectors)
      x_remote_ = std::make_unique<multivector_type>(remote_map_, num_vectors, false);
    return *x_remote_;
  }

  multivector_type& row_vector(std::size_t num_vectors) const {
    if (!y_row_ || y_row_->getNumVectors() != num_vectors)
      y_row_ = std::make_unique<multivector_type>(matrix_->getRowMap(), num_vectors, false);
    return *y_row_;
  }

  static double seconds(clock::time_point a, clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
  }

  static void describe_block(std::ostream& os, const char* name, const block_type& b) {
    os << name << " block: " << b.num_rows() << " x " << b.num_cols() << ", " << b.nnz() << " nonzeros, "
       << b.empty_rows() << " empty rows, " << (b.wide_offsets() ? "64" : "32") << "-bit offsets\n";
    const std::string plan = b.describe();  // once: a plan's description may compute its runtime forecast
    os << plan;
    if (plan.empty() || plan.back() != '\n') os << '\n';
  }

  Teuchos::RCP<const matrix_type> matrix_;
  OperatorOptions options_;
  Teuchos::RCP<const export_type> exporter_;
  ColumnRoute route_;
  Teuchos::RCP<const map_type> remote_map_;
  Teuchos::RCP<const import_type> importer_;
  std::unique_ptr<ColumnSplit<value_type>> split_;
  std::unique_ptr<block_type> owned_;
  std::unique_ptr<block_type> remote_;
  Kokkos::View<std::int32_t*, memory_space> remote_rows_;  // the local rows with remote entries
  mutable result_view remote_result_;
  mutable std::unique_ptr<multivector_type> x_remote_;
  mutable std::unique_ptr<multivector_type> y_row_;
  mutable PhaseTimes times_;
};

}  // namespace aspmv::tpetra
