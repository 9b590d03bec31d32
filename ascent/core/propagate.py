"""The fast untraced core: line consistency with a dirty-line queue, for everything hypothetical.

No steps, no sentences, no recording: forcing trials, the finisher and solution counting run here.
Each row and column is one *line* with its two clues. Making a line consistent keeps exactly the
candidates that appear in some filling of the line with distinct heights that shows what both
clues ask: on a line with a clue, read from the tables of the size's fillings up to 9 cells
(``lanes.filtered``), above that Régin's all-different filter (``lanes.distinct``) and then the
clue search (``lanes.supports``); on a line without, Régin's filter alone. What a line's candidates
give is remembered (``_known``; the traced sequence, isolate and peak descent read it too, through
``consistent`` and ``settled``). A line is looked at again only when one of its cells changed.

What it stands for: its fixpoint is the fixpoint of the traced techniques that read one line (ascent, sudoku,
naked single, pinpoint, peak bounds, peak descent, isolate, sequence) together, for sizes up to 9, where isolate's
subsets of up to four cells cover every Hall set of a line; above 9 it can be stronger. ``tests/test_propagate.py``
checks that on the corpora. Like ``lanes``, it writes the bit tricks of ``cands`` inline: calling them from
its Latin rules alone made it 7% slower (``backtrack.search`` on the 8x8 and 9x9 unreasonable sets).

    masks   a list of candidate masks, one per cell (changed in place)
    lines   the puzzle's lines (``grid.Line``: cells left to right or top to bottom, both lanes with their clues,
            ``read`` and ``crossing``), rows then columns (``line_table``, ``grid.lines_of``)
"""

from __future__ import annotations

from ..model.grid import Line, lines_from, lines_through
from .lanes import TABLE_MAX, cover, distinct, filtered, supports_seeded, unpacked
from .lanes import fits as lanes_fits
from ..model.kept import KEPT


class Broken(Exception):
    """The candidates cannot be completed: ``where`` is the line index that has no filling, ``work``
    how many line looks it took to see it (a rough measure of how long a traced chain will be)."""

    def __init__(self, where: int, work: int = 0):
        self.where = where
        self.work = work
        super().__init__(where)


def line_table(n: int, clues: tuple[int, ...]) -> tuple[Line, ...]:
    """The lines of a puzzle (``grid.Line``, the one representation of a line), from its clues: upper +
    lower + left + right (4n numbers). Lines 0..n-1 are rows, n..2n-1 columns."""
    return lines_from(n, *(clues[k * n:(k + 1) * n] for k in range(4)))


KEEP = 128  # fillings kept per clue pair
SEEN_KEPT = 1 << 10  # clue pairs with their fillings seen (all forgotten at once when full)
# (size, front clue, back clue) -> the last few fillings (``lanes.packed``) that proved the
_seen: dict = KEPT.dict("propagate._seen", SEEN_KEPT)
# candidates of a line with those clues (above TABLE_MAX): whenever the ones that still fit use every candidate,
# the line is consistent without a search (the residual supports of constraint solvers)
KNOWN = 1 << 15  # lines remembered with what their filter left (all forgotten at once when full)
_known: dict = KEPT.dict("propagate._known", KNOWN)
_MISSING = object()


def _filter(ms: tuple[int, ...], n: int, a: int, b: int) -> tuple[int, ...] | None:
    """One line made consistent: the candidates some filling uses (None: no filling)."""
    if n <= TABLE_MAX:
        return filtered(ms, a, b)  # read from the tables of the size's fillings
    seen = _seen.get((n, a, b))
    if seen is None:
        if len(_seen) >= SEEN_KEPT:
            _seen.clear()
        seen = _seen[n, a, b] = {}
    got = 0
    if seen:
        got, want = cover(ms, seen)
        if got == want:
            return ms  # fillings seen before still use every candidate
    allowed = distinct(ms)  # the Latin part first: cheap, and it spares the clue search hopeless cases
    if allowed is not None and (a or b):
        # the pairs fillings seen before still prove need no search
        allowed, proof = supports_seeded(allowed, a or 1, a or n, b, b, unpacked(got, n) if got else None)
        if proof:
            seen.update(dict.fromkeys(proof))
            if len(seen) > 2 * KEEP:
                recent = list(seen)[-KEEP:]
                seen.clear()
                seen.update(dict.fromkeys(recent))
    return allowed


