"""nested forcing, with a stand-in for the solve's context: the order it supposes candidates in (fewest
candidates first, never the known true height, past a trace that does not break), and its sentence."""

from ascent.solver.chains import Traced
from ascent.model.grid import Conflict, Grid
from ascent.techniques.memory import Memory
from ascent.puzzle import Puzzle
from ascent.techniques import needs
from ascent.techniques.nested import nested
from ascent.model.trace import Proof, Step


class Stand:
    """A context whose fast core breaks only ``breaking`` (cell, height) pairs, whose traced run breaks only
    ``traced`` ones, with ``inner`` links of forcing in the chain; it records what it was asked. It stands
    in for the context's three pieces (``core``, ``tracer``, ``chains``) at once."""

    def __init__(self, grid, truth=None, breaking=(), traced=(), inner=0):
        self.truth, self.breaking, self.traced, self.inner, self.asked = truth, set(breaking), set(traced), inner, []
        self.conflict = Conflict("no cell can hold 4", grid.lines[0].cells, grid.lines[0], 4)
        self.core = self.tracer = self.chains = self

    def link_needs(self, link, n):
        return needs(link, n)

    def deepens_to_break(self, masks, cell, d):
        self.asked.append((cell, d))
        return (cell, d) in self.breaking

    def trace_nested(self, grid, memory, cell, d):
        if (cell, d) not in self.traced:
            return None
        suppose = Step("forcing", "", None, None, (cell,), placements=((cell, d),), premises=(), proof=Proof(supposition=True))
        inner = tuple(Step("forcing", "", None, None, (5,), eliminations=((5, 1),), premises=(5,), proof=Proof(chain=(suppose,))) for _ in range(self.inner))
        return Traced((suppose,) + inner, self.conflict)

    def minimal(self, grid, chain, conflict):
        return chain, conflict


def _grid(masks):
    grid = Grid.start(Puzzle(4, (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4))
    for cell, m in masks.items():
        grid.masks[cell] = m
    return grid


def test_nested_supposes_in_the_cells_with_fewest_candidates_first():
    grid = _grid({7: 0b0011, 2: 0b0111, 9: 0b0011})
    stand = Stand(grid, breaking={(9, 2)}, traced={(9, 2)})
    (step,) = nested(grid, Memory(grid), stand)
    assert stand.asked == [(7, 1), (7, 2), (9, 1), (9, 2)]
    assert step.technique == "nested forcing" and step.cells == (9,) and step.eliminations == ((9, 0b10),)


def test_nested_never_supposes_the_true_height_and_goes_on_past_a_trace_that_does_not_break():
    grid = _grid({7: 0b0011, 9: 0b0011})
    truth = [1] * 16
    truth[7], truth[9] = 2, 1
    # (7, 1) breaks on the fast core but not when traced: the next false candidate is tried
    stand = Stand(grid, truth=truth, breaking={(7, 1), (9, 2)}, traced={(9, 2)})
    (step,) = nested(grid, Memory(grid), stand)
    assert stand.asked[:2] == [(7, 1), (9, 2)] and step.cells == (9,)


def test_nested_sentence_counts_its_steps_and_the_forcing_among_them():
    grid = _grid({7: 0b0011})
    (step,) = nested(grid, Memory(grid), Stand(grid, breaking={(7, 1)}, traced={(7, 1)}, inner=2))
    assert step.reason == ("if R2C4 were 1, 2 links (2 of them forcing) would lead to a contradiction (row 1: no "
                           "cell can hold 4), so it is not 1")
    assert step.contradiction == Stand(grid).conflict and len(step.chain) == 3


def test_nested_must_not_fire_when_nothing_breaks():
    grid = _grid({7: 0b0011})
    assert list(nested(grid, Memory(grid), Stand(grid))) == []
