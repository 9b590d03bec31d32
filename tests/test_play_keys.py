"""Issue 40, item 6: the terminal game in a real terminal (pexpect): help fits 80 and 60 columns, 'fill'
pencils every candidate, the arrow keys move a cursor that the next command uses, the apply-it question
takes quit and ends at the end of input, and an applied hint never adds a mark its row or column rules out."""

import json
import os
import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")

from ascent import Puzzle  # noqa: E402
from ascent.model import cands  # noqa: E402
from ascent.play.game import Game  # noqa: E402
from ascent.play.session import Session  # noqa: E402
from ascent.store import SAMPLES, load  # noqa: E402
from ascent.tools.hint import STEP  # noqa: E402

KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"  # solution 1342 / 4213 / 3421 / 2134
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def game(tmp_path, *args, width=80):
    env = dict(os.environ, ASCENT_STORE=str(SAMPLES), TERM="xterm", COLUMNS=str(width), LINES="60")
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "ascent", "play", *args], env=env, cwd=str(tmp_path),
                          dimensions=(60, width), encoding="utf-8", timeout=60)
    child.expect("> ")
    return child


def ask(child, line: str) -> list[str]:
    """Type a command and wait for the next prompt; the lines it printed (``said``)."""
    child.sendline(line)
    child.expect("> ")
    return said(child)


def said(child) -> list[str]:
    """The lines printed since the last prompt, colours taken out."""
    return [ANSI.sub("", line) for line in child.before.replace("\r", "").split("\n")]


def saved(path) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize("width", [80, 60])
def test_help_fits_the_terminal(tmp_path, width):
    child = game(tmp_path, "--clues", KATA, width=width)
    ask(child, "help")
    lines = [line for line in said(child) if line.strip()]
    assert any("fill" in line for line in lines) and any("arrow keys" in line for line in lines)
    assert len(lines) >= 15 and all(len(line) <= width for line in lines), [ln for ln in lines if len(ln) > width]
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_fill_pencils_every_candidate(tmp_path):
    save = tmp_path / "g.json"
    child = game(tmp_path, "--clues", KATA, "--save", str(save))
    ask(child, "1 1 1")
    ask(child, "fill")
    assert any("pencilled the candidates of 15 cells" in line for line in said(child))
    data = saved(save)
    assert data["values"][0] == 1
    assert data["marks"][1] == [2, 3, 4] and data["marks"][4] == [2, 3, 4]  # 1 is in row 1 / column 1
    assert data["marks"][5] == [1, 2, 3, 4]
    ask(child, "undo")
    assert saved(save)["marks"] == [[]] * 16
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_arrow_keys_move_a_cursor_the_next_command_uses(tmp_path):
    save = tmp_path / "g.json"
    child = game(tmp_path, "--clues", KATA, "--save", str(save))
    child.send("\x1b[B\x1b[B\x1b[C\r")  # down, down, right (from R1C1): R3C2
    child.expect("> ")
    assert any("cursor at R3C2" in line for line in said(child))
    ask(child, "4")
    assert saved(save)["values"][2 * 4 + 1] == 4
    child.send("\x1bOA\r")  # up, in application cursor mode: R2C2
    child.expect("> ")
    ask(child, "mark 13")
    child.send("\x1b[D\x1b[D\x1b[D\r")  # left three times: stops at R2C1
    child.expect("> ")
    assert any("cursor at R2C1" in line for line in said(child))
    ask(child, "2 4 3")  # a cell named in full still goes where it says
    data = saved(save)
    assert data["marks"][4 + 1] == [1, 3] and data["values"][4 + 3] == 3
    ask(child, "erase")  # the cursor's cell, R2C1: empty already
    assert any("R2C1 is already empty" in line for line in said(child))
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_apply_it_takes_quit_and_ends_cleanly(tmp_path):
    save = tmp_path / "g.json"
    child = game(tmp_path, "--clues", KATA, "--save", str(save))
    child.sendline("hint 3")
    child.expect(r"apply it\? \[y/N\] ")
    child.sendline("maybe")
    child.expect(r"apply it\? \[y/N\] ")
    assert any("please answer y or n (or quit)" in line for line in said(child))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "bye:" in ANSI.sub("", child.before)
    child.close()
    assert child.exitstatus == 0 and save.is_file()


def test_apply_it_at_the_end_of_input_ends_the_game(tmp_path):
    child = game(tmp_path, "--clues", KATA)
    child.sendline("hint 3")
    child.expect(r"apply it\? \[y/N\] ")
    child.sendeof()
    child.expect(pexpect.EOF)
    text = ANSI.sub("", child.before)
    assert "bye:" in text and text.count("apply it?") == 0
    child.close()
    assert child.exitstatus == 0


def peers_hold(values, i, n) -> int:
    r, c = divmod(i, n)
    m = 0
    for j in (*range(r * n, r * n + n), *range(c, n * n, n)):
        if j != i and values[j]:
            m |= cands.bit(values[j])
    return m


def test_an_applied_hint_never_marks_a_height_its_row_or_column_holds(tmp_path):
    """Through the game: heights placed in row 1, then hints applied; no mark a hint writes is ruled out."""
    entry = load(SAMPLES, [6], ["hard"])[0]
    solution = entry.record["solution"]
    save = tmp_path / "g.json"
    child = game(tmp_path, "--size", "6", "--level", "hard", "--save", str(save))
    for c in (2, 4, 6):
        ask(child, f"1 {c} {solution[0][c - 1]}")
    for _ in range(8):
        child.sendline("hint 3")
        k = child.expect([r"apply it\? \[y/N\] ", "> "])
        if k == 1:
            break
        before = saved(save)["marks"]
        ask(child, "y")
        data = saved(save)
        for i, (old, new) in enumerate(zip(before, data["marks"])):
            if new != old and new:
                mask = sum(cands.bit(h) for h in new)
                assert not mask & peers_hold(data["values"], i, 6), (i, new)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_applied_hints_through_a_whole_12x12_solve_mark_only_candidates(shared):
    """The issue's case: a 12x12, heights placed in row 1, every hint applied to the end."""
    record = json.loads((shared / "big" / "12x12-puzzles.json").read_text())
    label, records = next(iter(record.items()))
    puzzle = Puzzle.from_record(records[0], label)
    from ascent import solve

    truth = solve(puzzle).solution
    g = Game(puzzle)
    s = Session(g)
    n = g.n
    for c in (0, 5, 7):
        if not g.values[c]:
            g.place(1, c + 1, truth[0][c])
    for _ in range(400):
        h = g.hint(3)
        if h.kind != STEP:
            break
        before = list(g.marks)
        s.apply_hint(h)
        for i, (old, new) in enumerate(zip(before, g.marks)):
            if new != old and new:
                assert not new & peers_hold(g.values, i, n), (i, cands.show(new))
    assert g.open_cells() == 0 or h.kind != STEP
