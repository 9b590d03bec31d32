"""Block building: grow a solved block from a corner, moving only lines that miss it, then finish
the last rows as the heuristic does.

Work is done on ``heuristic.Work`` (pieces named by their target position). The *block* is a set of
solved cells, rows ``[r, R)`` by columns ``[c, C)``. A line (row or column) is *free* when it holds
no cell of the block: turning it leaves the block intact, so nothing needs turning back. The block
grows by *segments*: the part of one free line that borders it (row ``r - 1`` over columns
``[c, C)``, or column ``c - 1`` over rows ``[r, R)``).

    block rows 6..8 by columns 6..8 of a 9x9 board, the next segment is column 5:

        . . . . . . . . .      free rows 0..5 and free columns 0..5
        . . . . . . . . .      (any of them may turn);
        . . . . . . . . .      s: the segment's cells, in column 5,
        . . . . . . . . .      which turns as a whole while it is built
        . . . . . . . . .
        . . . . . . . . .
        . . . . . s # # #
        . . . . . s # # #      #: the block
        . . . . . s # # #

A segment is built in its own line, which may turn freely: its pieces only have to stand at the
right distances from each other, at a common *offset* ``o`` (a piece is *placed* when it sits ``o``
cells on from its slot); one turn of the line at the end brings the offset to 0. A piece enters the
segment's line along a free crossing line, once the line has turned to put its slot there; before
that it may ride along a free parallel line to that crossing. The crossing line may turn only when
the cell it shares with the segment's line holds no placed piece (it holds the empty slot, or the
piece itself on its way out). Every move is on a free line, so the block stays solved, and a placed
piece only ever moves with its own line: both hold by construction, and ``build_segment`` checks them
after every segment.

For each piece not placed, the ways in (the *methods*) are: ride a free parallel line to a free
crossing, turn the segment's line to bring the slot over, drop the piece in along the crossing
(``A``); drop it straight in along its own crossing (``B``); a piece stuck in a block line first
climbs its crossing to a free line (``C``); a piece in the segment's line but out of place climbs out
one cell and comes back as above (``D``), after a turn of the line to a free crossing when it sits
over a block column (``E``). Each costs the sum of its turns, the short way round. Of the ``LOOKAHEAD``
cheapest (piece, method) pairs, the one whose cost plus the cheapest cost of the ``DEPTH`` steps after
it is least goes first (each candidate is tried on the board and undone; the ``WIDTH2`` cheapest pairs
are tried at each of those steps but the last, where the cheapest is taken as it is).

When the block holds every row from ``h`` down, the rest (rows ``h - 1`` up to 1 and the top row) is
finished by the heuristic's ``fill_row`` and ``top_row``, which turn lines of the block and back; the
top row tries every column as its hand and makes the cheapest plan. With a ``search`` and two rows
left (rows of 3 to 9 cells), ``lastline.last_two`` finishes them instead (a beam for row 1 scored
with the last-line table, then the top row by the table).
"""

from __future__ import annotations

import bisect
from operator import itemgetter

from .heuristic import Work, cyc, fill_row, next_row, parity, top_row
from . import lastline

LOOKAHEAD = 6  # how many of the cheapest (piece, method) pairs are tried ahead
DEPTH = 2  # how many steps ahead they are tried
WIDTH2 = 3  # how many of the cheapest pairs are tried at each further step
LOOK = (LOOKAHEAD, DEPTH, WIDTH2)
GREEDY = (1, 0, 0)  # on large boards: the cheapest pair first, nothing tried ahead (about 18 times less work)
HANDS = 12  # the top row tries at most this many columns as its hand


def flat(chain) -> list:
    """The ops of a chain ``(earlier, op)``, first to last."""
    out = []
    while chain:
        chain, op = chain
        out.append(op)
    out.reverse()
    return out


class View:
    """The board seen with the segment's lines as rows: ``u`` indexes the lines parallel to the
    segment, ``v`` the place along them (for a column segment, ``u`` is a column and ``v`` a row)."""

    def __init__(self, w: Work, across: bool):
        self.w, self.across = w, across
        self.nu, self.nv = (w.rows, w.cols) if across else (w.cols, w.rows)

    def uv(self, pos: int) -> tuple[int, int]:
        r, c = divmod(pos, self.w.cols)
        return (r, c) if self.across else (c, r)

    def pos(self, u: int, v: int) -> int:
        return u * self.w.cols + v if self.across else v * self.w.cols + u

    def line(self, u: int, k: int) -> None:
        """Turn parallel line u by k: ``v`` grows by k."""
        if self.across:
            self.w.row(u, k)
        else:
            self.w.col(u, k)

    def cross(self, v: int, k: int) -> None:
        """Turn crossing line v by k: ``u`` grows by k."""
        if self.across:
            self.w.col(v, k)
        else:
            self.w.row(v, k)


