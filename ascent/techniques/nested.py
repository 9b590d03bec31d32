"""nested forcing: suppose a candidate and follow it with the easier tiers *and* forcing.

    R3C4 [257]: suppose 2
      -> sudoku, pinpoint, ...
      -> forcing: if R6C1 were 4, ... a contradiction,
         so R6C1 is not 4
      -> naked single, ...
      -> column 1: no cell can hold 3
    so R3C4 is not 2

For the few puzzles where no single supposition breaks with the easier tiers: under the
supposition, forcing itself may be used, one level deep (the inner forcing steps suppose again,
but only with the easier tiers). The chain is cut to the links it needs, like forcing's, and each
inner forcing step carries its own chain.

Sound because forcing is sound on any grid, the supposed one included: if the supposition lets
sound steps (forcing among them) reach an impossible grid, no solution has it.
"""

from __future__ import annotations

from typing import Iterator

from ..model import cands
from ..model.grid import Grid
from .memory import Memory
from ..model.trace import Proof, Step
from .forcing import breaks_on_last, conflict_reads, fold, numbered, premises_of

NAME = "nested forcing"


def nested(grid: Grid, memory: Memory, context) -> Iterator[Step]:
    """``context`` as for forcing, with ``core.deepens_to_break(masks, cell, d)`` on the fast core and
    ``tracer.trace_nested(grid, memory, cell, d)`` with the easier tiers and forcing.

    The search runs on the fast core (``FastCore.deepens_to_break``: propagate, then drop every candidate
    that breaks, until nothing changes); the step rests on the traced chain, whose inner forcing steps
    carry their own (pruned) chains. The chain is pruned like forcing's; on replay an inner forcing step
    holds when its own chain replays on the grid there."""
    masks, values = grid.masks, grid.values
    truth = context.truth
    open_cells = sorted((i for i in range(len(masks)) if not values[i]), key=lambda i: (cands.count(masks[i]), i))
    for cell in open_cells:
        for d in cands.digits(masks[cell]):
            if truth is not None and truth[cell] == d:
                continue
            if not context.core.deepens_to_break(masks, cell, d):
                continue
            traced = context.tracer.trace_nested(grid, memory, cell, d)
            if traced is None:
                continue  # the fast core saw further than the traced tiers (sizes above 9): try another
            n = grid.n
            folded = fold(traced.chain, n, breaks_on_last(grid, traced.chain))
            chain, conflict = context.chains.minimal(grid, folded, traced.conflict)
            chain, ending = numbered(chain, conflict, n, context.chains.link_needs, masks=grid.masks)
            inner = sum(1 for link in chain if link.chain or link.branches)
            yield Step(NAME, lambda: f"if {grid.name(cell)} were {d}, {len(chain) - 1} links ({inner} of them forcing) "
                                     f"would lead to a contradiction ({conflict.text(n)}), so it is not {d}",
                       None, None, (cell,), eliminations=((cell, cands.bit(d)),),
                       premises=premises_of(cell, chain, conflict_reads(conflict, n)),
                       proof=Proof(chain, contradiction=conflict, reads=ending))
            return
