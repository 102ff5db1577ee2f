"""Entry point for ``python3 -m aspmv_report``."""
import sys

from aspmv_report.cli import main

sys.exit(main())
