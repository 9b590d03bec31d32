"""Sharing a solve: a self-contained HTML step-through, standalone SVG grids, and a Markdown walk-through.

All three draw from ascent.show.view, the model of what to show; this package only decides how.
"""

from .html import page
from .markdown import walkthrough
from .svg import grid_svg
from .tracefile import TraceError, result_from_dict

__all__ = ["page", "walkthrough", "grid_svg", "TraceError", "result_from_dict"]
