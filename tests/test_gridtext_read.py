"""The one grid-text reader: hints and ``check --grid`` read the same text the same way."""

import pytest

from ascent.tools.check import parse_grid
from ascent.show.gridtext import GridError, read_grid
from ascent.tools.hint import read_grid as hint_read_grid
from ascent.puzzle import FormatError


def test_heights_above_9_are_letters_for_both_readers():
    text = "A b C " + "- " * 141
    values, masks = read_grid(text, 12)
    assert values[:3] == [10, 11, 12] and masks[3] == (1 << 12) - 1
    assert parse_grid(text, 12)[:3] == [10, 11, 12]
    assert hint_read_grid is read_grid


def test_marks_and_errors():
    values, masks = read_grid("[12] 3 . _ / 0 - 1 2 | 4 3, 2 1 ; 4 3 2 1", 4)
    assert values[:2] == [0, 3] and masks[0] == 0b11
    with pytest.raises(GridError, match="heights are 1..4"):
        read_grid("A" + "-" * 15, 4)
    with pytest.raises(FormatError, match="needs 16"):  # a GridError is a FormatError: check's callers catch it
        parse_grid("1234", 4)
