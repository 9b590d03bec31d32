"""sequence: enumerate the orderings of a lane that fit its candidates and both clues.

    2 | [123] [123] 4 [123] | 2   ->  2 | [23] [12] 4 [123] | 2
    the orderings that fit are 2 1 4 3, 3 1 4 2 and 3 2 4 1: the first cell is never 1
    (1 would show before the 4 and make 3), the second never 3.

Keep only the candidates that appear in some ordering; the step says, for each removed height, what
the clues would see with it there (never how many orderings there are, nor a list of them).
This is the "sequence filtration" people do on nearly full lanes.

Sound because the true filling of the lane is one of the orderings enumerated, so every
height it uses survives.
"""

from __future__ import annotations

from typing import Iterator

from ..model import cands
from .explain import too_few, witnesses
from ..model.words import joined
from ..core.linecheck import picture
from ..model.grid import Conflict, Contradiction, Grid
from .memory import Memory
from ..core.propagate import consistent
from ..model.trace import Step

NAME = "sequence"


def sequence(grid: Grid, memory: Memory) -> Iterator[Step]:
    masks, values = grid.masks, grid.values
    for k, line in enumerate(memory.lines):
        a, b = line.front.clue, line.back.clue
        if not (a or b):
            continue
        cells = line.cells
        if memory.quiet_line(grid, (NAME, k), k) or all(values[x] for x in cells):
            continue
        ms = line.read(masks)
        allowed = consistent(ms, a, b)  # supports(ms, a or 1, a or n, b, b), from tables up to 9, remembered
        if allowed is None:
            raise Contradiction(Conflict(f"no ordering fits its candidates and clues {a or '-'}/{b or '-'}", cells, line),
                                grid.n)
        elims = tuple((x, masks[x] & ~allowed[i]) for i, x in enumerate(cells) if masks[x] & ~allowed[i])
        if elims:
            yield Step(NAME, _reason(grid, line, ms, a, b, elims), line, a or b, cells, eliminations=elims)
        else:
            memory.found_nothing(grid, (NAME, k))


def _reason(grid: Grid, line, ms: tuple[int, ...], a: int, b: int, elims):
    """The sentence, made when first read (the reasons cost more than finding the step)."""
    return lambda: _sentence(grid, line, ms, a, b, elims)


def _sentence(grid: Grid, line, ms: tuple[int, ...], a: int, b: int, elims) -> str:
    """Why each removed height fails the clues, one reason for the heights that share it: never a count of
    orderings or a list of them, which a reader would have to prove complete. A clue 2 whose first cell is settled
    is said first as what it means for the whole line (``_clue_two``), and the rest is read on what it leaves."""
    front, back = ("left", "right") if line.kind == "row" else ("top", "bottom")
    clues = " and ".join(f"clue {c} from the {s}" for c, s in ((a, front), (b, back)) if c)
    removed = [(line.cells.index(x), h) for x, m in elims for h in cands.digits(m)]
    names = [grid.name(x) for x in line.cells]
    frames, left = [], ms
    for clue, side, rev in ((a, front, False), (b, back, True)):
        if clue == 2:
            got = _clue_two(left[::-1] if rev else left, names[::-1] if rev else names, side)
            if got is not None:
                said, narrowed = got
                frames.append(said)
                left = narrowed[::-1] if rev else narrowed
    rest = [(i, h) for i, h in removed if left[i] >> (h - 1) & 1]  # those the frames leave to say
    why = witnesses(left, rest, names, f"the {front} would see", (a, a) if a else None, f"the {back} would see", b,
                    whole=True) if rest else ""
    if frames:
        why = "; ".join(frames) + (f"; then {why}" if why else "")
    return f"{line.name} reads {picture(ms)} with {clues}: {why}"


def _clue_two(ms: tuple[int, ...], names: list[str], side: str) -> tuple[str, tuple[int, ...]] | None:
    """What a clue 2 says when the cell next to it is settled at f (below the tallest, n): the clue sees f and then
    only the n, so every cell between them is below f (a taller one would show as well). Where the n cannot stand
    because the cells before it could not all be below f, it stands elsewhere; the cells before its first place are
    below f wherever it stands. As (the words, the lane's candidates once that is applied), read from the clue's side;
    None when the first cell is open or the tallest, or nothing changes ("R8C1 is 4 and the left sees 2, so after the
    4 only the 9 shows and every cell before the 9 is below 4; the 9 cannot stand in R8C6 (R8C2, R8C3, R8C4 and R8C5
    would hold only 1, 2 and 3 between them), so it stands in R8C5, and R8C2, R8C3 and R8C4 are below 4")."""
    n, first = len(ms), ms[0]
    if not first or first & (first - 1) or first.bit_length() == n:
        return None
    f, top = first.bit_length(), 1 << (n - 1)
    below = first - 1  # the heights below f
    where = [p for p in range(1, n) if ms[p] & top]
    fits, cannot = [], []
    for p in where:
        held = tuple(ms[i] & below for i in range(1, p))
        few = too_few(held)  # the fewest cells before it with fewer heights below f than cells
        if few is not None:
            union = 0
            for i in few:
                union |= held[i]
            cells = [names[i + 1] for i in few]
            if not union:
                why = f"{cells[0]} would hold nothing below {f}"
            else:
                why = f"{joined(cells)} would be below {f} and hold only {cands.show_set(union)} between them"
            cannot.append(f"the {n} cannot stand in {names[p]} ({why})")
            continue
        fits.append(p)
    if not fits:
        return None  # no filling at all: the step's own reasons say why
    out = list(ms)
    for p in where:
        if p not in fits:
            out[p] &= ~top
    if len(fits) == 1:
        out[fits[0]] = top
    early = list(range(1, fits[0]))
    for i in early:
        out[i] &= below
    if tuple(out) == ms:
        return None
    said = [f"{names[0]} is {f} and the {side} sees 2, so after the {f} only the {n} shows and every cell before the "
            f"{n} is below {f}"]
    lower = any(ms[i] & ~below for i in early)  # the cells before the n's first place lose a height: said
    are = "is" if len(early) == 1 else "are"
    if cannot:
        where_said = f", so it stands in {names[fits[0]]}" if len(fits) == 1 else ""
        also = f", and {joined([names[i] for i in early])} {are} below {f}" if lower else ""
        said.append("; ".join(cannot) + where_said + also)
    elif len(fits) == 1 and ms[fits[0]] != top:  # its only place, though nothing before it rules one out
        said.append(f"the {n} fits only {names[fits[0]]}" + (
            f", and {joined([names[i] for i in early])} {are} below {f}" if lower else ""))
    elif lower:
        said.append(f"{joined([names[i] for i in early])} {'stands' if len(early) == 1 else 'stand'} before the {n} "
                    f"wherever it stands, so {'it is' if len(early) == 1 else 'they are'} below {f}")
    return "; ".join(said), tuple(out)
