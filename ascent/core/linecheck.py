"""Is one row or column already broken, and how would a person see it? (the end of a forcing chain)

A line is *broken* when no filling of it fits: a height with no place left in it, a set of cells
holding fewer heights than there are cells, or no ordering of the heights its candidates allow that
shows what its clues ask. The fast core (``propagate.fits``) says whether a filling fits;
this module says why not, in a sentence a reader checks on the line alone, with its count:

    a height with no place   "no cell can hold 7 any more"
    too few heights          "R3C1, R3C4 and R3C6 hold only 2 and 5 between them (3 cells, 2 heights)"
    one clue                 "reads 5 7 [14] 6 2 [14] 3 8 9 and sees at least 4, but the clue is 3"
    both clues               "reads ...: any order of it that shows 3 from the left shows 2 from the right,
                              but that clue is 4"

Forcing's tracer asks this after every pass of a supposition about the lines the pass changed,
and ends the chain at the first line broken (``broken``). Above 9x9 only an empty cell and a height
with no place are read (see ``_fits``). The description enumerates the line's
fillings; a line with more than LIMIT of them is left for the techniques to break (never seen on
../shared, where a broken line is nearly filled).
"""

from __future__ import annotations

from typing import Sequence

from ..model import cands
from ..model.grid import Conflict, Line, cell_name, lines_through
from . import hiding
from .lanes import TABLE_MAX, visible
from .propagate import fits
from ..model.words import in_turn, joined

LIMIT = 20000  # fillings enumerated to describe a broken line
_FROM = {"left": "the left", "right": "the right", "upper": "the top", "lower": "the bottom"}
HALL = 4  # the most cells named as holding too few heights


def _fits(ms: tuple[int, ...], a: int, b: int, n: int) -> bool:
    """Does some filling fit the line (past an empty cell and a height with no place, which the callers
    see first)? Up to TABLE_MAX cells, the exact filter (with both clues, from the tables); above, no
    more: the clue search and even Régin's filter cost many times more there (a 12x12's traces spent
    most of their time in them), so at 10x10-12x12 the techniques say the rest."""
    if n > TABLE_MAX:
        return True
    return fits(ms, a, b)


def exact(n: int) -> bool:
    """Does ``is_broken`` decide a line exactly at size ``n`` (every filling tried, both clues read)? Then a
    line it finds unbroken holds a filling, and no sound reasoning on that line alone finds a contradiction."""
    return n <= TABLE_MAX


def latin_broken(masks: Sequence[int], line: Line, n: int) -> bool:
    """Is ``line`` broken on ``masks`` by the Latin rule alone: a cell with no candidates, or a height with no
    place? (Checked in O(n): the tracer's watch after every pass; the clues are left to the minimizer's replay.)"""
    union = 0
    for c in line.cells:
        m = masks[c]
        if not m:
            return True
        union |= m
    return union != (1 << n) - 1


def is_broken(masks: Sequence[int], line: Line, n: int) -> bool:
    """Does ``line`` show a contradiction on ``masks`` (whatever the words ``broken`` would give it)?"""
    return latin_broken(masks, line, n) or not _fits(tuple(masks[c] for c in line.cells), line.front.clue,
                                                     line.back.clue, n)


def broken(masks: Sequence[int], line: Line, n: int, values: Sequence[int] | None = None) -> Conflict | None:
    """The contradiction ``line`` shows on ``masks``, as a Conflict a person can check, or None when
    some filling fits (or it is too open to describe: see LIMIT). With ``values`` (the placed heights), a cell left
    with one candidate that nobody placed is said as such where the words lean on it."""
    ms = tuple(masks[c] for c in line.cells)
    if not all(ms):
        empty = next(c for c, m in zip(line.cells, ms) if not m)
        return Conflict("no candidates left", (empty,), line)
    full = (1 << n) - 1
    union = 0
    for m in ms:
        union |= m
    if union != full:
        d = cands.digits(full & ~union)[0]
        return Conflict(f"no cell can hold {d} any more", line.cells, line, d)
    a, b = line.front.clue, line.back.clue
    if _fits(ms, a, b, n):
        return None
    hall = _too_few(line.cells, ms, n)
    if hall is not None:
        return hall_conflict(hall, ms, line, n)
    hidden = _too_few_places(ms, n)
    if hidden is not None:
        heights, where = hidden
        names = joined(cell_name(line.cells[i], n) for i in where) if where else "no cell"
        return Conflict(f"{cands.show_set(heights)} fit only in {names} ({heights.bit_count()} heights, "
                        f"{len(where)} cell{'s' if len(where) != 1 else ''})",
                        tuple(line.cells[i] for i in where) or line.cells, line)
    hall = _too_few(line.cells, ms, n, len(ms), HALL + 1)  # up to HALL cells: none, just above
    if hall is not None:
        return hall_conflict(hall, ms, line, n)
    return _clue_conflict(ms, line, n, None if values is None else [bool(values[c]) for c in line.cells])


