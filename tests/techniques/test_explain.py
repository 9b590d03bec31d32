"""explain: a removed height's one-line reason (issue 39, item 2). The lane's own singles said before a bound, the
fewest that let it show; a cell hidden behind a height of a whole line that must stand before it; several hiders
said each with its cells; and, on random lanes, every single followed keeps every filling and every bound said
holds on every filling."""

import random

import pytest

from ascent.model import cands
from ascent.techniques import explain
from tests.lanepic import fillings_of

NAMES = [f"R1C{i}" for i in range(1, 10)]
LEFT = "the left would see"


def masks(picture: str) -> tuple[int, ...]:
    """'[15] [35] 3' -> the masks, a bare digit a lone height."""
    return tuple(sum(cands.bit(int(d)) for d in t.strip("[]")) for t in picture.split())


def why(picture: str, at: int, h: int, clue: int) -> str:
    ms = masks(picture)
    return explain.failing(ms, at, h, NAMES[:len(ms)], LEFT, (clue, clue), whole=True)


@pytest.mark.parametrize("picture, at, h, clue, reason", [
    # R1C3 = 3 leaves R1C2 with 5: then R1C1 and R1C2 both show
    ("[15] [35] [23] [14] [24]", 2, 3, 1,
     "R1C2 is left with 5, so R1C1 and R1C2 would both show (each above all before it), so the left would "
     "see at least 2, not 1"),
    # R1C5 = 2: two singles, in turn, each needed
    ("[15] [35] [23] [14] [24]", 4, 2, 1,
     "R1C3 is left with 3, then R1C2 is left with 5, so R1C1 and R1C2 would both show (each above all before "
     "it), so the left would see at least 2, not 1"),
    # a height with one place left: R1C4's lone 1 is not needed, so it is not said
    ("[13] [234] [125] [14] [145]", 1, 4, 4,
     "2 fits only R1C3, so R1C3 and R1C4 would hide behind R1C2, so the left would see at most 3, not 4"),
])
def test_singles_then_bound_says_the_fewest_singles_in_turn(picture, at, h, clue, reason):
    assert why(picture, at, h, clue) == reason


def test_singles_then_bound_is_not_said_where_the_cells_alone_show_the_bound():
    # R1C1 = 3 hides R1C2 and R1C3 as they stand: no single is said
    assert why("[123] [123] [123] 4", 0, 3, 3) == ("R1C2 and R1C3 would hide behind R1C1, so the left would see at "
                                                  "most 2, not 3")


def test_singles_then_bound_gives_way_to_a_count_where_no_single_shows_a_bound():
    # R1C2 = 2 in [123] [123] [123] 4: no cell is left with one height, no height with one place
    assert why("[123] [123] [123] 4", 1, 2, 3) == "the left would see 2 or 4, not 3"


def test_a_cell_hides_behind_a_height_of_the_whole_line_that_stands_before_it():
    # with R1C2 = 1, the 5 stands in R1C1 or R1C3, both before R1C4 (at most 4)
    assert why("[145] [14] [25] [34] [23]", 1, 1, 3) == (
        "R1C2 and R1C5 would hide behind R1C1, and R1C4 behind the 5 (in R1C1 or R1C3), so the left would see at "
        "most 2, not 3")


def test_a_height_hides_only_in_a_whole_line():
    # the same lane as part of a line: nothing says a 5 stands in it, so R1C4 hides behind nothing
    ms = masks("[145] [14] [25] [34] [23]")
    fixed = tuple(cands.bit(1) if i == 1 else m & ~cands.bit(1) for i, m in enumerate(ms))
    assert explain._bounded(fixed, NAMES[:5], LEFT, 3, 3, whole=False) is None
    assert "behind the 5 (in R1C1 or R1C3)" in explain._bounded(fixed, NAMES[:5], LEFT, 3, 3, whole=True)


