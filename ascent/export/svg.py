"""One grid as SVG: clues on four sides, placed heights, pencil-mark candidates, and a frame's highlights.

The same drawing serves the standalone ``--svg`` file and every grid of the HTML page. Each cell is
a ``<g class="cell">`` holding a background, the placed height (``text.v``) and one ``g.k`` per
candidate slot (a digit and a strike line); the page's script only switches their classes, so the
look lives here and in CSS_RULES:

    g.cell.used     a cell the step looked at (tinted)
    g.cell.placed   a height the step placed (highlighted)
    g.cell.broken   a cell the step broke (no candidates left)
    g.k.off         a candidate no longer there (hidden)
    g.k.struck      a candidate the step removed (struck through)
    rect.lane       the outline of the step's lane; text.clue.hot the clue it read
"""

from __future__ import annotations

import math
from html import escape

from .. import cands
from ..puzzle import Puzzle
from ..view import Frame

S = 48  # a cell's side in SVG units; the clue bands are as wide
NS = "http://www.w3.org/2000/svg"  # the SVG namespace name (an identifier, never fetched)

CSS_RULES = """
.grid{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.grid .bg{fill:#fff;stroke:#999;stroke-width:1}
.grid .frame{fill:none;stroke:#222;stroke-width:2.5}
.grid .clue{font-size:22px;font-weight:600;fill:#1d5fa8;text-anchor:middle;dominant-baseline:central}
.grid .clue.hot{fill:#c2185b;font-size:26px}
.grid .v{font-size:28px;font-weight:700;fill:#111;text-anchor:middle;dominant-baseline:central}
.grid .k text{fill:#555;text-anchor:middle;dominant-baseline:central}
.grid .k line{stroke:#d32f2f;stroke-width:1.6;display:none}
.grid .k.off{display:none}
.grid .k.struck text{fill:#d32f2f}
.grid .k.struck line{display:inline}
.grid .used .bg{fill:#fff4c2}
.grid .placed .bg{fill:#b9f6ca}
.grid .placed .v{fill:#0b6b2b}
.grid .broken .bg{fill:#ffcdd2}
.grid .lane{fill:none;stroke:#c2185b;stroke-width:3.5;rx:4}
.grid .lane.off{display:none}
"""


def layout(n: int) -> tuple[int, int]:
    """Candidate slots per cell: (columns, rows), e.g. 3x3 for 5..9."""
    cols = math.ceil(math.sqrt(n))
    return cols, math.ceil(n / cols)


def slot_xy(n: int, d: int) -> tuple[float, float]:
    """Where height d's pencil mark sits inside a cell, relative to its top left corner."""
    cols, rows = layout(n)
    k = d - 1
    return (k % cols + 0.5) * S / cols, (k // cols + 0.5) * S / rows


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def grid_svg(puzzle: Puzzle, frame: Frame, *, standalone: bool = True, every_slot: bool = False,
             title: str | None = None, css_class: str = "grid") -> str:
    """The frame's grid as SVG text.

    standalone: a complete file (namespace, its own style); else an element to put inside HTML.
    every_slot: draw all n candidate slots per cell, hidden ones too, for the page's script to switch.
    """
    n = puzzle.size
    size = (n + 2) * S
    cols, rows = layout(n)
    small = min(S / cols, S / rows) * 0.72
    out = []
    ns = f' xmlns="{NS}"' if standalone else ""
    out.append(f'<svg{ns} class="{css_class}" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
               f'role="img" aria-label="{escape(title or frame.title)}">')
    if standalone:
        out.append(f"<title>{escape(title or frame.title)}</title>")
        out.append(f'<style>{CSS_RULES}.grid .bg{{fill:#fff}}</style>')
        out.append(f'<rect width="{size}" height="{size}" fill="#fff"/>')
    eliminated: dict[int, int] = {}
    for c, m in frame.eliminated:
        eliminated[c] = eliminated.get(c, 0) | m
    placed = {c for c, _ in frame.placed}
    used = set(frame.cells)
    broken = set(frame.broken)
    for i in range(n * n):
        r, c = divmod(i, n)
        x, y = S + c * S, S + r * S
        cls = ["cell"]
        if i in used:
            cls.append("used")
        if i in placed:
            cls.append("placed")
        if i in broken:
            cls.append("broken")
        out.append(f'<g class="{" ".join(cls)}" transform="translate({x},{y})">')
        out.append(f'<rect class="bg" width="{S}" height="{S}"/>')
        v = frame.values[i]
        out.append(f'<text class="v" x="{S // 2}" y="{S // 2}">{cands.show(cands.bit(v)) if v else ""}</text>')
        m, gone = frame.masks[i], eliminated.get(i, 0)
        for d in range(1, n + 1):
            b = cands.bit(d)
            state = "struck" if gone & b else ("on" if (m & b and not v) else "off")
            if state == "off" and not every_slot:
                continue
            sx, sy = slot_xy(n, d)
            h = small * 0.42
            out.append(f'<g class="k {state}"><text x="{_num(sx)}" y="{_num(sy)}" font-size="{_num(small)}">'
                       f'{cands.show(b)}</text><line x1="{_num(sx - h)}" y1="{_num(sy + h)}" x2="{_num(sx + h)}" '
                       f'y2="{_num(sy - h)}"/></g>')
        out.append("</g>")
    out.append(f'<rect class="frame" x="{S}" y="{S}" width="{n * S}" height="{n * S}"/>')
    for side in ("upper", "lower", "left", "right"):
        for k, clue in enumerate(getattr(puzzle, side)):
            if side in ("upper", "lower"):
                x, y = S + k * S + S / 2, S / 2 if side == "upper" else S * (n + 1) + S / 2
            else:
                x, y = S / 2 if side == "left" else S * (n + 1) + S / 2, S + k * S + S / 2
            hot = " hot" if frame.side == side and frame.line == k else ""
            out.append(f'<text class="clue{hot}" data-side="{side}" data-k="{k}" x="{_num(x)}" y="{_num(y)}">'
                       f'{clue if clue else ""}</text>')
    lx, ly, lw, lh = lane_box(n, frame)
    out.append(f'<rect class="lane{"" if frame.lane else " off"}" x="{_num(lx)}" y="{_num(ly)}" '
               f'width="{_num(lw)}" height="{_num(lh)}"/>')
    out.append("</svg>")
    return "".join(out)


def lane_box(n: int, frame: Frame) -> tuple[float, float, float, float]:
    """The outline of the frame's lane (x, y, width, height); a zero box when it has none."""
    if not frame.lane:
        return 0, 0, 0, 0
    first, last = frame.lane[0], frame.lane[-1]
    r0, c0 = divmod(min(first, last), n)
    r1, c1 = divmod(max(first, last), n)
    pad = 3
    return S + c0 * S - pad, S + r0 * S - pad, (c1 - c0 + 1) * S + 2 * pad, (r1 - r0 + 1) * S + 2 * pad
