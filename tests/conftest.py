import json
import os
import signal
from pathlib import Path

import pytest

# A shell that starts pytest in the background (``pytest &``, a script's ``( ... & )``) starts it with SIGINT
# ignored, and every process it starts inherits that: Ctrl-C would then reach no command under test, and the
# Ctrl-C tests (test_cli_robust, test_files_trust) would wait for an exit that never comes. Python's own
# handler, as in a foreground run, is put back; the commands the tests start then get the default at exec.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The files that take longest, started first. pyproject's addopts run the tests on every core (pytest-xdist,
# -n auto) with --dist loadfile: each file runs whole on one worker (its module and session fixtures -- a
# browser, a built site, a solved dev set -- made once), handed out in collection order
# (--no-loadscope-reorder). Were these last, one worker would still be on them while the other waits.
# Order only: every test runs, and runs the same. Longest first, from a run with --durations on 2 cores.
SLOW_FIRST = ("test_corpus.py", "test_web.py", "test_reader_grid.py", "test_share_browser.py", "test_files_trust.py",
              "test_pages_a11y.py", "test_cli_help.py", "test_cli_robust.py", "test_loopover_block.py",
              "test_loopover.py", "test_propagate.py", "test_puzzlink.py", "test_readme.py", "test_play_keys.py")


def pytest_collection_modifyitems(config, items):
    rank = {name: k for k, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: each file keeps its own order


SHARED = Path(os.environ.get("ASCENT_SHARED") or Path(__file__).resolve().parents[1].parent / "shared")  # ../shared


def shared_sets(folder: str):
    """(size, label, record) for every puzzle in ../shared/<folder>."""
    root = SHARED / folder
    out = []
    for path in sorted(root.glob("*x*-puzzles.json")):
        n = int(path.name.split("x")[0])
        for label, records in json.loads(path.read_text()).items():
            for rec in records:
                out.append((n, label, rec))
    return out


@pytest.fixture(scope="session")
def shared():
    if not (SHARED / "brainbashers").is_dir():
        pytest.skip("../shared is not beside the project")
    return SHARED


@pytest.fixture(autouse=True)
def loopover_tables_in_tmp(tmp_path, monkeypatch):
    """Loopover's pattern tables go under tmp_path, never into the user's data folder: a test that needs a
    table builds it there (``small_loopover_tables`` makes that quick)."""
    monkeypatch.setenv("ASCENT_LOOPOVER_TABLES", str(tmp_path / "loopover-tables"))


@pytest.fixture
def small_loopover_tables(monkeypatch, tmp_path):
    """4x4 boards build a three-piece pattern table under tmp_path, never the user's six-piece one (17 s);
    5x5 boards small two-phase tables (three pieces each), never the full ones (about a minute, 170 MB)."""
    from loopover import five_tables, pattern

    monkeypatch.setenv("ASCENT_LOOPOVER_TABLES", str(tmp_path / "tables"))
    monkeypatch.setattr(pattern, "PIECES", (0, 1, 2))
    monkeypatch.setattr(five_tables, "PHASE1", {"P": (0, 1, 2)})
    monkeypatch.setattr(five_tables, "PHASE2", (0, 1, 2))
    return tmp_path / "tables"


@pytest.fixture
def default_store(tmp_path, monkeypatch):
    """The CLI's default store (fetched/ in its data folder) is an empty folder under tmp_path."""
    import ascent.store as store

    monkeypatch.delenv("ASCENT_STORE", raising=False)
    monkeypatch.setattr(store, "home", lambda: tmp_path)
    return tmp_path / "fetched"


WEAK = ["ascent", "sudoku", "solve", "forcing"]  # forcing over the weakest tiers: where every-branch forcing shows


def every_branch_solve(shared, limit: int = 60):
    """The first brainbashers 4x4 (difficulty 3) whose solve with forcing over the weakest tiers (WEAK)
    takes an every-branch forcing step, solved so: which puzzle that is depends on which suppositions
    forcing weighs, so the tests look for one rather than name it."""
    import json

    from ascent import Puzzle, solve

    recs = json.loads((shared / "brainbashers" / "4x4-puzzles.json").read_text())["3"]
    for rec in recs[:limit]:
        result = solve(Puzzle.from_record(rec, "3"), logic_only=True, techniques=WEAK)
        if any(s.branches for s in result.steps):
            return result
    pytest.fail(f"no every-branch forcing step in the first {limit} 4x4 puzzles of difficulty 3")
