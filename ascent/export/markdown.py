"""A Markdown walk-through for forums.

By default it fits a forum post: the grid at the start and at the end, and every step with its reason
(where, what it placed or crossed out, and why; the sudoku bookkeeping of a pass as one line). Around
that, while the post stays within ``TARGET`` characters (``LIMIT`` when the reasons alone take more),
it keeps the whole forcing chains and the grids before forcing steps, the shortest first, so that what
is longest is what goes. A chain left out is told by its length and its end; the post then says what
it left out and links the page that has everything (``page``: the HTML walk-through's file name or
address). When even the reasons pass ``LIMIT``, the last passes go (leaving ``CUT_ROOM`` for the whole
chains of the forcing steps kept), and the post says which.
``full=True`` keeps every grid (after each pass), every sentence and every chain link in full.

What a post keeps is chosen from the steps' fields (the chains, their links, the grids), never by
reading their sentences back.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, replace
from urllib.parse import quote

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


QUIET = tuple(t.name for t in TABLE if t.fold == "height")  # in a folded chain, these show only the height placed
HIDDEN = tuple(t.name for t in TABLE if t.fold == "hidden")  # bookkeeping (sudoku's cross-outs): left out there


def chain_text(chain: Chain, n: int, told: bool = False) -> str:
    """A chain in one paragraph: each link, numbered as everywhere (L1..Lk after the supposition, with the
    links it read when the engine says), as what it did, then how it ends. The sudoku bookkeeping between
    links is left out, and a single or pinpoint link shows only the height it places; every link names every
    cell it changed, so the chain can be replayed from the post. ``told``: the
    step's own sentence already names the contradiction, so the chain ends by pointing to it."""
    parts: list[str] = []
    for k, link in numbered(chain):
        if link.technique in HIDDEN and not link.broken:
            continue
        head = link_head(k, link)
        if link.step is not None and link.step.supposition:
            head = "suppose"
        elif not (link.technique in QUIET and link.placed):
            head += " " + md_escape(link.technique or "")
        parts.append(f"{head} {short_changes(link, n, n * n)}".rstrip())
        if link.broken:
            parts[-1] += " (breaks " + ", ".join(cell_name(c, n) for c in link.broken) + ")"
    end = "the contradiction named above" if told and chain.contradiction else md_escape(chain.end)
    return " → ".join(parts) + f" ⇒ *{end}*"


TARGET = 32_000  # a forum post (Discourse's default limit): what the reasons leave of it goes to whole chains and grids
LIMIT = 60_000  # never more than this (GitHub's comment limit is 65,536): a solve whose reasons take more loses passes
CUT_ROOM = 10_000  # a post that loses passes keeps this much for the whole chains of the forcing steps it keeps


@dataclass(frozen=True)
class Plan:
    """What a short post keeps besides every step and its reason: the whole chains, as (step number, chain
    index); the grids before forcing steps, by step number; and how many passes (None: all of them)."""

    chains: frozenset = frozenset()
    grids: frozenset = frozenset()
    passes: int | None = None


def walkthrough(view: View, full: bool = False, page: str | None = None) -> str:
    """The Markdown post: every step with its reason, and as many whole chains and grids as ``choose`` finds
    room for (``full``: everything). ``page``: the file name or address of the HTML walk-through, linked for
    what the post leaves out."""
    return _compose(view, None if full else choose(view, page), page)


def choose(view: View, page: str | None = None) -> Plan:
    """What the short post keeps. Every step and its reason; then whole chains and grids before forcing steps,
    the shortest first, while the post stays within TARGET characters, or LIMIT when the reasons alone take
    more than TARGET. When the reasons pass LIMIT, the first passes whose reasons fit in LIMIT less CUT_ROOM,
    and that room for the whole chains and grids of their forcing steps."""
    plan = Plan()
    used = len(_compose(view, plan, page))
    budget = TARGET if used <= TARGET else LIMIT
    if used > LIMIT:  # even the reasons do not fit: the most first passes that leave room for some chains
        plan = Plan(passes=_passes_within(view, LIMIT - CUT_ROOM, page))
        used = len(_compose(view, plan, page))
    kept = {f.number for pv in view.passes[:plan.passes] for f in pv.frames}
    for cost, kind, key in extras(view):
        if (key if kind == "grids" else key[0]) not in kept or used + cost > budget:
            continue  # this one is too long for what is left; a shorter one may still fit
        plan = replace(plan, **{kind: getattr(plan, kind) | {key}})
        used += cost
    while len(_compose(view, plan, page)) > budget and (plan.chains or plan.grids):
        # costs are measured one by one: should the whole run over, the longest go
        kind, key = max(((k, x) for k in ("chains", "grids") for x in getattr(plan, k)),
                        key=lambda kx: _cost(view, *kx))
        plan = replace(plan, **{kind: getattr(plan, kind) - {key}})
    return plan


