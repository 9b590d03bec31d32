"""Markdown posts (issue 40, item 8): every kept step keeps its reason; whole chains and grids while there is room,
the longest dropped first; a post says what it left out and links the page that has it."""

import json
import re

import pytest
from typer.testing import CliRunner

from ascent import Puzzle
from ascent.cli import app
from ascent.export import markdown, walkthrough
from ascent.export.markdown import HIDDEN, Plan, choose, md_escape
from ascent.show.view import build
from ascent.solver.engine import solve

runner = CliRunner()
FORCING_5 = "5://////////2//4//3//3/2/5/"  # a 5x5 whose hardest step is forcing (ascent generate 5 -l unreasonable --seed 6)


def flat(text: str) -> str:
    """The post as one line of single spaces, so a sentence wrapped over lines is found whole."""
    return " ".join(text.split())


def kept_frames(view, plan: Plan):
    passes = view.passes if plan.passes is None else view.passes[: plan.passes]
    for pv in passes:
        for f in pv.frames:
            if f.technique in HIDDEN and pv.kind not in HIDDEN and not f.chains and not f.broken:
                continue  # sudoku's cross-outs inside another pass: one sentence says what they all do
            yield f


def assert_every_kept_step_has_its_reason(view, md: str, plan: Plan):
    text = flat(md)
    frames = list(kept_frames(view, plan))
    assert frames
    for f in frames:
        assert f"**{f.number}**" in text, f.number
        assert flat(md_escape(f.sentence).rstrip(".")) in text, (f.number, f.sentence)


@pytest.fixture(scope="module")
def small():
    return build(solve(Puzzle.from_tatham("4:/2//3/////2//1////2/")))


@pytest.fixture(scope="module")
def forcing5():
    return build(solve(Puzzle.from_tatham(FORCING_5), logic_only=True))


@pytest.fixture(scope="module")
def nine(shared):
    recs = json.loads((shared / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"]
    return build(solve(Puzzle.from_record(recs[3]), logic_only=True))  # 18 forcing steps: not all fit


def test_a_small_post_keeps_every_reason_and_leaves_nothing_out(small, forcing5):
    for view in (small, forcing5):
        md = walkthrough(view, page="solve.html")
        plan = choose(view, "solve.html")
        assert_every_kept_step_has_its_reason(view, md, plan)
        assert plan.passes is None and "leaves out" not in md
        forcing = [f for f in view.frames if f.chains]
        assert plan.chains == {(f.number, k) for f in forcing for k in range(len(f.chains))}
        assert md.count("<details>") == sum(len(f.chains) for f in forcing)


def test_a_9x9_post_keeps_every_reason_within_a_forum_post(nine):
    md = walkthrough(nine, page="solve.html")
    plan = choose(nine, "solve.html")
    assert_every_kept_step_has_its_reason(nine, md, plan)
    assert plan.passes is None  # every step
    assert len(md) <= markdown.LIMIT and max(len(line) for line in md.split("\n")) <= markdown.WIDTH


def test_whole_chains_are_the_shortest_and_the_rest_is_said_and_linked(nine, monkeypatch):
    """Below the room every chain needs, the chains kept whole are the shortest ones; the post says how many
    it left out and links the page that has them; each chain it keeps is whole, to its end."""
    core = len(markdown._compose(nine, Plan(), "solve.html"))
    monkeypatch.setattr(markdown, "TARGET", core + 6000)
    plan = choose(nine, "solve.html")
    md = walkthrough(nine, page="solve.html")
    assert len(md) <= core + 6000
    costs = {key: cost for cost, kind, key in markdown.extras(nine) if kind == "chains"}
    kept = [costs[k] for k in plan.chains]
    dropped = [costs[k] for k in costs if k not in plan.chains]
    assert kept and dropped
    assert max(kept) <= min(dropped)  # the longest go first
    chains = len(costs)
    assert f"leaves out {len(dropped)} of the {chains} forcing chains" in flat(md)
    assert "[solve.html](solve.html), the HTML walk-through that --html solve.html writes beside this post" in flat(md)
    for number, k in plan.chains:  # a kept chain is every link, then its end
        chain = nine.frames[number].chains[k]
        whole = flat(markdown.chain_text(chain, nine.puzzle.size, nine.frames[number].step.contradiction is not None))
        assert whole in flat(md)
        assert "more)" not in whole and "more cell" not in whole  # every link, each with every cell it changed
    assert_every_kept_step_has_its_reason(nine, md, plan)


def test_a_post_over_a_forum_post_uses_the_whole_limit_for_chains(nine, monkeypatch):
    """When the reasons alone pass TARGET, chains may fill up to LIMIT (GitHub's comment size) instead."""
    core = len(markdown._compose(nine, Plan(), "solve.html"))
    monkeypatch.setattr(markdown, "TARGET", core - 1)
    monkeypatch.setattr(markdown, "LIMIT", core + 5000)
    plan = choose(nine, "solve.html")
    md = walkthrough(nine, page="solve.html")
    assert core < len(md) <= core + 5000 and plan.chains


def test_left_out_counts_are_the_plans(nine, monkeypatch):
    monkeypatch.setattr(markdown, "extras", lambda view: [])  # nothing beyond the reasons
    assert choose(nine, None) == Plan()
    md = flat(walkthrough(nine))
    forcing = [f for f in nine.frames if f.chains]
    assert "<details>" not in md
    assert f"leaves out {sum(len(f.chains) for f in forcing)} of the" in md
    assert f"the grid before {len(forcing)} forcing steps" in md
    assert "the HTML walk-through that --html FILE writes, and in the full post that --markdown-full writes" in md


def test_the_cli_links_the_page_beside_the_post(tmp_path, monkeypatch):
    """solve --markdown x.md links x.html (what --html x.html would write beside it); with --html, that page,
    as seen from the post's folder."""
    monkeypatch.setattr(markdown, "extras", lambda view: [])  # so that something is left out, and linked
    post = tmp_path / "posts" / "walk.md"
    post.parent.mkdir()
    r = runner.invoke(app, ["solve", "--tatham", FORCING_5, "--markdown", str(post)])
    assert r.exit_code == 0, r.stderr
    assert "[walk.html](walk.html)" in post.read_text()
    page = tmp_path / "pages" / "it.html"
    page.parent.mkdir()
    r = runner.invoke(app, ["solve", "--tatham", FORCING_5, "--markdown", str(post), "--html", str(page)])
    assert r.exit_code == 0, r.stderr
    assert "[../pages/it.html](../pages/it.html)" in post.read_text() and page.exists()


def test_a_page_address_is_linked_as_given():
    assert markdown._page_link("https://example.org/a b.html") == "[https://example.org/a b.html](https://example.org/a%20b.html)"
    assert re.search(r"\]\(x\.html\)", markdown._page_link("x.html"))
