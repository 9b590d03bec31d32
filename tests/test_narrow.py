"""Issue 31, item 4: narrow terminals. Words never break, wrapped lines keep their indent and style."""

import io
import re
import shlex

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from ascent.show import render
from ascent.cli import app
from ascent.cli.base import COMMANDS
from ascent.cli.helpwrap import wrap_line

runner = CliRunner()


def words_of(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z][A-Za-z'-]{3,}", text))


@pytest.mark.parametrize("command", list(COMMANDS))
def test_help_at_60_columns_breaks_no_word(command):
    wide = runner.invoke(app, [command, "-h"], terminal_width=118).stdout
    narrow = runner.invoke(app, [command, "-h"], terminal_width=58).stdout  # what click gives a 60-column terminal
    long = [line for line in narrow.splitlines() if len(line) > 60]
    # only a line that is one unbreakable argument (a quoted clue list, a long path) may stand out
    assert all(len(shlex.split(line.rstrip(" \\"))) <= 2 for line in long), long
    assert words_of(wide) <= words_of(narrow), words_of(wide) - words_of(narrow)  # "changed", not "chang" + "ed"


def test_an_example_wraps_between_arguments_and_pastes_as_one_command():
    line = '    ascent solve --tatham "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1" --timeout 10 --debug --answer'
    lines = wrap_line(line, 50)
    assert len(lines) > 1 and all(x.endswith(" \\") for x in lines[:-1])
    assert all(x.startswith("        ") for x in lines[1:])  # continued lines hang under the command
    assert shlex.split(" ".join(x.rstrip("\\").strip() for x in lines)) == shlex.split(line)
    prose = "  With --debug each step is one sentence, then what it changed: more words here"
    assert all(len(x) <= 40 for x in wrap_line(prose, 40)) and "changed:" in " ".join(wrap_line(prose, 40))


def test_a_wrapped_step_keeps_its_style_on_every_line():
    from ascent import Puzzle, solve

    result = solve(Puzzle.from_clues("2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"))
    step = next(s for p in result.passes for s in p.steps if len(s.reason) > 60)
    out = Console(width=50, file=io.StringIO(), force_terminal=True, color_system="standard")
    out.print(render.Hanging(render.step_line(step, 4), render.TECHNIQUE_WIDTH))
    lines = out.file.getvalue().splitlines()
    assert len(lines) > 2
    for line in lines[1:]:  # only the indent is dim ("\x1b[2m"); the sentence goes on in its own style
        dim = re.findall(r"\x1b\[2[m;][^\x1b]*?m?([^\x1b]*)", line)
        assert dim and all(not text.strip() for text in dim), repr(line)


def test_a_wrapped_summary_is_indented_and_keeps_numbers_with_their_units():
    text = Text("4x4 1: 3 puzzles, 3 by logic, 0 guessed, 0 unsolved; 0.00 s, median 0.43 ms")
    out = Console(width=56, file=io.StringIO(), record=True)
    out.print(render.Indented(text, 2))
    lines = out.export_text().splitlines()
    assert lines == ["4x4 1: 3 puzzles, 3 by logic, 0 guessed, 0 unsolved;", "  0.00 s, median 0.43 ms"]


def test_notes_on_a_terminal_wrap_at_words():
    from ascent.show.console import err_console

    out = Console(width=40, file=io.StringIO(), record=True, soft_wrap=err_console.soft_wrap)
    out.print("note: no puzzles in /some/where/fetched; using the package's sample set", markup=False)
    assert all(len(line) <= 40 for line in out.export_text().splitlines())
