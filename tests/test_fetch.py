"""parse_page on the real 2020 page and on our 2026-shape fixtures; fetch end to end through MockTransport."""

import asyncio
import json
import re

import httpx
import pytest
from typer.testing import CliRunner

from ascent import Puzzle, broken_rule
from ascent.cli import app as cli_app, fetching
from ascent.store.fetch import (
    PageError,
    Unreachable,
    fetch_all,
    parse_dates,
    parse_page,
    plan,
)
from ascent.store import all_dates
from tests.pages import page_2026

RECORD4 = {"cells": [[0, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
           "clues": {"upper": [0, 3, 0, 0], "lower": [0, 0, 0, 1], "left": [2, 0, 0, 0], "right": [0, 0, 3, 0]}}
REAL = "showskyscraper-2020-0521-size8-diff3.html"


def real_page(shared):
    return (shared / "brainbashers" / "pages" / REAL).read_text(encoding="cp1252")


def test_real_2020_page_parses_and_agrees_with_its_answer(shared):
    html = real_page(shared)
    rec = parse_page(html, 8, "u")
    assert rec["clues"]["upper"] == [3, 2, 0, 0, 0, 3, 4, 2]
    assert rec["clues"]["left"][:3] == [0, 3, 4] and rec["clues"]["right"][0] == 4
    lcq = re.search(r'lcq = "([^"]+)"', html).group(1)
    lca = re.search(r'lca = "([^"]+)"', html).group(1)
    flat = [v for row in rec["cells"] for v in row]
    assert "".join(str(v) if v else "." for v in flat) == lcq
    answer = [[int(ch) for ch in lca[r * 8:(r + 1) * 8]] for r in range(8)]
    assert broken_rule(Puzzle.from_record(rec), answer) is None
    from ascent import solve
    assert [list(r) for r in solve(Puzzle.from_record(rec)).solution] == answer


def test_2026_fixture_parses():
    rec = parse_page(page_2026(RECORD4), 4, "https://x/?date=0101")
    assert rec["clues"] == RECORD4["clues"] and rec["cells"] == RECORD4["cells"]
    assert rec["url"] == "https://x/?date=0101"


@pytest.mark.parametrize(
    "html, size, words",
    [
        ("<html><body><p>maintenance</p></body></html>", 4, "no puzzle table"),
        (page_2026(RECORD4), 5, "no puzzle table"),
        (page_2026(RECORD4, clue_alt="Clue 9 {}"), 4, "outside 0..4"),
        (page_2026({**RECORD4, "cells": [[5, 0, 0, 0]] + RECORD4["cells"][1:]}), 4, "R1C1"),
        (page_2026({**RECORD4, "clues": {**RECORD4["clues"], "lower": [0, 3, 0, 0]}}), 4, "lower clue 2 (3)"),
    ],
)
def test_damaged_pages_are_refused_with_a_reason(html, size, words):
    with pytest.raises(PageError, match=re.escape(words)):
        parse_page(html, size)


def test_real_page_with_wrong_size_or_answer_is_refused(shared):
    html = real_page(shared)
    with pytest.raises(PageError, match="not 8 rows of 8 cells"):
        parse_page(html, 6)
    broken = html.replace("skyscrapers_files/img/d3.gif", "skyscrapers_files/img/d5.gif", 1)
    with pytest.raises(PageError, match="lca"):
        parse_page(broken, 8)


def test_dates():
    assert len(all_dates()) == 366 and "0229" in all_dates()
    assert parse_dates("0130-0202,0704,0131") == ["0130", "0131", "0201", "0202", "0704"]
    for bad in ("0230", "1301", "0105-0101", "x"):
        with pytest.raises(ValueError):
            parse_dates(bad)


# ---------------------------------------------------------------- end to end, no network
def site(pages=None, fail=None):
    """A fake brainbashers: every 4x4 date serves RECORD4 unless told otherwise; records the requests."""
    seen = []

    def handler(request: httpx.Request) -> httpx.Response:
        url = str(request.url)
        seen.append(url)
        assert "ascent" in request.headers["user-agent"]
        if fail:
            out = fail(url, seen.count(url), len(seen))
            if out is not None:
                return out
        return httpx.Response(200, text=(pages or {}).get(url, page_2026(RECORD4)))

    return handler, seen


def run(store, jobs, handler, **kw):
    kw = {"concurrency": 2, "delay": 0, "backoff": 0, **kw}
    return asyncio.run(fetch_all(store, jobs, transport=httpx.MockTransport(handler), **kw))


def jobs_for(store, dates="0101-0110", refetch=False):
    return plan(store, [4], [1], parse_dates(dates), refetch)[0]


def test_fetch_success_writes_the_store(tmp_path):
    handler, seen = site()
    report = run(tmp_path, jobs_for(tmp_path), handler)
    assert report.fetched == 10 and not report.failed and len(seen) == 10
    data = json.loads((tmp_path / "4x4-puzzles.json").read_text())
    assert [Puzzle.from_record(r).source.date for r in data["1"]] == parse_dates("0101-0110")
    assert data["1"][0]["url"] == "https://www.brainbashers.com/showskyscrapers.asp?date=0101&size=4&diff=1"


def test_a_500_is_retried(tmp_path):
    handler, seen = site(fail=lambda url, tries, total: httpx.Response(500) if "0103" in url and tries == 1 else None)
    report = run(tmp_path, jobs_for(tmp_path, "0101-0105"), handler)
    assert report.fetched == 5 and not report.failed
    assert sum("0103" in u for u in seen) == 2


def test_timeouts_fail_that_page_only(tmp_path):
    def fail(url, tries, total):
        if "0104" in url:
            raise httpx.ReadTimeout("timed out")

    handler, seen = site(fail=fail)
    report = run(tmp_path, jobs_for(tmp_path, "0101-0105"), handler, retries=3)
    assert report.fetched == 4 and len(report.failed) == 1
    assert "ReadTimeout" in report.failed[0][1] and sum("0104" in u for u in seen) == 3


def test_garbage_is_saved_under_failed_and_the_fetch_goes_on(tmp_path):
    garbage = "<html><body>Sorry, the puzzle is resting.</body></html>"
    url = "https://www.brainbashers.com/showskyscrapers.asp?date=0102&size=4&diff=1"
    handler, _ = site(pages={url: garbage})
    report = run(tmp_path, jobs_for(tmp_path, "0101-0103"), handler)
    assert report.fetched == 2 and len(report.failed) == 1
    assert (tmp_path / "failed" / "4x4-d1-0102.html").read_text() == garbage


def test_an_interruption_keeps_what_was_fetched_and_a_rerun_fetches_the_rest(tmp_path):
    def fail(url, tries, total):
        if total == 6:
            raise KeyboardInterrupt

    handler, seen = site(fail=fail)
    report = run(tmp_path, jobs_for(tmp_path), handler, concurrency=1, save_every=100)
    assert report.interrupted and report.fetched == 5
    kept = json.loads((tmp_path / "4x4-puzzles.json").read_text())["1"]
    assert len(kept) == 5
    rest = jobs_for(tmp_path)
    assert len(rest) == 5
    handler2, seen2 = site()
    report = run(tmp_path, rest, handler2)
    assert report.fetched == 5 and len(seen2) == 5
    assert len(json.loads((tmp_path / "4x4-puzzles.json").read_text())["1"]) == 10
    assert not list(tmp_path.glob(".*.tmp"))


def test_no_network_leaves_the_store_byte_for_byte(tmp_path):
    store = tmp_path / "4x4-puzzles.json"
    store.write_text(json.dumps({"1": [dict(RECORD4, date="0101")]}))
    before = store.read_bytes()

    def down(request):
        raise httpx.ConnectError("Name or service not known")

    with pytest.raises(Unreachable, match="cannot reach www.brainbashers.com"):
        run(tmp_path, jobs_for(tmp_path, "0102-0105"), down)
    assert store.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["4x4-puzzles.json"]


def test_fetch_command_end_to_end(tmp_path, monkeypatch):
    handler, seen = site()
    monkeypatch.setattr(fetching, "FETCH_TRANSPORT", httpx.MockTransport(handler))
    runner = CliRunner()
    store = tmp_path / "new"
    args = ["fetch", "--sizes", "4", "--diffs", "1", "--dates", "0101-0103", "--delay", "0", "--store", str(store)]
    r = runner.invoke(cli_app, args)
    assert r.exit_code == 0, r.stderr
    assert "fetched 3, skipped 0, failed 0" in r.stdout
    assert f"note: made the folder {store}" in r.stderr  # a folder never appears without a word
    r = runner.invoke(cli_app, args)
    assert "nothing to fetch" in r.stdout and "all 3 pages are already there" in r.stdout and len(seen) == 3
    assert "made the folder" not in r.stderr
    r = runner.invoke(cli_app, ["solve-one", "4", "--date", "0102", "--store", str(store)])
    assert r.exit_code == 0 and "SOLVED" in r.stdout


def test_fetch_command_without_network_is_one_line(tmp_path, monkeypatch):
    def down(request):
        raise httpx.ConnectError("Name or service not known")

    monkeypatch.setattr(fetching, "FETCH_TRANSPORT", httpx.MockTransport(down))
    r = CliRunner().invoke(cli_app, ["fetch", "--sizes", "6", "--store", str(tmp_path / "s"), "--retries", "1"])
    assert r.exit_code == 3  # not done
    assert r.stderr.strip().splitlines() == ["error: cannot reach www.brainbashers.com: ConnectError: Name or service not known"]
    assert not (tmp_path / "s").exists()


@pytest.mark.parametrize("args", [["--sizes", "9"], ["--sizes", "4", "--diffs", "2"], ["--dates", "0230"], ["--concurrency", "0"]])
def test_fetch_bad_usage(args, tmp_path):
    r = CliRunner().invoke(cli_app, ["fetch", *args, "--store", str(tmp_path)])
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
