"""Every technique's docstring pictures run as written: the technique, run on the picture before the
arrow, gives the picture after it (lanes from tests/lanepic.py; N lines of N cells make a grid)."""

import sys

import pytest

from ascent.techniques import TABLE
from tests.lanepic import examples, parse, run, run_grid

# the techniques that read only the grid; forcing, nested forcing and the finisher need a solve's context,
# and their pictures are sketches of a chain, not something one call can run
PLAIN = [t for t in TABLE if not t.contextual]


def _doc(technique) -> str:
    return sys.modules[technique.find.__module__].__doc__


@pytest.mark.parametrize("technique", PLAIN, ids=[t.name.replace(" ", "_") for t in PLAIN])
def test_docstring_pictures_run_as_written(technique):
    pictures = examples(_doc(technique))
    assert pictures, f"{technique.name}'s docstring has no picture"
    for before, after in pictures:
        if isinstance(before, list):
            got, _ = run_grid(technique.find, before)
            assert [r.split() for r in got] == [r.split() for r in after], (technique.name, before)
        else:
            got, _ = run(technique.find, before)
            assert parse(got) == parse(after), (technique.name, before, got)


def test_examples_reads_lanes_grids_and_refuses_prose():
    doc = """
    2 | [123] [123] 4 [123] | 2   ->  2 | [23] [12] 4 [123] | 2     words after it
    naked:  _ | [12] [12] [123] _   ->  _ | [12] [12] [3] [34]

        [12] [12] 3   ->  [12] [12] 3
        [12] [12] _   ->  [12] [12] [3]
        3    _    _   ->  3 [12] [12]
    """
    assert examples(doc) == [("2 | [123] [123] 4 [123] | 2", "2 | [23] [12] 4 [123] | 2"),
                             ("_ | [12] [12] [123] _", "_ | [12] [12] [3] [34]"),
                             (["[12] [12] 3", "[12] [12] _", "3 _ _"], ["[12] [12] 3", "[12] [12] [3]", "3 [12] [12]"])]
    with pytest.raises(ValueError, match="not a picture"):
        examples("R1C1 [12] -> R1C1 is 1")
    assert run_grid(lambda grid, memory: iter(()), ["_ [12] _", "3 _ _", "_ _ _"]) == (["_ [12] _", "3 _ _", "_ _ _"], [])


@pytest.mark.parametrize("technique", TABLE, ids=[t.name.replace(" ", "_") for t in TABLE])
def test_docstring_names_no_tier_number(technique):
    """A tier number copied into prose drifts when the table changes: the table alone says it."""
    import re

    assert not re.search(r"\btiers? \d", _doc(technique)), technique.name
