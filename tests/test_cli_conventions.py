"""Issue 31, items 6 and 8: what users of command-line tools expect, and the wording fixes."""

import json

import pytest
from typer.testing import CliRunner

from ascent.cli import app

from .conftest import SHARED

runner = CliRunner()
KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
KEYS = "2213322131232231"


def complete(words: str, cword: int) -> list[str]:
    r = runner.invoke(app, [], prog_name="ascent",
                      env={"_ASCENT_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)})
    assert r.exit_code == 0, r.stderr
    return r.stdout.split()


def test_shell_completion_of_commands_and_options(tmp_path, monkeypatch):
    assert complete("ascent so", 1) == ["solve", "solve-one", "solve-all"]
    assert complete("ascent tech", 1) == ["techniques"]
    assert complete("ascent solve --u", 2) == ["--url"]
    # --install-completion is a flag: typer asks shellingham which shell runs it, and that is whatever started
    # pytest (none at all under a job runner: "Shell None is not supported", exit 1). Say it is bash.
    import typer._completion_shared as shared_completion

    monkeypatch.setattr(shared_completion, "_get_shell_name", lambda: "bash")
    r = runner.invoke(app, ["--install-completion"], prog_name="ascent", env={"HOME": str(tmp_path)})
    assert r.exit_code == 0, r.stderr
    assert (tmp_path / ".bash_completions" / "ascent.sh").is_file()


def test_quiet_leaves_out_notes_but_not_results_or_errors():
    loud = runner.invoke(app, ["generate", "4", "--level", "easy", "-f", "tatham"])
    assert loud.exit_code == 0 and "seed " in loud.stderr and "1 4x4 easy puzzle, " in loud.stderr
    quiet = runner.invoke(app, ["-q", "generate", "4", "--level", "easy", "-f", "tatham"])
    assert quiet.exit_code == 0 and quiet.stderr == "" and quiet.stdout.startswith("4:")
    bad = runner.invoke(app, ["--quiet", "solve", "--clues", "1 2 3"])
    assert bad.exit_code == 1 and bad.stderr.startswith("error: ")


def test_no_stray_blank_line_on_stderr():
    r = runner.invoke(app, ["generate", "4", "--level", "easy", "--seed", "3", "-f", "tatham"])
    assert r.exit_code == 0
    assert r.stderr.startswith("1 4x4 easy puzzle, ") and "" not in r.stderr.splitlines()


def test_color_on_and_off_and_back_to_automatic():
    on = runner.invoke(app, ["--color", "solve", "--clues", KATA, "--answer"])
    assert on.exit_code == 0 and "\x1b[" in on.stdout
    off = runner.invoke(app, ["--no-color", "solve", "--clues", KATA, "--answer"])
    assert off.exit_code == 0 and "\x1b[" not in off.stdout
    runner.invoke(app, ["--color", "solve", "--clues", KATA, "--answer"])
    after = runner.invoke(app, ["solve", "--clues", KATA, "--answer"])  # not a terminal: plain again
    assert "\x1b[" not in after.stdout


def test_solve_one_writes_json():
    r = runner.invoke(app, ["solve-one", "4", "--json", "-"])
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["status"] == "solved" and len(data["solution"]) == 4 and "clues" in data["puzzle"]


def test_mistyped_command_gets_a_suggestion():
    r = runner.invoke(app, ["solv"])
    assert r.exit_code == 2
    assert "No such command 'solv'. Did you mean 'solve'" in r.stderr and r.stderr.count("\n") == 1
    r = runner.invoke(app, ["techniqes"])
    assert "Did you mean 'techniques'?" in r.stderr


def test_convert_a_whole_file_and_read_it_back():
    gen = runner.invoke(app, ["generate", "5", "--level", "easy", "-n", "3", "--seed", "2"])
    for fmt in ("tatham", "keys", "puzzlink", "record"):
        r = runner.invoke(app, ["convert", "--file", "-", "--to", fmt], input=gen.stdout)
        assert r.exit_code == 0, r.stderr
        assert len(r.stdout.strip().splitlines()) == 3
        back = runner.invoke(app, ["solve", "--file", "-", "--answer"], input=r.stdout)
        assert back.exit_code == 0 and "3 of 3 solved" in back.stdout
    r = runner.invoke(app, ["convert", "--file", "-"], input=gen.stdout)
    assert r.exit_code == 0 and r.stdout.count(" of 3: line ") == 3 and r.stdout.count("tatham:") == 3


# ---------------------------------------------------------------------------- wording (item 8)
def test_check_counts_in_words():
    r = runner.invoke(app, ["check", "--keys", KEYS, "--grid", "-" * 16])
    assert "nothing to check yet: no height is placed (16 cells still open)" in r.stdout
    r = runner.invoke(app, ["check", "--keys", KEYS, "--grid", "1" + "-" * 15])
    assert "right: the 1 placed height agrees" in r.stdout and "15 cells still open" in r.stdout
    r = runner.invoke(app, ["check", "--keys", KEYS, "--grid", "1x--"])
    assert r.stderr.startswith("error: --grid: 'x' at position 2") and "grid: grid" not in r.stderr


def test_empty_names_are_refused_not_read_as_all_or_default(tmp_path):
    r = runner.invoke(app, ["solve", "--clues", KATA, "--techniques", ""])
    assert r.exit_code == 2 and "--techniques: no technique named" in r.stderr
    r = runner.invoke(app, ["generate", "4", "--level", "easy", "--store", str(tmp_path / "s"), "--label", " "])
    assert r.exit_code == 2 and "--label: empty" in r.stderr
    assert not (tmp_path / "s").exists()


def test_play_classic_refuses_save():
    r = runner.invoke(app, ["play", "--classic", "4", "4--22----234-4--", "0003010002003000", "--save", "x.json"])
    assert r.exit_code == 2 and "no --save" in r.stderr


def test_hint_on_a_stored_puzzle_says_which(default_store):
    r = runner.invoke(app, ["hint", "--size", "5"])
    assert r.exit_code == 0
    assert "note: the hint is for the stored puzzle 5x5, difficulty easy" in r.stderr  # our own set's first easy 5x5
    assert "ascent-5x5-easy-01" in r.stderr
    assert len(r.stdout.strip().splitlines()) == 1


def test_labels_are_listed_in_order(tmp_path):
    from ascent.store import what_is_there

    (tmp_path / "5x5-puzzles.json").write_text(json.dumps({"1": [], "3": [], "2": [], "10": []}))
    assert what_is_there(tmp_path) == "it has 5x5: 1, 2, 3, 10"
