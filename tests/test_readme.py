"""Issue 31, item 7: every command the README shows is run here as written, and where the README
shows what it prints (a `$ ascent ...` line followed by its output), the output is checked."""

import json
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ascent.cli import app
from ascent.show.console import console

from .conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

# Commands the README shows that are not run here, and why (each is tested elsewhere).
NOT_RUN = {
    "fetch": "reads brainbashers.com over the network (tests/test_fetch.py runs it on a mock site)",
    "--cluster": "needs a running Dask scheduler (tests/test_cluster.py runs one)",
    "--install-completion": "writes into the user's shell set-up (tests/test_cli_conventions.py: into a tmp HOME)",
    "--count 20 --store mine": "twenty 9x9 extreme puzzles take minutes; generate's tests make such puzzles smaller",
    "grade --store ../shared/tatham --each": "grades 120 of Tatham's hardest puzzles; tests/test_levels.py grades them",
    "solve-all --store ../shared/brainbashers": "solves the 4,380-puzzle archive; tests/test_corpus.py solves it",
    "--budget 5": "five seconds of search by design (the same board runs here with the default budget)",
}
SLOW_WORDS = tuple(NOT_RUN)
# Commands run here whose output depends on tables too slow to build in a test: run on small tables, output unchecked.
OUTPUT_UNCHECKED = {
    "CWMFJ/ORDBA/NKGLY/PHSVE/XTQUI ABCDE/FGHIJ/KLMNO/PQRST/UVWXY": "its moves come from the full 5x5 tables (about a "
    "minute to build); reports/loopover.md measures them, tests/test_loopover_five.py runs the phases on small ones",
}
SHELL_FILTERS = ("head",)


def blocks() -> list[list[str]]:
    """The README's code blocks, as lists of lines."""
    out, current = [], None
    for line in (ROOT / "README.md").read_text().splitlines():
        if line.startswith("```"):
            if current is None:
                current = []
            else:
                out.append(current)
                current = None
        elif current is not None:
            current.append(line)
    return out


def commands() -> list[tuple[str, list[str]]]:
    """(command line, the output the README shows for it, if any)."""
    out = []
    for block in blocks():
        output_block = any(line.startswith("$ ") for line in block)  # its other lines are output
        for k, line in enumerate(block):
            text = line[2:] if line.startswith("$ ascent ") else line
            if not re.match(r"ascent [a-z-]", text) or (output_block and not line.startswith("$ ")):
                continue
            shown = []
            if line.startswith("$ "):
                for after in block[k + 1:]:
                    if after.startswith("$ "):
                        break
                    shown.append(after)
            out.append((text, shown))
    return out


def run_line(text: str, tmp_path: Path):
    """Run one shell line of ascent commands (pipes and a '>' allowed); the last result."""
    # /tmp first: the data folder may itself lie under /tmp (a CI clone there)
    words = shlex.split(text.replace("/tmp/", f"{tmp_path}/").replace("../shared", str(SHARED)), comments=True)
    result, feed = None, "quit\n"
    while words:
        part, words = (words[:words.index("|")], words[words.index("|") + 1:]) if "|" in words else (words, [])
        target = None
        if ">" in part:
            part, target = part[:part.index(">")], part[part.index(">") + 1]
        if part[0] in SHELL_FILTERS:  # '| head': the output is checked whole
            continue
        assert part[0] == "ascent", text
        result = runner.invoke(app, part[1:], input=feed)
        feed = result.stdout
        if target:
            (tmp_path / target).write_text(result.stdout)  # a relative name, or /tmp/... made into tmp_path above
    return result


def expected_code(text: str) -> int:
    m = re.search(r"#\s*exit (\d+)", text)
    return int(m.group(1)) if m else 0


CASES = commands()


def test_the_readme_shows_commands():
    assert len(CASES) > 40


@pytest.mark.parametrize("text, shown", CASES, ids=[c[0][:70] for c in CASES])
def test_every_readme_command_runs_as_written(text, shown, tmp_path, monkeypatch, default_store, small_loopover_tables):
    why = next((NOT_RUN[w] for w in SLOW_WORDS if w in text), None)
    if why:
        pytest.skip(why)
    if "../shared" in text and not SHARED.is_dir():
        pytest.skip("../shared is not beside the project")
    monkeypatch.chdir(tmp_path)  # files the commands write, and the default store and reports/ (default_store)
    monkeypatch.setenv("COLUMNS", "80")
    from ascent import Puzzle

    kata = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
    if "puzzle.json" in text:  # the files the README's commands read, as earlier commands there write them
        (tmp_path / "puzzle.json").write_text(json.dumps(Puzzle.from_clues(kata).to_record()))
    if "trace.json" in text:
        runner.invoke(app, ["solve", "--clues", kata, "--json", "trace.json"])
    if "--resume game.json" in text:
        runner.invoke(app, ["play", "--clues", kata, "--save", "game.json"], input="quit\n")
    before = console._width
    console.width = 80
    try:
        result = run_line(text, tmp_path)
    finally:
        console._width = before
    assert result.exit_code == expected_code(text), (text, result.stdout[-800:], result.stderr)
    said = " ".join((result.stdout + "\n" + result.stderr).split())
    if any(words in text for words in OUTPUT_UNCHECKED):
        shown = []
    for line in shown:  # the output the README shows, where it is stable
        if not line.strip() or line.strip() in ("...", "```") or line.startswith("note: "):
            continue
        if re.search(r"\d (ms|s)\b|\d+\.\d+ ms", line):  # a time: it differs from run to run
            continue
        assert " ".join(line.split()) in said, (text, line)