def _passes_within(view: View, room: int, page: str | None) -> int:
    """The most first passes whose post (every step and its reason, nothing more) fits in ``room``."""
    lo, hi = 0, len(view.passes) - 1  # a post of lo passes fits (none is taken to); one of hi + 1 does not
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if len(_compose(view, Plan(passes=mid), page)) <= room:
            lo = mid
        else:
            hi = mid - 1
    return lo


def extras(view: View) -> list[tuple[int, str, object]]:
    """What a short post may add, shortest first: each whole chain (``("chains", (step, k))``) and each grid
    before a forcing step (``("grids", step)``), with what it adds in characters."""
    out = []
    for f in view.frames:
        if not f.chains:
            continue
        out.append((_cost(view, "grids", f.number), "grids", f.number))
        for k in range(len(f.chains)):
            out.append((_cost(view, "chains", (f.number, k)), "chains", (f.number, k)))
    return sorted(out, key=lambda e: (e[0], e[2] if e[1] == "grids" else e[2][0], e[1]))


def _cost(view: View, kind: str, key) -> int:
    """The characters one chain made whole, or one grid drawn, adds to a post."""
    n = view.puzzle.size
    if kind == "grids":
        return sum(len(line) + 1 for line in _grid_lines(view, view.frames[key]))
    f = view.frames[key[0]]
    chain = f.chains[key[1]]
    told = f.step is not None and f.step.contradiction is not None
    whole = sum(len(line) + 1 for line in _chain_lines(chain, n, told, True))
    return whole - sum(len(line) + 1 for line in _chain_lines(chain, n, told, False))


def _grid_lines(view: View, f: Frame) -> list[str]:
    before = view.frames[f.number - 1]
    grid = fence(text_grid(view.puzzle, before, (" ",), WIDTH - 2))
    return ["  " + line if line else line for line in grid.split("\n")] + [""]


def _chain_lines(chain: Chain, n: int, told: bool, whole: bool) -> list[str]:
    """A chain in a short post: whole, folded in a <details> block (every link); or, left out, one line with
    its length and its end (nothing when the step's sentence already says both)."""
    count = plural(link_count(chain), "link")
    if whole:
        return ([f"  <details><summary>{md_escape(chain.title)}: {count}</summary>", ""]
                + wrap(chain_text(chain, n, told), "  ", "  ") + ["", "  </details>", ""])
    if told and chain.contradiction:
        return []  # the step's sentence already gives the chain's length and its contradiction
    return wrap(f"{md_escape(chain.title)}: {count} ⇒ *{md_escape(chain.end)}* (left out here: the page has it "
                "whole)", "  ", "  ") + [""]


def _page_link(page: str | None) -> str:
    if page is None:
        return "the HTML walk-through that --html FILE writes, and in the full post that --markdown-full writes"
    link = f"[{md_escape(page)}]({quote(page, safe=':/#?&=%')})"
    if re.match(r"^[a-z]+://", page):
        return link
    return f"{link}, the HTML walk-through that --html {md_escape(page)} writes beside this post"