def hall_conflict(cells: tuple[int, ...], ms: tuple[int, ...], line: Line, n: int) -> Conflict:
    where = {c: m for c, m in zip(line.cells, ms)}
    union = 0
    for c in cells:
        union |= where[c]
    k, j = len(cells), union.bit_count()
    names = joined(cell_name(c, n) for c in cells)
    return Conflict(f"{names} hold only {cands.show_set(union)} between them ({k} cells, "
                    f"{j} height{'s' if j != 1 else ''})", cells, line)


def _too_few_places(ms: tuple[int, ...], n: int) -> tuple[int, tuple[int, ...]] | None:
    """The smallest set of heights, up to HALL of them, that fit in fewer cells than heights (the other
    side of a Hall violation): (the heights as a mask, the positions they fit in), or None."""
    places = [0] * (n + 1)  # height -> the positions it fits in, as bits
    for i, m in enumerate(ms):
        for d in cands.digits(m):
            places[d] |= 1 << i
    spots = [(d, places[d]) for d in range(1, n + 1)]
    for k in range(2, min(HALL, n) + 1):
        got = cands.short_group(spots, k)
        if got is not None:
            heights, where = got
            return sum(1 << (d - 1) for d in heights), tuple(i for i in range(len(ms)) if where >> i & 1)
    return None


def _too_few(cells: tuple[int, ...], ms: tuple[int, ...], n: int, most: int = HALL,
             least: int = 2) -> tuple[int, ...] | None:
    """The smallest set of cells, from ``least`` up to ``most`` of them, holding fewer heights than cells (a
    Hall violation), or None: a set of more than HALL is no easier to check than the clue's count."""
    items = list(enumerate(ms))
    for k in range(least, min(most, len(ms)) + 1):
        got = cands.short_group(items, k)
        if got is not None:
            return tuple(cells[i] for i in got[0])
    return None


def fillings(ms: tuple[int, ...], limit: int = LIMIT) -> list[tuple[int, ...]] | None:
    """Every filling of a line with distinct heights that keeps to its candidates (clues not read),
    or None when there are more than ``limit``."""
    n = len(ms)
    out: list[tuple[int, ...]] = []
    row = [0] * n
    order = sorted(range(n), key=lambda i: ms[i].bit_count())

    def place(k: int, used: int) -> bool:
        if k == n:
            out.append(tuple(row))
            return len(out) <= limit
        i = order[k]
        for d in cands.digits(ms[i] & ~used):
            row[i] = d
            if not place(k + 1, used | 1 << (d - 1)):
                return False
        return True

    whole = place(0, 0)
    place = None  # the search calls itself through its own cell: drop it, or every call leaves a cycle behind
    return out if whole else None


def picture(ms: Sequence[int]) -> str:
    """A lane's candidates as a person writes them along it: placed heights bare, the rest in brackets."""
    return " ".join(cands.show(m) for m in ms)


def singles(ms: tuple[int, ...], names: Sequence[str], whole: bool = True,
            placed: Sequence[bool] | None = None) -> tuple[tuple[int, ...], list[str]]:
    """The line's candidates once its own singles are followed: a cell left with one height loses it from the
    others, and (``whole``: ``ms`` are a whole row or column, every height in it once) a height with one place left
    goes there, until neither changes anything; and those facts in words, in the order found ("2 fits only R4C2",
    "R4C1 is left with 1"; ``names`` are the cells' names). What a reader would otherwise have to find alone before
    a count along the line reads true. ``placed``: which cells hold a placed height (a lone candidate of a cell not
    placed is a single nobody said, and is said when it crosses a height out); without it every lone candidate is
    taken as placed."""
    ms = list(ms)
    n = len(ms)
    said: list[str] = []
    done = {i for i, m in enumerate(ms) if m and not m & (m - 1)}
    crossed: set[int] = set()  # the singles whose height is already out of the rest of the line
    told: set[int] = set()  # the cells whose single is said
    changed = True
    while changed:
        changed = False
        for i in sorted(done - crossed):
            crossed.add(i)
            if any(j != i and ms[j] & ms[i] for j in range(len(ms))):
                # a cell left with one height that the line has not crossed out yet: a single nobody placed, said
                if placed is not None and not placed[i] and i not in told:
                    said.append(f"{names[i]} is left with {ms[i].bit_length()}")
                    told.add(i)
                for j in range(len(ms)):
                    if j != i and ms[j] & ms[i]:
                        ms[j] &= ~ms[i]
                changed = True
        for i, m in enumerate(ms):
            if i not in done and m and not m & (m - 1):
                done.add(i)
                said.append(f"{names[i]} is left with {m.bit_length()}")
                told.add(i)
                changed = True
        for d in range(1, n + 1 if whole else 0):
            b = 1 << (d - 1)
            where = [i for i, m in enumerate(ms) if m & b]
            if len(where) == 1 and where[0] not in done:
                ms[where[0]] = b
                done.add(where[0])
                said.append(f"{d} fits only {names[where[0]]}")
                told.add(where[0])
                changed = True
        if any(not m for m in ms):
            break
    return tuple(ms), said


