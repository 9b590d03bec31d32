"""The techniques, one module each, and TABLE: the one ordered list everything else derives from.

Each technique is a function ``(grid, memory) -> Iterator[Step]`` that reads the grid and yields steps;
it never writes to the grid (the pass loop applies its steps). ``memory`` is the solve's ``Memory``
(``ascent.techniques.memory``): where the technique looks, and its notes of where it looked and found nothing, so it
looks again only where something changed. ``forcing`` also takes the solve's context (``contextual``): the
known solution, the fast core and a way to trace a supposition with the easier tiers. Its module
docstring holds its lane picture and why it is sound.

Like Tatham's DIFFLIST: a row per technique, easiest first. ``sweep`` techniques run as a whole
pass (every step they find from one grid); the others give one step at a time, after which the
engine goes back to the easiest tier. ``cost`` is what one step adds to a puzzle's score, ``level``
the level a puzzle needing it reaches (``ascent.solver.grade``), ``per_link`` what each link of a forcing
step's chain adds to that cost, and ``idea`` is how a hint names the technique without giving the step away.
A technique's ``name`` is its module's ``NAME`` (the steps it yields carry it; the module cannot read the table,
which imports it), and the row takes it from there. ``role`` says whether it is plain logic, forcing (it supposes a
candidate; its steps carry chains) or the finisher; ``fold`` how the Markdown walkthrough tells it inside
a folded chain; ``link_needs`` what one of its steps rests on as a link of a chain (``Technique.needs``).
Everything about a technique that other code needs is a field here: no code compares technique names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, NamedTuple

from ..model.cands import ALL
from .memory import Memory
from ..model.trace import Step
# the modules themselves, so ``ascent.techniques.fish.MAX_K`` names fish's constant (a technique's
# function is ``<module>.<name>``, e.g. ``fish.fish``)
from . import (ascent, backtrack, fish, forcing, isolate, naked_single, nested, pair_chain, peak_bounds, peak_descent,
               pinpoint, sequence, sudoku)


class Name(NamedTuple):
    """A name solvers use for a technique, or for a case of it: the name, its page on the Skyscraping site
    (https://sup2point0.github.io/skyscraping/, None for the Sudoku names, which have no one home), what it
    covers in our words, whether it is a special case of the technique (not the same idea), and which other
    techniques finish it (Higher-Rise is peak descent, then pinpoint)."""

    name: str
    page: str | None
    covers: str
    case: bool = False
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class Technique:
    name: str
    tier: int
    find: Callable[..., Iterator[Step]]
    cost: int  # score per step: how much harder each use makes a puzzle
    sweep: bool  # True: every step it finds is one pass; False: one step, then back to tier 1
    idea: str  # for hints: the kind of reasoning, without the step itself
    aliases: tuple[str, ...] = ()
    contextual: bool = False  # takes the solve's context as a third argument
    level: str = "easy"  # the level a puzzle reaches when it needs this technique (ascent.solver.grade.LEVELS)
    aftermath: bool = False  # also runs at the end of any pass that placed heights, as part of that pass
    # "logic": reads the grid and says why; "forcing": supposes a candidate, its steps carry chains (and cost more
    # per link); "finisher": not logic, fills what logic leaves from the known solution (never in ORDER)
    role: str = "logic"
    # how the Markdown walkthrough tells a link of this technique in a folded chain: "named" (its name and what
    # it changed), "height" (a link that places a height shows only that height), "hidden" (left out of chains,
    # and its steps inside a pass of another technique gathered into one sentence: Latin bookkeeping)
    fold: str = "named"
    # what a chain link of this technique rests on, finer than its premises: ``(link, n) -> {cell: candidates}``
    # (``cands.ALL``: the cell as a whole; ``cands.PLACED``: the cell placed), or None to fall back on every
    # premise as a whole; see ``needs``
    link_needs: Callable[[Step, int], dict[int, int] | None] | None = None
    # does a look everywhere (a fresh memory) find a step placing what this chain link places: ``(grid, link) ->
    # bool``, answered directly, for a technique whose steps only place (the minimizer asks it of every link it
    # replays); None to run the technique and compare its steps
    refind: Callable[..., bool] | None = None
    # a single (one cell's last candidate, one height's last place in a line): as a chain link it says which earlier
    # link took each candidate it rests on that the grid before the step still held ("R6C8 has only 8 left (L0 took
    # 7, L1 took 5 and 6)"), so the reader checks it against the grid printed before the step and those links' words
    single: bool = False
    # does a step of it, found on a lane, read only that lane's line (its cells' candidates and placed heights, and
    # the clues) when it is looked for there alone (``Memory.narrowed``)? Then it is found again wherever that line
    # holds the same: the minimizer takes such a link as found where its line is as in a replay that found it. Only
    # these say contradictions (the others raise none), so only these are asked whether a grid shows one
    line_only: bool = False
    # the technique guide (``ascent techniques``): the names solvers use for it or for cases of it, and a small
    # puzzle whose hardest step is this technique (a Tatham game id) with how it was made; or, with no puzzle,
    # why no solve can end on it (the guide then practises it on the next technique's puzzle)
    community: tuple[Name, ...] = ()
    practice: str | None = None
    practice_made: str = ""
    # what each link of a step's chain adds to its cost (``ascent.solver.grade``): a long chain is what makes a
    # supposition hard to find and hold in one's head; only forcing's steps carry chains
    per_link: int = 0

    @property
    def finisher(self) -> bool:
        return self.role == "finisher"

    def steps(self, grid, memory: Memory | None = None, *, context=None) -> Iterator[Step]:
        """The steps it finds on ``grid``, with the solve's ``memory`` (a fresh one, that looks everywhere,
        when None) and, for a contextual technique, the solve's ``context``."""
        if memory is None:
            memory = Memory(grid)
        return self.find(grid, memory, context) if self.contextual else self.find(grid, memory)

    def needs(self, link: Step, n: int) -> dict[int, int]:
        """The candidates a chain link of this technique rests on being gone, as cell -> candidates: what the
        technique says it read (``link_needs``) where it says it, else every premise as a whole."""
        got = self.link_needs(link, n) if self.link_needs is not None else None
        return dict.fromkeys(link.premises, ALL) if got is None else got


