"""Issue 31, item 3: the game at every size: heights 10-12 as A-C (or 10-12) in moves and marks,
R3C3=2 as a move, and a board that fits 60 columns at 10x10-12x12 with column numbers written across."""

import io
import json
import re

import pytest
from rich.console import Console

from ascent import Puzzle
from ascent.play.board import board
from ascent.play.game import Game, Illegal
from ascent.play.session import COMMANDS, Session

from .conftest import SHARED


def big_game(n: int) -> Game:
    path = SHARED / "big" / f"{n}x{n}-puzzles.json"
    if not path.exists():
        pytest.skip("../shared is not beside the project")
    record = next(iter(json.loads(path.read_text()).values()))[0]
    return Game(Puzzle.from_record(record))


def first_open(g: Game) -> tuple[int, int]:
    i = g.values.index(0)
    return i // g.n + 1, i % g.n + 1


@pytest.mark.parametrize("n", [10, 11, 12])
def test_heights_above_9_as_letters_or_numbers(n):
    g = big_game(n)
    s = Session(g)
    r, c = first_open(g)
    s.command(str(r), [str(c), "A"])
    assert g.values[(r - 1) * n + c - 1] == 10
    s.command("place", [str(r), str(c), chr(ord("a") + n - 10)])  # lower case too
    assert g.values[(r - 1) * n + c - 1] == n
    s.command(f"R{r}C{c}={n}", [])
    assert g.values[(r - 1) * n + c - 1] == n
    with pytest.raises(Illegal, match=f"1 to {n} \\(A"):
        s.command(str(r), [str(c), chr(ord("A") + n - 9)])  # one letter past the size


def test_r3c3_moves_at_any_size():
    from ascent.play.game import Game as G

    g = G(Puzzle.from_clues("2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"))
    s = Session(g)
    for typed in (["R1C1=1"], ["r1c2", "=", "3"], ["R1C3", "=4"]):
        s.command(typed[0].lower(), typed[1:])
    assert g.values[:3] == [1, 3, 4]
    with pytest.raises(Illegal, match="1 to 4"):
        s.command("r1c4=5", [])


def test_marks_at_12x12_one_character_a_height_or_whole_numbers_from_10():
    g = big_game(12)
    s = Session(g)
    r, c = first_open(g)
    i = (r - 1) * 12 + c - 1
    s.command("mark", [str(r), str(c), "123"])  # the issue: 'heights go from 1 to 12, not 123'
    assert g.marks[i] == 0b111
    s.command("mark", [str(r), str(c), "123", "1A", "12"])  # off 1, 2, 3; on 1, 10; then 12
    assert sorted(h for h in range(1, 13) if g.marks[i] >> (h - 1) & 1) == [1, 10, 12]
    with pytest.raises(Illegal, match="A, B, C for 10-12"):
        s.command("mark", [str(r), str(c), "D"])


def test_help_names_the_moves():
    usages = " ".join(u + " " + w for u, w in COMMANDS)
    assert "RrCc=h" in usages and "10-12 are A-C" in usages


def drawn(g: Game, width: int) -> list[str]:
    out = Console(width=width, record=True, file=io.StringIO())
    out.print(board(g, width=width))
    return out.export_text().splitlines()


@pytest.mark.parametrize("n", [10, 12])
@pytest.mark.parametrize("width", [60, 80])
def test_board_with_marks_everywhere_fits_with_numbers_across(n, width):
    g = big_game(n)
    for i, v in enumerate(g.values):
        if not v:
            g.toggle_marks(i // n + 1, i % n + 1, [h for h in range(1, n + 1) if (h + i) % 2])  # half the heights
    lines = drawn(g, width)
    assert max(map(len, lines)) <= width, "\n".join(lines)
    header = lines[0].split()
    assert header == [str(k) for k in range(1, n + 1)], lines[0]  # 10, 11, 12 written across, on one line
    # stacked marks: no cell's marks broken below three to a line, and no mark split from its cell
    body = "\n".join(lines[2:])
    assert not re.search(r"(?m)^\s*[0-9A-C]\s*$", body)
    assert "123" not in body or n == 10  # never a run of 4 on a narrow board
    for line in lines:
        assert not re.search(r"[0-9A-C]{4}", line), line


def test_a_narrow_10x10_keeps_each_row_of_marks_under_its_cell():
    g = big_game(10)
    r, c = first_open(g)
    for k in range(1, 11):  # every open cell of the row: too wide for one line
        if not g.values[(r - 1) * 10 + k - 1]:
            g.toggle_marks(r, k, list(range(1, 11)))
    lines = drawn(g, 60)
    row = next(k for k, line in enumerate(lines) if k > 1 and line.split() and line.split()[0] == str(r))
    start = lines[row].index("123")
    assert lines[row + 1][start:start + 3] == "456" and lines[row + 2][start:start + 3] == "789"
    assert lines[row + 3][start:start + 3].strip() == "A"
