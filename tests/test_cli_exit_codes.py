"""Issue 16: one exit-code table for the whole CLI, and every command follows it.

    0 done or solved, 1 bad puzzle data, 2 usage (a bad option or file), 3 not done, 130 interrupted

Each command is run on a case of each kind it can meet (130 is tested in test_cli_robust.py,
test_generate.py and test_files_trust.py: solve-all, generate, play and fetch on a terminal). Every error is also one line on stderr, without a traceback.
"""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ascent.cli import app
from ascent.cli.base import COMMANDS, HELP

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "ascent" / "store" / "samples"
KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
KEYS = "2213322131232231"  # the kata as --keys
EMPTY = " ".join("0" * 16)  # no clues at all: many solutions
BAD = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 9"  # a clue of 9 on a 4x4
WRONG = "1 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"  # clues that no grid meets
runner = CliRunner()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("exit")
    (d / "notjson.json").write_text("{not json")
    (d / "badclue.json").write_text(json.dumps({"clues": BAD}))
    (d / "save.json").write_text("{damaged")
    (d / "store").mkdir()
    (d / "store" / "4x4-puzzles.json").write_text(json.dumps({"1": [{"clues": BAD, "id": "x"}]}))
    (d / "corrupt").mkdir()
    (d / "corrupt" / "4x4-puzzles.json").write_text("[not a store")
    (d / "trace.json").write_text(json.dumps({"format": 99}))
    (d / "board.json").write_text(json.dumps({"start": "AB"}))
    (d / "garbage.json").write_text("{}")
    (d / "nothing.json").write_text("[]")  # a file of puzzles that holds none
    (d / "emptystore.json").write_text(json.dumps({"4x4": []}))
    (d / "null.json").write_text("null")
    (d / "deep.json").write_text("[" * 100_000)
    (d / "puzzle.json").write_text(json.dumps({"clues": {s: [0, 0, 0, 0] for s in ("upper", "lower", "left", "right")}}))
    (d / "wrongsize").mkdir()  # issue 27: a store of 5x5 records in the 4x4 file
    (d / "wrongsize" / "4x4-puzzles.json").write_text(json.dumps({"1": [
        {"id": f"p{k}", "clues": {s: [0] * 5 for s in ("upper", "lower", "left", "right")}} for k in range(3)]}))
    assert runner.invoke(app, ["solve", "--clues", KATA, "--json", str(d / "good-trace.json")]).exit_code == 0
    return d