class Segment:
    """One segment being built: line ``u0`` of ``view``, slots ``vs`` along it, the block's cells."""

    def __init__(self, view: View, u0: int, vs: list[int], block: set[int], pruned: bool = False):
        self.view, self.u0, self.vs, self.pruned = view, u0, list(vs), pruned
        nu, nv = view.nu, view.nv
        self.free_u = [u for u in range(nu) if not any(view.pos(u, v) in block for v in range(nv))]
        self.free_v = [v for v in range(nv) if not any(view.pos(u, v) in block for u in range(nu))]
        if u0 not in self.free_u:
            raise AssertionError("a segment's own line crosses the block")  # a bug of ours
        self.free_u_set, self.free_v_set = set(self.free_u), set(self.free_v)
        self.pieces = {view.pos(u0, v): v for v in vs}  # piece -> its slot along the line
        self.o = self._first_offset()

    def _first_offset(self):
        """The offset most of the segment's pieces already in its line agree on (None: none there)."""
        view, counts = self.view, {}
        for piece, vt in self.pieces.items():
            u, v = view.uv(view.w.where[piece])
            if u == self.u0:
                k = (v - vt) % view.nv
                counts[k] = counts.get(k, 0) + 1
        if not counts:
            return None
        best = max(counts.values())
        return min((k for k in counts if counts[k] == best), key=lambda k: abs(cyc(k, view.nv)))

    def placed(self, piece: int, o=None) -> bool:
        o = self.o if o is None else o
        if o is None:
            return False
        u, v = self.view.uv(self.view.w.where[piece])
        return u == self.u0 and v == (self.pieces[piece] + o) % self.view.nv

    def holds_placed(self, v: int, o) -> bool:
        """Does the segment's line hold a placed piece at v (at offset o)?"""
        if o is None:
            return False
        view = self.view
        piece = view.w.cells[view.pos(self.u0, v)]
        vt = self.pieces.get(piece)
        return vt is not None and (vt + o) % view.nv == v

    def done(self) -> bool:
        return self.o is not None and all(self.placed(p) for p in self.pieces)

    # ------------------------------------------------------------------ the methods
    def options(self, piece: int):
        """(cost, ops) for each way in of one piece not placed. ``ops`` is a chain ``(earlier, op)``
        (``()`` for none; ``flat`` lists it); an op is ("line", u, k), ("cross", v, k) or ("offset", o)
        (the first piece of a segment chooses the offset instead of turning the line)."""
        u, v = self.view.uv(self.view.w.where[piece])
        out = []
        self._enter(out, self.pieces[piece], u, v, self.o, 0, (), True)
        return out

    def _enter(self, out, vt, pu, pv, o, cost, ops, may_turn):
        nu, nv, u0 = self.view.nu, self.view.nv, self.u0
        if pu != u0:
            down = cyc(u0 - pu, nu)
            cost += abs(down)
            if pu in self.free_u_set:  # A: ride line pu to crossing j, slot over j, drop in
                at = [pv] if o is None else [pv, (vt + o) % nv]
                for j in (self.free_v if not self.pruned else _near(self.free_v, at, nv)):
                    s = cyc(j - pv, nv)
                    a, chain = self._aligned(ops, vt, o, j)
                    if s:
                        chain = (chain, ("line", pu, s))
                    out.append((cost + a + abs(s), (chain, ("cross", j, down))))
            elif pv in self.free_v_set:
                # B: straight down its own crossing
                a, chain = self._aligned(ops, vt, o, pv)
                out.append((cost + a, (chain, ("cross", pv, down))))
                cost -= abs(down)
                # C: climb its crossing to a free line first (the crossing must not move a placed piece)
                if not self.holds_placed(pv, o):
                    for i in (self.free_u if not self.pruned else _near(self.free_u, [pu, u0], nu)):
                        if i != u0:
                            up = cyc(i - pu, nu)
                            self._enter(out, vt, i, pv, o, cost + abs(up), (ops, ("cross", pv, up)), False)
            return
        # in the segment's line, out of place
        if pv in self.free_v_set:  # D: climb out one cell, then in again
            for e in (1, -1):
                self._enter(out, vt, (u0 + e) % nu, pv, o, cost + 1, (ops, ("cross", pv, e)), False)
        elif may_turn:  # E: turn the line to the nearest free crossings first
            for j in self._nearest(pv):
                t = cyc(j - pv, nv)
                new_o = None if o is None else (o + t) % nv
                self._enter(out, vt, u0, j, new_o, cost + abs(t), (ops, ("line", u0, t)), False)

    def _aligned(self, ops, vt, o, j):
        """(moves, chain) that bring the segment's line to take a piece down crossing ``j`` into its slot
        ``vt``: with the line's offset free (``o`` None) it is chosen, else the line turns the short way."""
        nv = self.view.nv
        if o is None:
            return 0, (ops, ("offset", (j - vt) % nv))
        t = cyc(j - vt - o, nv)
        return abs(t), ((ops, ("line", self.u0, t)) if t else ops)

    def _nearest(self, pv):
        nv = self.view.nv
        right = min(self.free_v, key=lambda j: (j - pv) % nv)
        left = min(self.free_v, key=lambda j: (pv - j) % nv)
        return {right, left}

    def run(self, ops) -> None:
        for op in flat(ops):
            if op[0] == "offset":
                self.o = op[1]
            elif op[0] == "line":
                self.view.line(op[1], op[2])
                if op[1] == self.u0 and self.o is not None:
                    self.o = (self.o + op[2]) % self.view.nv
            else:
                self.view.cross(op[1], op[2])

    def choices(self) -> list:
        """Every (cost, ops) of every piece not placed, cheapest first."""
        out = []
        for piece in self.pieces:
            if not self.placed(piece):
                out.extend(self.options(piece))
        out.sort(key=itemgetter(0))
        return out


