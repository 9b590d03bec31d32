"""Issue 31, item 2: --file reads what ascent writes, one puzzle a line in any text format."""

import json

import pytest
from typer.testing import CliRunner

from ascent import Puzzle
from ascent.puzzle import formats, textlines as lines
from ascent.cli import app
from ascent.puzzle import FormatError

runner = CliRunner()
KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"


@pytest.mark.parametrize("fmt", ["tatham", "clues", "keys", "record", "puzzlink"])
def test_generate_in_each_text_format_pipes_into_solve(fmt):
    extra = ["--no-givens"] if fmt == "clues" else []
    gen = runner.invoke(app, ["generate", "5", "--level", "easy", "-n", "2", "--seed", "7", "-f", fmt, *extra])
    assert gen.exit_code == 0, gen.stderr
    assert len(gen.stdout.strip().splitlines()) == 2
    r = runner.invoke(app, ["solve", "--file", "-", "--answer"], input=gen.stdout)
    assert r.exit_code == 0, r.stderr
    assert "2 of 2 solved" in r.stdout
    # and the second line alone, with --index
    r = runner.invoke(app, ["solve", "--file", "-", "--index", "2", "--json", "-"], input=gen.stdout)
    assert r.exit_code == 0, r.stderr
    want = Puzzle.from_record(json.loads(runner.invoke(app, ["generate", "5", "--level", "easy", "-n", "2",
                                                              "--seed", "7", *extra]).stdout.splitlines()[1]))
    assert json.loads(r.stdout)["puzzle"]["clues"] == {s: list(getattr(want, s)) for s in ("upper", "lower", "left", "right")}


def test_a_file_mixing_formats_with_comments_and_blank_lines(tmp_path):
    p = Puzzle.from_clues(KATA)
    text = "\n".join(["# the kata in every format", "", formats.write(p, "tatham"), KATA, "2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3",
                      formats.write(p, "keys"), formats.write(p, "record"), formats.write(p, "puzzlink"),
                      "puzz.link/p?skyscrapers/4/4/k13h4j3g"]) + "\n"
    f = tmp_path / "mixed.txt"
    f.write_text(text)
    assert [lines.kind(x) for x in text.splitlines() if not lines.skipped(x)] == [
        "tatham", "clues", "clues", "keys", "record", "puzzlink", "puzzlink"]
    r = runner.invoke(app, ["solve", "--file", str(f), "--answer"])
    assert r.exit_code == 0, r.stderr
    assert "7 of 7 solved" in r.stdout


def test_keys_with_givens_and_one_line_files():
    p = Puzzle.from_keys("0003010002003000", "4--22----234-4--".replace("22", "2-"))
    line = formats.write(p, "keys")
    assert " " in line and lines.read(line) == p
    r = runner.invoke(app, ["convert", "--file", "-", "--to", "tatham"], input=line + "\n")
    assert r.exit_code == 0 and r.stdout.strip() == formats.write(p, "tatham")


@pytest.mark.parametrize("text, code, words", [
    ("hello\n5:////3//4/3/3///3/4//////2/\n", 2, ["line 1", "'hello'", "no puzzle format"]),
    ("5:////3//4/3/3///3/4//////9/\n", 1, ["line 1", "right clue 4 is 9"]),
    ("# only a comment\n\n", 2, ["holds no puzzles"]),
    ("{\"clues\": 3\n", 2, ["not valid JSON"]),
])
def test_bad_lines_are_one_line_naming_the_line(text, code, words):
    r = runner.invoke(app, ["solve", "--file", "-"], input=text)
    assert r.exit_code == code, (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1
    for w in words:
        assert w in r.stderr


def test_unknown_line_is_a_format_error():
    with pytest.raises(FormatError):
        lines.read("two words")


def test_a_file_of_one_line_of_keys_is_keys_not_a_json_number():
    r = runner.invoke(app, ["solve", "--file", "-", "--answer"], input="2213322131232231\n")
    assert r.exit_code == 0, r.stderr  # valid JSON (a number), but a line of keys
    r = runner.invoke(app, ["solve", "--file", "-"], input='"x"\n')  # JSON, but a string: bad puzzle data
    assert r.exit_code == 1 and "holds the string 'x', not a puzzle" in r.stderr
