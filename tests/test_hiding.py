"""core/hiding: the cells and heights of a lane hidden whatever the order, each with what hides it (the reasons a
count gives in explain and linecheck). Where each rule fires and where it must not, and on random whole lines every
cell and height said hidden is hidden in every ordering."""

import random

from ascent.core import hiding
from ascent.model import cands
from tests.lanepic import fillings_of

NAMES = [f"R6C{i}" for i in range(1, 10)]


def masks(picture: str) -> tuple[int, ...]:
    return tuple(sum(cands.bit(int(d)) for d in t.strip("[]")) for t in picture.split())


def test_a_height_whose_places_all_follow_a_taller_cell_hides_wherever_it_stands():
    # row 6 of a hand-checked chain: 2 1 [567] [678] [36789] [359] [678] [57] 4; 3 and 9 fit only R6C5 and R6C6
    ms = masks("2 1 [567] [678] [36789] [359] [678] [57] 4")
    cells = hiding.hidden(ms, whole=True)
    assert cells == {1: 0, 6: (9, (4, 5)), 7: (9, (4, 5)), 8: 2}  # a cell before it first, then a height
    heights = hiding.hidden_heights(ms, cells)
    assert heights == {3: ((4, 5), 2)}  # R6C3 holds 5 at least: above 3, before both its places
    assert hiding.behind(cells, NAMES, "hide", heights) == (
        "R6C2 hides behind R6C1, R6C7 and R6C8 behind the 9 (in R6C5 or R6C6), R6C9 behind R6C3, and the 3 (in R6C5 "
        "or R6C6) behind R6C3")


def test_a_height_with_a_place_before_every_taller_cell_is_not_hidden():
    # the 3 may stand in R6C1, before anything taller: nothing hides it
    ms = masks("[13] 5 [34] [124] [12]")
    assert 3 not in hiding.hidden_heights(ms, hiding.hidden(ms, whole=True))


def test_a_height_with_one_place_is_its_cells_business():
    ms = masks("5 [12] [13] [124] [124]")  # 3 fits only R6C3: that cell is hidden behind R6C1, not the 3
    cells = hiding.hidden(ms, whole=True)
    assert 2 in cells and 3 not in hiding.hidden_heights(ms, cells)


def test_a_height_standing_in_a_hidden_cell_is_not_counted_twice():
    ms = masks("4 [12] [123] [123]")  # every cell after R6C1 is hidden: the 1, 2 and 3 add nothing
    cells = hiding.hidden(ms, whole=True)
    assert set(cells) == {1, 2, 3} and hiding.hidden_heights(ms, cells) == {}


def _shows(order):
    top, seen = 0, set()
    for i, h in enumerate(order):
        if h > top:
            seen.add(i)
            top = h
    return seen


def test_on_random_whole_lines_everything_said_hidden_is_hidden_in_every_ordering():
    rng = random.Random(6)
    said = 0
    for _ in range(3000):
        n = rng.randint(3, 6)
        ms = tuple(rng.randint(1, (1 << n) - 1) for _ in range(n))
        cells = hiding.hidden(ms, whole=True)
        heights = hiding.hidden_heights(ms, cells)
        said += len(cells) + len(heights)
        for order in fillings_of(ms):
            shown = _shows(order)
            assert not shown & set(cells), (ms, order)
            assert not {order.index(d) for d in heights} & shown, (ms, order)
            assert not {order.index(d) for d in heights} & set(cells)  # each counts a building the cells do not
    assert said > 1000
