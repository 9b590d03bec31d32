"""Puzzle formats (round trips) and input validation (one ValueError subclass, exact field)."""

import pytest

from ascent import (
    ClashingCluesError,
    ClueError,
    FormatError,
    GivenError,
    LengthError,
    Puzzle,
    PuzzleError,
    RepeatedGivenError,
    SizeError,
    solve,
)

FIVE = Puzzle(5, (4, 3, 2, 2, 1), (2, 2, 2, 1, 3), (4, 3, 2, 1, 3), (1, 2, 3, 2, 2))
WITH_GIVENS = Puzzle.from_keys("0003010002003000", "4--22----234-4--", 4)


def test_record_round_trip_keeps_url_and_date():
    rec = {
        "url": "https://www.brainbashers.com/showskyscrapers.asp?date=0521&size=4&diff=3",
        "cells": [[0, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
        "clues": {"upper": [0, 3, 0, 0], "lower": [0, 0, 0, 1], "left": [2, 0, 0, 0], "right": [0, 0, 3, 0]},
    }
    p = Puzzle.from_record(rec, label="3")
    assert p.source.date == "0521" and p.source.label == "3"
    assert p.to_record() == rec
    assert Puzzle.from_record(p.to_record()) == p


def test_clockwise_round_trip_and_order():
    clues = [2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3]
    p = Puzzle.from_clues(clues)
    assert p.upper == (2, 2, 1, 3)  # top, left to right
    assert p.right == (2, 2, 3, 1)  # right, top to bottom
    assert p.lower == (3, 2, 2, 1)  # bottom given right to left
    assert p.left == (3, 1, 2, 3)  # left given bottom to top
    assert list(p.to_clues()) == clues
    assert Puzzle.from_clues(" ".join(map(str, clues))) == p


def test_keys_round_trip_and_the_issue_example_is_unique():
    keys, state = WITH_GIVENS.to_keys()
    assert (keys, state) == ("0003010002003000", "4--22----234-4--")
    assert Puzzle.from_keys(keys, state) == WITH_GIVENS
    assert Puzzle.from_keys(*FIVE.to_keys()) == FIVE
    assert solve(WITH_GIVENS).status == "solved"


@pytest.mark.parametrize("puzzle", [FIVE, WITH_GIVENS])
def test_tatham_round_trip(puzzle):
    assert Puzzle.from_tatham(puzzle.to_tatham()) == puzzle


def test_tatham_reads_runs_and_separators():
    p = Puzzle.from_tatham("4:1///////////////,b1_2l")
    assert p.upper == (1, 0, 0, 0)
    assert p.givens[0] == (0, 0, 1, 2) and p.givens[1:] == ((0,) * 4,) * 3
    assert p.to_tatham() == "4:1///////////////,b1_2l"


def test_tatham_issue_example_has_23_clue_fields_and_is_refused_clearly():
    """Tatham's own validate_desc wants exactly 4N '/'-separated clues; this id has 23 for N=6."""
    with pytest.raises(LengthError, match="23 clues, but a 6x6 puzzle needs 24"):
        Puzzle.from_tatham("6:2//3/////2//3///3////3///3//6/2,d1l3r")


def test_big_sizes_work_in_record_and_tatham():
    n = 11
    p = Puzzle(n, (0,) * n, (0,) * n, (0,) * n, (0,) * n, tuple(tuple(((r + c) % n) + 1 if r == c else 0 for c in range(n)) for r in range(n)))
    assert Puzzle.from_record(p.to_record()) == p
    assert Puzzle.from_tatham(p.to_tatham()) == p
    with pytest.raises(SizeError):
        p.to_keys()


@pytest.mark.parametrize(
    "make, error, words",
    [
        (lambda: Puzzle(4, (0, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4), LengthError, "clues upper has 3"),
        (lambda: Puzzle(4, (0,) * 4, (0, 5, 0, 0), (0,) * 4, (0,) * 4), ClueError, "lower clue 2 is 5"),
        (lambda: Puzzle(4, (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4, ((0, 0, 0, 9),) + ((0,) * 4,) * 3), GivenError, "R1C4 is 9"),
        (lambda: Puzzle(4, (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4, ((3, 0, 0, 3),) + ((0,) * 4,) * 3), RepeatedGivenError, "3 is given twice in row 1"),
        (lambda: Puzzle(4, (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4, ((3, 0, 0, 0), (3, 0, 0, 0), (0,) * 4, (0,) * 4)), RepeatedGivenError, "column 1"),
        (lambda: Puzzle(4, (0, 0, 3, 0), (0, 0, 3, 0), (0,) * 4, (0,) * 4), ClashingCluesError, "upper clue 3 (3) and lower clue 3 (3)"),
        (lambda: Puzzle(4, (0,) * 4, (0,) * 4, (1, 0, 0, 0), (1, 0, 0, 0)), ClashingCluesError, "left clue 1 (1) and right clue 1 (1)"),
        (lambda: Puzzle(13, (0,) * 13, (0,) * 13, (0,) * 13, (0,) * 13), SizeError, "size is 13"),
        (lambda: Puzzle.from_clues([1, 2, 3]), LengthError, "4N numbers, got 3"),
        (lambda: Puzzle.from_clues("1 2 x 4 " * 4), FormatError, "'x'"),
        (lambda: Puzzle.from_clues([0] * 15 + [7]), ClueError, "clockwise clue 16 is 7"),
        (lambda: Puzzle.from_keys("000301000200300"), LengthError, "15 characters"),
        (lambda: Puzzle.from_keys("0003010002003000", "4--22----234-4-"), LengthError, "state has 15"),
        (lambda: Puzzle.from_keys("0003010002003000", "4--22----234-4-x"), FormatError, "R4C4"),
        (lambda: Puzzle.from_keys("000301000200300a"), FormatError, "keys position 16"),
        (lambda: Puzzle.from_tatham("x:1/2"), FormatError, "start with the size"),
        (lambda: Puzzle.from_tatham("4:1///////////////,b1_2k"), LengthError, "15 cells"),
        (lambda: Puzzle.from_tatham("4:1///////////////,b12m"), GivenError, "R1C3 is 12"),
        (lambda: Puzzle.from_record([1, 2]), FormatError, "JSON object"),
        (lambda: Puzzle.from_record({"clues": {"upper": [0] * 4}}), FormatError, "clues.lower"),
        (lambda: Puzzle.from_record({"cells": "x", "clues": {s: [0] * 4 for s in ("upper", "lower", "left", "right")}}), FormatError, "cells"),
        (lambda: Puzzle.from_record({"clues": {"upper": [0, "2", 0, 0], "lower": [0] * 4, "left": [0] * 4, "right": [0] * 4}}), ClueError, "upper clue 2"),
    ],
)
def test_bad_input_raises_one_valueerror_naming_the_field(make, error, words):
    with pytest.raises(error) as info:
        make()
    assert isinstance(info.value, PuzzleError) and isinstance(info.value, ValueError)
    assert words in str(info.value)
