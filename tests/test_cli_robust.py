"""Issue 16: Ctrl-C stops multi-worker runs, output files are checked first and never lost, one exit-code table."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
# a Tatham 9x9 "unreasonable": about a second a solve, so a run of 30 is still going after 5 s
SLOW = "9:4/4///1/3/5//3/2//3//3/3/2//4//////6/3/4///3/4/3/4///2/3,e1j1b2_3e4a1c2_4b6m7a5zb"
COUNT = 30


def env(**more):
    e = {**os.environ, "COLUMNS": "80", "PYTHONPATH": str(ROOT), **more}
    e.pop("ASCENT_STORE", None)
    return e


def run(*args, **kw):
    return subprocess.run([sys.executable, "-m", "ascent", *map(str, args)], capture_output=True, text=True,
                          env=env(), timeout=60, **kw)


def slow_store(folder: Path) -> Path:
    from ascent import Puzzle

    record = Puzzle.from_tatham(SLOW).to_record()
    folder.mkdir()
    (folder / "9x9-puzzles.json").write_text(json.dumps({"hard": [dict(record, id=f"p{k}") for k in range(COUNT)]}))
    return folder


def interrupt_after(seconds: float, *args):
    """Run the command in its own process group and press Ctrl-C (SIGINT to the group, as a terminal does)."""
    proc = subprocess.Popen([sys.executable, "-m", "ascent", *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env(), start_new_session=True)
    time.sleep(seconds)
    pressed = time.perf_counter()
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    return proc.returncode, out, err, time.perf_counter() - pressed


@pytest.mark.parametrize("command", ["solve-all", "grade"])
def test_ctrl_c_stops_workers_keeps_what_was_done(tmp_path, command):
    store = slow_store(tmp_path / "store")
    extra = ["--reports", tmp_path / "reports"] if command == "solve-all" else []
    code, out, err, took = interrupt_after(5.0, command, "--store", store, "--workers", 2,
                                           "--json", tmp_path / "out.json", *extra)
    assert code == 130, (out, err)
    assert took < 3.0, took  # within a second or so of the key, on a busy 2-core machine
    last = err.strip().splitlines()[-1]
    assert last.startswith("interrupted: ") and last.endswith(f" of {COUNT} done"), err
    done = int(last.split()[1])
    assert 0 < done < COUNT
    assert "Traceback" not in err
    data = json.loads((tmp_path / "out.json").read_text())
    assert data["partial"] is True and data["done"] == done and data["total"] == COUNT
    assert len(data["puzzles"]) == done
    if command == "solve-all":
        report = json.loads((tmp_path / "reports" / "solve-all-store.json").read_text())
        assert report["partial"] is True and report["done"] == done
        assert "Partial: interrupted" in (tmp_path / "reports" / "solve-all-store.md").read_text()


# ------------------------------------------------------------------ output files
@pytest.mark.parametrize("option", ["--json", "--html", "--svg", "--markdown"])
def test_output_path_checked_before_the_solve(tmp_path, option):
    for path, words in ((tmp_path, "is a folder"), (tmp_path / "no" / "t.out", "the folder")):
        r = run("solve", "--clues", KATA, option, path)
        assert r.returncode == 2, r.stderr
        assert r.stdout == ""  # nothing solved, nothing printed
        assert r.stderr.startswith(f"error: {option} {path}: {words}") and r.stderr.count("\n") == 1, r.stderr
    assert not (tmp_path / "no").exists()  # a missing folder is never made silently


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_output_without_permission(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    r = run("solve", "--clues", KATA, "--json", locked / "t.json")
    assert r.returncode == 2 and "no permission" in r.stderr


def test_closed_stdout_never_loses_a_file(tmp_path):
    """ascent solve ... --json t.json --html t.html | head -1: the files are still written."""
    for args in (("solve", "--clues", KATA, "--html", tmp_path / "t.html"),
                 ("solve-all", "--store", ROOT / "ascent" / "samples", "--sizes", 4, "--workers", 1,
                  "--reports", tmp_path / "r")):
        cmd = [sys.executable, "-m", "ascent", *map(str, args), "--json", str(tmp_path / "t.json")]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
        proc.stdout.readline()
        proc.stdout.close()  # the reader goes away after one line, as head -1 does
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 0, err
        assert "Traceback" not in err
        assert json.loads((tmp_path / "t.json").read_text())
        (tmp_path / "t.json").unlink()
    assert "<html" in (tmp_path / "t.html").read_text().lower()


def test_loopover_json_dash_is_stdout(tmp_path):
    r = subprocess.run([sys.executable, "-m", "ascent", "loopover", "DCA/BEF", "BAE/FCD", "--json", "-"],
                       capture_output=True, text=True, env=env(), cwd=tmp_path, timeout=60)
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "-").exists()
    assert '"moves"' in r.stdout
