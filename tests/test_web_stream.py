"""The walk-through as the solve finds it: the engine's ``on_step`` hook and the bridge's parts (no browser here;
``tests/test_web.py`` swaps parts in under a reader in Chromium)."""

from __future__ import annotations

import json
import re
from html import escape
from importlib import resources

import pytest

from ascent.export.html import PASS_TAIL, page, script_json, step_items
from ascent.puzzle import Puzzle
from ascent.show.view import build
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


def assemble(html: str, add: dict) -> str:
    """What the viewer's ``ascentView.add`` does to a page, done on its text: the header and title replaced, each
    piece of the step list put in a new pass or the last one (whose title it renews), what follows the steps put
    before the print section, and the new frames' data appended to the page's."""
    head, rest = html.split("<header>\n", 1)
    html = head + add["header"] + rest.split("</header>\n", 1)[1]
    html = re.sub(r"<title>.*?</title>", lambda m: f"<title>{escape(add['title'])}</title>", html, count=1)
    end = "</ol>\n</nav>\n</main>\n"
    steps, rest = html.split(end)
    for piece in add["pieces"]:
        if piece["into"] == "new":
            steps += piece["html"]
        else:
            assert piece["into"] == "last" and steps.endswith(PASS_TAIL)
            steps = steps[: -len(PASS_TAIL)] + piece["html"] + PASS_TAIL
            at = steps.rindex('<li class="pass"><h3>') + len('<li class="pass"><h3>')
            steps = steps[:at] + escape(piece["title"]) + steps[steps.index("</h3>", at):]
    html = steps + end + rest.replace('<section id="print"', add["after"] + '<section id="print"', 1)
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html)
    data = json.loads(found.group(1))
    assert len(data["frames"]) == add["from"] + 1  # it follows on from what the page shows
    data["frames"] += add["frames"]
    data["chains"] += add["chains"]
    data.update(passes=add["passes"], solution=add["solution"])
    return html[: found.start(1)] + script_json(data) + html[found.end(1):]


def _timeless(html: str) -> str:
    return re.sub(r"(solved|ambiguous) in [0-9.]+ m?s", r"\1 in T", html)  # the page says the solve's time


@pytest.mark.parametrize("size,label,k", [("7x7", "codewars", 0), ("6x6", "unreasonable", 0)])  # 1 and 2 forcing steps
def test_parts_add_up_to_the_whole_walk_through(monkeypatch, size, label, k):
    """With a part due at every step, the first part is the page of the first step, and each later one adds what the
    engine found since; the parts and then the last add (``explain`` from the steps shown) make exactly the page of
    the whole walk-through, the one the CLI exports. Each part's steps read as the whole's first steps (a step, once
    shown, never changes) and its header says the solve goes on."""
    monkeypatch.setattr(bridge._Stream, "FIRST", 0.0)
    monkeypatch.setattr(bridge._Stream, "EVERY", 0.0)
    monkeypatch.setattr(bridge._Stream, "SHARE", 1e9)  # a part costs nothing: one at every step
    monkeypatch.setattr(bridge, "PIECE", 600)  # pieces of about one step: a pass's steps come in several
    puzzle = _sample(size, label, k)
    record = bridge._record(puzzle)
    bridge._SOLVES.pop(puzzle, None)
    bridge._VIEWS.pop(puzzle, None)
    parts: list = []
    verdict = bridge.from_record(record, on_part=parts.append)
    assert verdict["status"] == "solved" and verdict["streamed"]["parts"] == len(parts)
    whole = page(build(solve(puzzle)))
    final = _steps(whole)
    assert len(final) == verdict["steps"] + 1  # the start, then every step
    assert [p["steps"] for p in parts] == list(range(1, verdict["steps"] + 1))  # one part a step heard
    assert "html" in parts[0] and all("html" not in p for p in parts[1:])
    shown = parts[0]["html"]
    for p in parts[1:]:
        shown = assemble(shown, p["add"])
        assert _steps(shown) == final[: p["steps"] + 1]
        assert "being solved" in shown and p["final"] is False
    assert any(p["into"] == "last" for q in parts[1:] for p in q["add"]["pieces"])  # a pass grew across parts
    last = bridge.explain(record, parts[-1]["steps"])
    assert last["html"] is None and last["add"]["pieces"] == []  # every step was in the parts: the header is new
    assert _timeless(assemble(shown, last["add"])) == _timeless(whole)
    # a solve already made sends no part: the whole walk-through follows at once
    again: list = []
    assert "streamed" not in bridge.from_record(record, on_part=again.append) or again == []
    assert again == []


@pytest.mark.parametrize("first_page", [1, 2_000, 10**9])
@pytest.mark.parametrize("size,label,k", [("7x7", "codewars", 0), ("6x6", "unreasonable", 0)])
def test_the_whole_walk_through_comes_as_a_first_page_and_the_rest(monkeypatch, first_page, size, label, k):
    """Asked for at once, the walk-through comes as the page of its first steps and what follows them, in pieces;
    together they are the exported page. A page that holds it all comes alone."""
    monkeypatch.setattr(bridge, "FIRST_PAGE", first_page)
    monkeypatch.setattr(bridge, "PIECE", 1_500)
    puzzle = _sample(size, label, k)
    record = bridge._record(puzzle)
    out = bridge.explain(record)
    whole = page(build(solve(puzzle)))
    if first_page > len(whole):
        assert out["add"] is None and _timeless(out["html"]) == _timeless(whole)
        return
    assert 0 < out["add"]["from"] < out["steps"] and len(out["add"]["pieces"]) > 1
    view = build(solve(puzzle))
    one = max(len(step_items([f], puzzle.size)) for f in view.frames[1:])  # a step's items, its chains' links too
    assert all(len(p["html"]) < 1_500 + one + 300 for p in out["add"]["pieces"])  # cut once past PIECE (and a pass head)
    assert _timeless(assemble(out["html"], out["add"])) == _timeless(whole)
    with pytest.raises(ValueError):
        bridge.walk_delta(bridge._view(puzzle)[0], out["steps"] + 1)


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
