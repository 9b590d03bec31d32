"""Issue 40, items 1 and 11: a brainbashers address is answered by its real puzzle or one line (exit 3),
never by a puzzle of our own set; with an empty store, solve-one and play pick from our own set by
level and say so on stderr."""

import json
import re

import pytest
from typer.testing import CliRunner

import ascent.store.urls as links
from ascent import Puzzle
from ascent.cli import app
from ascent.store import SAMPLES, load
from ascent.tools.generate import make

runner = CliRunner()
URL = "https://www.brainbashers.com/showskyscrapers.asp?date=0101&size=6&diff=2"


def the_page_record():
    """A 6x6 puzzle standing for brainbashers' page (not in our own set: another seed)."""
    made = make(6, "tricky", "a brainbashers page", 0)
    rec = made.puzzle.to_record()
    rec["url"] = URL
    return rec, [list(r) for r in made.solution]


def solved(*args) -> list:
    """The solution of ``ascent solve ARGS --json -``."""
    r = runner.invoke(app, ["solve", *args, "--json", "-"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["solution"]


def own_solutions(n: int) -> list:
    return [e.record.get("solution") for e in load(SAMPLES, [n])]


def test_brainbashers_url_with_an_empty_store_is_fetched_never_our_own(default_store, monkeypatch):
    record, solution = the_page_record()
    assert solution not in own_solutions(6)
    asked = []

    def fetch(url, size, transport=None):
        asked.append((url, size))
        return record

    monkeypatch.setattr(links, "fetch_page", fetch)
    r = runner.invoke(app, ["solve", "--url", URL, "--answer"])
    assert r.exit_code == 0, r.output
    assert asked == [(URL, 6)]
    assert "our own set" not in r.stderr
    assert solved("--url", URL) == solution


def test_brainbashers_url_unreachable_with_an_empty_store_is_one_line_exit_3(default_store, monkeypatch, tmp_path):
    import httpx

    class NoNetwork(httpx.Client):
        def __init__(self, *args, **kwargs):
            kwargs["transport"] = httpx.MockTransport(self.refuse)
            super().__init__(*args, **kwargs)

        @staticmethod
        def refuse(request):
            raise httpx.ConnectError("no network", request=request)

    monkeypatch.setattr(httpx, "Client", NoNetwork)
    for date in ("0101", "0102", "0103"):
        url = URL.replace("0101", date)
        r = runner.invoke(app, ["solve", "--url", url, "--answer"])
        assert r.exit_code == 3, r.output
        assert r.stdout == "" and r.stderr.count("\n") == 1 and "fetching it failed" in r.stderr
    page = tmp_path / "p.html"
    r = runner.invoke(app, ["play", "--url", URL, "--html", str(page)])
    assert r.exit_code == 3 and not page.exists() and r.stderr.count("\n") == 1, r.output


def test_play_url_html_draws_the_fetched_puzzle(default_store, monkeypatch, tmp_path):
    record, _ = the_page_record()
    monkeypatch.setattr(links, "fetch_page", lambda url, size, transport=None: record)
    page = tmp_path / "p.html"
    r = runner.invoke(app, ["play", "--url", URL, "--html", str(page)])
    assert r.exit_code == 0, r.output
    text = page.read_text()
    assert "ascent-play/" + Puzzle.from_record(record).to_tatham() in text  # the page's puzzle is the fetched one
    assert URL.replace("&", "&amp;") in text
    assert "our own set" not in r.stderr


def test_our_own_set_has_names_of_its_own_and_no_dates():
    entries = load(SAMPLES)
    assert len(entries) >= 500
    for e in entries:
        assert "date" not in e.record and "url" not in e.record, e.ident
        assert re.fullmatch(r"ascent-(\d)x\1-[a-z]+-\d\d|codewars-.*|full-clues-.*", e.ident), e.ident
    sizes = {e.size for e in entries}
    assert sizes == set(range(4, 10))
    assert sum(p.stat().st_size for p in SAMPLES.glob("*.json")) < 300_000


def test_empty_store_solve_one_picks_our_own_set_by_level_and_says_so(default_store):
    r = runner.invoke(app, ["solve-one", "6", "--answer"])
    assert r.exit_code == 0, r.output
    assert "our own set" in r.stderr and "ascent-6x6-easy-01" in r.stderr
    r = runner.invoke(app, ["solve-one", "7", "--level", "Hard", "--answer", "--json", "-"])
    assert r.exit_code == 0, r.output
    assert "ascent-7x7-hard-01" in r.stderr
    first = next(e for e in load(SAMPLES, [7], ["hard"]))
    assert json.loads(r.stdout)["solution"] == first.record["solution"]
    r = runner.invoke(app, ["solve-one", "5", "--level", "extreme", "--random", "--answer"])
    assert r.exit_code == 0 and re.search(r"ascent-5x5-extreme-\d\d", r.stderr), r.output


@pytest.mark.parametrize("args, words", [
    (["solve-one", "6", "--diff", "2"], "of difficulty 2: the store"),
    (["solve-one", "6", "--date", "0101"], "dated 0101: the store"),
    (["solve-one", "6", "--level", "easy", "--diff", "1"], "give --level, or --diff"),
    (["solve-one", "6", "--level", "medium"], "unknown level 'medium'"),
    (["solve-one", "12", "--level", "easy"], "no 12x12 easy"),
    (["play", "--size", "6", "--diff", "2", "--html", "x.html"], "difficulty 2: the store"),
])
def test_empty_store_never_stands_in_for_a_brainbashers_choice(default_store, args, words):
    r = runner.invoke(app, args)
    assert r.exit_code == 2, r.output
    assert r.stdout == "" and r.stderr.count("\n") == 1 and words in r.stderr, r.stderr


def test_a_store_that_has_puzzles_is_used_not_our_own(tmp_path):
    store = tmp_path / "s"
    store.mkdir()
    record, solution = the_page_record()
    (store / "6x6-puzzles.json").write_text(json.dumps({"2": [record]}))
    r = runner.invoke(app, ["solve-one", "6", "--diff", "2", "--store", str(store), "--json", "-"])
    assert r.exit_code == 0 and json.loads(r.stdout)["solution"] == solution and "own set" not in r.stderr
    r = runner.invoke(app, ["solve", "--url", URL, "--json", "-"], env={"ASCENT_STORE": str(store)})
    assert r.exit_code == 0 and json.loads(r.stdout)["solution"] == solution
    r = runner.invoke(app, ["solve-one", "6", "--level", "easy", "--store", str(store)])
    assert r.exit_code == 2 and "not with --store" in r.stderr


def test_play_picks_our_own_set_by_level(default_store, tmp_path):
    page = tmp_path / "p.html"
    r = runner.invoke(app, ["play", "--size", "8", "--level", "unreasonable", "--html", str(page)])
    assert r.exit_code == 0, r.output
    assert "our own set" in r.stderr and "ascent-8x8-unreasonable-01" in r.stderr and page.exists()
    r = runner.invoke(app, ["play", "--size", "4"], input="quit\n")
    assert r.exit_code == 0 and "ascent-4x4-easy-01" in r.stderr, r.output
