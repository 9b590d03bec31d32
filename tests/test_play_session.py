"""The game session without a terminal: typed commands become moves on the Game."""

import pytest

from ascent import Puzzle
from ascent.play import session
from ascent.play.game import Game, Illegal
from ascent.play.session import Session

KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"  # solution 1342 / 4213 / 3421 / 2134


def test_commands_become_moves_on_the_game():
    s = Session(Game(Puzzle.from_clues(KATA)))
    move = s.command("2", ["3", "1"])  # row 2, column 3, height 1
    assert move.kind == session.CHANGED and move.changed == [6] and s.game.values[6] == 1
    assert s.command("erase", ["2", "3"]).changed == [6] and s.game.values[6] == 0
    assert s.command("marks", []).kind == session.DRAW and not s.game.show_marks
    assert s.command("check", []).kind == session.CHECK
    assert s.command("quit", []).kind == session.QUIT
    with pytest.raises(Illegal, match="unknown command 'fly'"):
        s.command("fly", [])
    with pytest.raises(Illegal, match="where\\? save FILE"):
        s.command("save", [])


def test_hint_levels_climb_on_the_same_position_and_restart_after_a_change():
    s = Session(Game(Puzzle.from_clues(KATA)))
    assert [s.command("hint", []).level for _ in range(4)] == [1, 2, 3, 3]
    s.command("1", ["1", "1"])
    assert s.command("hint", []).level == 1
    with pytest.raises(Illegal, match="levels are 1, 2 and 3"):
        s.command("hint", ["4"])


def test_settle_finishes_a_won_game_and_saves_it(tmp_path):
    rows = ["1342", "4213", "3421", "2134"]
    s = Session(Game(Puzzle.from_clues(KATA)), tmp_path / "g.json")
    for r, row in enumerate(rows, 1):
        for c, h in enumerate(row, 1):
            if (r, c) != (4, 4):
                s.command(str(r), [str(c), h])
    assert s.settle() == "" and s.autosave() == tmp_path / "g.json"
    s.command("4", ["4", "3"])  # wrong
    assert s.settle() == "full" and not s.game.finished
    s.command("4", ["4", "4"])
    assert s.settle() == "won" and s.game.finished


def test_solve_starts_from_the_puzzle_when_a_height_is_wrong():
    s = Session(Game(Puzzle.from_clues(KATA)))
    s.command("1", ["1", "4"])  # the solution has 1 there
    move = s.command("solve", [])
    assert move.kind == session.SOLVE and move.wrong and move.start == s.game.puzzle
    s.command("1", ["1", "1"])
    move = s.command("solve", [])
    assert not move.wrong and move.start.givens[0][0] == 1 and move.start.clue_count() == s.game.puzzle.clue_count()