CASES = [
    # 0: done or solved
    (0, ["solve", "--clues", KATA, "--answer"]),
    (0, ["solve-one", "4", "--store", str(SAMPLES), "--answer"]),
    (0, ["solve-all", "--store", str(SAMPLES), "--sizes", "4", "--workers", "1", "--reports", "{d}/reports"]),
    (0, ["check", "--keys", KEYS, "--grid", "13-- ---- ---- ----"]),
    (0, ["convert", "--clues", KATA, "--to", "keys"]),
    (0, ["grade", "--clues", KATA]),
    (0, ["hint", "--clues", KATA, "--level", "1"]),
    (0, ["play", "--clues", KATA]),
    (0, ["generate", "4", "--level", "easy", "--seed", "1"]),
    (0, ["loopover", "CAB", "ABC"]),
    (0, ["techniques"]),
    (0, ["techniques", "fish"]),
    (0, ["solve", "--url", "https://puzz.link/p?skyscrapers/4/4/k13h4j3g", "--answer"]),
    (1, ["solve", "--url", "https://puzz.link/p?skyscrapers/4/5/k13h4j3g"]),
    (2, ["techniques", "magic"]),
    (2, ["solv"]),
    (0, ["loopover", "BA/CD", "AB/CD"]),
    (0, ["solve", "--clues", KATA, "--json", "{d}/trace.out.json"]),
    (0, ["export", "{d}/good-trace.json", "--svg", "{d}/t.svg"]),
    (0, ["check", "--clues", KATA, "--grid", "1342/4213/3421/2134"]),
    # 1: bad puzzle data, wherever it comes from
    (1, ["solve", "--clues", BAD]),
    (1, ["solve", "--file", "{d}/badclue.json"]),
    (1, ["solve-one", "4", "--store", "{d}/store"]),
    (1, ["check", "--clues", BAD, "--grid", "----"]),
    (1, ["convert", "--keys", "22133221312322"]),
    (1, ["grade", "--tatham", "4:9/9/9/9"]),
    (1, ["hint", "--clues", BAD]),
    (1, ["play", "--clues", BAD]),
    (1, ["loopover", "AB/C", "AB/C"]),
    (1, ["loopover", "AB/C", "AB/CD"]),
    (1, ["solve", "--clues", "1 2 3"]),
    (1, ["check", "--clues", "9", "--grid", "1"]),
    (1, ["convert", "--tatham", "garbage"]),
    (1, ["grade", "--clues", "1 2"]),
    (1, ["hint", "--clues", "1"]),
    (1, ["play", "--clues", "1 2"]),
    (1, ["play", "--classic", "2", "11--", "00000000"]),  # the assignment's "Invalid initial board state."
    (1, ["solve", "--file", "{d}/null.json"]),  # issue 27: "holds null, not a puzzle"
    (1, ["solve-all", "--store", "{d}/wrongsize", "--workers", "1", "--reports", "{d}/reports"]),  # invalid records
    (1, ["grade", "--store", "{d}/wrongsize", "--workers", "1"]),
    # 2: usage: a bad option, or a file that cannot be used
    (2, ["solve", "--clues", KATA, "--nope"]),
    (2, ["solve", "--file", "{d}/missing.json"]),
    (2, ["solve", "--file", "{d}/notjson.json"]),
    (2, ["solve", "--file", "{d}/nothing.json"]),
    (2, ["grade", "--file", "{d}/emptystore.json"]),
    (2, ["convert", "--file", "{d}/nothing.json", "--to", "keys"]),
    (2, ["hint", "--file", "{d}/emptystore.json"]),
    (2, ["solve", "--clues", KATA, "--json", "{d}/no/such/folder/out.json"]),
    (2, ["solve", "--clues", KATA, "--techniques", "magic"]),
    (2, ["solve-one", "4", "--store", "{d}/corrupt"]),
    (2, ["solve-all", "--store", "{d}/missing"]),
    (2, ["check", "--clues", KATA]),
    (2, ["convert", "--clues", KATA, "--to", "xml"]),
    (2, ["grade", "--clues", KATA, "--store", str(SAMPLES)]),
    (2, ["hint", "--clues", KATA, "--grid", "12"]),
    (2, ["play", "--resume", "{d}/save.json"]),
    (2, ["play", "--resume", "{d}/missing.json"]),
    (2, ["play", "--clues", KATA, "--save", "{d}"]),  # a folder
    (2, ["play", "--clues", KATA, "--save", "{d}/no/such/folder/game.json"]),
    (2, ["fetch", "--store", "{d}/notjson.json"]),  # a file, not a folder: refused before any request
    (2, ["generate", "4", "--level", "impossible"]),
    (2, ["generate", "4", "--level", "easy", "--store", "{d}/corrupt"]),
    (2, ["export", "{d}/trace.json", "--svg", "{d}/out.svg"]),
    (2, ["export", "{d}/missing.json", "--svg", "{d}/out.svg"]),
    (2, ["fetch", "--sizes", "9"]),
    (2, ["loopover", "--file", "{d}/board.json"]),
    (2, ["nosuchcommand"]),
    (2, ["solve-one", "4", "--store", "{d}/nowhere"]),
    (2, ["solve-one", "99", "--store", str(SAMPLES)]),
    (2, ["solve-all", "--store", "{d}/corrupt", "--reports", "{d}/r"]),
    (2, ["solve-all", "--sizes", "x"]),
    (2, ["grade", "--store", "{d}/nowhere"]),
    (2, ["generate", "99", "--level", "easy"]),
    (2, ["export", "{d}/garbage.json", "--svg", "{d}/t.svg"]),
    (2, ["export", "{d}/good-trace.json"]),
    (2, ["loopover", "AB/CD"]),
    (2, ["web", "launch"]),
    (2, ["play", "--clues", KATA, "--date", "0101"]),
    (2, ["solve", "--file", "/dev/zero"]),  # issue 27: more than 64 MB
    (2, ["solve", "--file", "{d}/deep.json"]),  # nested too deeply
    (2, ["solve", "--clues", KATA, "--json", "/proc/x.json"]),  # a system folder, found out before the solve
    (2, ["solve", "--clues", KATA, "--json", "-", "--html", "-"]),
    (2, ["play", "--clues", KATA, "--save", "-"]),
    (2, ["play", "--resume", "{d}"]),
    (2, ["export", "{d}/puzzle.json", "--svg", "{d}/p.svg"]),  # a puzzle, not a trace
    (2, ["generate", "4", "--level", "easy", "--cluster", "bogus"]),
    (2, ["solve-all", "--cluster", "bogus"]),
    # 3: not done: not solved, a wrong check, work that could not finish
    (3, ["solve", "--clues", EMPTY, "--answer"]),
    (3, ["solve", "--clues", KATA, "--no-backtrack", "--techniques", "ascent"]),
    (3, ["solve-all", "--store", str(SAMPLES), "--sizes", "4", "--workers", "1", "--reports", "{d}/reports",
         "--no-backtrack", "--techniques", "ascent"]),
    (3, ["check", "--keys", KEYS, "--grid", "1432/----/----/----"]),
    (3, ["check", "--clues", KATA, "--grid", "2--- ---- ---- ----"]),
    (3, ["solve", "--clues", WRONG]),
    (3, ["hint", "--clues", WRONG]),
    (3, ["grade", "--clues", EMPTY]),
    (3, ["hint", "--clues", EMPTY]),
    (3, ["generate", "4", "--level", "extreme", "--seed", "0", "--attempts", "1"]),
    (3, ["loopover", "BAC/DEF/GHI", "ABC/DEF/GHI"]),
    (3, ["check", "--clues", EMPTY, "--grid", "1--- ---- ---- ----"]),  # issue 27: ambiguous, nothing to check against
    (3, ["check", "--clues", WRONG, "--grid", "---- ---- ---- ----"]),  # impossible
]  # fetch's 0 and 3 need the network: test_fetch.py runs them on a mock transport


