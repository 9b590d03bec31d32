"""Issue 40, item 9: a Loopover run that builds tables says how much it writes and where, shows progress,
and counts the build in the summary's time; ``ascent loopover --prepare`` builds every table ahead of time.
Small tables under tmp_path (a few pieces each), never the full ones."""

import importlib
import re

import pytest
from typer.testing import CliRunner

from ascent.cli import app
from loopover import five_tables as ft
from loopover import lastline, pattern
from tests.test_loopover_five import SMALL1, SMALL2, scrambled

solve_module = importlib.import_module("loopover.solve")
runner = CliRunner()


@pytest.fixture
def small(monkeypatch, tmp_path):
    folder = tmp_path / "tables"
    monkeypatch.setenv("ASCENT_LOOPOVER_TABLES", str(folder))
    monkeypatch.setattr(ft, "PHASE1", SMALL1)
    monkeypatch.setattr(ft, "PHASE2", SMALL2)
    monkeypatch.setattr(pattern, "PIECES", (0, 1, 2))
    monkeypatch.setattr(lastline, "MAX_COLS", 5)
    monkeypatch.setattr(solve_module, "_LOADED5", {})
    return folder


def test_the_first_5x5_run_says_what_it_writes_and_counts_the_build(small):
    start, target = scrambled(6, 61)
    r = runner.invoke(app, ["loopover", str(start), str(target)])
    assert r.exit_code == 0, r.stderr
    note = re.search(r"note: building the 5x5 pattern tables once \(.*\): about ([\d.]+) (MB|kB) written to (\S+)",
                     r.stderr)
    assert note and note.group(3) == str(small), r.stderr
    written = sum(p.stat().st_size for p in small.iterdir())
    said = float(note.group(1)) * (1e6 if note.group(2) == "MB" else 1e3)
    assert abs(said - written) < 0.1 * written + 2_000  # what it said it would write is what it wrote
    built = re.search(r"5x5 pattern tables are built \((\d+) s, ([\d.]+ (MB|kB))\)", r.stderr)
    assert built, r.stderr
    summary = re.search(r"5x5 board: \d+ moves, .*; ([\d.]+) s, of which ([\d.]+) s building the tables", r.stdout)
    assert summary and float(summary.group(1)) >= float(summary.group(2)), r.stdout
    again = runner.invoke(app, ["loopover", str(start), str(target)])
    assert again.exit_code == 0 and "building" not in again.stderr and re.search(r"; [\d.]+ ms\n", again.stdout)


def test_prepare_builds_every_table_once_and_says_where_and_how_much(small):
    r = runner.invoke(app, ["loopover", "--prepare"])
    assert r.exit_code == 0, r.output
    for what in ("4x4 pattern tables", "5x5 pattern tables", "last-line tables"):
        assert f"note: building the {what} once" in r.stderr and f"the {what} are built" in r.stderr
    total = sum(p.stat().st_size for p in small.iterdir())
    last = r.stdout.strip().splitlines()[-1]
    assert last.startswith("built the 4x4 pattern tables and the 5x5 pattern tables and the last-line tables in")
    assert str(small) in last and re.search(r"take [\d.]+ (MB|kB)", last)
    assert pattern.cached() and ft.cached() and all(lastline.cached(n) for n in range(3, 6))
    again = runner.invoke(app, ["loopover", "--prepare"])
    assert again.exit_code == 0 and "building" not in again.stderr
    assert again.stdout.count("already built") == 3 and "nothing to build" in again.stdout
    assert sum(p.stat().st_size for p in small.iterdir()) == total
    start, target = scrambled(6, 62)
    r = runner.invoke(app, ["loopover", str(start), str(target)])
    assert r.exit_code == 0 and "building" not in r.stderr


def test_prepare_takes_no_boards(small):
    r = runner.invoke(app, ["loopover", "AB/CD", "BA/CD", "--prepare"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "no boards" in r.stderr


def test_the_5x5_build_says_how_far_it_is_as_a_share_of_all_its_tables(small):
    heard = []
    ft.load(progress=heard.append)
    shares = [int(text.split("%")[0]) for text in heard]
    assert heard[-1] == "100%, phase 2" and shares == sorted(shares) and shares[0] < 50
    assert any(text.endswith("phase 1") for text in heard)
