"""Issue 31, item 5: 'ascent techniques [NAME]', the table of techniques as a guide."""

import pytest
from typer.testing import CliRunner

from ascent import Puzzle
from ascent.model import cands
from ascent.tools import guide
from ascent.cli import app
from ascent.model.grid import Grid
from ascent.techniques import BY_NAME, ORDER, TABLE

runner = CliRunner()


def test_the_overview_is_the_table_in_order():
    r = runner.invoke(app, ["techniques"])
    assert r.exit_code == 0, r.stderr
    rows = [line.split() for line in r.stdout.splitlines() if line.strip()[:2].strip().isdigit()]
    assert [int(row[0]) for row in rows] == [t.tier for t in TABLE if not t.finisher]
    for t in TABLE:
        if not t.finisher:
            line = next(line for line in r.stdout.splitlines() if f" {t.name} " in line)
            assert t.level in line
    assert "Blockade" in r.stdout and "Meet in the Middle" in r.stdout


@pytest.mark.parametrize("name", ORDER)
def test_each_technique_in_full_from_its_row_and_module(name):
    t = BY_NAME[name]
    r = runner.invoke(app, ["techniques", name])
    assert r.exit_code == 0, r.stderr
    out = " ".join(r.stdout.split())
    assert f"{t.name}: tier {t.tier} of {len(ORDER)}, level {t.level}" in out
    assert " ".join(t.idea.split()) in out
    assert "Sound " in out  # the module's docstring: its picture and why it is sound
    for n in guide.COMMUNITY.get(name, ()):
        assert n.name in out
    if name == "nested forcing":
        assert "none of the shipped samples needs it" in out
    else:  # a real step of that technique, found by solving its example puzzle
        assert "A real step, from" in out
        after = r.stdout.split("A real step, from")[1].splitlines()
        assert any(line.startswith(f"  {name} ") for line in after), after


def test_each_example_puzzle_really_uses_its_technique():
    for t in guide.rows():
        shown = guide.example(t)
        assert (shown is None) == (t.name == "nested forcing"), t.name
        if shown:
            assert shown.step.technique == t.name


@pytest.mark.parametrize("typed, name", [("Blockade", "peak descent"), ("meet-in-the-middle", "ascent"),
                                         ("hidden single", "pinpoint"), ("XY-chain", "pair chain"),
                                         ("Peak_Descent", "peak descent")])
def test_community_names_and_aliases_find_the_technique(typed, name):
    r = runner.invoke(app, ["techniques", typed])
    assert r.exit_code == 0
    assert r.stdout.startswith(f"{name}: tier")


def test_an_unknown_name_is_one_line_exit_2():
    r = runner.invoke(app, ["techniques", "magic"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "unknown technique 'magic'" in r.stderr


def first_steps(puzzle, name):
    return list(BY_NAME[name].steps(Grid.start(puzzle)))


def masks_after(puzzle, name):
    grid = Grid.start(puzzle)
    for step in BY_NAME[name].steps(grid):
        grid.apply(step)
    return grid.masks


Z = (0,) * 5


@pytest.mark.parametrize("case, puzzle, technique, cell, heights", [
    # Silhouette: a clue of 1, the tallest next to it
    ("Silhouette", Puzzle(5, Z, Z, (1, 0, 0, 0, 0), Z), "ascent", 0, {5}),
    # Stairs: a clue of N, the lane reads 1..N
    ("Stairs", Puzzle(5, Z, Z, (5, 0, 0, 0, 0), Z), "ascent", 3, {4}),
    # Meet in the Middle: 2 + 4 = N + 1, so the 5 stands 2 cells out (R1C2)
    ("Meet in the Middle", Puzzle(5, Z, Z, (2, 0, 0, 0, 0), (4, 0, 0, 0, 0)), "ascent", 1, {5}),
    # Blockade: a clue of 2 with the 5 at the far end: 4 next to the clue
    ("Blockade", Puzzle(5, Z, Z, (2, 0, 0, 0, 0), Z, ((0, 0, 0, 0, 5),) + ((0,) * 5,) * 4), "peak descent", 0, {4}),
])
def test_the_community_cases_are_what_the_named_technique_finds(case, puzzle, technique, cell, heights):
    assert any(n.name == case for n in guide.COMMUNITY[technique])
    mask = masks_after(puzzle, technique)[cell]
    assert set(cands.digits(mask)) == heights, (case, cands.digits(mask))