@pytest.mark.parametrize("code, args", CASES, ids=[f"{c}-{' '.join(a)[:60]}" for c, a in CASES])
def test_every_command_follows_the_table(code, args, files):
    args = [a.replace("{d}", str(files)) for a in args]
    r = runner.invoke(app, args, input="quit\n")
    assert r.exit_code == code, (args, r.exit_code, r.stdout[-300:], r.stderr)
    assert "Traceback" not in r.output
    if code in (1, 2) and "--classic" not in args:  # the classic game prints as the assignment says
        errors = [line for line in r.stderr.splitlines() if line.startswith("error:")]
        assert len(errors) == 1, r.stderr


def test_the_table_covers_every_command_and_is_in_the_help_and_readme():
    tried = {args[0] for _, args in CASES}
    assert tried - {"nosuchcommand", "solv"} == set(COMMANDS)
    rows = ["0    done, or solved", "1    bad puzzle data", "2    usage", "3    not done", "130  interrupted"]
    assert all(row in HELP for row in rows)
    readme = (ROOT / "README.md").read_text()
    for code, words in (("0", "done, or solved"), ("1", "bad puzzle data"), ("2", "usage"), ("3", "not done"),
                        ("130", "interrupted")):
        assert f"| {code} | {words}" in readme


def test_a_corrupt_save_and_generate_giving_up_follow_the_table(files):
    r = runner.invoke(app, ["play", "--resume", str(files / "save.json")])
    assert r.exit_code == 2 and r.stderr.startswith("error: --resume ") and "not valid JSON" in r.stderr
    r = runner.invoke(app, ["generate", "4", "--level", "extreme", "--seed", "0", "--attempts", "1", "--count", "3"])
    assert r.exit_code == 3 and "in 1 attempt" in r.stderr and "1 attempts" not in r.stderr
