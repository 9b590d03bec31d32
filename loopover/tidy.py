"""The clean-up pass: cancel inverse pairs and merge runs of turns on one line.

Turns of different rows commute, and so do turns of different columns, so a turn is merged with
the last run on its own line as long as only turns of other lines of the same kind stand between.
A run is kept modulo the line's length and written the short way round (``L0 L0 L0 L0`` on a row
of 5 is ``R0``; ``L0 R0`` is nothing).

    >>> tidy(["L0", "R0", "U1"], rows=3, cols=5)
    ['U1']
    >>> tidy(["L0", "L0", "L0", "L0"], rows=3, cols=5)
    ['R0']
    >>> tidy(["L0", "L1", "R0", "U2", "D2", "L1"], rows=3, cols=5)
    ['L1', 'L1']
"""

from __future__ import annotations

from typing import Sequence

SIGN = {"L": -1, "R": 1, "U": -1, "D": 1}


def tidy_runs(moves: Sequence[tuple[str, int, object]], rows: int, cols: int) -> list[tuple[str, int, object]]:
    """Like ``tidy`` on (letter, line, tag) triples; a merged run keeps the tag of its first turn.
    Repeated until nothing changes (a cancelled run can bring two runs of one line together)."""
    out = list(moves)
    while True:
        shorter = _one_pass(out, rows, cols)
        if len(shorter) == len(out):
            return shorter
        out = shorter


def _one_pass(moves, rows, cols):
    runs: list[list] = []  # [axis, line, net, tag]
    for letter, line, tag in moves:
        axis = "row" if letter in "LR" else "col"
        n = cols if axis == "row" else rows
        j = len(runs) - 1
        while j >= 0 and runs[j][0] == axis and runs[j][1] != line:
            j -= 1
        if j >= 0 and runs[j][0] == axis and runs[j][1] == line:
            runs[j][2] = (runs[j][2] + SIGN[letter]) % n
            if runs[j][2] == 0:
                del runs[j]
        else:
            runs.append([axis, line, SIGN[letter] % n, tag])
    out = []
    for axis, line, net, tag in runs:
        n = cols if axis == "row" else rows
        back = net > n - net  # the short way round; a tie goes forward (R or D)
        letter = ("L" if back else "R") if axis == "row" else ("U" if back else "D")
        out.extend([(letter, line, tag)] * (n - net if back else net))
    return out


def tidy(moves: Sequence[str], rows: int, cols: int) -> list[str]:
    """The same turns, shorter: inverse pairs cancelled, runs merged modulo the line's length."""
    triples = [(m[0], int(m[1:]), None) for m in moves]
    return [f"{letter}{line}" for letter, line, _ in tidy_runs(triples, rows, cols)]
