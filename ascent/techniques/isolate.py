"""isolate: naked and hidden subsets (pairs, triples, quads) in a row or column.

    naked:  [12] [12] [123] [1234]   ->  [12] [12] [3] [34]
            two cells holding only 1 and 2 between them take both; 1 and 2 leave the rest.

    hidden: [123] [124] [34] [34]    ->  [12] [12] [34] [34]
            1 and 2 fit only in the first two cells, so those hold nothing else.

Sound because k cells of a line whose candidates together are only k heights must use all of
them, and k heights confined to k cells must fill those cells. A set never holds a cell with one
candidate left, nor a height with one place left: those are a naked single and a hidden single
(naked single, pinpoint), and the set without them is smaller once they are placed.
"""

from __future__ import annotations

from typing import Iterator

from ..model import cands
from ..model.grid import Conflict, Contradiction, Grid
from .memory import Memory
from ..core.propagate import settled
from ..model.trace import Step

NAME = "isolate"
MAX_K = 4
_WORDS = {2: "pair", 3: "triple", 4: "quad"}


def isolate(grid: Grid, memory: Memory) -> Iterator[Step]:
    masks = grid.masks
    for k, line in enumerate(memory.lines):
        if memory.quiet_line(grid, (NAME, k), k):
            continue
        if settled(line.read(masks), line.front.clue, line.back.clue):
            # every candidate is in some filling of the line (with distinct heights, as its clues
            # allow): no subset of its cells can remove one, nor be short of heights (a shortcut only:
            # nothing is said from it; the fast core has often read this line already)
            memory.found_nothing(grid, (NAME, k))
            continue
        found = False
        for step in _line(grid, line):
            found = True
            yield step
        if not found:
            memory.found_nothing(grid, (NAME, k))


def _line(grid: Grid, line) -> Iterator[Step]:
    masks, values = grid.masks, grid.values
    for k in range(2, MAX_K + 1):
        open_cells = [x for x in line.cells if not values[x]]
        if 2 * k > len(open_cells):
            break
        # naked: k cells whose candidates together are k heights (a set holding a cell with one candidate left says
        # nothing: that cell is naked single's, and the rest is a smaller set once it is placed)
        items = [(x, masks[x]) for x in open_cells if cands.count(masks[x]) <= k]
        for group, union in cands.groups(items, k):
            if cands.count(union) < k:
                raise Contradiction(Conflict(f"{k} cells share only {cands.count(union)} heights", group, line), grid.n)
            if any(cands.count(masks[x]) == 1 for x in group):
                continue
            elims = tuple((x, masks[x] & union) for x in open_cells if x not in group and masks[x] & union)
            if elims:
                names = ", ".join(grid.name(x) for x in group)
                yield Step(NAME, f"naked {_WORDS[k]}: {names} hold only {cands.show_set(union)} between them, "
                                 f"so those leave the rest of {line.name}", line, None, group, eliminations=elims)
        # hidden: k heights that fit only in k cells
        placed = 0
        for x in line.cells:
            if values[x]:
                placed |= masks[x]
        index = {x: i for i, x in enumerate(line.cells)}
        spots = []
        for d in cands.digits(cands.full(grid.n) & ~placed):
            b = cands.bit(d)
            where = 0
            for x in open_cells:
                if masks[x] & b:
                    where |= cands.place(index[x])
            if cands.count(where) <= k:
                spots.append((d, where))
        lone = {d for d, where in spots if cands.count(where) == 1}  # hidden singles: pinpoint's
        for heights, where in cands.groups(spots, k):
            group = tuple(line.cells[i] for i in cands.places(where))
            if cands.count(where) < k:
                raise Contradiction(Conflict(f"{k} heights fit in only {cands.count(where)} cells", group, line), grid.n)
            if lone.intersection(heights):
                continue  # a set holding a height with one place left says nothing: pinpoint places it first
            keep = sum(cands.bit(d) for d in heights)
            elims = tuple((x, masks[x] & ~keep) for x in group if masks[x] & ~keep)
            if elims:
                names = ", ".join(grid.name(x) for x in group)
                yield Step(NAME, f"hidden {_WORDS[k]}: {cands.show_set(keep)} fit only in {names} in {line.name}, "
                                 f"so those cells hold nothing else", line, None, group, eliminations=elims,
                           premises=line.cells)
