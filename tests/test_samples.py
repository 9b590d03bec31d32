"""The embedded sample set: ours to ship, made by ascent's generator, every label true to its level,
every answer right."""

import json

import pytest

from ascent import Puzzle, broken_rule, solve
from ascent.store import SAMPLES
from ascent.solver.search import search
from ascent.store import OWN_LEVELS
from ascent.solver.grade import LEVELS
from ascent.model.grid import Grid
from ascent.store import load

ENTRIES = load(SAMPLES)


def test_our_set_covers_sizes_4_to_9_at_every_level_with_names_of_its_own():
    assert OWN_LEVELS == LEVELS
    sets = {(e.size, e.label) for e in ENTRIES}
    for n in range(4, 10):
        assert {(n, level) for level in LEVELS} <= sets
    assert (4, "codewars") in sets and (7, "codewars") in sets
    for path in SAMPLES.glob("*.json"):
        text = path.read_text()
        assert "brainbashers" not in text and '"date"' not in text and '"url"' not in text
    for e in ENTRIES:
        if e.label in LEVELS:
            assert e.ident == f"ascent-{e.size}x{e.size}-{e.label}-{e.index + 1:02d}"


def test_every_answer_keeps_the_rules():
    """Every record's solution keeps its clues and givens (cheap: no solve)."""
    for e in ENTRIES:
        puzzle = Puzzle.from_record(e.record, e.label)
        if "solution" in e.record:
            assert broken_rule(puzzle, e.record["solution"]) is None, e.ident


CHECKED = [e for e in ENTRIES if e.label not in LEVELS or e.index < 2]  # two of each set: the solves cost seconds


@pytest.mark.parametrize("entry", CHECKED, ids=lambda e: str(e.ident))
def test_each_sample_meets_its_label(entry):
    """A set's label is its puzzles' level; each has one solution, the one recorded."""
    puzzle = Puzzle.from_record(entry.record, entry.label)
    result = solve(puzzle)
    assert result.status == "solved"
    assert broken_rule(puzzle, result.solution) is None
    if "solution" in entry.record:
        assert [list(r) for r in result.solution] == entry.record["solution"]
    if entry.label in LEVELS:
        assert result.level == entry.record["level"] == entry.label
        assert isinstance(entry.record["score"], int) and entry.record["score"] > 0  # as graded when made
        assert search(Grid.start(puzzle)) == [result.solution]  # unique, by the finisher


def test_sample_files_are_valid_json_store_files():
    for path in SAMPLES.glob("*x*-puzzles.json"):
        data = json.loads(path.read_text())
        assert isinstance(data, dict) and all(isinstance(v, list) for v in data.values())


def test_no_sample_is_repeated():
    seen = [json.dumps({k: e.record[k] for k in ("cells", "clues") if k in e.record}, sort_keys=True) for e in ENTRIES]
    assert len(seen) == len(set(seen))
