"""The embedded sample set: ours to ship, made by ascent's generator, every label true to its level,
every answer right."""

import json

import pytest

from ascent import Puzzle, broken_rule, solve
from ascent.store import SAMPLES
from ascent.solver.search import search
from ascent.tools.generate import SAMPLE_LEVELS
from ascent.solver.grade import RANK
from ascent.model.grid import Grid
from ascent.store import load

ENTRIES = load(SAMPLES)


def test_samples_cover_sizes_4_to_8_and_the_brainbashers_labels():
    sets = {(e.size, e.label) for e in ENTRIES}
    for n in range(4, 9):
        assert {(n, "1"), (n, "2"), (n, "3")} <= sets
    assert (4, "codewars") in sets and (7, "codewars") in sets
    for path in SAMPLES.glob("*.json"):
        assert "brainbashers" not in path.read_text()


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: str(e.ident))
def test_each_sample_meets_its_label(entry):
    """Labels 1, 2, 3 are the levels easy, tricky, hard, at every size."""
    puzzle = Puzzle.from_record(entry.record, entry.label)
    result = solve(puzzle)
    assert result.status == "solved"
    assert broken_rule(puzzle, result.solution) is None
    if "solution" in entry.record:
        assert [list(r) for r in result.solution] == entry.record["solution"]
    if entry.label in SAMPLE_LEVELS:
        wanted = SAMPLE_LEVELS[entry.label]
        assert result.level == entry.record["level"] == wanted
        assert isinstance(entry.record["score"], int) and entry.record["score"] > 0  # as graded when made
        assert search(Grid.start(puzzle)) == [result.solution]  # unique, by the finisher
        assert RANK[result.level] <= RANK["hard"]


def test_sample_files_are_valid_json_store_files():
    for path in SAMPLES.glob("*x*-puzzles.json"):
        data = json.loads(path.read_text())
        assert isinstance(data, dict) and all(isinstance(v, list) for v in data.values())


def test_no_sample_is_repeated():
    seen = [json.dumps({k: e.record[k] for k in ("cells", "clues") if k in e.record}, sort_keys=True) for e in ENTRIES]
    assert len(seen) == len(set(seen))
