"""The fast solver: rows from the bottom up, then the top row with one column as a hand.

Work is done on a flat list ``cells`` where each piece is named by its target position, so the goal
is ``cells[pos] == pos``. ``Work.row`` and ``Work.col`` are the only writers; each records its unit
moves under the current phase.

Rows from the bottom up. Row r is filled while the rows below it are solved and the rows above are
free. Row r may turn as a whole (the rows below do not care), so a piece counts as placed when it sits
``k`` columns right of its target column, for the row's common offset ``k``; one last turn of the row
makes ``k`` zero. A piece from a free row ``pr`` reaches its slot ``(r, X)`` with a column conjugate:
turn column X until the slot is in row pr, turn row pr to bring the piece over the slot's column, turn
column X back (``2d + s`` moves, ``d`` the rows between, ``s`` the columns). A piece already in row r but
in the wrong place goes through the nearest free row the same way, with its own column turned as
well. For the bottom row nothing below needs restoring, so a single column turn drops a piece in.
Of the cheapest few actions, the one that leaves the cheapest next action goes first (one step of
lookahead, tried on the board and undone).

The top row. With every other row solved, column 0 serves as a hand: turning it up or down swaps
the top row's cell in column 0 with a hidden cell below (the hidden piece is the one that belongs at
(1, 0) when the hand is empty). Sorting by cycles through that swap takes, per cycle of length L,
L + 1 swaps plus the turns of the top row that bring each piece's home over column 0. The number of
swaps must be even so that column 0 ends where it started: that holds exactly when the top row,
read at the chosen final turn, is an even permutation. Every final turn with that property is
tried and the cheapest is kept. When the row is even long, a turn by one is an odd permutation,
so an odd board is fixed by ending the row an odd number of turns from where the swaps left it:
that is the parity fix, and it costs nothing extra. On an odd-long row every turn is even, so an
odd board cannot finish there; the caller then solves it on its transpose.
"""

from __future__ import annotations

from dataclasses import dataclass, field

HAND_EMPTY = -1


def cyc(k: int, n: int) -> int:
    """The shortest signed turn equal to ``k`` modulo ``n`` (a tie goes positive)."""
    k %= n
    return k - n if k > n // 2 else k


def parity(cells) -> int:
    """0 for an even permutation of ``range(len(cells))``, 1 for an odd one."""
    seen = [False] * len(cells)
    odd = 0
    for start in range(len(cells)):
        if seen[start]:
            continue
        length = 0
        i = start
        while not seen[i]:
            seen[i] = True
            i = cells[i]
            length += 1
        odd ^= (length - 1) & 1
    return odd


@dataclass
class Work:
    """The solver's scratch board: ``cells[pos]`` is the piece there, ``where[piece]`` its position."""

    rows: int
    cols: int
    cells: list[int]
    where: list[int] = field(default_factory=list)
    moves: list[tuple[str, int, int]] = field(default_factory=list)  # (letter, line, phase number)
    phase: int = 0

    def __post_init__(self):
        self.where = [0] * len(self.cells)
        for pos, piece in enumerate(self.cells):
            self.where[piece] = pos

    def rc(self, piece: int) -> tuple[int, int]:
        return divmod(self.where[piece], self.cols)

    def row(self, r: int, k: int) -> None:
        """Turn row r right by k (left when negative), the short way round."""
        n = self.cols
        k = cyc(k, n)
        if not k:
            return
        base = r * n
        seg = self.cells[base:base + n]
        seg = seg[-k:] + seg[:-k]
        self.cells[base:base + n] = seg
        for c, piece in enumerate(seg):
            self.where[piece] = base + c
        self.moves.extend([("R" if k > 0 else "L", r, self.phase)] * abs(k))

    def col(self, c: int, k: int) -> None:
        """Turn column c down by k (up when negative), the short way round."""
        n, w = self.rows, self.cols
        k = cyc(k, n)
        if not k:
            return
        seg = self.cells[c::w]
        seg = seg[-k:] + seg[:-k]
        self.cells[c::w] = seg
        for r, piece in enumerate(seg):
            self.where[piece] = r * w + c
        self.moves.extend([("D" if k > 0 else "U", c, self.phase)] * abs(k))


# ---------------------------------------------------------------------------- rows from the bottom up
def _offset(w: Work, r: int) -> int:
    """The row offset most of row r's own pieces already agree on (0 when none is in the row)."""
    counts = [0] * w.cols
    for c in range(w.cols):
        piece = w.cells[r * w.cols + c]
        if piece // w.cols == r:
            counts[(c - piece % w.cols) % w.cols] += 1
    best = max(counts)
    return 0 if best == 0 else min((k for k in range(w.cols) if counts[k] == best), key=lambda k: abs(cyc(k, w.cols)))