def _looked_up(ms: tuple[int, ...], a: int, b: int):
    """What the full filter makes of a line, in _cheap's terms, from the fast core's memory (``_known``);
    worked out as the fast core does (``_filter``: above TABLE_MAX, fillings seen before often prove a line
    without a search; at 12x12 the techniques' questions cost four times as much without them)."""
    key = (ms, a, b)
    got = _known.get(key, _MISSING)
    if got is _MISSING:
        got = _changes(ms, _filter(ms, len(ms), a, b))
        if len(_known) >= KNOWN:
            _known.clear()
        _known[key] = got
    return got


def forget() -> None:
    """Forget what the fast core remembers of lines (``_known``, ``_latin_known``, ``_seen``, ``lanes``'
    tables: all that ``KEPT`` holds of lines), so that a solve is timed as if it were the first of its kind.
    For measuring: every answer is the same either way."""
    KEPT.forget()


def consistent(ms: tuple[int, ...], a: int, b: int) -> tuple[int, ...] | None:
    """``lanes.filtered`` (a whole line made consistent with its clues a and b), remembered with the
    fast core's lines: the candidates some filling uses, None when no filling fits."""
    got = _looked_up(ms, a, b)
    if got is None:
        return ms
    return None if got is _EMPTY else got[0]


def fits(ms: tuple[int, ...], a: int, b: int) -> bool:
    """Does some filling keep to a whole line's candidates and show its clues a and b? From the fast
    core's memory of lines when it holds the line, else ``lanes.fits`` (which stops at the first filling
    and is not remembered: a yes or no is cheaper to find again than to keep)."""
    got = _known.get((ms, a, b), _MISSING)
    if got is _MISSING:
        return lanes_fits(ms, a, b)
    return got is not _EMPTY


def settled(ms: tuple[int, ...], a: int, b: int) -> bool:
    """Does the exact line filter leave a whole line as it is (clues a and b, 0 = none)? Then every
    candidate is in some filling of the line that both clues allow, so no sound reasoning about that
    line alone removes anything, and none sees a contradiction there. Shares the fast core's memory
    of lines (``_known``)."""
    return _looked_up(ms, a, b) is None


def _latin(ms: list[int], full: int) -> bool:
    """Cheap Latin rules on one line, in place: placed heights leave the other cells, a height with
    one possible cell goes there. True when something changed; raises _Empty on a contradiction."""
    changed = False
    while True:
        placed = 0
        for m in ms:
            if not m & (m - 1):
                if placed & m or not m:
                    raise _Empty
                placed |= m
        once = twice = 0
        again = False
        for k, m in enumerate(ms):
            if m & (m - 1):
                m2 = m & ~placed
                if m2 != m:
                    ms[k] = m = m2
                    changed = True
                    if not m:
                        raise _Empty
                    if not m & (m - 1):
                        again = True
            twice |= once & m
            once |= m
        if once != full:
            raise _Empty
        lone = once & ~twice & ~placed
        if lone:
            for k, m in enumerate(ms):
                hit = m & lone
                if hit and m & (m - 1):
                    if hit & (hit - 1):
                        raise _Empty
                    ms[k] = hit
                    changed = again = True
        if not again:
            return changed




class _Empty(Exception):
    pass


_POP = tuple(m.bit_count() for m in range(1 << 12))  # candidates in a mask (sizes up to 12)
LATIN_KNOWN = 1 << 15  # lines remembered with what the cheap Latin rules left (all forgotten at once when full)
_latin_known: dict = KEPT.dict("propagate._latin_known", LATIN_KNOWN)
_EMPTY = ()  # the cheap rules or the filter found a line with no filling


def _cheap(ms: tuple[int, ...], full: int):
    """What the cheap Latin rules make of a line: None (nothing changes), _EMPTY (a contradiction), or
    (the new candidates, the positions that changed)."""
    out = list(ms)
    try:
        if not _latin(out, full):
            return None
    except _Empty:
        return _EMPTY
    return tuple(out), tuple(p for p in range(len(ms)) if out[p] != ms[p])


def _changes(ms: tuple[int, ...], allowed: tuple[int, ...] | None):
    """What the full filter makes of a line, in _cheap's terms."""
    if allowed is None:
        return _EMPTY
    if allowed == ms:
        return None
    return allowed, tuple(p for p in range(len(ms)) if allowed[p] != ms[p])