def _clue_conflict(ms: tuple[int, ...], line: Line, n: int, placed: Sequence[bool] | None = None) -> Conflict | None:
    every = fillings(ms)
    if every is None:
        return None
    front, back = line.front, line.back
    # the line's own singles, said first: then what it sees is read from the cells as they stand
    settled, facts = singles(ms, [cell_name(c, n) for c in line.cells], placed=placed)
    if facts and all(settled):
        lead = f"{in_turn(facts)}, so it "
        ms_said = settled
    else:
        lead, ms_said = "", ms
    for lane, reverse in ((front, False), (back, True)):
        if not lane.clue:
            continue
        seen = {visible(f[::-1] if reverse else f) for f in every}
        if lane.clue in seen:
            continue
        shown = picture(ms_said[::-1] if reverse else ms_said)
        lo, hi = min(seen), max(seen)
        if lane.clue < lo:
            how = f"sees at least {lo}" if lo != hi else f"sees {lo} whatever the order"
        elif lane.clue > hi:
            how = f"sees at most {hi}" if lo != hi else f"sees {hi} whatever the order"
        else:
            how = f"sees {joined(sorted(seen), 'or')}, never {lane.clue}"
        names = [cell_name(c, n) for c in lane.cells]
        why = _counted(ms_said[::-1] if reverse else ms_said, names, lane.clue)
        if why is not None:
            how = why
        if lead:
            return Conflict(f"{lead}reads {shown} from {_FROM[lane.side]} and {how}, but the clue is {lane.clue}",
                            lane.cells, lane)
        return Conflict(f"reads {shown} and {how}, but the clue is {lane.clue}", lane.cells, lane)
    # each clue alone can hold, not both: what any order showing the front clue shows from the back
    fit = [f for f in every if visible(f) == front.clue]
    seen = sorted({visible(f[::-1]) for f in fit})
    frm = {"left": "the left", "right": "the right", "upper": "the top", "lower": "the bottom"}
    if len(seen) == 1:
        shows = f"{seen[0]}"
    elif seen[-1] < back.clue:
        shows = f"at most {seen[-1]}"
    elif seen[0] > back.clue:
        shows = f"at least {seen[0]}"
    else:
        shows = f"{joined(seen, 'or')}"
    if lead:
        return Conflict(f"{lead}reads {picture(ms_said)}: any order of it that shows {front.clue} from "
                        f"{frm[front.side]} shows {shows} from {frm[back.side]}, but that clue is {back.clue}",
                        line.cells, line)
    return Conflict(f"reads {picture(ms)}: any order of it that shows {front.clue} from {frm[front.side]} shows {shows} "
                    f"from {frm[back.side]}, but that clue is {back.clue}", line.cells, line)


def _counted(ms: Sequence[int], names: Sequence[str], clue: int) -> str | None:
    """Why a lane (``ms`` read from its clue, ``names`` its cells) cannot see ``clue``, from the cells that show
    whatever the order (each one's least height above every height before it; the tallest wherever it stands) and
    those hidden whatever the order, each named with what hides it (``hiding``): "sees 6 whatever the order: R4C1,
    R4C2, R4C3, R4C4, R4C5 and R4C9 show (each above all before it); R4C6, R4C7 and R4C8 hide behind R4C5".
    None when those cells do not decide it, or every cell is settled (the heights as they stand are read at a
    glance)."""
    if all(m and not m & (m - 1) for m in ms):
        return None
    if not all(ms):
        return None
    who = hiding.showing(ms, names, whole=True)
    hides = hiding.hidden(ms, whole=True)
    heights = hiding.hidden_heights(ms, hides)
    least, most = len(who), len(ms) - len(hides) - len(heights)
    say_shows = f"{joined(who)} {'shows' if len(who) == 1 else 'show'}"
    say_hides = hiding.behind(hides, names, "hide", heights) if hides or heights else ""
    if least == most and least != clue:
        above = "each above all before it" if len(who) > 1 else "above all before it"
        return (f"sees {least} whatever the order: {say_shows} ({above})"
                + (f"; {say_hides}" if say_hides else ""))
    if least > clue:
        return f"sees at least {least}: {say_shows} whatever the order (each above all before it)"
    if most < clue and say_hides:
        return f"sees at most {most} whatever the order: {say_hides}"
    return None


def lines_of_cells(lines: tuple[Line, ...], cells, n: int) -> list[Line]:
    """The rows and columns (of ``lines``) through any of ``cells``, each once, rows first."""
    return [lines[k] for k in sorted({k for c in cells for k in lines_through(n, c)})]


def first_broken(masks: Sequence[int], lines: tuple[Line, ...], cells, n: int, latin: bool = False) -> Conflict | None:
    """The first row or column through ``cells`` that is broken on ``masks``, or None. With ``latin``, only
    the lines broken by the Latin rule (``latin_broken``) are seen."""
    for line in lines_of_cells(lines, cells, n):
        if latin and not latin_broken(masks, line, n):
            continue
        found = broken(masks, line, n)
        if found is not None:
            return found
    return None

