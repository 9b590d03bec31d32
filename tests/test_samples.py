"""The embedded sample set: ours to ship, every label true to its meaning, every answer right."""

import json

import pytest

from ascent import Puzzle, broken_rule, solve
from ascent.cli.base import SAMPLES
from ascent.engine import EASY
from ascent.generate import NO_FORCING
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
    puzzle = Puzzle.from_record(entry.record, entry.label)
    techniques = {"1": None, "2": EASY, "3": NO_FORCING}.get(entry.label)
    result = solve(puzzle, logic_only=True, techniques=techniques)
    if entry.label == "1":
        assert puzzle.clue_count() == 4 * puzzle.size
        result = solve(puzzle)  # full clues: unique is what the label promises
    assert result.status == "solved"
    assert broken_rule(puzzle, result.solution) is None
    if "solution" in entry.record:
        assert [list(r) for r in result.solution] == entry.record["solution"]
    if entry.label == "3":
        assert puzzle.clue_count() < 4 * puzzle.size


def test_sample_files_are_valid_json_store_files():
    for path in SAMPLES.glob("*x*-puzzles.json"):
        data = json.loads(path.read_text())
        assert isinstance(data, dict) and all(isinstance(v, list) for v in data.values())
