"""Short solutions for boards past exact search: a beam search guided by pattern tables, finished
by an exact table round the goal.

States are as in ``search``: where each piece is, as ``bytes``, moved by ``bytes.translate``.

The guide. A *segment* is ``k`` pieces that belong side by side in one row (or one column), cyclically.
Its *pattern table* holds, for every placement of those ``k`` pieces, the fewest moves that bring just
them home (a breadth-first search from the goal over the placements of ``k`` pieces, built at first
use: at most ``PATTERN_STATES`` placements, a fraction of a second). Turning the whole board by a row
or a column maps one segment onto another, so a single table serves every row segment and one every
column segment: a segment's placement is shifted back to the table's segment before the look-up. The
guide of a state is the sum over all segments (with ``k`` the whole line, one segment per line). Each
table entry is a true lower bound for its segment; the sum is not a bound, it only ranks states.

The finish. A second table holds every state within ``GOAL_STATES``'s reach of the goal with its exact
distance (a breadth-first search from the goal, a few levels deep). A state found in it is finished
by walking down that table.

The beam. Level by level from the start, every state of the beam is given every move; states seen
before are dropped; the ``width`` new states with the smallest guide form the next beam. Every new
state in the goal table gives a whole solution (its depth plus its table distance); the search stops
when its depth can no longer beat the best one. A wider beam finds shorter solutions and takes longer:
``beam_solve`` tries widths 32, 64, 128, ... while its budget allows, and keeps the shortest.
"""

from __future__ import annotations

import functools
import heapq
from operator import itemgetter

from .search import tables_of

PATTERN_STATES = 50_000  # a segment table may hold this many placements
GOAL_STATES = 100_000  # the goal table stops at the last full level under this many states
FIRST_WIDTH = 32
WORK_PER_SECOND = 1_200_000  # work units (see beam_solve) a second buys: measured on the 2-core dev machine
STATE_WORK = 4


def _bfs(init: bytes, moves, max_states: int | None = None) -> dict[bytes, int]:
    """Distance from ``init`` of every state reachable by ``moves`` (level by level; with
    ``max_states``, only the full levels that keep the table under it)."""
    dist, level, d = {init: 0}, [init], 0
    while level:
        d += 1
        nxt = []
        for state in level:
            for _, do, _ in moves:
                new = state.translate(do)
                if new not in dist:
                    dist[new] = d
                    nxt.append(new)
            if max_states is not None and len(dist) > max_states:  # this level does not fit: drop it
                for new in nxt:
                    del dist[new]
                return dist
        level = nxt
    return dist


def _segment_length(line: int, cells: int) -> int:
    """The longest segment (at most the line) whose placements fit in ``PATTERN_STATES``."""
    k, placements = 0, 1
    while k < line and placements * (cells - k) <= PATTERN_STATES:
        placements *= cells - k
        k += 1
    return k


