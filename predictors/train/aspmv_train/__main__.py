import sys

from aspmv_train.cli import main

sys.exit(main())
