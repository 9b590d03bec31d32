"""pair chain: chains of two-candidate cells. The shortest chain (two cells in a row: a naked pair by
another name), chains ending in a row or a column, and where it must not fire."""

from ascent.model import cands
from ascent.techniques.pair_chain import pair_chain
from tests.lanepic import run_grid


def test_pair_chain_of_two_cells_in_a_row():
    after, (step,) = run_grid(pair_chain, ["_ _ _ _", "[12] _ [12] _", "_ _ _ _", "_ _ _ _"])
    assert after == ["_ _ _ _", "[12] [234] [12] [234]", "_ _ _ _", "_ _ _ _"]
    assert step.technique == "pair chain" and step.premises == (4, 6) and step.cells == (4, 6, 5, 7)
    assert step.eliminations == ((5, 1), (7, 1))
    assert step.reason == ("R2C1 is 1 or 2; if it is not 1 it is 2, so R2C3 [12] is 1: either way 1 is at R2C1 or "
                           "R2C3, so R2C2, R2C4, seeing both, are not 1")


def test_pair_chain_ends_in_a_column():
    # R1C4 [14] - row 1 - R1C2 [34] - column 2 - R3C2 [13]
    after, (step,) = run_grid(pair_chain, ["_ [34] _ [14] _", "_ _ _ _ _", "_ [13] _ _ _", "_ _ _ _ _", "_ _ _ _ _"])
    assert step.premises == (3, 1, 11)
    assert step.reason == ("R1C4 is 1 or 4; if it is not 1 it is 4, so R1C2 [34] is 3, so R3C2 [13] is 1: either way "
                           "1 is at R1C4 or R3C2, so R3C4, seeing both, is not 1")
    # 1 is at R1C4 or at R3C2: R3C4 sees both (and R1C2, in the chain, holds no 1)
    assert step.eliminations == ((13, cands.bit(1)),)
    assert after[2] == "_ [13] _ [2345] _"


def test_pair_chain_must_not_fire():
    assert run_grid(pair_chain, ["_ _ _ _"] * 4)[1] == []
    assert run_grid(pair_chain, ["[12] _ _ _", "_ _ _ _", "_ _ _ _", "_ _ _ _"])[1] == []  # one pair
    assert run_grid(pair_chain, ["[12] _ _ _", "_ _ _ _", "_ _ [12] _", "_ _ _ _"])[1] == []  # no link between them
    # a pair and a pair in its row with other heights: linked, but nothing forced to come back
    assert run_grid(pair_chain, ["[12] _ [34] _", "_ _ _ _", "_ _ _ _", "_ _ _ _"])[1] == []
