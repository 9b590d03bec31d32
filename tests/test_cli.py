"""The real commands through typer's CliRunner: output, every exit code, and bad input as one line."""

import json

import pytest
from typer.testing import CliRunner

from ascent.cli import app

runner = CliRunner()
KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
MEDVED = "3 3 2 1 2 2 3 4 3 2 4 1 4 2 2 4 1 4 5 3 2 3 1 4 2 5 2 3"


def invoke(*args, **kw):
    return runner.invoke(app, [str(a) for a in args], **kw)


def one_line_error(result, code, *words):
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.stdout + result.stderr
    for w in words:
        assert w in lines[0]


# ---------------------------------------------------------------- solve
def test_solve_clues_shows_passes_and_solution():
    r = invoke("solve", "--clues", KATA)
    assert r.exit_code == 0
    assert "Start: 4x4" in r.stdout and "Pass 1" in r.stdout and "SOLVED" in r.stdout
    assert "3  1  3  4  2  2" in r.stdout  # the first row of the answer between its clues


def test_solve_debug_lists_steps():
    r = invoke("solve", "--clues", MEDVED, "--debug", "--no-backtrack")
    assert r.exit_code == 0
    assert "ascent       row 1 from the left (clue 3)" in r.stdout
    assert "forcing" in r.stdout and "grade forcing" in r.stdout and "no backtracking" in r.stdout


def test_solve_keys_tatham_and_file(tmp_path):
    assert invoke("solve", "--keys", "0003010002003000", "--state", "4--22----234-4--", "--size", 4).exit_code == 0
    assert invoke("solve", "--tatham", "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1").exit_code == 0
    rec = tmp_path / "p.json"
    rec.write_text(json.dumps({"clues": {"upper": [4, 3, 2, 2, 1], "lower": [2, 2, 2, 1, 3],
                                         "left": [4, 3, 2, 1, 3], "right": [1, 2, 3, 2, 2]}}))
    assert invoke("solve", "--file", rec).exit_code == 0


def test_solve_json_has_status_solution_and_steps(tmp_path):
    out = tmp_path / "out.json"
    r = invoke("solve", "--clues", KATA, "--json", out)
    assert r.exit_code == 0
    data = json.loads(out.read_text())
    assert data["status"] == "solved" and data["solution"][0] == [1, 3, 4, 2]
    step = data["passes"][0]["steps"][0]
    assert {"technique", "lane", "clue", "cells", "eliminated", "placed", "reason"} <= set(step)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--clues", "1 2 3"], ["4N numbers, got 3"]),
        (["--clues", "1 2 x 4 1 2 3 4 1 2 3 4 1 2 3 4"], ["'x'"]),
        (["--clues", "5 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"], ["clockwise clue 1 is 5"]),
        (["--keys", "0000000000000000", "--state", "11--------------"], ["1 is given twice in row 1"]),
        (["--keys", "0000000000000000", "--state", "--"], ["state has 2"]),
        (["--tatham", "garbage"], ["size and a colon"]),
    ],
)
def test_solve_bad_data_is_one_line_exit_1(args, words):
    one_line_error(invoke("solve", *args), 1, *words)


def test_solve_missing_file_is_usage_exit_2():
    one_line_error(invoke("solve", "--file", "/no/such/file.json"), 2, "no such file")


def test_solve_garbage_file_is_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    one_line_error(invoke("solve", "--file", bad), 2, "not valid JSON")  # not JSON: a bad file
    bad.write_text("[1, 2]")
    one_line_error(invoke("solve", "--file", bad), 1, "JSON object")


@pytest.mark.parametrize(
    "args",
    [
        [],  # nothing to solve
        ["--clues", KATA, "--keys", "0003010002003000"],  # two inputs
        ["--state", "----"],  # state without keys
        ["--clues", KATA, "--bogus"],
    ],
)
def test_solve_bad_usage_is_exit_2(args):
    one_line_error(invoke("solve", *args), 2)


def test_not_solved_is_exit_3():
    r = invoke("solve", "--clues", " ".join(["0"] * 16))
    assert r.exit_code == 3 and "AMBIGUOUS" in r.stdout
    r = invoke("solve", "--clues", " ".join(["0"] * 16), "--no-backtrack")
    assert r.exit_code == 3 and "AMBIGUOUS" in r.stdout  # logic only still says ambiguous, not merely stuck
    r = invoke("solve", "--keys", "0000000040000000", "--state", "2---------------")
    assert r.exit_code == 3 and "CONTRADICTION" in r.stdout


# ---------------------------------------------------------------- solve-one
def test_solve_one_falls_back_to_our_own_set(default_store):
    r = invoke("solve-one", 7, "--level", "tricky", "--debug")
    assert r.exit_code == 0, r.stderr
    assert "own set" not in r.stdout and "our own set" in r.stderr  # the notice is on stderr
    assert r.stdout.startswith("Start: 7x7, difficulty tricky\n") and "SOLVED" in r.stdout


def test_solve_one_from_the_archive_by_date(shared):
    r = invoke("solve-one", 5, "--diff", 2, "--date", "1217", "--debug", "--store", shared / "brainbashers")
    assert r.exit_code == 0
    assert "Start: 5x5, difficulty 2, date 1217" in r.stdout
    assert "peak bounds" in r.stdout and "Pass 2" in r.stdout and "SOLVED" in r.stdout


def test_solve_one_uses_the_store_from_the_environment(shared):
    r = runner.invoke(app, ["solve-one", "4", "--diff", "3", "--random-date"], env={"ASCENT_STORE": str(shared / "brainbashers")})
    assert r.exit_code == 0 and "difficulty 3" in r.stdout


