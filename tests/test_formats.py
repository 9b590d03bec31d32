"""Issue 41: FORMATS, one row and one module per puzzle format; readers that do no I/O."""

import builtins
import socket

import pytest
from typer.testing import CliRunner

from ascent.cli import app
from ascent.export.puzzle_formats import formats as shared_formats
from ascent.puzzle import FormatError, Puzzle, PuzzleError, formats, textlines
from ascent.puzzle.formats import FORMATS

runner = CliRunner()
KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
PUZZLES = [
    Puzzle.from_clues(KATA),
    Puzzle.from_keys("0003010002003000", "4---2----234-4--"),  # givens
    Puzzle.from_tatham("9:4/4///1/3/5//3/2//3//3/3/2//4//////6/3/4///3/4/3/4///2/3,e1j1b2_3e4a1c2_4b6m7a5zb"),
    Puzzle(12, (0,) * 12, (0,) * 12, (0,) * 12, (0,) * 11 + (11,),
           tuple(tuple(10 if (r, c) == (0, 0) else 0 for c in range(12)) for r in range(12))),  # past one digit a cell
]


def written(p: Puzzle):
    """(row, text) for every format that can hold ``p``."""
    for f in FORMATS:
        try:
            yield f, f.write(p)
        except PuzzleError:
            continue


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: f"{p.size}x{p.size}{' givens' if p.has_givens else ''}")
def test_every_format_reads_back_what_it_writes_and_its_shape_names_it(p):
    rows = list(written(p))
    assert {f.name for f, _ in rows} >= {"record", "tatham", "puzzlink"}
    for f, text in rows:
        assert formats.read(f.name, text) == p, f.name
        assert [g.name for g in FORMATS if g.looks(text)] == [f.name]  # exactly one shape fits
        assert textlines.kind(text) == f.name and textlines.read(text) == p


def test_a_format_that_cannot_hold_a_puzzle_says_so():
    with pytest.raises(FormatError, match="cannot carry givens"):
        formats.write(PUZZLES[1], "clues")
    with pytest.raises(PuzzleError, match="stops at 9x9"):
        formats.write(PUZZLES[3], "keys")
    with pytest.raises(FormatError, match="unknown format 'xml'; known: record, clues, keys, tatham, puzzlink"):
        formats.write(PUZZLES[0], "xml")


def test_readers_do_no_io(monkeypatch):
    """Every reader, and textlines, with files and sockets gone: the same puzzles."""
    texts = [(f.name, text, p) for p in PUZZLES for f, text in written(p)]

    def no_io(*args, **kwargs):
        raise AssertionError("a reader did I/O")

    monkeypatch.setattr(builtins, "open", no_io)
    monkeypatch.setattr(socket, "socket", no_io)
    monkeypatch.setattr(socket, "create_connection", no_io)
    for name, text, p in texts:
        assert formats.read(name, text) == p and textlines.read(text) == p


def test_a_web_address_in_no_format_goes_to_the_resolver_given_else_is_refused():
    page = "https://www.brainbashers.com/showskyscrapers.asp?date=0521&size=4&diff=1"
    assert textlines.kind(page) == textlines.URL
    with pytest.raises(FormatError, match="web address in no puzzle format"):
        textlines.read(page)
    asked = []
    assert textlines.read(page, resolve=lambda url: asked.append(url) or PUZZLES[0]) == PUZZLES[0]
    assert asked == [page]
    asked.clear()
    with pytest.raises(FormatError, match="in no puzzle format"):  # not an address (no scheme): a line in no format
        textlines.read("www.brainbashers.com/x", resolve=lambda url: asked.append(url) or PUZZLES[0])
    assert asked == []
    link = formats.write(PUZZLES[0], "puzzlink")
    assert textlines.read(link, resolve=lambda url: pytest.fail("puzz.link is a format: no resolver")) == PUZZLES[0]


def test_every_consumer_lists_the_tables_formats():
    r = runner.invoke(app, ["convert", "--clues", KATA])
    assert r.exit_code == 0, r.stderr
    assert [line.split(":")[0] for line in r.stdout.splitlines()] == list(formats.NAMES)
    labels = [label for label, _ in shared_formats(PUZZLES[1])]
    assert labels == [f.label for f in FORMATS if not f.address]
    assert dict(shared_formats(PUZZLES[1]))["clockwise clues"].startswith("(not available: ")
    r = runner.invoke(app, ["generate", "4", "--level", "easy", "--seed", "1", "--format", "xml"])
    assert r.exit_code == 2 and ", ".join(formats.NAMES) in r.stderr
