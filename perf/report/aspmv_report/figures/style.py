"""Shared matplotlib set-up: Agg backend, readable sizes, reproducible files."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import ticker  # noqa: E402

matplotlib.rcParams.update({
    "figure.figsize": (8.0, 4.8),
    "figure.dpi": 100,
    "savefig.dpi": 120,
    "font.size": 11,
    "axes.titlesize": 12,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "legend.fontsize": 9,
    "svg.hashsalt": "aspmv-report",  # stable element ids in the SVG
    "path.simplify": False,
})

MARKERS = ("o", "s", "^", "v", "D", "P", "X", "*", "<", ">", "h", "p")
COLORS = tuple(plt.get_cmap("tab10").colors) + tuple(plt.get_cmap("Dark2").colors)


@dataclass(frozen=True)
class Figure:
    """A saved figure: paths relative to the output folder, and its caption."""

    key: str
    caption: str
    png: str
    svg: str
    sources: tuple[str, ...]


def save(fig, out_dir: Path, section_slug: str, key: str, caption: str, sources) -> Figure:
    """Saves ``fig`` as figures/<section>/<key>.png and .svg without timestamps."""
    rel = Path("figures") / section_slug
    (out_dir / rel).mkdir(parents=True, exist_ok=True)
    png, svg = rel / f"{key}.png", rel / f"{key}.svg"
    fig.tight_layout()
    fig.savefig(out_dir / png, format="png", bbox_inches="tight", metadata={"Software": None})
    fig.savefig(out_dir / svg, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    return Figure(key, caption, png.as_posix(), svg.as_posix(), tuple(sources))


def new_figure(width: float = 8.0, height: float = 4.8):
    return plt.subplots(figsize=(width, height))


def plain_log_ticks(axis) -> None:
    """Tick labels like 0.5, 1, 2 instead of 5x10^-1 on a log axis."""
    formatter = ticker.FuncFormatter(lambda v, _pos: f"{v:g}")
    axis.set_major_formatter(formatter)
    axis.set_minor_formatter(ticker.FuncFormatter(lambda v, _pos: f"{v:g}" if f"{v:.0e}"[0] in "25" else ""))


def legend_outside(ax, **kwargs) -> None:
    """Legend to the right of the axes, so it never hides data."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, **kwargs)
