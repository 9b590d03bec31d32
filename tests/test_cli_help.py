"""Issue 16, help: every example in every command's help runs as written, one per line, and every help
screen fits 80 columns with placeholders a person can read."""

import json
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ascent.cli import app
from ascent.cli.base import COMMANDS
from ascent.show.console import console

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
runner = CliRunner()
EXPECTED = {"--reveal": 3}  # an example that shows a wrong cell exits 3, as the table says


def help_text(command: str) -> str:
    r = runner.invoke(app, [command, "-h"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    return r.stdout


def examples(command: str) -> list[str]:
    return [line.strip() for line in help_text(command).splitlines() if line.strip().startswith("ascent ")]


@pytest.fixture(autouse=True)
def _console_width():
    before = console._width
    console.width = 80
    yield
    console._width = before


@pytest.mark.parametrize("command", list(COMMANDS))
def test_help_fits_80_columns_with_readable_placeholders(command):
    text = help_text(command)
    assert max(map(len, text.splitlines())) <= 80
    assert not re.search(r"<(str|int|path|float|list\[str\]|int range|float range)>|\{[a-z]+\}", text), text
    assert len(examples(command)) >= 2, command
    for line in text.splitlines():  # one example a line; a pipe joins two commands
        if "Example:" in line:
            assert line.strip() == "Example:", line


@pytest.mark.parametrize("command", [c for c in COMMANDS if c != "fetch"])  # fetch's examples need the network
def test_every_example_runs_as_written(command, tmp_path, monkeypatch, default_store, small_loopover_tables):
    """Run in tmp_path, with the default store and reports/ under it and /tmp paths moved there: the examples
    write nothing outside tmp_path (Loopover's tables are small ones built there)."""
    from ascent import Puzzle

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASCENT_STORE", raising=False)
    (tmp_path / "puzzle.json").write_text(json.dumps(Puzzle.from_clues(KATA).to_record()))
    (tmp_path / "boards.json").write_text(json.dumps({"start": "DCA/BEF", "target": "BAE/FCD"}))
    trace = runner.invoke(app, ["solve", "--clues", KATA, "--json", "trace.json"])
    assert trace.exit_code == 0
    for example in examples(command):
        example = example.replace(" /tmp/", f" {tmp_path}/")  # first: the data folder may itself lie under /tmp
        if "../shared" in example:
            if not SHARED.is_dir():
                continue
            example = example.replace("../shared", str(SHARED))
        out = None
        for part in example.split(" | "):
            words = shlex.split(part)
            target = None
            if ">" in words:
                words, target = words[:words.index(">")], words[words.index(">") + 1]
            assert words[0] == "ascent"
            r = runner.invoke(app, words[1:], input=out if out is not None else "quit\n")
            want = next((code for flag, code in EXPECTED.items() if flag in words), 0)
            assert r.exit_code == want, (example, r.stdout[-500:], r.stderr)
            out = r.stdout
            if target:
                Path(target).write_text(out)


def test_the_puzzle_options_are_one_definition():
    """solve, check, convert, grade, hint and play take the puzzle options from ascent/cli/given.py:
    the same options, in the same order, with the same words in every help screen."""
    from ascent.cli.given import options

    def option_lines(command):
        text = help_text(command)
        block = text[text.index("Options:"):]
        return [line.split()[0] for line in block.splitlines()
                if line.strip().startswith(("--clues", "--keys", "--state", "--tatham", "--url", "--file", "--index"))]

    names = ["--clues", "--keys", "--state", "--tatham", "--url", "--file", "--index"]
    for command in ("solve", "check", "convert", "grade", "hint", "play"):
        assert option_lines(command) == names, command
    assert [row[0] for row in options()] == ["clues", "keys", "state", "size", "tatham", "url", "file", "index"]
    assert [row[0] for row in options(stored=True)][-3:] == ["diff", "when", "store"]
    words = {command: " ".join(help_text(command).split("Options:")[1].split("--tatham")[1].split("\n")[0].split())
             for command in ("solve", "hint")}
    assert words["solve"] == words["hint"]  # the same text, not a copy per command


def test_a_command_gets_one_given():
    """The decorator hands the command one Given; what the user typed is on it, by name."""
    from ascent.cli.given import Given, puzzle_options

    seen = {}

    @puzzle_options(stored=True)
    def command(given: Given = None, level: int = 3) -> int:
        seen.update(given=given, level=level)
        return 0

    import inspect

    params = list(inspect.signature(command).parameters)
    assert params == ["clues", "keys", "state", "size", "tatham", "url", "file", "index", "diff", "when", "store", "level"]
    command(clues=KATA, keys=None, state=None, size=None, tatham=None, url=None, file=None, index=None, diff=None, when=None,
            store=None, level=2)
    assert seen["given"].clues == KATA and seen["given"].named and seen["level"] == 2
    assert seen["given"].puzzle().size == 4
