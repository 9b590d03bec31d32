"""Fewest moves by breadth-first search, from both ends at once.

States are tuples of pieces (each named by its target position), so the goal is ``0, 1, 2, ...``.
A move is a gather table (``ascent.loopover.board.move_perm``). Full levels are expanded from the
smaller side; when the two searches meet, the level is finished and the shortest join is kept, so
the answer is a shortest one. On boards of at most 9 cells this always finishes quickly (3x3: at
most 181,440 states, fewer than ``limit``); on larger boards it runs until ``limit`` states are stored and then gives up
with ``SearchTooLarge``.
"""

from __future__ import annotations

from operator import itemgetter

from .board import LoopoverError, move_perm

OPTIMAL_CELLS = 9  # boards this small are always solved by search


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


def shortest(cells: tuple[int, ...], rows: int, cols: int, limit: int = 400_000) -> list[str] | None:
    """A shortest move list taking ``cells`` to the identity; None when the goal cannot be reached."""
    goal = tuple(range(rows * cols))
    start = tuple(cells)
    if start == goal:
        return []
    moves = moves_of(rows, cols)
    fwd = {start: None}  # state -> (previous state, move index)
    bwd = {goal: None}  # state -> (next state, move index): applying the move to the state gives next
    fwd_level, bwd_level = [start], [goal]
    while fwd_level and bwd_level:
        forward = len(fwd_level) <= len(bwd_level)
        mine, other = (fwd, bwd) if forward else (bwd, fwd)
        level = fwd_level if forward else bwd_level
        nxt, best = [], None
        for state in level:
            for m, (_, do, undo) in enumerate(moves):
                new = (do if forward else undo)(state)
                if new in mine:
                    continue
                mine[new] = (state, m)
                nxt.append(new)
                if len(mine) + len(other) > limit:
                    raise SearchTooLarge(f"the shortest-moves search stored {limit:,} states without finishing: "
                                         f"the board is too far from its target for an exact search")
                if new in other:
                    length = _depth(fwd, new) + _depth(bwd, new)
                    if best is None or length < best[0]:
                        best = (length, new)
        if best is not None:
            return _path(fwd, bwd, best[1], moves)
        if forward:
            fwd_level = nxt
        else:
            bwd_level = nxt
    return None


def _depth(tree, state) -> int:
    d = 0
    while tree[state] is not None:
        state = tree[state][0]
        d += 1
    return d


def _path(fwd, bwd, meet, moves) -> list[str]:
    head = []
    state = meet
    while fwd[state] is not None:
        state, m = fwd[state]
        head.append(moves[m][0])
    head.reverse()
    state = meet
    while bwd[state] is not None:
        state, m = bwd[state]
        head.append(moves[m][0])
    return head
