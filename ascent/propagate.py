"""The fast untraced core: line consistency with a dirty-line queue, for everything hypothetical.

No steps, no sentences, no recording: forcing trials, the finisher and solution counting run here.
Each row and column is one *line* with its two clues. Making a line consistent keeps exactly the
candidates that appear in some filling of the line with distinct heights that shows what both
clues ask: Régin's all-different filter first (``lanes.distinct``), then, on a line with a clue,
the clue search (``lanes.supports``), both memoised on the line's candidates. A line is looked at again only
when one of its cells changed.

What it stands for: its fixpoint is the fixpoint of the traced tiers 1-7 (ascent, sudoku, naked
single, pinpoint, peak descent, isolate, sequence) together, for sizes up to 9, where isolate's
subsets of up to four cells cover every Hall set of a line; above 9 it can be stronger. ``tests/test_propagate.py``
checks that on the corpora.

    masks   a list of candidate masks, one per cell (changed in place)
    lines   the size's lines: (cells left-to-right or top-to-bottom, front clue, back clue)
"""

from __future__ import annotations

from functools import lru_cache

from .lanes import cover, distinct, supports_seeded, unpacked


class Broken(Exception):
    """The candidates cannot be completed: ``where`` is the line index that has no filling, ``work``
    how many line looks it took to see it (a rough measure of how long a traced chain will be)."""

    def __init__(self, where: int, work: int = 0):
        self.where = where
        self.work = work
        super().__init__(where)


@lru_cache(maxsize=64)  # keyed by a puzzle's clues: bounded, or a long run keeps every puzzle's lines
def line_table(n: int, clues: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int, int, dict], ...]:
    """The lines of a puzzle: (cells, front clue, back clue, fillings seen).

    ``clues`` is upper + lower + left + right (4n numbers). Lines 0..n-1 are rows, n..2n-1 columns.
    *Fillings seen* keeps, per line with a clue, the last few fillings (``lanes.packed``) that proved
    its candidates: whenever the ones that still fit use every candidate, the line is consistent
    without a search (the residual supports of constraint solvers).
    """
    upper, lower, left, right = (clues[k * n:(k + 1) * n] for k in range(4))
    rows = tuple((tuple(r * n + c for c in range(n)), left[r], right[r], {}) for r in range(n))
    cols = tuple((tuple(r * n + c for r in range(n)), upper[c], lower[c], {}) for c in range(n))
    return rows + cols


KEEP = 128  # fillings kept per line
KNOWN = 1 << 15  # lines remembered with what their filter left (all forgotten at once when full)
_known: dict = {}
_MISSING = object()


def _filter(ms: tuple[int, ...], n: int, a: int, b: int, seen: dict) -> tuple[int, ...] | None:
    """One line made consistent: the candidates some filling uses (None: no filling)."""
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


def lines_of_cell(n: int, i: int) -> tuple[int, int]:
    return i // n, n + i % n


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


_bit_count = int.bit_count


class _Empty(Exception):
    pass


def propagate(masks: list[int], n: int, lines, dirty=None, deadline=None) -> int:
    """Make every line consistent, re-examining only lines whose cells changed. Raises Broken.

    ``dirty`` is the line indices to start from (all lines when None). The cheap Latin rules settle
    first; the full line enumeration runs on a line only once they are quiet. ``deadline``, when
    given, is called before each line enumeration (it raises to stop). Returns the work done.
    """
    full = (1 << n) - 1
    work = 0
    todo = set(range(2 * n)) if dirty is None else set(dirty)
    cheap = set(todo)
    while todo:
        while cheap:
            k = cheap.pop()
            work += 1
            cells = lines[k][0]
            ms = [masks[x] for x in cells]
            try:
                if not _latin(ms, full):
                    continue
            except _Empty:
                raise Broken(k, work) from None
            for pos, x in enumerate(cells):
                if ms[pos] != masks[x]:
                    masks[x] = ms[pos]
                    other = n + pos if k < n else pos
                    cheap.add(other)
                    todo.add(other)
            todo.add(k)
        # the line with the fewest candidates first: the cheapest to enumerate, and the likeliest to break
        if len(todo) > 1:
            get = masks.__getitem__
            k = min(todo, key=lambda j: sum(map(_bit_count, map(get, lines[j][0]))))
            todo.discard(k)
        else:
            k = todo.pop()
        work += 1
        if deadline is not None:
            deadline()
        cells, a, b, seen = lines[k]
        ms = tuple([masks[x] for x in cells])
        key = (ms, a, b)
        allowed = _known.get(key, _MISSING)
        if allowed is _MISSING:
            allowed = _filter(ms, n, a, b, seen)
            if len(_known) >= KNOWN:
                _known.clear()
            _known[key] = allowed
        if allowed is None:
            raise Broken(k, work)
        if allowed == ms:
            continue
        for pos, x in enumerate(cells):
            if allowed[pos] != ms[pos]:
                masks[x] = allowed[pos]
                other = n + pos if k < n else pos  # the crossing line: a row's cell lies on column pos, and back
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

    Fewest candidates first, propagating after each guess. ``deadline`` is an optional callable
    that raises to stop a long search.
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
        best, cell = 99, -1
        for i, m in enumerate(ms):
            if m & (m - 1):
                c = m.bit_count()
                if c < best:
                    best, cell = c, i
                    if c == 2:
                        break
        if cell < 0:
            found.append(tuple(m.bit_length() for m in ms))
            if len(found) >= limit:
                return found
            continue
        row, col = lines_of_cell(n, cell)
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
