"""Which cells of a lane show and which are hidden whatever the order, and what hides each: the words a count's
reason gives.

A cell is hidden whatever the order when a height that must stand before it is above every height it can take:
the least height of a cell before it, or, in a whole line (every height stands in it once), a height every place
of which lies before it. In a whole line a height is hidden too, wherever it stands, when a cell before all its
places holds only taller heights ("the 3 (in R6C5 or R6C6) behind R6C4"). Read from the clue's side; ``ms`` are
the lane's candidate masks.
"""

from __future__ import annotations

from typing import Sequence

from ..model.words import joined

Hider = int | tuple[int, tuple[int, ...]]  # a cell before it, or a height with its places (all before it)


def showing(ms: Sequence[int], names: Sequence[str], whole: bool) -> list[str]:
    """What shows whatever the order, by name: each cell whose least height is above every height a cell before it
    can take, and, in a whole line, its tallest height wherever it stands ("the 9") unless one of those cells may
    hold it."""
    who, top = [], 0
    for i, m in enumerate(ms):
        if (m & -m).bit_length() > top:
            who.append(i)
        top = max(top, m.bit_length())
    tallest = len(ms)
    said = [names[i] for i in who]
    if whole and not any(ms[i] >> (tallest - 1) & 1 for i in who):
        said.append(f"the {tallest}")
    return said


def _places(ms: Sequence[int], d: int) -> tuple[int, ...]:
    """The positions whose candidates hold height ``d``."""
    return tuple(i for i, m in enumerate(ms) if m >> (d - 1) & 1)


def hidden(ms: Sequence[int], whole: bool) -> dict[int, Hider]:
    """Each cell hidden whatever the order -> what hides it: the first cell before it whose least height is above
    the cell's greatest; else, in a whole line, the height with the fewest places (then the tallest) above the
    cell's greatest whose places all lie before it."""
    places: dict[int, tuple[int, ...]] = {}  # a whole line's heights with two or more places
    if whole:
        for d in range(1, len(ms) + 1):
            where = _places(ms, d)
            if len(where) > 1:
                places[d] = where
    out: dict[int, Hider] = {}
    floor = 0  # the least height that must stand before
    for i, m in enumerate(ms):
        most = m.bit_length()
        if most < floor:
            out[i] = next(j for j in range(i) if (ms[j] & -ms[j]).bit_length() > most)
        else:
            before = [(len(w), -d, d, w) for d, w in places.items() if d > most and w[-1] < i]
            if before:
                _, _, d, w = min(before)
                out[i] = (d, w)
        floor = max(floor, (m & -m).bit_length())
    return out


def hidden_heights(ms: Sequence[int], cells: dict[int, Hider]) -> dict[int, tuple[tuple[int, ...], int]]:
    """In a whole line, each height hidden wherever it stands -> its places and the cell that hides it: the first
    cell before all its places whose least height is above it. Only heights none of whose places is among the hidden
    ``cells``, so that each counts a building those cells do not, and with two places or more (one place is its
    cell's)."""
    out: dict[int, tuple[tuple[int, ...], int]] = {}
    for d in range(1, len(ms) + 1):
        where = _places(ms, d)
        if len(where) < 2 or any(i in cells for i in where):
            continue  # a height with one place hides or shows as its cell does
        j = next((j for j in range(where[0]) if (ms[j] & -ms[j]).bit_length() > d), None)
        if j is not None:
            out[d] = (where, j)
    return out


def behind(hiders: dict[int, Hider], names: Sequence[str], verb: str,
           heights: dict[int, tuple[tuple[int, ...], int]] | None = None) -> str:
    """The hidden cells in words, grouped by what hides them, then the hidden ``heights``: "R1C2 and R1C5 would
    hide behind R1C1, R1C4 behind the 5 (in R1C1 or R1C3), and the 3 (in R1C6 or R1C7) behind R1C2" (``verb``
    "would hide" or "hide"; "hides" is said for one alone)."""
    by: dict[Hider, list[int]] = {}
    for i, h in hiders.items():
        by.setdefault(h, []).append(i)
    said = []  # (who, how many, what hides them)
    for h, cells in by.items():
        who = names[h] if isinstance(h, int) else f"the {h[0]} (in {joined([names[j] for j in h[1]], 'or')})"
        said.append((joined([names[i] for i in cells]), len(cells), who))
    by_cell: dict[int, list[int]] = {}
    for d, (where, j) in (heights or {}).items():
        by_cell.setdefault(j, []).append(d)
    for j, ds in by_cell.items():
        where = heights[ds[0]][0]
        if len(ds) == 1 and len(where) <= 3:
            said.append((f"the {ds[0]} (in {joined([names[i] for i in where], 'or')})", 1, names[j]))
        else:  # many places: what the reader checks is that the cell stands before them all
            said.append((f"the {joined(map(str, ds))}", len(ds), f"{names[j]} (every place {'they have' if len(ds) > 1 else 'it has'} is after it)"))
    parts = []
    for k, (who, many, by_what) in enumerate(said):
        if k:
            parts.append(f"{who} behind {by_what}")
        else:
            parts.append(f"{who} {'hides' if verb == 'hide' and many == 1 else verb} behind {by_what}")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]
