"""One grid as SVG: clues on four sides, placed heights, pencil-mark candidates, and a frame's highlights.

The same drawing serves the standalone ``--svg`` file and every grid of the HTML page. Each cell is
a ``<g class="cell">`` holding a background, the placed height (``text.v``) and one ``g.k`` per
candidate slot (a digit and a strike line); the page's script only switches their classes, so the
look lives here and in CSS_RULES:

    g.cell.given    a height the puzzle gave (grey cell, black digit)
    g.cell.supposed a height placed only under a forcing chain's supposition (violet, italic, dashed edge)
    g.cell.used     a cell the step read (pale yellow, a dotted outline)
    g.cell.lost     a cell that lost candidates in the step (pale red, a dashed red outline, its marks struck)
    g.cell.placed   a height the step placed (green, a solid green outline; logic's placements are blue)
    g.cell.broken   a cell the step broke (no candidates left): a thick solid red border, not colour alone
Each of these has its outline as well as its tint (the tints alone are about 1.1:1 from each other), and its
words in the cell's aria-label (cell_label).
    g.k.off         a candidate no longer there (hidden)
    g.k.struck      a candidate the step removed (red, with a line through its middle that leaves it readable)
    rect.lane       the outline of the step's lane; text.clue.hot the clue it read

Every text colour keeps a contrast of 4.5:1 or more on every cell background it can sit on
(tests/test_share_browser.py measures it in the page).
"""

from __future__ import annotations

import math
from html import escape

from ..model import cands
from ..model.grid import cell_name
from ..puzzle import Puzzle
from ..show.view import Frame

S = 48  # a cell's side in SVG units
B = 30  # the clue bands' width: narrower than a cell, so the cells (and their pencil marks) get the room
NS = "http://www.w3.org/2000/svg"  # the SVG namespace name (an identifier, never fetched)

CSS_RULES = """
.grid{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.grid .bg{fill:#fff;stroke:#999;stroke-width:1}
.grid .frame{fill:none;stroke:#222;stroke-width:2.5}
.grid .clue{font-size:22px;font-weight:600;fill:#1d5fa8;text-anchor:middle;dominant-baseline:central}
.grid .clue.hot{fill:#c2185b;font-size:26px}
.grid .v{font-size:28px;font-weight:700;fill:#1d4f91;text-anchor:middle;dominant-baseline:central}
.grid .given .bg{fill:#e6e6e6}
.grid .given .v{fill:#1b1b1b}
.grid .k text{fill:#444;text-anchor:middle;dominant-baseline:central}
.grid .k line{stroke:#b71c1c;stroke-width:1.6;display:none}
.grid .k.off{display:none}
.grid .k.struck text{fill:#b71c1c;font-weight:700}
.grid .k.struck line{display:inline}
.grid .used .bg{fill:#fff4c2;stroke:#6d5200;stroke-width:2.5;stroke-dasharray:1.5 3;stroke-linecap:round}
.grid .lost .bg{fill:#fde2e4;stroke:#b71c1c;stroke-width:2.5;stroke-dasharray:7 3.5;stroke-linecap:butt}
.grid .placed .bg{fill:#b9f6ca;stroke:#0b6b2b;stroke-width:3.5;stroke-dasharray:none}
.grid.big .k text{font-family:"Roboto Condensed","Arial Narrow","Liberation Sans Narrow",sans-serif-condensed,"DejaVu Sans Condensed",system-ui,sans-serif;font-stretch:condensed}
.grid .placed .v{fill:#0b6b2b}
.grid .supposed .bg{fill:#f3e5f5;stroke:#6a1b9a;stroke-width:2;stroke-dasharray:5 3}
.grid .supposed .v{fill:#6a1b9a;font-style:italic}
.grid .broken .bg{fill:#ffcdd2;stroke:#7f0000;stroke-width:5}
.grid .keyline{font-size:15px;fill:#333;text-anchor:middle;dominant-baseline:central}
.grid .lane{fill:none;stroke:#c2185b;stroke-width:3.5;rx:4}
.grid .lane.off{display:none}
"""


def layout(n: int) -> tuple[int, int]:
    """Candidate slots per cell: (columns, rows), e.g. 3x3 for 5..9."""
    cols = math.ceil(math.sqrt(n))
    return cols, math.ceil(n / cols)


