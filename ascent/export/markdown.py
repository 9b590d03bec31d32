"""A Markdown walk-through for forums.

By default it fits a forum post (about 32,000 characters, no line over 100): the grid at the start,
at the end and before each forcing step; every other step as one short line (where, and what it
placed or crossed out; the reasoning itself for the harder techniques); the sudoku bookkeeping of a
pass as one line; each forcing chain folded in a <details> block, one short entry per link.
``full=True`` keeps every grid (after each pass), every sentence and every chain link in full.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from ..model import cands
from ..model.grid import cell_name
from ..puzzle import Puzzle
from ..techniques import TABLE
from ..show.view import Chain, Frame, View, grade_text, plural
from .puzzle_formats import formats
from .chain_links import link_count, link_head, numbered

WIDTH = 100  # no line longer than this
_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&])")  # enough mid-line: a line never starts with input text
CHANGED_CELLS = 6  # a short line names this many changed cells, then says how many more


def md_escape(text: str) -> str:
    """Text from input or from the engine, safe in running Markdown: no markup, links or HTML get through."""
    return _SPECIAL.sub(r"\\\1", text.replace("\r", " ").replace("\n", " "))


def fence(text: str) -> str:
    """A code block whose fence is longer than any run of backticks inside it."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    f = "`" * max(3, longest + 1)
    return f"{f}\n{text}\n{f}"


def wrap(text: str, first: str = "", rest: str | None = None) -> list[str]:
    """A paragraph or list item in lines of at most WIDTH characters, broken at spaces only."""
    rest = " " * len(first) if rest is None else rest
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest, break_long_words=False,
                         break_on_hyphens=False) or [first.rstrip()]


def cell_text(mask: int, value: int, n: int) -> str:
    """A placed height alone; an open cell's candidates run together ('.' when every height is still possible,
    '(5)' when one is left but not yet placed, '!' when none is)."""
    if value:
        return cands.show(cands.bit(value))
    if mask == (1 << n) - 1:
        return "."
    if not mask:
        return "!"
    digits = cands.show(mask).strip("[]")
    return f"({digits})" if len(digits) == 1 else digits


def text_grid(puzzle: Puzzle, frame: Frame, seps: tuple[str, ...] = ("  ", " "), width: int = WIDTH) -> str:
    """The grid as plain text, clues on four sides, as narrow as the candidates allow. A grid too wide
    for WIDTH even then (a 12x12 full of candidates) is drawn in blocks of columns, one under the other."""
    n = puzzle.size
    rows = [[cell_text(frame.masks[r * n + c], frame.values[r * n + c], n) for c in range(n)] for r in range(n)]
    w = max(len(t) for row in rows for t in row)

    def clue(c: int) -> str:
        return str(c) if c else ""

    lw = max(1, *(len(clue(x)) for x in puzzle.left))

    def block(cols: range, sep: str) -> list[str]:
        left, right = cols.start == 0, cols.stop == n
        pad = [" " * lw] if left else []
        upper = sep.join(pad + [clue(puzzle.upper[c]).center(w) for c in cols])
        lines = [upper]
        for r in range(n):
            lines.append(sep.join(([clue(puzzle.left[r]).rjust(lw)] if left else [])
                                  + [rows[r][c].center(w) for c in cols]
                                  + ([clue(puzzle.right[r])] if right else [])))
        lines.append(sep.join(pad + [clue(puzzle.lower[c]).center(w) for c in cols]))
        lines = [line.rstrip() for line in lines]
        return lines if lines[-1] else lines[:-1]  # no clues below: no blank line

    for sep in seps:  # two spaces between cells when that fits in WIDTH
        lines = block(range(n), sep)
        if max(len(line) for line in lines) <= width:
            return "\n".join(lines)
    per = max(1, (width - 6) // (w + 1))  # columns per block
    parts = []
    for c0 in range(0, n, per):
        cols = range(c0, min(n, c0 + per))
        parts.append(f"columns {cols.start + 1}-{cols.stop} of {n}:")
        parts += block(cols, " ") + [""]
    return "\n".join(parts).rstrip()


def short_changes(frame: Frame, n: int, cells: int = CHANGED_CELLS) -> str:
    """'R9C3=9, R2C1-4567' (heights placed, candidates crossed out per cell), at most ``cells`` cells named."""
    gone: dict[int, int] = {}
    for c, m in frame.eliminated:
        gone[c] = gone.get(c, 0) | m
    crossed = frame.step.crossed if frame.step is not None else ()
    for c, m in crossed:  # a chain link's cross-out of what it placed goes without saying in the short form
        gone[c] &= ~m
    parts = [f"{cell_name(c, n)}={d}" for c, d in frame.placed]
    parts += [f"{cell_name(c, n)}-{cands.show(m).strip('[]')}" for c, m in gone.items()
              if m and c not in dict(frame.placed)]
    if len(parts) > cells:
        more = len(parts) - cells
        return ", ".join(parts[:cells]) + f" and {more} more cell{'s' if more != 1 else ''}"
    return ", ".join(parts)


def step_item(frame: Frame, n: int) -> str:
    """A step in full: technique, where, the sentence, the changes."""
    where = frame.where(n)
    changes = frame.changes(n)
    text = f"**{md_escape(frame.technique or '')}**"
    if where:
        text += f" {md_escape(where)}:"
    text += f" {md_escape(frame.sentence)}"
    if changes:
        text += f" `{changes}`"
    if frame.broken:
        text += " -- breaks " + ", ".join(cell_name(c, n) for c in frame.broken)
    return text


def reasons_shown(technique: str | None) -> bool:
    """The techniques of level hard and up keep their sentence in a short walk-through; the easy and
    tricky ones (whose working a reader can redo from the lane) show only what they did."""
    from ..solver.grade import LEVEL

    return LEVEL.get(technique or "", "unknown") not in ("easy", "tricky")


QUIET = tuple(t.name for t in TABLE if t.fold == "height")  # in a folded chain, these show only the height placed
HIDDEN = tuple(t.name for t in TABLE if t.fold == "hidden")  # bookkeeping (sudoku's cross-outs): left out there


def chain_text(chain: Chain, n: int, told: bool = False, most: int | None = None) -> str:
    """A chain in one paragraph: each link, numbered as everywhere (L1..Lk after the supposition, with the
    links it read when the engine says), as what it did, then how it ends. The sudoku bookkeeping between
    links is left out, and a single or pinpoint link shows only the height it places. ``told``: the
    step's own sentence already names the contradiction, so the chain ends by pointing to it. ``most``:
    show at most this many links, the first and the last ones, saying how many were left out."""
    parts: list[str] = []
    for k, link in numbered(chain):
        if link.technique in HIDDEN and not link.broken:
            continue
        head = link_head(k, link)
        if link.step is not None and link.step.supposition:
            head = "suppose"
        elif not (link.technique in QUIET and link.placed):
            head += " " + md_escape(link.technique or "")
        parts.append(f"{head} {short_changes(link, n, 3)}".rstrip())
        if link.broken:
            parts[-1] += " (breaks " + ", ".join(cell_name(c, n) for c in link.broken) + ")"
    if most is not None and len(parts) > most:
        keep = max(2, most // 2)
        parts = parts[:keep] + [f"({plural(len(parts) - most, 'link')} more)"] + parts[len(parts) - (most - keep):]
    end = "the contradiction named above" if told and chain.contradiction else md_escape(chain.end)
    return " → ".join(parts) + f" ⇒ *{end}*"


LIMIT = 60_000  # the default post stays under this many characters (GitHub's comment limit is 65,536)


@dataclass(frozen=True)
class Detail:
    """How much of a solve the short post keeps; walkthrough() takes the first that fits in LIMIT."""

    grids: int | None  # grids drawn before forcing steps (None: before every one)
    links: int | None  # links shown per chain (None: all); 0: each chain as one line, not folded
    reasons: bool = True  # the harder techniques keep their sentence


DETAILS = (Detail(None, None), Detail(3, 24), Detail(1, 8), Detail(0, 0), Detail(0, 0, reasons=False))
FULL_HINT = ("--markdown-full writes the whole walk-through: every step's sentence, every chain link "
             "and the grid after every pass.")


def walkthrough(view: View, full: bool = False) -> str:
    """The Markdown post. By default it fits in LIMIT characters: it keeps less detail as the solve gets
    longer, and when even the barest form is too long it stops listing passes and says where the rest is."""
    if full:
        return _compose(view, None)
    for detail in DETAILS:
        text = _compose(view, detail)
        if len(text) <= LIMIT:
            return text
    return _compose(view, DETAILS[-1], LIMIT)


def _compose(view: View, detail: Detail | None, cut: int | None = None) -> str:
    p = view.puzzle
    n = p.size
    full = detail is None
    out = [f"# Skyscrapers {md_escape(p.describe())}: {md_escape(view.status)}", ""]
    if view.status == "ambiguous":
        summary = (f"AMBIGUOUS: more than one solution (logic took {plural(view.step_count, 'step')} before counting "
                   "solutions showed it)")
    else:
        summary = (f"{view.status.upper()} in {plural(len(view.passes), 'pass', 'passes')}, "
                   f"{plural(view.step_count, 'step')}; grade {grade_text(view)}; "
                   f"{'backtracking needed' if view.backtracked else 'no backtracking'}")
    out += wrap(md_escape(summary)) + [""]
    if view.counts:
        out += wrap("Steps per technique: " + md_escape(", ".join(f"{k} {v}" for k, v in view.counts.items())) + ".")
        out.append("")
    if view.unknown:
        out += wrap(f"Not a technique ascent knows: {md_escape(', '.join(view.unknown))} (drawn as the trace says).")
        out.append("")
    if view.message:
        out += wrap(md_escape(view.message))
        out.append("")
    out += ["The puzzle, to paste into another solver:", ""]
    for name, text in formats(p):
        if not full and name == "record JSON":
            continue  # one long line; the other formats say the same
        out.append(f"- {name}" + (" (one line: join these lines)" if len(text) > WIDTH - 2 else "") + ":")
        out.append("")
        out.append("  " + fence(_fold(text)).replace("\n", "\n  "))
        out.append("")
    if view.status == "ambiguous" and len(view.solutions) >= 2:
        return "\n".join(out + ambiguous(view))
    out += ["## Start", "", fence(text_grid(p, view.start)), ""]
    out += wrap("A placed height stands alone; an open cell lists its candidates (. = every height still possible)."
                + (f" {LETTERS}" if n >= 10 else "")) + [""]
    if full:
        out += full_passes(view)
    else:
        passes = short_passes(view, detail)
        # a shorter form says what it leaves out only when it does leave something out
        left_out = cut is not None or (detail != DETAILS[0] and passes != short_passes(view, DETAILS[0]))
        out += ["## The steps", ""]
        out += wrap("Pass by pass, each step's number and place, then what it did (R9C3=9 places a 9; R2C1-45 crosses "
                    "out 4 and 5). A forcing step supposes a height and follows it, link by link (L1, L2, ...), "
                    "to a contradiction." + ("" if not left_out else " To fit a forum post, some grids, "
                                             "chain links or reasons are left out here. " + FULL_HINT)) + [""]
        end = ["## The end", "", fence(text_grid(p, view.final)), ""]
        if not view.complete:
            end += ["The last step broke the grid: the replay stops there.", ""]
        if cut is not None:
            body = _cut(passes, cut - len("\n".join(out + end)) - 400, view)
        else:
            body = [line for _, lines in passes for line in lines]
        return "\n".join(out + body + [""] + end)
    if not view.complete:
        out += ["The last step broke the grid: the replay stops there.", ""]
    return "\n".join(out)


LETTERS = "Heights 10, 11 and 12 are written A, B and C."


def _fold(text: str) -> str:
    """A long one-line format broken into lines of WIDTH - 2 (inside a list item's fence)."""
    w = WIDTH - 2
    return "\n".join(text[i:i + w] for i in range(0, len(text), w)) if len(text) > w else text


def _cut(body: list[tuple[int, list[str]]], room: int, view: View) -> list[str]:
    """The passes' lines while they fit in ``room`` characters, then one paragraph on what was left out."""
    out: list[str] = []
    used = 0
    for k, (_, lines) in enumerate(body):
        size = sum(len(line) + 1 for line in lines)
        if used + size > room:
            rest = view.passes[k:]
            steps = sum(len(pv.frames) for pv in rest)
            out += wrap(f"Passes {rest[0].number}-{rest[-1].number} ({plural(steps, 'step')}) are left out to keep "
                        f"this post under {LIMIT:,} characters. " + FULL_HINT) + [""]
            return out
        out += lines
        used += size
    return out


def short_passes(view: View, detail: Detail) -> list:
    """Each pass as one list item of short sentences; a forcing step gets the grid before it (while
    ``detail.grids`` allows) and its chain, folded, or as one line. Returns (pass number, lines) pairs."""
    p, n = view.puzzle, view.puzzle.size
    out: list[tuple[int, list[str]]] = []
    grids = 0
    for pv in view.passes:
        lines: list[str] = []
        sentences: list[str] = []
        sudoku = [f for f in pv.frames if f.technique in HIDDEN and not f.chains and not f.broken]
        forcing = []
        for f in pv.frames:
            if f in sudoku and pv.kind not in HIDDEN:
                continue
            if f.chains:
                forcing.append(f)
                continue
            sentences.append(short_sentence(f, n, name=f.technique != pv.kind, reasons=detail.reasons))
        if sudoku and pv.kind not in HIDDEN:
            span = f"{sudoku[0].number}" if len(sudoku) == 1 else f"{sudoku[0].number}-{sudoku[-1].number}"
            sentences.append(f"**{span}** sudoku clears {'that height from its row and column' if len(sudoku) == 1 else 'those heights from their rows and columns'}.")
        head = f"Pass {pv.number}, {md_escape(pv.kind)}:"
        if sentences:
            lines += wrap(f"{head} " + " ".join(sentences), "- ", "  ")
        for f in forcing:
            before = view.frames[f.number - 1]
            lines += wrap(f"{head} " + short_sentence(f, n, name=False, reasons=detail.reasons), "- ", "  ") + [""]
            if detail.grids is None or grids < detail.grids:
                grids += 1
                lines += ["  " + line if line else line for line in fence(text_grid(p, before, (" ",), WIDTH - 2)).split("\n")]
                lines.append("")
            told = f.step is not None and f.step.contradiction is not None
            for chain in f.chains:
                count = plural(link_count(chain), "link")
                if detail.links == 0:
                    end = "the contradiction named above" if told and chain.contradiction else md_escape(chain.end)
                    lines += wrap(f"{md_escape(chain.title)}: {count} ⇒ *{end}*", "  ", "  ") + [""]
                    continue
                lines.append(f"  <details><summary>{md_escape(chain.title)}: {count}</summary>")
                lines += [""] + wrap(chain_text(chain, n, told, detail.links), "  ", "  ") + ["", "  </details>", ""]
        out.append((pv.number, lines))
    return out


def short_sentence(frame: Frame, n: int, name: bool, reasons: bool = True) -> str:
    """'**29** row 6: R6C1=9.' -- the step's number, where, what it did; the reasoning too for the harder techniques."""
    text = f"**{frame.number}**" + (f" {md_escape(frame.technique or '')}" if name else "")
    where = frame.where(n)
    changes = short_changes(frame, n)
    if where and not (frame.placed and where == cell_name(frame.placed[0][0], n)):
        text += f" {md_escape(where)}:"
    if reasons_shown(frame.technique) and (reasons or frame.chains):
        text += f" {md_escape(frame.sentence).rstrip('.')}"
        changes = f" ({changes})" if changes else ""
    else:
        changes = f" {changes}" if changes else ""
    text += changes
    if frame.broken:
        text += ", which breaks " + ", ".join(cell_name(c, n) for c in frame.broken)
    return text + "."


def full_passes(view: View) -> list[str]:
    """Every pass under its own heading: each step in full, its chains nested with numbered links, the grid after."""
    p, n = view.puzzle, view.puzzle.size
    out: list[str] = []
    for pv in view.passes:
        out += [f"## {md_escape(pv.title)}", ""]
        for f in pv.frames:
            head = f"{f.number}. "
            out += wrap(step_item(f, n), head)
            pad = " " * len(head)  # CommonMark nests a list only as deep as the item's text starts
            for chain in f.chains:
                out += wrap(f"{md_escape(chain.title)} ({plural(link_count(chain), 'link')}):", f"{pad}- ")
                for k, link in numbered(chain):
                    out += wrap(f"{link_head(k, link)}: " + step_item(link, n), f"{pad}  - ")
                out += wrap(f"*{md_escape(chain.end)}*", f"{pad}  - ")
        out += ["", "Grid after the pass:", "", fence(text_grid(p, pv.after)), ""]
    return out


def ambiguous(view: View) -> list[str]:
    """Two solutions of an ambiguous puzzle, the cells where they differ named and marked with *."""
    from ..show.view import frame_of_solution

    p, n = view.puzzle, view.puzzle.size
    a, b = view.solutions[0], view.solutions[1]
    diff = [r * n + c for r in range(n) for c in range(n) if a[r][c] != b[r][c]]
    out = ["## Two different solutions", ""]
    out += wrap(f"This puzzle has more than one solution, so no chain of logic can decide it. Two of them differ "
                f"in {plural(len(diff), 'cell')}: {', '.join(cell_name(c, n) for c in diff)} (marked *).")
    for k, sol in enumerate((a, b), 1):
        grid = text_grid(p, frame_of_solution(sol, f"solution {k}"))
        marked = _mark(grid, p, diff)
        out += ["", f"Solution {k}:", "", fence(marked)]
    return out + [""]


def _mark(grid: str, puzzle: Puzzle, cells: list[int]) -> str:
    """Put a * after each listed cell's height in a solved text grid (one digit per cell)."""
    n = puzzle.size
    lines = grid.split("\n")
    for r in range(n):
        tokens = lines[r + 1].split()
        left = 1 if puzzle.left[r] else 0
        heights = tokens[left:left + n]
        row = [h + ("*" if r * n + c in cells else " ") for c, h in enumerate(heights)]
        lines[r + 1] = " ".join([str(puzzle.left[r]) if puzzle.left[r] else " "] + row +
                                ([str(puzzle.right[r])] if puzzle.right[r] else [])).rstrip()
    lines[0] = " ".join([" "] + [(str(c) if c else " ") + " " for c in puzzle.upper]).rstrip()
    if len(lines) == n + 2:  # text_grid leaves out the line below when there are no clues there
        lines[-1] = " ".join([" "] + [(str(c) if c else " ") + " " for c in puzzle.lower]).rstrip()
    return "\n".join(lines)