def propagate(masks: list[int], n: int, lines, dirty=None, deadline=None) -> int:
    """Make every line consistent, re-examining only lines whose cells changed. Raises Broken.

    ``dirty`` is the line indices to start from (all lines when None). The cheap Latin rules settle
    first; the full line enumeration runs on a line only once they are quiet. ``deadline``, when
    given, is called before each line enumeration (it raises to stop). Returns the work done.

    Both filters are pure functions of a line's candidates (and clues), so what they make of a line
    is remembered (``_latin_known``, ``_known``); each line's candidate count is kept up to date
    as cells change, to pick the line with the fewest next.
    """
    full = (1 << n) - 1
    work = 0
    todo = set(range(2 * n)) if dirty is None else set(dirty)
    cheap = set(todo)
    latin, known, pop = _latin_known, _known, _POP
    size = None  # candidates per line, made when first needed
    while todo:
        while cheap:
            k = cheap.pop()
            work += 1
            line = lines[k]
            ms = line.read(masks)
            got = latin.get(ms, _MISSING)
            if got is _MISSING:
                got = _cheap(ms, full)
                if len(latin) >= LATIN_KNOWN:
                    latin.clear()
                latin[ms] = got
            if got is None:
                continue
            if got is _EMPTY:
                raise Broken(k, work)
            new, where = got
            cells, crossing = line.cells, line.crossing
            for pos in where:
                m = new[pos]
                if size is not None:
                    drop = pop[ms[pos]] - pop[m]
                    size[k] -= drop
                    size[crossing[pos]] -= drop
                masks[cells[pos]] = m
                other = crossing[pos]
                cheap.add(other)
                todo.add(other)
            todo.add(k)
        # the line with the fewest candidates first: the cheapest to enumerate, and the likeliest to break
        if len(todo) > 1:
            if size is None:  # rows then columns, as ``lines`` are
                cnt = [pop[m] for m in masks]
                size = [sum(cnt[r * n:r * n + n]) for r in range(n)] + [sum(cnt[c::n]) for c in range(n)]
            k = min(todo, key=size.__getitem__)
            todo.discard(k)
        else:
            k = todo.pop()
        work += 1
        if deadline is not None:
            deadline()
        line = lines[k]
        ms = line.read(masks)
        a, b = line.front.clue, line.back.clue
        key = (ms, a, b)
        got = known.get(key, _MISSING)
        if got is _MISSING:
            got = _changes(ms, _filter(ms, n, a, b))
            if len(known) >= KNOWN:
                known.clear()
            known[key] = got
        if got is None:
            continue
        if got is _EMPTY:
            raise Broken(k, work)
        # the same writing of a line's changes as the cheap loop's above, written out twice on purpose: a
        # shared closure makes these names cell variables, and the solution count measured 10-15% slower
        new, where = got
        cells, crossing = line.cells, line.crossing
        for pos in where:
            m = new[pos]
            if size is not None:
                drop = pop[ms[pos]] - pop[m]
                size[k] -= drop
                size[crossing[pos]] -= drop
            masks[cells[pos]] = m
            other = crossing[pos]  # the crossing line: a row's cell lies on column pos, and back
            cheap.add(other)
            todo.add(other)
    return work


def settle(masks: list[int], n: int, lines, dirty=None, deadline=None) -> bool:
    """``propagate`` that answers False on a contradiction instead of raising."""
    try:
        propagate(masks, n, lines, dirty, deadline)
    except Broken:
        return False
    return True


def solutions(masks: list[int], n: int, lines, limit: int = 2, deadline=None) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions (as flat tuples of heights) below ``masks``, which is not changed.

    Fewest candidates first -- and among those, the cell whose candidates reach highest (the
    tallest heights decide what the clues see, so guessing there settles the most: about half the
    guesses of taking the first such cell, on Tatham's unreasonable 8x8 and 9x9 sets) -- propagating
    after each guess. ``deadline`` is an optional callable that raises to stop a long search.
    """
    found: list[tuple[int, ...]] = []
    start = list(masks)
    if not settle(start, n, lines, None, deadline):
        return found
    stack = [start]
    while stack:
        ms = stack.pop()
        if deadline is not None:
            deadline()
        best, cell, top = 99, -1, 0
        for i, m in enumerate(ms):
            if m & (m - 1):
                c = m.bit_count()
                if c < best or (c == best and m.bit_length() > top):
                    best, cell, top = c, i, m.bit_length()  # among the fewest candidates, the one reaching highest
        if cell < 0:
            found.append(tuple(m.bit_length() for m in ms))
            if len(found) >= limit:
                return found
            continue
        row, col = lines_through(n, cell)
        m = ms[cell]
        branches = []
        while m:
            bit = m & -m
            m ^= bit
            trial = list(ms)
            trial[cell] = bit
            if settle(trial, n, lines, (row, col), deadline):
                branches.append(trial)
        stack.extend(reversed(branches))  # the lowest height is tried first
    return found
