"""Entry point for ``python3 -m aspmv_report`` (and ``aspmv report``)."""
import importlib.util
import os
import sys
from pathlib import Path

REQUIRED = ("numpy", "pandas", "matplotlib")


def missing_environment_message(missing) -> str:
    """What to run when this Python lacks the report's packages: a message, not a traceback."""
    requirements = Path(__file__).resolve().parent.parent / "requirements.txt"
    if os.environ.get("ASPMV_CACHE_DIR"):
        venv = Path(os.environ["ASPMV_CACHE_DIR"]) / "venv"
    elif os.environ.get("XDG_CACHE_HOME"):
        venv = Path(os.environ["XDG_CACHE_HOME"]) / "aspmv" / "venv"
    else:
        venv = Path("~/.cache/aspmv/venv")
    prog = os.environ.get("ASPMV_REPORT_PROG", "python3 -m aspmv_report")
    chosen = ""
    if os.environ.get("ASPMV_PYTHON"):
        chosen = f"(ASPMV_PYTHON={os.environ['ASPMV_PYTHON']} chose this Python: unset it to use {venv}.)\n"
    return (f"{prog}: {sys.executable} has no {', '.join(missing)}: the report needs its Python environment.\n"
            f"{chosen}"
            f"Make it, then run {prog} again:\n"
            f"  scripts/python_env.sh        (from the aspmv source tree; makes {venv}, which aspmv report uses)\n"
            f"or, without the source tree:\n"
            f"  python3 -m venv {venv} && {venv}/bin/pip install -r {requirements}\n"
            f"or set ASPMV_PYTHON to a Python that has the packages of {requirements}.")


def main() -> int:
    missing = [m for m in REQUIRED if importlib.util.find_spec(m) is None]
    if missing:
        print(missing_environment_message(missing), file=sys.stderr)
        return 3
    from aspmv_report.cli import main as cli_main
    return cli_main()


sys.exit(main())
