"""Fewest moves by breadth-first search, from both ends at once.

A state is where each piece is (piece ``p`` belongs at position ``p``), as ``bytes``, so a move is a
``bytes.translate`` table mapping every position to the one it turns to, and the goal is
``0, 1, 2, ...``. Each stored state keeps only the index of the move that reached it; paths are
walked back by undoing moves. Full levels are expanded from the smaller side; when the two searches
meet, the level is finished and the shortest join is kept, so the answer is a shortest one.

The memory cap: the searches stop with ``SearchTooLarge`` once they hold ``limit`` states between
them (``LIMIT``, 2.5 million, is about 250 MB). Every 2x5 board, and the 3x4, 4x3 and 2x6 boards
met so far (up to 15 moves), fit well under it; 3x3 and smaller boards always do (at most 181,440
states).
"""

from __future__ import annotations

from operator import itemgetter

from .board import LoopoverError, move_perm

OPTIMAL_CELLS = 12  # boards this small are solved by search (when it fits in LIMIT states)
LIMIT = 2_500_000  # states the two searches may hold between them: about 100 bytes each


class SearchTooLarge(LoopoverError):
    """The search stored ``limit`` states without finding a shortest solution."""


def moves_of(rows: int, cols: int) -> list[tuple[str, itemgetter, itemgetter]]:
    """(name, apply, undo) for every distinct move (on a 2-high board U and D are the same turn:
    it is written D, as ``tidy`` writes a half turn)."""
    out, seen = [], set()
    inverse = {"L": "R", "R": "L", "U": "D", "D": "U"}
    for letter, count in (("R", rows), ("L", rows), ("D", cols), ("U", cols)):  # R, D first: as tidy writes ties
        for i in range(count):
            perm = move_perm(letter, i, rows, cols)
            if perm in seen:
                continue
            seen.add(perm)
            back = move_perm(inverse[letter], i, rows, cols)
            out.append((f"{letter}{i}", itemgetter(*perm), itemgetter(*back)))
    return out


def tables_of(rows: int, cols: int) -> list[tuple[str, bytes, bytes]]:
    """(name, do, undo) for every distinct move that changes the board, as ``bytes.translate``
    tables on positions: a state is where each piece is, so a move maps every position to its next."""
    out = []
    for name, _, _ in moves_of(rows, cols):
        perm = move_perm(name[0], int(name[1:]), rows, cols)
        if perm == tuple(range(rows * cols)):
            continue
        do = bytearray(256)
        undo = bytearray(256)
        for pos, came_from in enumerate(perm):
            do[came_from] = pos
            undo[pos] = came_from
        out.append((name, bytes(do), bytes(undo)))
    return out


def shortest(cells: tuple[int, ...], rows: int, cols: int, limit: int | None = None) -> list[str] | None:
    """A shortest move list taking ``cells`` to the identity; None when the goal cannot be reached.

    Raises ``SearchTooLarge`` once the two searches hold ``limit`` states between them (default ``LIMIT``)."""
    limit = LIMIT if limit is None else limit
    n = rows * cols
    if n > 256:
        raise SearchTooLarge(f"a {rows}x{cols} board has more than 256 cells: too large for an exact search")
    goal = bytes(range(n))
    where = bytearray(n)
    for pos, piece in enumerate(cells):
        where[piece] = pos
    start = bytes(where)
    if start == goal:
        return []
    moves = tables_of(rows, cols)
    fwd = {start: -1}  # state -> index of the move that reached it (-1: the root)
    bwd = {goal: -1}  # state -> index of the move whose undo reached it from nearer the goal
    fwd_level, bwd_level = [start], [goal]
    while fwd_level and bwd_level:
        forward = len(fwd_level) <= len(bwd_level)
        mine, other = (fwd, bwd) if forward else (bwd, fwd)
        level = fwd_level if forward else bwd_level
        tables = [(m, do if forward else undo) for m, (_, do, undo) in enumerate(moves)]
        nxt, best = [], None
        for state in level:
            for m, table in tables:
                new = state.translate(table)
                if new in mine:
                    continue
                mine[new] = m
                nxt.append(new)
                if new in other:
                    length = _depth(fwd, new, moves, True) + _depth(bwd, new, moves, False)
                    if best is None or length < best[0]:
                        best = (length, new)
            if len(mine) + len(other) > limit:
                raise SearchTooLarge(f"the shortest-moves search stored {limit:,} states without finishing: "
                                     f"the board is too far from its target for an exact search")
        if best is not None:
            return _path(fwd, bwd, best[1], moves)
        if forward:
            fwd_level = nxt
        else:
            bwd_level = nxt
    return None


def _walk(tree, state, moves, forward):
    """The moves from ``state`` back to the tree's root, each with the state before it."""
    while tree[state] != -1:
        m = tree[state]
        state = state.translate(moves[m][2] if forward else moves[m][1])
        yield m


def _depth(tree, state, moves, forward) -> int:
    return sum(1 for _ in _walk(tree, state, moves, forward))


def _path(fwd, bwd, meet, moves) -> list[str]:
    head = [moves[m][0] for m in _walk(fwd, meet, moves, True)]
    head.reverse()
    return head + [moves[m][0] for m in _walk(bwd, meet, moves, False)]
