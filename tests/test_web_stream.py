"""The walk-through as the solve finds it: the engine's ``on_step`` hook and the bridge's parts (no browser here;
``tests/test_web.py`` swaps parts in under a reader in Chromium)."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from ascent.puzzle import Puzzle
from ascent.solver.engine import forget, solve
from ascent.web import bridge


def _sample(size: str, label: str, k: int) -> Puzzle:
    data = json.loads(resources.files("ascent.store.samples").joinpath(f"{size}-puzzles.json").read_text())
    return Puzzle.from_record(data[label][k])


def _trace(result) -> dict:
    data = result.to_dict()
    del data["seconds"]
    return data


@pytest.mark.parametrize("size,label,k", [("6x6", "hard", 0), ("7x7", "codewars", 0), ("9x9", "unreasonable", 1)])
def test_on_step_hears_every_step_in_order_and_changes_no_trace(size, label, k):
    """Each step the pass loop records is heard once, in order, with the pass it was appended to, at the moment it is
    appended; a listener that reads every sentence at once (as the web app's parts do) leaves the trace the same."""
    puzzle = _sample(size, label, k)
    forget()
    plain = solve(puzzle)
    heard: list = []

    def hear(step, in_pass):
        assert in_pass.steps[-1] is step  # heard as it is appended, before the next
        heard.append((step, in_pass))
        step.reason
        for link in step.links:
            link.reason

    forget()
    listened = solve(puzzle, on_step=hear)
    assert [(id(s), id(p)) for s, p in heard] == [(id(s), id(p)) for p in listened.passes for s in p.steps]
    assert len(heard) == plain.step_count > 0
    assert _trace(listened) == _trace(plain)
    if label == "codewars":
        assert any(s.technique == "forcing" for s, _ in heard)  # a chain's sentences read early too


def _steps(html: str) -> list[str]:
    """The step list of a walk-through page: each step button's inside, in order."""
    return re.findall(r'<button type="button" class="step" data-f="\d+">(.*?)</button>', html)


def test_parts_are_the_first_steps_of_the_whole_walk_through(monkeypatch):
    """With a part due at every step, each part holds the steps found so far, and they read exactly as the whole
    walk-through's first steps (a step, once shown, never changes); the header says the solve goes on."""
    monkeypatch.setattr(bridge._Stream, "FIRST", 0.0)
    monkeypatch.setattr(bridge._Stream, "EVERY", 0.0)
    monkeypatch.setattr(bridge._Stream, "SHARE", 1e9)  # a part costs nothing: one at every step
    puzzle = _sample("7x7", "codewars", 0)
    record = bridge._record(puzzle)
    bridge._SOLVES.pop(puzzle, None)
    bridge._VIEWS.pop(puzzle, None)
    parts: list = []
    verdict = bridge.from_record(record, on_part=parts.append)
    assert verdict["status"] == "solved"
    whole = bridge.explain(record)
    final = _steps(whole["html"])
    assert len(final) == whole["steps"] + 1 == verdict["steps"] + 1  # the start, then every step
    assert [p["steps"] for p in parts] == list(range(1, verdict["steps"] + 1))  # one part a step heard
    for p in parts:
        shown = _steps(p["html"])
        assert len(shown) == p["steps"] + 1 and shown == final[: p["steps"] + 1]
        assert "being solved" in p["html"] and p["final"] is False
        assert 'id="print-button"' in p["html"]  # the viewer's script binds it: without it the script stops
    assert "being solved" not in whole["html"]
    # a solve already made sends no part: the whole walk-through follows at once
    again: list = []
    bridge.from_record(record, on_part=again.append)
    assert again == []


def test_a_part_is_sent_when_the_solve_turns_to_counting_solutions(monkeypatch):
    """The engine counts solutions once the easy logic is done (which may take a while): the steps found by then
    are sent at once, however recently the last part went."""
    monkeypatch.setattr(bridge._Stream, "FIRST", 3600.0)
    monkeypatch.setattr(bridge._Stream, "EVERY", 3600.0)
    puzzle = _sample("7x7", "codewars", 0)
    record = bridge._record(puzzle)
    bridge._SOLVES.pop(puzzle, None)
    tiers: list = []
    parts: list = []
    bridge.from_record(record, on_tier=tiers.append, on_part=parts.append)
    assert "counting solutions" in tiers  # the reader's progress still hears every tier
    assert len(parts) == 1 and 0 < parts[0]["steps"] < bridge.from_record(record)["steps"]
