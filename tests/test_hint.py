"""Hints: three levels, wrong cells first, pencil marks, and whole games played by level-3 hints."""

import pytest

from ascent import Puzzle, hint, solve
from ascent.solver.engine import BACKTRACK, ORDER
from ascent.model.grid import Grid
from ascent.tools.hint import DONE, STEP, WRONG, WRONG_MARKS, GridError, player_grid, read_grid
from ascent.store import load

KATA = Puzzle.from_clues("2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3")  # solution 1342 / 4213 / 3421 / 2134


def test_three_levels_of_the_same_step():
    h1, h2, h3 = (hint(KATA, level=k) for k in (1, 2, 3))
    assert h1.text == "look at row 1 from the left (clue 3)"
    assert h2.text == "an edge clue rule (ascent) removes something in row 1"
    assert h3.text.startswith("ascent row 1 from the left (clue 3): clue 3 needs 2 buildings")
    assert h3.text.endswith("[R1C1-34, R1C2-4]")
    assert h1.step == h3.step and h3.technique == "ascent" and h3.kind == STEP


def test_a_wrong_height_is_reported_before_any_step():
    h = hint(KATA, "---- -3-- ---- ----", level=1)  # R2C2 is 2 in the solution
    assert (h.kind, h.text, h.cell) == (WRONG, "R2C2 is wrong", 5)
    assert "3 is not its height" in h.at(3).text and "2" not in h.at(3).text.replace("R2C2", "")


def test_the_first_wrong_cell_in_reading_order():
    assert hint(KATA, [[1, 3, 4, 2], [4, 2, 1, 3], [3, 4, 1, 2], [2, 1, 3, 4]]).text.startswith("R3C3 is wrong")


def test_pencil_marks_that_drop_the_true_height():
    h = hint(KATA, "[234]--- ---- ---- ----")  # R1C1 is 1
    assert h.kind == WRONG_MARKS and h.cell == 0 and "[234]" in h.text


def test_pencil_marks_narrow_the_step():
    # R1C1 already marked [12]: the ascent step on row 1 now only has R1C2's 4 to remove
    h = hint(KATA, "[12]--- ---- ---- ----")
    assert h.step.eliminations == ((1, 0b1000),)


def test_a_finished_grid():
    assert hint(KATA, [[1, 3, 4, 2], [4, 2, 1, 3], [3, 4, 2, 1], [2, 1, 3, 4]]).kind == DONE


def test_no_unique_solution_is_said():
    blank = Puzzle(4, (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4)
    assert "no unique solution" in hint(blank).text


@pytest.mark.parametrize("text, words", [
    ("---", "has 3 cells"),
    ("5" + "-" * 15, "heights are 1..4"),
    ("x" + "-" * 15, "'x'"),
    ("[15]" + "-" * 15, "mark 5"),
    ("[]" + "-" * 15, "empty marks"),
])
def test_bad_grids_name_the_problem(text, words):
    with pytest.raises(GridError, match=words.replace("[", r"\[").replace("(", r"\(").replace(".", r"\.")):
        read_grid(text, 4)


def test_level_outside_1_to_3():
    with pytest.raises(ValueError):
        hint(KATA, level=4)


def test_givens_stay_placed():
    p = Puzzle.from_keys("0003010002003000", state="4--22----234-4--")
    g = player_grid(p, "-" * 16)
    assert g.values[0] == 4


def play_by_hints(puzzle: Puzzle) -> list[str]:
    """Apply level-3 hints from the givens until the grid is solved; the techniques used."""
    grid = Grid.start(puzzle)
    used = []
    for _ in range(2000):
        h = hint(puzzle, grid)
        if h.kind == DONE:
            return used
        assert h.kind == STEP, h.text
        used.append(h.technique)
        grid.apply(h.step)
    raise AssertionError("no end in sight")


def twenty(shared):
    """Puzzle 100 of each of the 12 brainbashers sets, puzzle 250 of the two sparse 5x5 and 6x6 sets,
    and the first hard and the first extreme generated puzzle of each size: 20, the same every run."""
    picks = [e for e in load(shared / "brainbashers") if e.index == 100]
    picks += [e for e in load(shared / "brainbashers", [5, 6], ["3"]) if e.index == 250]
    for n in (5, 6, 7):
        entries = load(shared / "generated", [n])
        picks += [next(e for e in entries if e.label == label) for label in ("hard", "extreme")]
    return picks


def test_level_3_hints_solve_twenty_shared_puzzles_never_harder_than_their_grade(shared):
    picks = twenty(shared)
    assert len(picks) == 20
    grades = set()
    for e in picks:
        puzzle = Puzzle.from_record(e.record, e.label)
        result = solve(puzzle, logic_only=True)
        assert result.grade in ORDER
        used = play_by_hints(puzzle)
        assert BACKTRACK not in used
        worst = max(ORDER.index(t) for t in used)
        assert worst <= ORDER.index(result.grade), (e.ident, used)
        grades.add(result.grade)
    assert {"sequence", "forcing"} <= grades  # the hard tiers are really exercised
