"""The table's rows carry every fact about a technique that other code needs: its role, how Markdown folds
it, what a chain link of it rests on. These tests pin those fields and that no code compares names."""

import json
import re
from pathlib import Path

import pytest

from ascent import Puzzle, solve
from ascent.model import cands
from ascent.model.cands import ALL, PLACED
from ascent.model.grid import Grid
from ascent.techniques.memory import Memory
from ascent.techniques import BY_NAME, FINISHER, FORCING, ORDER, TABLE
from ascent.techniques.fish import fish
from ascent.techniques.naked_single import naked_single
from ascent.techniques.pinpoint import pinpoint
from ascent.techniques.sudoku import sudoku
from tests.lanepic import grid_from_rows, grid_of

ROOT = Path(__file__).resolve().parents[2]


def test_table_roles_pick_the_forcing_row_and_the_finisher():
    assert {t.role for t in TABLE} == {"logic", "forcing", "finisher"}
    assert FINISHER is TABLE[-1] and FINISHER.finisher and FINISHER.name not in ORDER
    assert [t for t in TABLE if t.finisher] == [FINISHER]
    assert FORCING.role == "forcing" and FORCING.contextual and FORCING.name == "forcing"
    assert all(t.tier > FORCING.tier for t in TABLE if t.role == "forcing" and t is not FORCING)
    # only forcing rows and the finisher need a solve's context
    assert all(t.contextual == (t.role != "logic") for t in TABLE)


def test_table_fold_values():
    assert {t.name: t.fold for t in TABLE if t.fold != "named"} == {
        "sudoku": "hidden", "naked single": "height", "pinpoint": "height"}


def test_sudoku_link_needs_its_cell_placed():
    grid = grid_of("[123] 2 [234] _")
    memory = Memory(grid)
    step = next(sudoku(grid, memory))
    assert BY_NAME["sudoku"].needs(step, 4) == {1: PLACED}


def test_naked_single_link_needs_the_other_candidates_gone():
    grid = grid_of("[3] [12] _ _")
    memory = Memory(grid)
    step = next(naked_single(grid, memory))
    assert BY_NAME["naked single"].needs(step, 4) == {0: ALL & ~cands.bit(3)}


def test_pinpoint_link_needs_its_height_gone_from_the_rest_of_its_line():
    grid = grid_of("[12] [123] [12] [124]")
    memory = Memory(grid)
    steps = list(pinpoint(grid, memory))
    assert [s.placements for s in steps] == [((1, 3),), ((3, 4),)]
    assert BY_NAME["pinpoint"].needs(steps[0], 4) == {0: cands.bit(3), 2: cands.bit(3), 3: cands.bit(3)}


def test_fish_link_needs_its_height_gone_from_its_rows_outside_its_columns():
    grid = grid_from_rows(["[234] _ [234] _", "_ _ _ _", "[234] _ [234] _", "_ _ _ _"])
    memory = Memory(grid)
    step = next(fish(grid, memory))
    # rows 1 and 3 are the base, columns 2 and 4 the cover: it rests on 1 gone from columns 1 and 3 of those rows
    assert BY_NAME["fish"].needs(step, 4) == {0: 1, 2: 1, 8: 1, 10: 1}
    # an X-wing across columns (7x7, so no fish in rows says the same): columns 1 and 3 have 1 only in rows 2 and 4;
    # it rests on 1 gone from those columns outside rows 2 and 4
    lack, free = "[234567] _ [234567] _ _ _ _", "_ _ _ _ _ _ _"
    grid = grid_from_rows([lack, free, lack, free, lack, lack, lack])
    step = next(fish(grid, Memory(grid)))
    assert step.premises == tuple(r * 7 for r in range(7)) + tuple(r * 7 + 2 for r in range(7))
    assert BY_NAME["fish"].needs(step, 7) == {r * 7 + c: 1 for c in (0, 2) for r in (0, 2, 4, 5, 6)}


@pytest.mark.parametrize("name", [t.name for t in TABLE if t.link_needs is None])
def test_other_links_need_every_premise_as_a_whole(name):
    from ascent.model.trace import Step

    step = Step(name, "", None, None, (3,), eliminations=((5, 2),), premises=(1, 2, 3))
    assert BY_NAME[name].needs(step, 4) == {1: ALL, 2: ALL, 3: ALL}


def test_markdown_folds_what_the_table_says():
    """The Markdown export reads ``fold`` from the table: its lists are made from the rows."""
    from ascent.export import markdown

    assert tuple(t.name for t in TABLE if t.fold == "height") == markdown.QUIET
    assert tuple(t.name for t in TABLE if t.fold == "hidden") == markdown.HIDDEN == ("sudoku",)


# Files that still compare technique names, each waiting on its own issue; the list only shrinks.
PENDING: set[str] = set()  # files still allowed to compare names: none


def test_no_code_compares_technique_names():
    """A technique's name is compared nowhere (a row's ``role`` is a field, not a name, even where they agree)."""
    names = "|".join(re.escape(t.name) for t in TABLE)
    pattern = re.compile(rf'(==|!=|\bin)\s*\(?"({names})"|"({names})"\s*(==|!=)|BY_NAME\["({names})"\]|Step\("({names})"')
    found = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "ascent").rglob("*.py")
                   if any(pattern.search(line) for line in p.read_text().splitlines() if "role" not in line))
    assert set(found) <= PENDING, found
