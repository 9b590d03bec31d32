"""Hints: the easiest step from a player's grid, at three levels of detail.

    level 1  where to look      "look at column 3 from the top (clue 2)"
    level 2  which idea         "an edge clue rule (ascent) removes something in column 3"
    level 3  the full step      "ascent column 3 from the top (clue 2): clue 2 needs ... [R1C3-4]"

The player's grid is the placed heights plus, optionally, pencil marks (the candidates the player
still allows in a cell; a cell without marks allows every height). The hint builds a Grid from it
and asks the techniques in tier order (``ascent.solver.engine.ORDER``) for their first step, so a hint is
never a harder idea than the grid needs. Before that, the grid is checked against the puzzle's
unique solution: a placed height that differs from it is reported first ("R2C3 is wrong"), then
pencil marks that leave out a cell's height, since any step built on them would mislead.
When no technique finds a step (only possible on the hardest puzzles), the hint says so and
gives one height from the solution, labelled ``backtrack``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..model import cands
from ..model.kept import KEPT
from ..solver.engine import BACKTRACK, ORDER, solve
from ..model.grid import Contradiction, Grid, cell_name
from ..show.gridtext import GridError, read_grid  # the one grid-text reader (hint's names for it)
from ..puzzle import Puzzle
from ..solver.context import Context
from ..solver.passes import techniques_of
from ..techniques import idea as idea_of
from ..model.trace import SOLVED, Step

# What each hint is about (Hint.kind).
STEP, WRONG, WRONG_MARKS, DONE, NO_SOLUTION = "step", "wrong", "wrong marks", "solved", "no unique solution"



@dataclass(frozen=True)
class Hint:
    """One hint. ``texts`` holds the three levels; ``text`` is the one asked for.

    ``step`` is the step to apply (kind "step"), ``cell`` the cell a "wrong" hint names.
    """

    kind: str
    level: int
    texts: tuple[str, str, str]
    technique: str | None = None
    step: Step | None = None
    cell: int | None = None

    @property
    def text(self) -> str:
        return self.texts[self.level - 1]

    def at(self, level: int) -> "Hint":
        """The same hint at another level."""
        return Hint(self.kind, _level(level), self.texts, self.technique, self.step, self.cell)

    def __str__(self) -> str:
        return self.text


def _level(level: int) -> int:
    if level not in (1, 2, 3):
        raise ValueError(f"hint level must be 1, 2 or 3, not {level!r}")
    return level


# ---------------------------------------------------------------------------- reading a player's grid
def player_grid(puzzle: Puzzle, state=None) -> Grid:
    """The player's grid as a Grid: ``state`` is None (the givens), text (see read_grid), rows of
    heights (0 = empty), or a Grid (copied). Givens are always placed."""
    n = puzzle.size
    grid = Grid.start(puzzle)
    if state is None:
        return grid
    if isinstance(state, Grid):
        values, masks = state.values[:], state.masks[:]
    elif isinstance(state, str):
        values, masks = read_grid(state, n)
    else:
        rows = [list(r) for r in state]
        if len(rows) != n or any(len(r) != n for r in rows):
            raise GridError(f"grid must be {n} rows of {n} heights")
        values, masks = [], []
        for r, row in enumerate(rows):
            for c, h in enumerate(row):
                if not isinstance(h, int) or not 0 <= h <= n:
                    raise GridError(f"R{r + 1}C{c + 1} is {h!r}, but heights are 1..{n} (0 = empty)")
                values.append(h)
                masks.append(cands.bit(h) if h else cands.full(n))
    for i in range(n * n):
        if grid.values[i]:
            continue  # a given stays, whatever the player's grid says
        grid.values[i] = values[i]
        grid.masks[i] = cands.bit(values[i]) if values[i] else masks[i]
    return grid


# ---------------------------------------------------------------------------- the hint
@KEPT.cache("hint._solution", 32)
def _solution(puzzle: Puzzle) -> tuple[tuple[tuple[int, ...], ...] | None, str]:
    result = solve(puzzle)
    return (result.solution, "") if result.status == SOLVED else (None, f"{result.status}: {result.message}")


def hint(puzzle: Puzzle, state=None, level: int = 3) -> Hint:
    """The hint for the player's grid ``state`` (see player_grid) at ``level`` 1, 2 or 3."""
    level = _level(level)
    grid = player_grid(puzzle, state)
    n = puzzle.size
    solution, why = _solution(puzzle)
    if solution is None:
        text = f"this puzzle has no unique solution ({why}), so there is no hint to give"
        return Hint(NO_SOLUTION, level, (text, text, text))
    truth = [h for row in solution for h in row]
    for i in range(n * n):
        if grid.values[i] and grid.values[i] != truth[i]:
            name = cell_name(i, n)
            texts = (f"{name} is wrong", f"{name} is wrong: check it against its row, column and clues",
                     f"{name} is wrong: {grid.values[i]} is not its height; take it out")
            return Hint(WRONG, level, texts, cell=i)
    for i in range(n * n):
        if not grid.masks[i] & cands.bit(truth[i]):
            name = cell_name(i, n)
            texts = (f"{name}'s pencil marks are wrong", f"{name}'s pencil marks are wrong: one of the heights you removed belongs there",
                     f"{name}'s pencil marks {_marks(grid.masks[i])} leave out its height; mark it again")
            return Hint(WRONG_MARKS, level, texts, cell=i)
    if grid.solved():
        text = "the grid is complete and correct"
        return Hint(DONE, level, (text, text, text))
    step = first_step(grid, truth=tuple(truth))
    if step is None:
        open_cells = sorted((i for i in range(n * n) if not grid.values[i]), key=lambda i: (cands.count(grid.masks[i]), i))
        i = open_cells[0]
        step = Step(BACKTRACK, f"no technique finds a step here; the solution has {truth[i]} at {cell_name(i, n)}",
                    None, None, (i,), placements=((i, truth[i]),))
    return Hint(STEP, level, describe(step, n), step.technique, step)


def _marks(m: int) -> str:
    return "[" + "".join(map(str, cands.digits(m))) + "]"


def first_step(grid: Grid, techniques: Sequence[str] = ORDER, truth: tuple[int, ...] | None = None) -> Step | None:
    """The first step the easiest technique finds on ``grid`` (not applied), or None.

    ``truth`` (the solution, flat) lets forcing look only at candidates that are false."""
    rows = techniques_of(tuple(techniques))
    context = Context(grid, rows)
    context.truth = truth
    for row in rows:
        try:
            for step in row.steps(grid, context=context):  # a fresh memory: it looks everywhere
                if step.eliminations or step.placements:
                    return step
        except Contradiction:
            return None  # cannot happen on a grid that agrees with the solution (checked before)
    return None


def describe(step: Step, n: int) -> tuple[str, str, str]:
    """The three levels of a step: where, which idea, the full step."""
    where = step.where(n) or "the grid"
    area = f"{step.lane.kind} {step.lane.index + 1}" if step.lane is not None else where
    does = "places a height" if step.placements else "removes something"
    idea = idea_of(step.technique)
    full = f"{step.technique} {where}: {step.reason}"
    changes = step.changes(n)
    if changes:
        full += f"  [{changes}]"
    return f"look at {where}", f"{idea} ({step.technique}) {does} in {area}", full
