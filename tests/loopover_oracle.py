"""The independent check of Loopover's shortest solutions: a plain full breadth-first search from the
goal over every reachable board (used by the tests and by benchmarks/loopover.py)."""

import functools

from loopover.search import moves_of


@functools.lru_cache(maxsize=None)
def distances(rows, cols):
    """Every reachable board's distance to the goal."""
    goal = tuple(range(rows * cols))
    dist, level = {goal: 0}, [goal]
    moves = [do for _, do, _ in moves_of(rows, cols)]
    while level:
        nxt = []
        for state in level:
            for do in moves:
                new = do(state)
                if new not in dist:
                    dist[new] = dist[state] + 1
                    nxt.append(new)
        level = nxt
    return dist