class Guide:
    """The pattern tables, the segments and the goal table of one board shape."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        n = rows * cols
        self.moves = tables_of(rows, cols)
        self.goal = _bfs(bytes(range(n)), self.moves, GOAL_STATES)
        self.segments = []  # (extract, shift table, pattern table)
        for across in (True, False):
            line, count = (cols, rows) if across else (rows, cols)
            k = _segment_length(line, n)
            if k < 2:
                continue
            home = [i if across else i * cols for i in range(k)]
            table = _bfs(bytes(home), self.moves)
            starts = (0,) if k == line else range(line)
            for a in range(count):
                for b in starts:
                    r, c = (a, b) if across else (b, a)
                    pieces = [r * cols + (c + i) % cols if across else ((r + i) % rows) * cols + c for i in range(k)]
                    shift = bytes(((p // cols - r) % rows) * cols + (p % cols - c) % cols for p in range(n))
                    self.segments.append((_extractor(pieces, cols), shift + bytes(256 - n), table))

    def score(self, state: bytes) -> int:
        return sum(table[extract(state).translate(shift)] for extract, shift, table in self.segments)

    def finish(self, state: bytes) -> list[int]:
        """Move indices taking a state of the goal table to the goal, by its distances."""
        out, d = [], self.goal[state]
        while d:
            for m, (_, do, _) in enumerate(self.moves):
                new = state.translate(do)
                if self.goal.get(new) == d - 1:
                    out.append(m)
                    state, d = new, d - 1
                    break
            else:  # a table whose distances do not step down is a bug of ours
                raise AssertionError("goal table has no step down")
        return out


def _extractor(pieces: list[int], cols: int):
    """A fast function from a state to the positions of ``pieces``, as bytes: a slice when they are
    consecutive (a row segment) or a stride (a column segment), else a gather."""
    first, k = pieces[0], len(pieces)
    if pieces == list(range(first, first + k)):
        return lambda s: s[first:first + k]
    if pieces == list(range(first, first + (k - 1) * cols + 1, cols)):
        return lambda s: s[first:first + (k - 1) * cols + 1:cols]
    get = itemgetter(*pieces)
    return lambda s: bytes(get(s))


@functools.lru_cache(maxsize=8)
def guide_of(rows: int, cols: int) -> Guide:
    return Guide(rows, cols)


def beam(start: bytes, guide: Guide, width: int, cap: int | None = None) -> tuple[list[int] | None, int]:
    """The shortest solution one beam of ``width`` finds (move indices; None when it finds none that
    beats ``cap`` moves), and how many states it scored."""
    if start in guide.goal:
        return guide.finish(start), 0
    moves, goal, score = guide.moves, guide.goal, guide.score
    cap = cap if cap is not None else 8 * guide.rows * guide.cols  # a safe stop for a lost beam
    parent = {start: None}  # state -> (previous state, move index)
    frontier, best, depth, scored_count = [start], None, 0, 0
    while frontier:
        depth += 1
        limit = best[0] if best else cap
        if limit is not None and depth >= limit:
            break
        scored = []
        for state in frontier:
            for m, (_, do, _) in enumerate(moves):
                new = state.translate(do)
                if new in parent:
                    continue
                parent[new] = (state, m)
                d = goal.get(new)
                if d is not None:
                    if best is None or depth + d < best[0]:
                        best = (depth + d, new)
                    continue
                scored.append((score(new), new))
        scored_count += len(scored)
        frontier = [s for _, s in heapq.nsmallest(width, scored)]
    if best is None:
        return None, scored_count
    path, state = [], best[1]
    while parent[state] is not None:
        state, m = parent[state]
        path.append(m)
    path.reverse()
    return path + guide.finish(best[1]), scored_count


def beam_solve(cells: tuple[int, ...], rows: int, cols: int, budget: float, cap: int | None = None) -> list[str] | None:
    """The shortest move list found by beams of growing width, or None when none beats ``cap`` moves.

    The budget is counted in work, not read off a clock, so a board and a budget always give the same
    list: ``budget`` seconds allow ``budget * WORK_PER_SECOND`` units, a scored state costing one unit
    per segment plus ``STATE_WORK``. The widths double while the next one (about twice the work of the
    last) still fits; the first always runs, unless even it would take well over the budget (then
    None: at the default budget that is so from 6x6 up, where narrower beams do no better than the
    heuristic)."""
    guide = guide_of(rows, cols)
    n = rows * cols
    where = bytearray(n)
    for pos, piece in enumerate(cells):
        where[piece] = pos
    start = bytes(where)
    allowance = budget * WORK_PER_SECOND
    unit = len(guide.segments) + STATE_WORK
    best, width, spent = None, FIRST_WIDTH, 0
    if cap is not None and width * len(guide.moves) * (cap / 2) * unit > 1.5 * allowance:
        return None  # the first beam alone (about cap / 2 levels deep) would overrun the budget
    while True:
        found, scored = beam(start, guide, width, len(best) if best else cap)
        if found is not None and (best is None or len(found) < len(best)):
            best = found
        spent += scored * unit
        if scored == 0 or spent + 2 * scored * unit > allowance:
            break
        width *= 2
    return None if best is None else [guide.moves[m][0] for m in best]