# Costs: a sweep of Latin bookkeeping is near free; clue reasoning that needs counting costs more;
# enumeration, fish and forcing dominate, the way HoDoKu and Sudoku Explainer weigh them.
TABLE: tuple[Technique, ...] = (
    Technique(ascent.NAME, 1, ascent.ascent, 1, True, "an edge clue rule", line_only=True,
              community=(Name("Silhouette", "cases/silhouette", "a clue of 1: the tallest stands next to it", True),
                         Name("Stairs", "cases/stairs", "a clue of N: the lane reads 1 to N", True),
                         Name("Lighthouse", "cases/lighthouse",
                              "how far from clue c the tallest must stand (c - 1 cells or more)", True),
                         Name("Meet in the Middle", "cases/meet-in-the-middle",
                              "opposite clues summing to N+1: the tallest stands exactly c cells out", True),
                         Name("Firing Range", "tech/firing-range",
                              "each clue keeps the tallest out of the cells too near it (a laser); where the lasers "
                              "leave one cell of a row or column for the tallest, it stands there", True, ("pinpoint",))),
              practice="4:///4//4//////////,3a2a1a4a4a1a2a3a",
              practice_made="made for this guide: the givens leave two lanes that only their clues of 4 fill"),
    Technique(sudoku.NAME, 2, sudoku.sudoku, 1, True, "each height once per row and column", aftermath=True,
              fold="hidden", link_needs=sudoku.link_needs,
              community=(Name("sudoku deductions", "glossary#sudoku-deductions",
                              "a placed height leaves its row and column"),),
              practice_made="no solve ends on it: the last candidate left in a cell is placed by naked single"),
    Technique(naked_single.NAME, 3, naked_single.naked_single, 2, True, "a cell with a single candidate left",
              aliases=("solve",), fold="height", link_needs=naked_single.link_needs,
              refind=naked_single.refind, single=True,
              practice="4:4/////////////3//3", practice_made="ascent generate 4 --level easy --seed 12"),
    Technique(pinpoint.NAME, 4, pinpoint.pinpoint, 3, True, "a height with only one place left in a row or column",
              aliases=("hidden single",), fold="height", link_needs=pinpoint.link_needs, line_only=True, single=True,
              community=(Name("Pinpoint", "tech/pinpoint", "a height with only one place left in its lane"),
                         Name("hidden single", None, "the Sudoku name for the same")),
              practice="4:/3//3/////1//////3/,l2c", practice_made="ascent generate 4 --level easy --seed 42"),
    Technique(peak_bounds.NAME, 5, peak_bounds.peak_bounds, 4, True,
              "the tallest heights already placed bounding a clue", line_only=True,  # Tatham's Easy clue rules
              community=(Name("Skylining", "tech/skylining", "reading the placed tall buildings (lane peaks) to bound "
                              "where the rest can stand"),
                         Name("Blockade", "cases/blockade",
                              "a clue of 2 with the tallest at the far end: N-1 stands next to the clue", True),
                         Name("Outflanked", "cases/outflanked",
                              "a clue of 2 whose tallest is placed short of the far end, with the cells beyond it "
                              "unable to take N-1: N-1 still stands next to the clue, as in Blockade", True,
                              ("pinpoint",))),
              practice="4:/2//3/////2//1////2/", practice_made="ascent generate 4 --level easy --seed 2"),
    Technique(peak_descent.NAME, 6, peak_descent.peak_descent, 6, True, "a sure peak splitting its clue", level="tricky",
              line_only=True,
              community=(Name("Hideout", "cases/hideout",
                              "sure peaks already meet the clue, so the cells between them hide", True),
                         Name("Slide", "cases/slide",
                              "the tallest c cells out from clue c: every building before it shows, rising", True),
                         Name("Higher-Rise", "cases/higher-rise",
                              "5x5, clues of 3 at both ends: the 5 stands in the middle and each half rises to it, "
                              "so the 1 stands at an end; once one end is taken, the 1 stands at the other", True,
                              ("pinpoint",))),
              practice="4:////////////3//1/4", practice_made="ascent generate 4 --level tricky --seed 11"),
    Technique(isolate.NAME, 7, isolate.isolate, 10, True, "a group of cells that share as many heights as there are cells",
              level="hard", line_only=True,
              community=(Name("naked pair", None, "two cells of a line holding only the same two heights"),
                         Name("hidden pair", None, "two heights of a line that fit only the same two cells"),
                         Name("naked triple", None, "the same with three cells"),
                         Name("hidden triple", None, "the same with three heights"),
                         Name("naked quad", None, "the same with four cells"),
                         Name("hidden quad", None, "the same with four heights")),
              practice="5:/3/1//3////////1//3/2//4/2/", practice_made="ascent generate 5 --level hard --seed 112"),
    Technique(sequence.NAME, 8, sequence.sequence, 20, False, "the orderings a clue allows along its lane", level="hard",
              line_only=True,
              community=(Name("Ascendant", "cases/ascendant",
                              "a clue of 2: N-1 stands next to the clue or beyond the tallest", True),
                         Name("High-Rise", "cases/high-rise", "clues of 2 at both ends: N-1 stands at one end", True),
                         Name("Middle Ground", "cases/middle-ground",
                              "a clue of 3 with the tallest at the far end: the second cell is not N-2", True),
                         Name("Leap of Faith", "cases/leap-of-faith", "the orderings a clue of 2 allows", True)),
              practice="4://3/////////4//2//", practice_made="ascent generate 4 --level hard --seed 4"),
    Technique(fish.NAME, 9, fish.fish, 40, False,
              "a height confined to the same columns in several rows (or rows in several columns)", level="extreme",
              link_needs=fish.link_needs,
              community=(Name("X-wing", None, "two rows whose height fits the same two columns", True),
                         Name("Swordfish", None, "the same with three rows and three columns", True),
                         Name("Jellyfish", None, "the same with four rows and four columns", True)),
              practice="4://2//2//////3/////,c2i1b", practice_made="ascent generate 4 --level extreme --seed 1"),
    Technique(pair_chain.NAME, 10, pair_chain.pair_chain, 50, False,
              "a chain of cells with two candidates each, linked along rows and columns",
              aliases=("xy chain",), level="extreme",
              community=(Name("XY-chain", None, "the Sudoku name for the same"),),
              practice="4:3/3/////2//4///////", practice_made="ascent generate 4 --level extreme --seed 5"),
    Technique(forcing.NAME, 11, forcing.forcing, 80, False, "supposing a candidate and following it to a contradiction",
              contextual=True, level="unreasonable", role="forcing", per_link=2,
              community=(Name("hypothetical deduction", "glossary#hypothetical-deduction",
                              "suppose a candidate and reach a contradiction"),),
              practice="5://////////2//4//3//3/2/5/", practice_made="ascent generate 5 --level unreasonable --seed 6"),
    Technique(nested.NAME, 12, nested.nested, 160, False,
              "supposing a candidate and following it, with forcing inside, to a contradiction",
              contextual=True, level="unreasonable", role="forcing", per_link=2,
              community=(Name("nested hypothetical deduction", "glossary#hypothetical-deduction",
                              "a supposition whose chain itself supposes"),)),
    # the finisher, last: no logic at all, so it costs more than any chain of logic
    Technique(backtrack.NAME, 13, backtrack.backtrack, 200, False, "trying candidates (no technique finds a step here)",
              contextual=True, level="unreasonable", role="finisher"),
)

