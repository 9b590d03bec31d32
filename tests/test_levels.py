"""Levels that mean what Tatham's levels mean: a few 6x6 puzzles of each of his levels (made by his own
generator, ``tatham-gen 6d<level> 10 lv``, and graded by his solver), each graded by ascent. The full
measurement is ``python benchmarks/grading.py --tatham-tools DIR`` (reports/grading.md)."""

import statistics

import pytest

from ascent import Puzzle, solve
from ascent.solver.grade import LEVELS, TATHAM

TATHAMS = {
    "easy": [
        "6:3/3/1/2/2/2/2/2/3/1/3/3/3/3/3/1/2/2/3/2/1/3/2/3,h1b3i1b3i3a",
        "6:3/3/3/4/1/2/2/2/2/1/4/3/3/3/2/2/1/3/2/1/3/2/4/2,l1a2m3b3d",
        "6:3/2/1/2/2/4/2/2/3/2/3/1/2/2/3/1/4/3/4/4/2/3/2/1,e1c4a2e5c2_5g4c2a",
        "6:1/2/3/2/2/3/5/1/2/3/3/2/1/2/3/3/3/2/6/2/3/1/3/2,p4_2a3_1o",
    ],
    "hard": [
        "6://4/3///3///////2//3/2//3//3///4,t5_2b1k",
        "6:///////4/2///4//1/3/2/2/2/2/4///2/,d1j2t",
        "6://1//////3/3/4//2/3//4/4//4/////3,m4v",
        "6:3////2/2/3/4////3//2////2//////,b3g4e1n2d",
    ],
    "extreme": [
        "6:/2//3/3////4/1////2//2/2/2/3/3////2,s3p",
        "6:2/2//4/2//4//2///////3/3//////2/4,m2r1c",
        "6:3//2/2/5//2///2//3/////3//3///3//2,q2a3f2i",
        "6:/4/3///5/2/2/2/2/3/////2///4////2/,u2d2i",
    ],
    "unreasonable": [
        "6:3//3//2/////1////4/3///3/4///3//,f3j4a1p",
        "6:3///2/1/4/2//2//2///3/2/2/////2/3//,a1r3o",
        "6:///////4//3//2//2//4/5///3/4/3//,r2l1d",
        "6:3/4/2////4///3/3//3///2/2///2/4///3,i3z",
    ],
}


@pytest.mark.parametrize("theirs", list(TATHAMS))
def test_ascent_level_is_tathams(theirs):
    for game in TATHAMS[theirs]:
        r = solve(Puzzle.from_tatham(game))
        assert r.status == "solved" and TATHAM[r.level].lower() == theirs, (game, r.level, r.grade)


def test_the_score_rises_with_tathams_level():
    medians = [statistics.median(solve(Puzzle.from_tatham(g)).score for g in TATHAMS[lv]) for lv in TATHAMS]
    assert medians == sorted(medians) and len(set(medians)) == len(medians), medians


def test_every_level_means_one_of_tathams():
    assert set(TATHAM) == set(LEVELS)
    assert [TATHAM[lv] for lv in LEVELS] == ["Easy", "Hard", "Hard", "Extreme", "Unreasonable"]