def test_solve_one_errors(tmp_path, shared):
    store = shared / "brainbashers"
    one_line_error(invoke("solve-one", 5, "--diff", 2, "--date", "1399", "--store", store), 2, "--date")
    one_line_error(invoke("solve-one", 5, "--date", "0101", "--random-date", "--store", store), 2, "not both")
    one_line_error(invoke("solve-one", 7, "--diff", 3, "--store", store), 2, "no 7x7 puzzles with difficulty 3", "7x7: 1, 2")
    one_line_error(invoke("solve-one", "seven"), 2)
    mine = tmp_path / "store"
    mine.mkdir()
    (mine / "5x5-puzzles.json").write_text(json.dumps({"1": [{"date": "0101", "clues": {"upper": [0] * 5}}]}))
    one_line_error(invoke("solve-one", 5, "--store", mine), 1, "5x5-puzzles.json", "clues.lower")


def test_corrupt_store_is_named_and_left_alone(tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    bad = store / "6x6-puzzles.json"
    bad.write_text('{"1": [')
    before = bad.read_bytes()
    for cmd in (["solve-one", 6], ["solve-all"]):
        one_line_error(invoke(*cmd, "--store", store), 2, str(bad), "not valid JSON")  # not a store file: usage
    assert bad.read_bytes() == before


# ---------------------------------------------------------------- solve-all
def test_solve_all_table_reports_and_json(tmp_path, shared):
    out = tmp_path / "all.json"
    r = invoke("solve-all", "--store", shared / "brainbashers", "--sizes", 4, "--sizes", 5, "--diffs", "1,3",
               "--no-backtrack", "--workers", 2, "--json", out, "--reports", tmp_path / "reports")
    assert r.exit_code == 0, r.stderr
    assert "1460 of 1460 solved" in r.stdout
    data = json.loads(out.read_text())
    assert [(s["size"], s["diff"]) for s in data["sets"]] == [(4, "1"), (4, "3"), (5, "1"), (5, "3")]
    assert all(s["solved_logic"] == s["total"] == 365 for s in data["sets"])
    assert set(data["sets"][0]) >= {"size", "diff", "total", "solved_logic", "solved_backtrack", "unsolved", "seconds", "grades",
                                    "levels", "median_score"}
    assert sum(data["sets"][0]["levels"].values()) == 365
    p = data["puzzles"][0]
    assert set(p) == {"size", "diff", "id", "status", "grade", "level", "score", "steps", "seconds", "solution"}
    assert p["id"].startswith("https://www.brainbashers.com/")
    md = (tmp_path / "reports" / "solve-all-brainbashers-sizes-4-5-diffs-1-3-logic.md").read_text()
    assert "| 4x4 | 1 | 365 | 365 |" in md and "Date: " in md
    assert json.loads((tmp_path / "reports" / "solve-all-brainbashers-sizes-4-5-diffs-1-3-logic.json").read_text())["sets"]


def test_solve_all_checks_recorded_solutions_and_shows_failures(tmp_path, shared):
    store = tmp_path / "store"
    store.mkdir()
    data = json.loads((shared / "generated" / "5x5-puzzles.json").read_text())
    hard = data["hard"][:3]
    hard[1] = dict(hard[1], solution=[row[::-1] for row in hard[1]["solution"]])  # a wrong recorded answer
    open5 = {"id": "open", "clues": {s: [0] * 5 for s in ("upper", "lower", "left", "right")}}
    (store / "5x5-puzzles.json").write_text(json.dumps({"hard": hard, "mine": [open5]}))
    out = tmp_path / "o.json"
    r = invoke("solve-all", "--store", store, "--show-fail", "--workers", 1, "--json", out, "--reports", tmp_path / "rep")
    assert r.exit_code == 3
    puzzles = {p["id"]: p for p in json.loads(out.read_text())["puzzles"]}
    assert puzzles[hard[1]["id"]]["status"] == "wrong"
    assert puzzles["open"]["status"] == "ambiguous" and puzzles["open"]["solution"] is None
    assert "2 of 4 solved" in r.stdout and "where it stopped" in r.stdout


def test_solve_all_embedded_default_and_usage_errors(tmp_path, default_store):
    r = invoke("solve-all", "--sizes", 4, "--workers", 1, "--reports", tmp_path / "rep")
    assert r.exit_code == 0 and "our own set" in r.stderr and "102 of 102 solved" in r.stdout
    one_line_error(invoke("solve-all", "--sizes", "4,x", "--store", tmp_path), 2, "'x'")
    one_line_error(invoke("solve-all", "--techniques", "guessing", "--store", tmp_path), 2, "unknown technique")
    one_line_error(invoke("solve-all", "--workers", 0, "--store", tmp_path), 2)


def test_help_has_examples():
    for cmd in ("solve-one", "solve-all", "solve"):
        r = invoke(cmd, "--help")
        assert r.exit_code == 0 and "Example:" in r.stdout


def test_timeout_stops_with_exit_3_and_says_so():
    one_clue = "3 " + " ".join(["0"] * 47)  # a 12x12 with one clue: seconds of work before it is known ambiguous
    r = invoke("solve", "--clues", one_clue, "--timeout", "0.01", "--answer")
    assert r.exit_code == 3 and "STUCK" in r.stdout and "the time limit" in r.stdout
    r = invoke("solve", "--clues", one_clue, "--timeout", "-1")
    assert r.exit_code == 2
