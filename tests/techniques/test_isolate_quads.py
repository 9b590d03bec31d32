"""isolate's quads (k = 4): where they fire, and where they must not (MAX_K 3 would miss them)."""

import pytest

from ascent.techniques.isolate import isolate
from tests.lanepic import SIDES, run


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize(
    "before, after, kind",
    [
        # naked quad: four cells hold only 1-4 between them; the other five are 5 heights in 5 cells,
        # a quint, which isolate does not look for: only the quad explains the step
        ("[12] [23] [34] [14] _ _ _ _ _", "[12] [23] [34] [14] [56789] [56789] [56789] [56789] [56789]", "naked quad"),
        ("[1234] [1234] [1234] [1234] _ _ _ _ _", "[1234] [1234] [1234] [1234] [56789] [56789] [56789] [56789] [56789]",
         "naked quad"),
        # hidden quad: 1-4 fit only in the first four cells, so those hold nothing else
        ("[12345] [12346] [12347] [12348] [56789] [56789] [56789] [56789] [56789]",
         "[1234] [1234] [1234] [1234] [56789] [56789] [56789] [56789] [56789]", "hidden quad"),
    ],
)
def test_isolate_quads_fire(before, after, kind, side):
    got, steps = run(isolate, before, side, 4)
    assert got == after
    assert steps and all(kind in s.reason for s in steps)


@pytest.mark.parametrize(
    "lane",
    [
        "[1234] [1234] [1234] [1235] _ _ _ _ _",  # four cells, five heights between them: no quad
        "[1234] [1234] [1234] [1234] [5678] [5678] [5678] [5678]",  # quads that take nothing from anyone
    ],
)
def test_isolate_quads_must_not_fire(lane):
    got, steps = run(isolate, lane)
    assert steps == [] and got == lane