def left_out(view: View, plan: Plan, page: str | None) -> list[str]:
    """One paragraph: what the post leaves out (chains, grids, passes), and where it all is; none when nothing."""
    forcing = [f for f in view.frames if f.chains]
    chains = sum(len(f.chains) for f in forcing)
    parts = []
    kept = plan.passes if plan.passes is not None else len(view.passes)
    shown = [f for f in forcing if f.pass_number is None or f.pass_number <= kept] if plan.passes is not None else forcing
    lost_chains = sum(1 for f in shown for k in range(len(f.chains)) if (f.number, k) not in plan.chains)
    lost_grids = sum(1 for f in shown if f.number not in plan.grids)
    if lost_chains:
        parts.append(f"{lost_chains} of the {plural(chains, 'forcing chain')}, link by link (the longest; their "
                     "steps say how many links each has and where it ends)")
    if lost_grids:
        parts.append(f"the grid before {plural(lost_grids, 'forcing step')}")
    if plan.passes is not None and plan.passes < len(view.passes):
        rest = view.passes[plan.passes:]
        steps = sum(len(pv.frames) for pv in rest)
        parts.append(f"passes {rest[0].number}-{rest[-1].number} ({plural(steps, 'step')})")
    if not parts:
        return []
    said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return wrap(f"To fit a forum post, this post leaves out {said}. Every step, chain and grid is in "
                + _page_link(page) + ".") + [""]


def _compose(view: View, plan: Plan | None, page: str | None = None) -> str:
    p = view.puzzle
    n = p.size
    full = plan is None
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
        if not view.complete:
            out += ["The last step broke the grid: the replay stops there.", ""]
        return "\n".join(out)
    out += ["## The steps", ""]
    out += wrap("Pass by pass, each step's number and place, why, and what it did (R9C3=9 places a 9; R2C1-45 "
                "crosses out 4 and 5). A forcing step supposes a height and follows it, link by link (L1, L2, ...), "
                "to a contradiction.") + [""]
    out += left_out(view, plan, page)
    for _, lines in short_passes(view, plan):
        out += lines
    end = ["", "## The end", "", fence(text_grid(p, view.final)), ""]
    if not view.complete:
        end += ["The last step broke the grid: the replay stops there.", ""]
    return "\n".join(out + end)


LETTERS = "Heights 10, 11 and 12 are written A, B and C."


def _fold(text: str) -> str:
    """A long one-line format broken into lines of WIDTH - 2 (inside a list item's fence)."""
    w = WIDTH - 2
    return "\n".join(text[i:i + w] for i in range(0, len(text), w)) if len(text) > w else text


def short_passes(view: View, plan: Plan) -> list:
    """Each pass as one list item of short sentences, every step with its reason; a forcing step gets the grid
    before it and its chains whole as ``plan`` says (a chain left out, as one line). Returns (pass number, lines)
    pairs, for the first ``plan.passes`` passes."""
    n = view.puzzle.size
    out: list[tuple[int, list[str]]] = []
    passes = view.passes if plan.passes is None else view.passes[:plan.passes]
    for pv in passes:
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
            sentences.append(short_sentence(f, n, name=f.technique != pv.kind))
        if sudoku and pv.kind not in HIDDEN:
            span = f"{sudoku[0].number}" if len(sudoku) == 1 else f"{sudoku[0].number}-{sudoku[-1].number}"
            sentences.append(f"**{span}** sudoku clears {'that height from its row and column' if len(sudoku) == 1 else 'those heights from their rows and columns'}.")
        head = f"Pass {pv.number}, {md_escape(pv.kind)}:"
        if sentences:
            lines += wrap(f"{head} " + " ".join(sentences), "- ", "  ")
        for f in forcing:
            lines += wrap(f"{head} " + short_sentence(f, n, name=False), "- ", "  ") + [""]
            if f.number in plan.grids:
                lines += _grid_lines(view, f)
            told = f.step is not None and f.step.contradiction is not None
            for k, chain in enumerate(f.chains):
                lines += _chain_lines(chain, n, told, (f.number, k) in plan.chains)
        out.append((pv.number, lines))
    return out


def short_sentence(frame: Frame, n: int, name: bool) -> str:
    """'**29** row 6: 9 fits nowhere else in row 6, so R6C1 is 9 (R6C1=9).' -- the step's number, where, why,
    and what it did."""
    text = f"**{frame.number}**" + (f" {md_escape(frame.technique or '')}" if name else "")
    where = frame.where(n)
    changes = short_changes(frame, n)
    if where and not (frame.placed and where == cell_name(frame.placed[0][0], n)):
        text += f" {md_escape(where)}:"
    text += f" {md_escape(frame.sentence).rstrip('.')}"
    if changes:
        text += f" ({changes})"
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
