"""A puzzle's level and score, read from a solve's trace.

The **level** is defined by the tiers the puzzle needed: each technique in the table has a
``level``, and a puzzle's level is the level of the hardest technique its solve used (the
finisher, ``backtrack``, counts as ``unreasonable``). Because the pass loop always takes the
easiest technique that can act (Tatham's rule), that is the hardest *idea* the puzzle needs.

    easy          edge clue rules, Latin singles, the tallest placed heights bounding a clue
                  (ascent, sudoku, naked single, pinpoint, peak bounds: tiers 1-5)   = Tatham's Easy
    tricky        a clue split at a sure peak (peak descent, tier 6)                = Tatham's Hard
    hard          subsets in a row or column (isolate, tier 7), the orderings a clue
                  allows along a lane (sequence, tier 8)                            = Tatham's Hard
    extreme       fish: X-wing, swordfish, jellyfish (tier 9); a chain of two-candidate
                  cells (pair chain, tier 10)                                       = Tatham's Extreme
    unreasonable  supposing a candidate and following it to a contradiction (forcing,
                  tier 11; with forcing inside, nested forcing, tier 12), or the
                  finisher (backtrack, tier 13)                                     = Tatham's Unreasonable

Each level maps onto one of Simon Tatham's Towers levels (``towers.c``/``latin.c``): his Easy is the
Latin singles with ``solver_easy`` (opposite clues summing to N+1, lower bounds, a clue "nearly
filled"); his Hard adds ``solver_hard`` (every arrangement of a lane fitting one clue) and subsets
within one row or column; his Extreme adds subsets across rows and columns (fish) and forcing chains
through two-candidate cells; his Unreasonable guesses. ``tricky`` is the lower part of his Hard:
puzzles whose hardest step is a clue split at a sure peak, without subsets or whole-lane enumeration.

The **score** breaks ties inside a level. In HoDoKu's way it is the sum of every step's cost (the
table's ``cost``); in Sudoku Explainer's way the hardest step counts once more, and a forcing step
costs more the longer its chain (its row's ``per_link`` per step in the chain), since a long chain is what
makes a supposition hard to find and hold in one's head.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..techniques import BY_NAME, FINISHER, TABLE

if TYPE_CHECKING:
    from ..model.trace import Result, Step

LEVELS: tuple[str, ...] = ("easy", "tricky", "hard", "extreme", "unreasonable")
RANK: dict[str, int] = {name: k for k, name in enumerate(LEVELS)}
BACKTRACK_COST = FINISHER.cost  # the finisher: more than any chain of logic, since it is no logic at all

LEVEL: dict[str, str] = {t.name: t.level for t in TABLE}
# the techniques a puzzle of each level may use: every technique of that level and below (logic only)
UP_TO: dict[str, tuple[str, ...]] = {lv: tuple(t.name for t in TABLE if RANK[t.level] <= RANK[lv] and not t.finisher)
                                     for lv in LEVELS}


class UnknownLevel(ValueError):
    """A level name that is not one of LEVELS."""


def canonical_level(name: str) -> str:
    key = name.strip().lower()
    if key not in RANK:
        raise UnknownLevel(f"unknown level {name!r}; known: {', '.join(LEVELS)}")
    return key


def step_cost(step: "Step") -> int:
    row = BY_NAME[step.technique]
    return row.cost + row.per_link * len(step.links)


def score_of(result: "Result") -> int | None:
    """The sum of the step costs plus the hardest step's cost again; None when not solved."""
    if result.status != "solved":
        return None
    costs = [step_cost(s) for p in result.passes for s in p.steps]
    return sum(costs) + max(costs, default=0)


def level_of(result: "Result") -> str | None:
    """The level of the hardest technique the solve used; None when it was not solved."""
    if result.status != "solved":
        return None
    best = None
    for p in result.passes:
        for s in p.steps:
            lv = LEVEL[s.technique]
            if best is None or RANK[lv] > RANK[best]:
                best = lv
    return best or LEVELS[0]  # nothing to do (every cell given): the easiest level


# Simon Tatham's Towers level that each level means (README: Levels and Tatham's)
TATHAM: dict[str, str] = {"easy": "Easy", "tricky": "Hard", "hard": "Hard", "extreme": "Extreme",
                          "unreasonable": "Unreasonable"}
