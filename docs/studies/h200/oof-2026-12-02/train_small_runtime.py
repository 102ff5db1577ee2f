"""aspmv_train train with a smaller runtime model (runtime_table.PARAMS replaced for this process only;
the table's provenance records the PARAMS used). Arguments: as `python -m aspmv_train train ...`."""
import sys
from aspmv_train import runtime_table
runtime_table.PARAMS = {"n_estimators": 8, "num_leaves": 7, "learning_rate": 0.3, "min_data_in_leaf": 5}
from aspmv_train.cli import main
sys.exit(main(sys.argv[1:]))