def _near(free: list[int], at: list[int], n: int) -> list[int]:
    """The lines of ``free`` (sorted) that can be cheapest for a cost that is a sum of cyclic
    distances to the points ``at``: such a sum is linear between the points and their opposites, so
    its least over ``free`` is at a line nearest to one of those on either side."""
    out = set()
    for p in at:
        for q in (p, (p + n // 2) % n, (p + (n + 1) // 2) % n):
            k = bisect.bisect_left(free, q)
            out.add(free[k % len(free)])
            out.add(free[k - 1])
    return sorted(out)


def _look(seg: Segment, view: View, depth: int, width2: int = WIDTH2) -> int:
    """The cheapest cost of the next ``depth`` steps from here (the final turn home when none is
    left), trying the ``WIDTH2`` cheapest pairs at each step but the last."""
    then = seg.choices()
    if not then:
        return abs(cyc(seg.o, view.nv))
    if depth <= 1:
        return then[0][0]
    w = view.w
    best = None
    for cost, ops in then[:width2]:
        cells, where, n, o = w.cells[:], w.where[:], len(w.moves), seg.o
        seg.run(ops)
        score = cost + _look(seg, view, depth - 1, width2)
        w.cells[:], w.where[:], seg.o = cells, where, o
        del w.moves[n:]
        if best is None or score < best:
            best = score
    return best


def build_segment(w: Work, across: bool, u0: int, vs: list[int], block: set[int], look=LOOK) -> None:
    """Build one segment and turn it home; ``block`` gains its cells. Raises on a broken block (a bug).
    ``look``: (lookahead, depth, width2), or ``GREEDY`` (the cheapest pair, nothing tried ahead, and
    only the crossing lines that can be cheapest costed: see ``_near``)."""
    view = View(w, across)
    lookahead, depth, width2 = look
    seg = Segment(view, u0, vs, block, pruned=lookahead <= 1)
    while choices := seg.choices():
        if lookahead <= 1:  # greedy: no board copies, for boards too large to try pairs ahead
            seg.run(choices[0][1])
            continue
        best = None
        for cost, ops in choices[:lookahead]:
            cells, where, n, o = w.cells[:], w.where[:], len(w.moves), seg.o
            seg.run(ops)
            score = cost + _look(seg, view, depth, width2)
            w.cells[:], w.where[:], seg.o = cells, where, o
            del w.moves[n:]
            if best is None or score < best[0]:
                best = (score, ops)
        seg.run(best[1])
    view.line(u0, -seg.o)
    for v in vs:
        block.add(view.pos(u0, v))
    if any(w.cells[pos] != pos for pos in block):
        raise AssertionError("block building broke the block")  # a bug of ours, never hidden


def schedule(rows: int, cols: int, h: int, width: int = 2):
    """The segments that grow a block from the bottom-right corner to rows ``[h, rows)``: first
    ``width`` cells of the bottom row, then a column and a row in turn (rows only while a free column
    is left), then the remaining columns. Yields (across, line, slots)."""
    r, c = rows - 1, max(1, cols - width)  # one free column at least, for the rows to come
    yield True, r, list(range(c, cols))
    turn_column = True
    while r > h or c > 0:
        want_row = r > h and (not turn_column or c <= r - h)  # keep a free column for each row to come
        if want_row and c > 0:
            r -= 1
            yield True, r, list(range(c, cols))
        elif c > 0:
            c -= 1
            yield False, c, list(range(r, rows))
        else:  # no free column left: the remaining rows are the heuristic's
            break
        turn_column = not turn_column


class Build:
    """Block building on one board, a segment at a time (``step``), then the last rows (``finish``):
    several frames of a board can be built side by side and the longer ones dropped part-way
    (``solve._blocks``). The block holds rows ``[h, rows)`` when every segment is built."""

    def __init__(self, w: Work, h: int, width: int = 2, look=LOOK):
        self.w, self.h, self.look = w, h, look
        self.block: set[int] = set()
        self.todo = list(schedule(w.rows, w.cols, h, width))
        self.total = w.rows * w.cols - h * w.cols
        w.phase = 0

    def skip_corner(self, size: int) -> bool:
        """The bottom-right ``size`` x ``size`` corner is solved already (``loopover.corner``):
        the segments that make it are dropped from ``todo`` and their cells join the block. False
        (nothing changed) when the first segments do not make exactly that corner (on some
        rectangles the schedule starts otherwise)."""
        R, C = self.w.rows, self.w.cols
        corner = {r * C + c for r in range(R - size, R) for c in range(C - size, C)}
        taken, cells = 0, set()
        for across, u0, vs in self.todo:
            seg = {u0 * C + v if across else v * C + u0 for v in vs}
            if not seg <= corner:
                break
            taken, cells = taken + 1, cells | seg
        if cells != corner:
            return False
        if any(self.w.cells[pos] != pos for pos in corner):
            raise AssertionError("the corner is not solved")  # a bug of ours
        del self.todo[:taken]
        self.block |= corner
        return True

    def step(self) -> None:
        """Build the next segment (``todo`` must not be empty)."""
        across, u0, vs = self.todo.pop(0)
        build_segment(self.w, across, u0, vs, self.block, self.look)

    def finish(self) -> list[tuple[str, int]] | None:
        """The last rows: see ``finish``."""
        if self.todo:
            raise AssertionError("block building finished early")  # a bug of ours
        return finish(self.w, self.h)


def finish(w: Work, h: int, search=None) -> list[tuple[str, int]] | None:
    """With rows ``[h, rows)`` solved: rows h-1..1 by ``fill_row``, the top row (any column its hand).
    The phases past the block, or None when the top row is odd long and left odd (see ``block_solve``).
    ``search`` (width, branch): with two rows left on a board of at least 3 rows and a row the
    last-line table has (``lastline.MAX_COLS``), those two by ``lastline.last_two`` instead."""
    if any(w.cells[pos] != pos for pos in range(h * w.cols, w.rows * w.cols)):
        raise AssertionError("block building left a row unsolved")  # a bug of ours
    phases = [("block", h)]
    if search is not None and searched(w.rows, w.cols, h):
        w.phase = 1
        if (odd := lastline.last_two(w, *search)) is None:
            return None
        return phases + [("row", 1), ("top and parity fix" if odd else "top", 0)]
    free = frozenset(range(h))
    while len(free) > 1:
        r = next_row(w, free)
        w.phase = len(phases)
        phases.append(("row", r))
        fill_row(w, r, free)
        free = free - {r}
    w.phase = len(phases)
    phases.append(("top and parity fix" if parity(w.cells) else "top", 0))
    return phases if top_row(w, hands=_hands(w.cols)) else None


def searched(rows: int, cols: int, h: int) -> bool:
    """Does ``finish`` with a ``search`` use ``lastline.last_two`` (two rows left, at least 3 rows, a
    row the last-line table has)?"""
    return h == 2 and rows >= 3 and 3 <= cols <= lastline.MAX_COLS


def block_solve(w: Work, h: int, width: int = 2, look=LOOK, report=None) -> list[tuple[str, int]] | None:
    """Solve ``w`` in place: the block of rows ``[h, rows)``, rows h-1..1 by ``fill_row``, the top
    row (any column its hand). Returns the phases, each (kind, row): ("block", h), ("row", r), ("top", 0) or ("top and
    parity fix", 0), numbered as ``w.moves`` tags them; None when the top row is odd long and left
    an odd permutation (``w`` then holds the board as the rows left it)."""
    build = Build(w, h, width, look)
    while build.todo:
        build.step()
        if report is not None:
            report(f"block {len(build.block):,} of {build.total:,} cells")
    if report is not None:
        report("the last rows")
    return build.finish()


def _hands(cols: int) -> range:
    """The columns the top row tries as its hand: every one up to ``HANDS``, else ``HANDS`` spread out
    (each hand costs ``cols`` plans of ``cols`` steps: on a 2x60 board every column would take seconds)."""
    return range(cols) if cols <= HANDS else range(0, cols, -(-cols // HANDS))