def test_a_height_with_a_place_after_the_cell_does_not_hide_it():
    # the 5 may stand in R1C4, after R1C3: R1C3 (3 or 4) is not hidden behind it (R1C2 and R1C5 are, behind R1C1)
    ms = masks("[45] 1 [34] [25] [23]")
    assert explain._bounded(ms, NAMES[:5], LEFT, 4, 4, whole=True) == (
        "R1C2 and R1C5 would hide behind R1C1, so the left would see at most 3, not 4")


def _random_lanes(seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(3, 6)
        yield tuple(rng.randint(1, (1 << n) - 1) for _ in range(n)), rng.random() < 0.5


def test_every_lane_single_keeps_every_filling():
    for ms, whole in _random_lanes(39, 3000):
        before = set(fillings_of(ms))
        for after, fact in explain._lane_singles(ms, NAMES[:len(ms)], whole):
            # n cells of heights 1..n: every filling is an ordering of the whole line, so a height with one place
            # goes there as surely as a cell's lone height leaves the others
            assert set(fillings_of(after)) == before, (ms, fact)


def test_every_bound_said_holds_on_every_filling():
    said = 0
    for ms, whole in _random_lanes(42, 4000):
        for lo in range(1, len(ms) + 1):
            got = explain._bounded(ms, NAMES[:len(ms)], LEFT, lo, lo, whole)
            if got is not None:
                said += 1
                assert all(explain._shown(f) != lo for f in fillings_of(ms)), (ms, whole, lo, got)
    assert said > 1000


def test_a_cell_that_is_another_heights_only_place_says_so_first():
    # R1C2 is the only place of 5 in the line: any other height there leaves 5 nowhere, a hidden single's reason,
    # before any count (the front alone, two cells, would not even show why)
    line = masks("[124] [1235] [34] [4] [1234]")
    assert explain.failing(line[:2], 1, 1, NAMES[:2], "they would show", (1, 1), line=line) == (
        "5 would have no place left in the lane")
    assert explain.failing(line, 1, 1, NAMES[:5], LEFT, (1, 1), whole=True) == "5 would have no place left in the lane"


def test_a_height_with_another_place_is_no_reason():
    # 3 stands in R1C2, R1C3 and R1C5: R1C2 = 1 leaves it room, so the reason is the lane's heights, not 3's place
    ms = masks("[12] [123] [34] [24] [1234]")
    assert explain.failing(ms, 1, 1, NAMES[:5], LEFT, (2, 2), whole=True) == (
        "R1C1, R1C3, R1C4 and R1C5 would hold only 2, 3 and 4 between them")


def test_two_clues_split_on_the_places_of_the_tallest_height_not_yet_settled():
    # column 8 of a hand-checked chain, clues 3 and 3: each clue alone can hold with R2C8 = 2, not both; the 9 has
    # two places, and each has its one-line reason
    col = [f"R{i}C8" for i in range(1, 10)]
    ms = masks("[245] [12567] 3 [89] [1245] [568] [124569] [24] [1267]")
    top, bottom = "the top would see", "the bottom would see"
    assert explain.failing(ms, 1, 2, col, top, (3, 3), bottom, 3, whole=True) == (
        "the 9 would stand in R4C8 or R7C8: in R4C8, R2C8 and R3C8 would hide behind R1C8, and R5C8, R6C8, R7C8, "
        "R8C8 and R9C8 behind R4C8, so the top would see at most 2, not 3; in R7C8, 7 fits only R9C8, so R8C8, R5C8, "
        "R3C8, R2C8 and R1C8 would hide behind R9C8, and R6C8 and R4C8 behind R7C8, so the bottom would see at most "
        "2, not 3")
    # with R4C8 = 8 the 9 and the 8 are settled: the split is on the 7
    assert explain.failing(ms, 3, 8, col, top, (3, 3), bottom, 3, whole=True).startswith(
        "the 7 would stand in R2C8 or R9C8: in R2C8, R1C8, R2C8, R4C8 and the 9 would all show")


def test_two_clues_are_not_split_over_four_places():
    full = tuple([63] * 6)  # every height in every cell: the 6 has six places
    assert explain._tallest_cases(full, NAMES[:6], LEFT, (2, 2), "the right would see", 2) is None
