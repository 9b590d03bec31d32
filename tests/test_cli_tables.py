"""Issue 40, items 7 and 10: output people paste and grep (grade --each keeps an id on one line; solve-all's
tables read at 80 columns with one-line headings and labelled columns; a set with nothing solved says so),
and messages in our words."""

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from ascent import Puzzle
from ascent.cli import app
from ascent.store import SAMPLES, load

runner = CliRunner()


def run(*args, columns=80):
    env = {**os.environ, "COLUMNS": str(columns)}
    env.pop("ASCENT_STORE", None)
    return subprocess.run([sys.executable, "-m", "ascent", *map(str, args)], capture_output=True, text=True, env=env,
                          timeout=300)


def store_of(tmp_path, sets: dict) -> str:
    """A store of 9x9 records {label: [record, ...]}."""
    folder = tmp_path / "store"
    folder.mkdir()
    (folder / "9x9-puzzles.json").write_text(json.dumps(sets))
    return str(folder)


def nine(level: str, k: int, with_id: bool = True) -> dict:
    rec = dict(load(SAMPLES, [9], [level])[k].record)
    if with_id:
        rec["id"] = Puzzle.from_record(rec).to_tatham()  # ids as long as Tatham's: 90-120 characters
    return rec


@pytest.mark.parametrize("columns", [80, 60])
def test_grade_each_keeps_a_tatham_id_on_one_line_in_a_pipe_and_a_file(tmp_path, columns):
    records = [nine("hard", k) for k in range(3)]
    assert all(len(r["id"]) > columns for r in records)
    store = store_of(tmp_path, {"hard": records})
    r = run("grade", "--store", store, "--each", "--workers", 1, columns=columns)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    for rec in records:
        assert sum(line.endswith(rec["id"]) for line in lines) == 1, r.stdout
    assert lines[0].split()[:3] == ["size", "label", "level"] and lines[0].endswith("id")
    out = tmp_path / "grades.txt"
    with out.open("w") as f:
        subprocess.run([sys.executable, "-m", "ascent", "grade", "--store", store, "--each", "--workers", "1"],
                       stdout=f, env={**os.environ, "COLUMNS": str(columns)}, check=True, timeout=300)
    assert all(sum(line.endswith(rec["id"]) for line in out.read_text().splitlines()) == 1 for rec in records)


def test_solve_all_tables_read_at_80_columns(tmp_path):
    store = store_of(tmp_path, {"hard": [nine("hard", k, False) for k in range(2)],
                                "unreasonable": [nine("unreasonable", k, False) for k in range(2)]})
    r = run("solve-all", "--store", store, "--workers", 1, "--reports", tmp_path / "rep")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    table = [ln for ln in lines[1:] if not ln.startswith("  /")]  # the title and the paths: one line each, whole
    assert all(len(line) <= 80 for line in table), [ln for ln in table if len(ln) > 80]
    heads = [line.split() for line in lines if line.startswith("size ")]
    assert heads[0] == ["size", "label", "puzzles", "logic", "guessed", "unsolved", "seconds", "median", "ms",
                        "median", "score"]
    assert heads[1] == ["size", "label", "hard", "unreasonable"]  # solved puzzles per level: a column a level
    assert heads[2][:2] == ["size", "label"] and "technique" in " ".join(heads[2])
    rows = [line.split() for line in lines if line.startswith("9x9 ")]
    assert ["9x9", "hard", "2", "0"] in rows and ["9x9", "unreasonable", "0", "2"] in rows
    assert any(row[:2] == ["9x9", "hard"] and "sequence" in row for row in rows)
    assert "score -" not in r.stdout and "\n\n\n" not in r.stdout


def test_solve_all_says_nothing_was_solved_in_words(tmp_path):
    rec = nine("unreasonable", 0, False)
    store = store_of(tmp_path, {"unreasonable": [rec]})
    r = run("solve-all", "--store", store, "--workers", 1, "--techniques", "ascent", "--no-backtrack",
            "--reports", tmp_path / "rep")
    assert r.returncode == 3, r.stderr
    assert "none solved" in r.stdout and "nothing was solved, so there are no levels or techniques to count" in r.stdout
    assert "score -" not in r.stdout and "\n\n" not in r.stdout.split("report saved")[0]
    narrow = run("solve-all", "--store", store, "--workers", 1, "--techniques", "ascent", "--no-backtrack",
                 "--reports", tmp_path / "rep", columns=60)
    assert "none solved" in narrow.stdout and "score -" not in narrow.stdout
    assert all(len(line) <= 60 for line in narrow.stdout.splitlines()[1:] if not line.startswith("  /"))


# ---------------------------------------------------------------------------- item 10: messages
def one_line(r, code: int) -> str:
    assert r.exit_code == code, r.output
    assert r.stdout == "" and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    return r.stderr


def test_facing_clues_say_what_is_wrong_with_them():
    said = one_line(runner.invoke(app, ["solve", "--clues", " ".join(["4"] * 16)]), 1)
    assert "4 + 4 = 8" in said and "at most 5" in said and "1 and 1" not in said
    said = one_line(runner.invoke(app, ["solve", "--clues", "1 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0"]), 1)
    assert "both are 1, so the 4 would stand at both ends" in said


def test_option_bounds_in_our_words():
    said = one_line(runner.invoke(app, ["solve", "--clues", " ".join(["0"] * 16), "--timeout", "0"]), 2)
    assert "0 seconds is too short: give at least 0.01 seconds" in said and "Input should" not in said


def test_ragged_loopover_rows_say_which_and_how_long():
    said = one_line(runner.invoke(app, ["loopover", "AB/C", "AB/C"]), 1)
    assert "row 0 'AB' has 2 symbols but row 1 'C' has 1 symbol" in said and "1 symbols" not in said


def test_export_calls_a_trace_a_saved_solve(tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(65 * 1024 * 1024)
    said = one_line(runner.invoke(app, ["export", str(big), "--html", str(tmp_path / "x.html")]), 2)
    assert "too large for a saved solve" in said and "puzzle file" not in said


def test_an_empty_store_says_it_is_empty(tmp_path):
    said = one_line(runner.invoke(app, ["solve-all", "--store", str(tmp_path)]), 2)
    assert "it is empty" in said and "any" not in said
    said = one_line(runner.invoke(app, ["grade", "--store", str(tmp_path), "--sizes", "5"]), 2)
    assert "no puzzles of size 5 in" in said and "any" not in said
