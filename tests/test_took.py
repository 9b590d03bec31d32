"""A single in a chain says which earlier link took each candidate it rests on (``forcing.took_words``, made in
``Minimizer._took``): "R6C8 has only 8 left (L0 took 7, L1 took 5 and 6)". Issue 39: the reader checks a single
against the grid printed before the step and those links' words, with no pencil grid of their own to keep."""

import json
import re

import pytest

from ascent import Puzzle, solve
from ascent.model import cands
from ascent.techniques import BY_NAME
from ascent.techniques.forcing import took_words
from ascent.model.trace import Took
from tests.test_chains import medved, traced  # noqa: F401  (the fixtures)

N = 9
R2C4, R5C3, R5C7, R5C8, R5C4 = 12, 38, 42, 43, 39


def test_the_cells_own_candidates_by_the_link_that_took_them():
    assert took_words((Took(0, R2C4, cands.bit(6), False),), R2C4, N) == "L0 took 6"
    assert took_words((Took(0, R2C4, cands.bit(7), False), Took(1, R2C4, cands.bit(5) | cands.bit(6), False)), R2C4,
                      N) == "L0 took 7, L1 took 5 and 6"


def test_a_height_from_the_lines_other_cells_named_once_and_a_filled_cell():
    b = cands.bit(6)
    took = (Took(2, R5C3, b, False), Took(3, R5C4, b, True), Took(4, R5C7, b, False), Took(4, R5C8, b, False))
    assert took_words(took, 36, N) == "L2 took 6 from R5C3, L3 filled R5C4, L4 from R5C7 and R5C8"
    assert took_words((Took(2, R5C3, b, False), Took(4, R5C7, cands.bit(7), False)), 36, N) == \
        "L2 took 6 from R5C3, L4 took 7 from R5C7"  # the height said again where it changes


def _forcing_links(result):
    for step in result.steps:
        if step.chain:
            yield step.chain


@pytest.fixture(scope="module")
def dev_links(shared):
    """The forcing chains of two dev 9x9 unreasonable solves (records 5 and 25)."""
    recs = json.loads((shared / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"]
    chains = []
    for i in (5, 25):
        chains += list(_forcing_links(solve(Puzzle.from_record(recs[i], "unreasonable"), logic_only=True)))
    return chains


def test_every_single_says_who_took_what_and_no_other_link_does(dev_links):
    """Each naked single and pinpoint of a chain names, in words, exactly the earlier links it reads (``reads``, found
    apart from the words, from the links' changes and the technique's ``needs``); no link of another technique says
    'took'. A single that rests only on what was gone before the step would have no words to add: none here."""
    singles = 0
    for chain in dev_links:
        for k, link in enumerate(chain[1:], 1):
            row = BY_NAME[link.technique]
            said = link.reason.split("; ", 1)[0]
            if not (row.single and link.placements):
                assert " took " not in said and " filled " not in said, link.reason
                continue
            singles += 1
            assert "(" in said and said.endswith(")"), link.reason
            clause = said[said.rindex("(") + 1:-1]
            assert clause == took_words(link.took, link.placements[0][0], N)  # the words made from the field
            named = sorted({int(k) for k in re.findall(r"\bL(\d+)\b", clause)})
            assert named == sorted(link.reads) == sorted({t.link for t in link.took}), (k, link.reason, link.reads)
            for t in link.took:  # each is what that earlier link states it took, or a cell it filled
                earlier = chain[t.link]
                stated = 0
                for c, m in earlier.eliminations:
                    if c == t.cell:
                        stated |= m
                assert t.filled == (t.cell in dict(earlier.placements)), (k, link.reason, t)
                assert t.filled or t.lost & ~stated == 0, (k, link.reason, t)
    assert singles > 100
