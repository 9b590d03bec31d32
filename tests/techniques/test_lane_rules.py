"""ascent, peak descent and sequence: lane pictures where each fires and where it must not."""

import pytest

from ascent.model.grid import Contradiction
from ascent.techniques.memory import Memory
from ascent.techniques.ascent import ascent
from ascent.techniques.peak_descent import peak_descent
from ascent.techniques.sequence import sequence
from tests.lanepic import run


@pytest.mark.parametrize(
    "before, after",
    [
        ("1 | _ _ _ _", "1 | 4 _ _ _"),  # clue 1: N next to the clue
        ("4 | _ _ _ _", "4 | 1 2 3 4"),  # clue N: 1..N
        ("3 | _ _ _ _ _", "3 | [123] [1234] _ _ _"),  # edge constraint
        ("4 | _ _ _ _ _ _", "4 | [123] [1234] [12345] _ _ _"),
        ("2 | _ _ _ _ | 3", "2 | [123] 4 [123] [12] | 3"),  # opposite clues 2 + 3 = N + 1, plus the edge caps
    ],
)
def test_ascent_fires(before, after):
    got, steps = run(ascent, before)
    assert got == after
    assert steps and all(s.technique == "ascent" and s.reason and s.lane for s in steps)


@pytest.mark.parametrize(
    "lane",
    [
        "_ _ _ _",  # no clue
        "2 | [123] _ _ _",  # edge constraint already met
        "2 | [123] _ _ [123] | 2",  # 2 + 2 = 4, not N + 1: N is not fixed
    ],
)
def test_ascent_must_not_fire(lane):
    got, steps = run(ascent, lane)
    assert steps == [] and got == lane


def test_ascent_clue_one_against_a_given_is_a_contradiction():
    with pytest.raises(Contradiction):
        run(ascent, "1 | 3 _ _ _")


@pytest.mark.parametrize(
    "before, after",
    [
        # the issue's examples: the cells before the first sure peak take the rest of the clue
        ("4 | _ _ 4 _ 6 5", "4 | [12] [23] 4 _ 6 5"),
        ("3 | _ _ _ 5 _ 6", "3 | [34] [123] [123] 5 _ 6"),
        ("3 | _ _ 5 _ _", "3 | [123] [234] 5 _ _"),  # two before the peak, both showing: rising
        ("2 | _ _ 5 _ _", "2 | [234] [123] 5 _ _"),  # one showing: the first hides the second
    ],
)
def test_peak_descent_fires(before, after):
    got, steps = run(peak_descent, before)
    assert got == after
    assert all(s.technique == "peak descent" and "sure peak" in s.reason for s in steps)


def test_peak_descent_matches_the_issue_pictures_after_sudoku():
    """The issue shows the lane after the pass; the 4th cell's [123] is sudoku's share of it."""
    from ascent.techniques.sudoku import sudoku

    for before, after in [("4 | _ _ 4 _ 6 5", "4 | [12] [23] 4 [123] 6 5"),
                          ("3 | _ _ _ 5 _ 6", "3 | [34] [123] [123] 5 [1234] 6")]:
        from tests.lanepic import grid_of, picture

        grid = grid_of(before)
        memory = Memory(grid)
        for technique in (peak_descent, sudoku):
            for step in technique(grid, memory):
                grid.apply(step)
        assert picture(grid) == after


@pytest.mark.parametrize(
    "lane",
    [
        "3 | [34] [123] [123] 5 _ 6",  # ascendant would claim [4] first: 3 1 2 5 4 6 shows 3 too
        "3 | _ _ _ _ _ _",  # no sure peak
        "2 | 6 _ _ _ _ _",  # the peak stands first: nothing before it
        "4 | _ _ 4 _ _ _",  # 4 is no sure peak: 5 or 6 may stand before it
        "2 | _ 5 _ _ _",  # one cell before the peak always shows 1: nothing to say (its Latin share is sudoku's)
        "3 | _ 4 _ 5 _",
        "_ _ 4 _ 6 5",  # no clue
    ],
)
def test_peak_descent_must_not_fire(lane):
    got, steps = run(peak_descent, lane)
    assert steps == [] and got == lane