def _options(w: Work, r: int, k: int, piece: int, free: frozenset[int], placed: set[int]):
    """Ways to bring ``piece`` to its slot in row r: (cost, action) pairs. An action returns how far
    it turned row r as a whole (so the row offset follows). ``free`` holds the rows not yet solved."""
    R, C = w.rows, w.cols
    pr, pc = w.rc(piece)
    x = (piece % C + k) % C  # the slot's column
    first = len(free) == R  # no row solved yet: column turns need no undoing

    def conjugate(cols, via, shift):  # turn cols so row r sits in row via, turn row via, turn them back
        d = via - r
        for c in cols:
            w.col(c, d)
        w.row(via, shift)
        for c in cols:
            w.col(c, -d)
        return 0

    if pr != r:
        d = r - pr
        dist = abs(cyc(d, R))
        if first:  # bring the piece over the slot, drop it in
            yield dist + abs(cyc(x - pc, C)), lambda: (w.row(pr, x - pc), w.col(x, d), 0)[-1]
            return
        if x != pc:
            yield 2 * dist + abs(cyc(x - pc, C)), lambda: conjugate((x,), pr, x - pc)
            return
        for step in (1, -1):  # drop it in, turn row r so a free cell comes under, lift the column back
            if r * C + (pc - step) % C not in placed:
                yield 2 * dist + 1, lambda step=step: (w.col(pc, d), w.row(r, step), w.col(pc, -d), step)[-1]
        # or move it aside in its own row first
        yield 2 * dist + 2, lambda: (w.row(pr, 1), conjugate((x,), pr, x - (pc + 1) % C))[-1]
        return
    # in row r, wrong place: through the nearest free row
    via = min((b for b in free if b != r), key=lambda b: abs(cyc(b - r, R)))
    d = abs(cyc(via - r, R))
    if first:  # lift it, carry it over, drop it in
        yield 2 * d + abs(cyc(x - pc, C)), lambda: (w.col(pc, via - r), w.row(via, x - pc), w.col(x, r - via), 0)[-1]
    else:  # both columns turned, the free row carries it over, both back
        yield 4 * d + abs(cyc(x - pc, C)), lambda: conjugate((pc, x), via, x - pc)


def _placed(w: Work, r: int, k: int) -> set[int]:
    """Positions in row r holding their own piece at offset k."""
    C = w.cols
    base = r * C
    return {base + c for c in range(C) if w.cells[base + c] == base + (c - k) % C}


def _choices(w: Work, r: int, k: int, free: frozenset[int]) -> list:
    """Every (cost, action) for the pieces of row r not yet placed, cheapest first."""
    C = w.cols
    placed = _placed(w, r, k)
    out = []
    for piece in range(r * C, r * C + C):
        if w.where[piece] not in placed:
            out.extend(_options(w, r, k, piece, free, placed))
    out.sort(key=lambda ca: ca[0])
    return out


LOOKAHEAD = 4  # how many of the cheapest actions are tried one step ahead


def fill_row(w: Work, r: int, free: frozenset[int]) -> None:
    """Solve row r; the rows in ``free`` (r among them) are not solved yet, the others are.

    Of the cheapest few actions, the one whose own moves plus the cheapest action after it are
    fewest goes first (ties: the cheaper now)."""
    C = w.cols
    k = _offset(w, r)
    while choices := _choices(w, r, k, free):
        best = None
        for cost, act in choices[:LOOKAHEAD]:
            cells, where, n = w.cells[:], w.where[:], len(w.moves)
            turn = act()
            then = _choices(w, r, (k + turn) % C, free)
            score = len(w.moves) - n + (then[0][0] if then else abs(cyc(k + turn, C)))
            w.cells[:], w.where[:] = cells, where
            del w.moves[n:]
            if best is None or score < best[0]:
                best = (score, act)
        k = (k + best[1]()) % C
    w.row(r, -k)


def next_row(w: Work, free: frozenset[int]) -> int:
    """Rows from the bottom up: the lowest free row (row 0, the top, goes last)."""
    return max(r for r in free if r != 0)


# ---------------------------------------------------------------------------- the top row
def _top_plan(top: list[int], k: int, C: int):
    """Moves sorting the top row with column 0 as a hand, ending with ``top[(t + k) % C] == t``.

    Returns (cost, actions) where an action is ("row", turn) or ("hand", 0); None when the number of
    swaps would be odd (the top row at that turn is an odd permutation)."""
    a = list(top)
    hand = HAND_EMPTY
    o = 0  # how far the row has turned right so far
    actions = []
    swaps = 0
    cost = 0

    def turn_to(col):  # bring absolute column col (in the row's original frame + o) over column 0
        nonlocal o, cost, a
        t = cyc(-col, C)
        if t:
            a = a[-t:] + a[:-t]
            o += t
            cost += abs(t)
            actions.append(("row", t))

    def home(piece):  # the absolute column where piece belongs now
        return (piece + k + o) % C

    while True:
        if hand != HAND_EMPTY:
            turn_to(home(hand))
        else:
            loose = [c for c in range(C) if a[c] == HAND_EMPTY or home(a[c]) != c]
            if not loose:
                break
            turn_to(min(loose, key=lambda c: abs(cyc(-c, C))))
        a[0], hand = hand, a[0]
        swaps += 1
        cost += 1
        actions.append(("hand", 0))
    if swaps % 2:
        return None
    final = cyc(-(k + o), C)
    if final:
        actions.append(("row", final))
        cost += abs(final)
    return cost, actions


def top_row(w: Work, hands=(0,)) -> bool:
    """Solve row 0 when every other row is solved. False (and nothing moved) when the board is an
    odd permutation and the row is odd long: every turn of it is even, so no final turn helps.

    ``hands``: the columns tried as the hand (the cheapest plan of all is made). Column j as the
    hand is column 0 on the board shifted j columns left: the top row read from column j, each
    piece's home moved j to the left."""
    C = w.cols
    plans = []
    for j in hands:
        top = [(w.cells[(c + j) % C] - j) % C for c in range(C)]
        odd = parity(top)  # read at final turn k the row has parity odd ^ ((C - 1) * k) % 2: only even ones have a plan
        plans.extend((p[0], j, p[1]) for k in range(C)
                     if not odd ^ ((C - 1) * k & 1) and (p := _top_plan(top, k, C)) is not None)
    if not plans:
        return False
    _, hand, actions = min(plans, key=lambda p: p[0])
    down = False
    for kind, t in actions:
        if kind == "row":
            w.row(0, t)
        else:
            w.col(hand, 1 if down else -1)
            down = not down
    return True