def pencil_size(n: int) -> float:
    """The pencil marks' font size in SVG units: as big as their slot allows. At 10x10..12x12 (4 slots of 12
    units a row) the marks are drawn in a narrow face (the svg's class "big"; a digit about 0.46 em wide), so
    17 units leave a gap of about 4 units between neighbours and a 12x12 drawn 378 px wide on a phone keeps
    them at 10 CSS px."""
    cols, rows = layout(n)
    return {2: 17.3, 3: 14.4, 4: 17.0}.get(cols, S / rows * 0.9)


KEY_BAND = 22  # under a 10x10..12x12 grid: the line that says A, B, C are 10, 11, 12
LETTERS = "A = 10, B = 11, C = 12"


def slot_xy(n: int, d: int) -> tuple[float, float]:
    """Where height d's pencil mark sits inside a cell, relative to its top left corner."""
    cols, rows = layout(n)
    k = d - 1
    if cols == 4:  # 10x10..12x12: the four columns drawn 11 units apart, kept off the cell's edges, so that the
        return S / 2 + (k % cols - 1.5) * 11, (k // cols + 0.5) * S / rows  # marks of side-by-side cells stay apart
    return (k % cols + 0.5) * S / cols, (k // cols + 0.5) * S / rows


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def grid_label(puzzle: Puzzle, frame: Frame, title: str | None = None) -> str:
    """What the grid holds, in words, for a screen reader: 'Skyscrapers 9x9, after step 12: 20 of 81
    heights placed (10 given), 61 cells open; the clues stand on four sides.'"""
    n = puzzle.size
    placed = sum(1 for v in frame.values if v)
    given = sum(1 for row in puzzle.givens for v in row if v)
    head = f"Skyscrapers {puzzle.describe()}" + (f", {title}" if title else "")
    if placed == n * n:
        body = f"every height placed ({given} given)" if given else "every height placed"
    else:
        body = f"{placed} of {n * n} heights placed" + (f" ({given} given)" if given else "") + f", {n * n - placed} cells open"
    return f"{head}: {body}; the clues stand on four sides."


def cell_label(name: str, value: int, mask: int, n: int, given: bool = False, removed: int = 0,
               broken: bool = False, supposed: bool = False, read: bool = False, placed: bool = False) -> str:
    """What a screen reader says for one cell: 'R3C4, 5', 'R3C4, given 5', 'R3C4, supposed 5', 'R3C4, empty,
    candidates 1 2 5; read by the step; removed 3'. Heights as numbers (10, not A). Everything the grid shows
    of a cell is said: the step's marks too. The page's script says the same (assets.PAGE_JS, cellLabel)."""
    if value:
        text = f"{name}, {'given ' if given else 'supposed ' if supposed else ''}{value}"
    elif mask:
        text = f"{name}, empty, candidates {' '.join(str(d) for d in cands.digits(mask))}"
    else:
        text = f"{name}, empty, no candidates left"
    if placed:
        text += "; placed by the step"
    if read:
        text += "; read by the step"
    if removed:
        text += f"; removed {' '.join(str(d) for d in cands.digits(removed))}"
    return text + ("; broken" if broken else "")


def grid_svg(puzzle: Puzzle, frame: Frame, *, standalone: bool = True, every_slot: bool = False,
             title: str | None = None, css_class: str = "grid", plain: bool = False,
             base: Frame | None = None) -> str:
    """The frame's grid as SVG text.

    standalone: a complete file (namespace, its own style); else an element to put inside HTML.
    every_slot: draw all n candidate slots per cell, hidden ones too, for the page's script to switch.
    plain: draw the grid alone, without the step's highlights (the final grid of a solve).
    base: the grid a forcing chain started from; heights placed since are drawn as supposed.
    """
    n = puzzle.size
    size = n * S + 2 * B
    tall = size + (KEY_BAND if n >= 10 else 0)
    cols, rows = layout(n)
    small = pencil_size(n)
    out = []
    ns = f' xmlns="{NS}"' if standalone else ""
    label = grid_label(puzzle, frame, title)
    # standalone: one image with its title; in a page: a group whose cells are read one by one
    big = " big" if n >= 10 else ""  # the pencil marks in a narrow face (see pencil_size)
    out.append(f'<svg{ns} class="{css_class}{big}" viewBox="0 0 {size} {tall}" width="{size}" height="{tall}" '
               f'role="{"img" if standalone else "group"}" aria-label="{escape(label)}">')
    if standalone:
        out.append(f"<title>{escape(label)}</title>")
        out.append(f'<style>{CSS_RULES}</style>')
        out.append(f'<rect width="{size}" height="{tall}" fill="#fff"/>')
    eliminated: dict[int, int] = {}
    if not plain:
        for c, m in frame.eliminated:
            eliminated[c] = eliminated.get(c, 0) | m
    placed = set() if plain else {c for c, _ in frame.placed}
    used = set() if plain else set(frame.cells)
    broken = set(frame.broken)
    given = {r * n + c for r, row in enumerate(puzzle.givens) for c, v in enumerate(row) if v}
    for i in range(n * n):
        r, c = divmod(i, n)
        x, y = B + c * S, B + r * S
        cls = ["cell"]
        if i in given:
            cls.append("given")
        elif base is not None and frame.values[i] and not base.values[i]:
            cls.append("supposed")
        if i in used:
            cls.append("used")
        if i in eliminated:
            cls.append("lost")
        if i in placed:
            cls.append("placed")
        if i in broken:
            cls.append("broken")
        v = frame.values[i]
        said = cell_label(cell_name(i, n), v, frame.masks[i], n, i in given, eliminated.get(i, 0), i in broken,
                          "supposed" in cls, i in used, i in placed)
        out.append(f'<g class="{" ".join(cls)}" transform="translate({x},{y})" role="img" aria-label="{said}">')
        out.append(f'<rect class="bg" width="{S}" height="{S}"/>')
        out.append(f'<text class="v" x="{S // 2}" y="{S // 2}">{cands.show(cands.bit(v)) if v else ""}</text>')
        m, gone = frame.masks[i], eliminated.get(i, 0)
        for d in range(1, n + 1):
            b = cands.bit(d)
            state = "struck" if gone & b and not v else ("on" if (m & b and not v) else "off")
            if state == "off" and not every_slot:
                continue
            sx, sy = slot_xy(n, d)
            h = small * 0.45
            out.append(f'<g class="k {state}"><text x="{_num(sx)}" y="{_num(sy)}" font-size="{_num(small)}">'
                       f'{cands.show(b)}</text><line x1="{_num(sx - h)}" y1="{_num(sy)}" x2="{_num(sx + h)}" '
                       f'y2="{_num(sy)}"/></g>')
        out.append("</g>")
    out.append(f'<rect class="frame" x="{B}" y="{B}" width="{n * S}" height="{n * S}"/>')
    far = B + n * S + B / 2
    for side in ("upper", "lower", "left", "right"):
        for k, clue in enumerate(getattr(puzzle, side)):
            if side in ("upper", "lower"):
                x, y = B + k * S + S / 2, B / 2 if side == "upper" else far
            else:
                x, y = B / 2 if side == "left" else far, B + k * S + S / 2
            hot = " hot" if not plain and frame.side == side and frame.line == k else ""
            said = (f' role="img" aria-label="clue {clue}, {CLUE_WHERE[side]} {k + 1}{"; read by the step" if hot else ""}"'
                    if clue else ' aria-hidden="true"')
            out.append(f'<text class="clue{hot}" data-side="{side}" data-k="{k}" x="{_num(x)}" y="{_num(y)}"{said}>'
                       f'{clue if clue else ""}</text>')
    lx, ly, lw, lh = lane_box(n, frame)
    out.append(f'<rect class="lane{"" if frame.lane and not plain else " off"}" x="{_num(lx)}" y="{_num(ly)}" '
               f'width="{_num(lw)}" height="{_num(lh)}"/>')
    if n >= 10:
        out.append(f'<text class="keyline" x="{size // 2}" y="{size + KEY_BAND // 2 - 2}">{LETTERS}</text>')
    out.append("</svg>")
    return "".join(out)


CLUE_WHERE = {"upper": "above column", "lower": "below column", "left": "left of row", "right": "right of row"}


def lane_box(n: int, frame: Frame) -> tuple[float, float, float, float]:
    """The outline of the frame's lane (x, y, width, height); a zero box when it has none."""
    if not frame.lane:
        return 0, 0, 0, 0
    first, last = frame.lane[0], frame.lane[-1]
    r0, c0 = divmod(min(first, last), n)
    r1, c1 = divmod(max(first, last), n)
    pad = 3
    return B + c0 * S - pad, B + r0 * S - pad, (c1 - c0 + 1) * S + 2 * pad, (r1 - r0 + 1) * S + 2 * pad