def test_peak_descent_on_the_lane_peak_with_clue_4():
    got, _ = run(peak_descent, "4 | _ _ _ 6 _ _")
    assert got == "4 | [123] [234] [345] 6 _ _"  # three before the peak must all show: rising


def test_peak_descent_never_claims_4_for_the_issue_trap():
    got, _ = run(peak_descent, "3 | _ _ _ 5 _ 6")
    first = got.split("|")[1].split()[0]
    assert first == "[34]"


@pytest.mark.parametrize(
    "before, after",
    [
        ("2 | [123] [123] 4 [123] | 2", "2 | [23] [12] 4 [123] | 2"),
        ("3 | [123] [123] [123] 4", "3 | [12] [13] [123] 4"),
        ("2 | _ _ _ _ | 3", "2 | [123] [4] [23] [12] | 3"),
        ("3 | _ _ _ 5 _ 6", "3 | [34] [123] [123] 5 [1234] 6"),
    ],
)
def test_sequence_fires(before, after):
    got, steps = run(sequence, before)
    assert got == after
    assert len(steps) == 1
    # a reason for every removed height, and never a count or a list of orderings
    reason = steps[0].reason
    assert "ordering" not in reason and "filling" not in reason
    n = len(steps[0].lane.cells)
    for c, m in steps[0].eliminations:
        for h in range(1, n + 1):
            if m >> (h - 1) & 1:
                assert f"R1C{c + 1} = " in reason and str(h) in reason


@pytest.mark.parametrize(
    "lane",
    [
        "_ _ _ _",  # no clue on either end
        "| [12] [12] 4 3 | 2",  # both fillings fit
        "2 | 3 1 4 2",  # all placed
    ],
)
def test_sequence_must_not_fire(lane):
    got, steps = run(sequence, lane)
    assert steps == [] and got == lane


def test_sequence_reports_a_lane_with_no_ordering():
    with pytest.raises(Contradiction, match="no ordering"):
        run(sequence, "4 | [12] [12] [34] 3")


def test_peak_descent_reports_a_front_cell_with_no_height_left():
    """Clue 3 needs both cells before the 5 to show, but 1 and 2 stand further on: [12] has nothing left."""
    with pytest.raises(Contradiction, match="no filling"):
        run(peak_descent, "3 | [12] _ 5 1 2")


# Every side and a lane other than row 1: the same picture, read outward from its clue, gives the
# same result in a column from the top or bottom and in a row from the left or right.
ANYWHERE = [
    (ascent, "1 | _ _ _ _", "1 | 4 _ _ _"),
    (ascent, "3 | _ _ _ _ _", "3 | [123] [1234] _ _ _"),
    (ascent, "2 | _ _ _ _ | 3", "2 | [123] 4 [123] [12] | 3"),
    (ascent, "2 | [123] _ _ [123] | 2", "2 | [123] _ _ [123] | 2"),  # must not fire
    (peak_descent, "4 | _ _ 4 _ 6 5", "4 | [12] [23] 4 _ 6 5"),
    (peak_descent, "2 | _ _ 5 _ _", "2 | [234] [123] 5 _ _"),
    (sequence, "2 | [123] [123] 4 [123] | 2", "2 | [23] [12] 4 [123] | 2"),
    (sequence, "3 | [123] [123] [123] 4", "3 | [12] [13] [123] 4"),
    (sequence, "| [12] [12] 4 3 | 2", "| [12] [12] 4 3 | 2"),  # must not fire
]


@pytest.mark.parametrize("side", ["left", "right", "upper", "lower"])
@pytest.mark.parametrize("technique, before, after", ANYWHERE)
def test_lane_pictures_on_every_side(technique, before, after, side):
    n = len(before.split("|")[1 if before.count("|") else 0].split())
    index = n - 2  # neither the first nor the last row or column
    got, steps = run(technique, before, side, index)
    assert got == after, (side, index)
    kind = "row" if side in ("left", "right") else "column"
    for step in steps:  # the step names the lane it read: this row or column, from this side
        assert step.lane is not None and step.lane.kind == kind and step.lane.index == index
        if step.lane.side is not None:
            assert step.lane.side in (side, {"left": "right", "right": "left", "upper": "lower", "lower": "upper"}[side])