BY_NAME: dict[str, Technique] = {t.name: t for t in TABLE}
FINISHER: Technique = next(t for t in TABLE if t.role == "finisher")
# the easiest forcing row: a supposition is a link of its name, and nested forcing runs it inside its own
FORCING: Technique = next(t for t in TABLE if t.role == "forcing")
ORDER: tuple[str, ...] = tuple(t.name for t in TABLE if not t.finisher)  # the logic, easiest first
TIER: dict[str, int] = {t.name: t.tier for t in TABLE}
EASY: tuple[str, ...] = tuple(t.name for t in TABLE if t.sweep)
ALIASES: dict[str, str] = {a: t.name for t in TABLE for a in t.aliases}


class UnknownTechnique(ValueError):
    """A technique name that the engine does not have."""


def canonical(name: str) -> str:
    """'peak-descent', 'peak_descent', 'Solve' -> the table's name. Raises UnknownTechnique."""
    key = " ".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    key = ALIASES.get(key, key)
    if key not in BY_NAME or BY_NAME[key].finisher:
        raise UnknownTechnique(f"unknown technique {name!r}; known: {', '.join(ORDER)}")
    return key


def select(techniques: Iterable[str] | str | None) -> tuple[str, ...]:
    """The enabled techniques in tier order; None means all of them."""
    if techniques is None:
        return ORDER
    if isinstance(techniques, str):
        techniques = [techniques]
    wanted = {canonical(t) for t in techniques}
    return tuple(t for t in ORDER if t in wanted)


def idea(name: str) -> str:
    """How a hint names technique ``name``'s kind of reasoning (its row's ``idea``); a name the table does not
    hold (a trace read back from elsewhere) as it is."""
    row = BY_NAME.get(name)
    return row.idea if row is not None else name


def needs(link: Step, n: int) -> dict[int, int]:
    """What a chain link rests on, as cell -> candidates, by its technique's row (``Technique.needs``);
    a link whose technique is not in the table (a trace read back from elsewhere) needs every premise."""
    row = BY_NAME.get(link.technique)
    return row.needs(link, n) if row is not None else dict.fromkeys(link.premises, ALL)
