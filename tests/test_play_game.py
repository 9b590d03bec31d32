"""The rich game: Game's state logic driven directly, and whole sessions driven by scripted input."""

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ascent import Puzzle
from ascent.cli import app
from ascent.cli.playing import Sitting
from ascent.model import cands
from ascent.model.trace import Step
from ascent.tools.hint import STEP, Hint
from ascent.play.game import Game, Illegal, SaveError

KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"  # solution 1342 / 4213 / 3421 / 2134
runner = CliRunner()


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def drive(game: Game, script: list[str], clock: Clock | None = None, save=None) -> tuple[str, int]:
    """Run a session on ``game`` with these input lines (then end of input); its output and exit code."""
    lines = iter(script)
    out = io.StringIO()

    def read(prompt):
        if clock is not None:
            clock.now += 10  # ten seconds per answer
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    code = Sitting(game, Console(file=out, width=100, color_system=None), read, save).run()
    return out.getvalue(), code


def kata_game(clock=None) -> Game:
    p = Puzzle.from_clues(KATA)
    return Game(p, clock=clock) if clock else Game(p)


# ---------------------------------------------------------------- Game alone
def test_place_erase_undo_redo():
    g = kata_game()
    g.place(1, 1, 1)
    g.place(1, 2, 3)
    assert g.values[:2] == [1, 3]
    g.undo()
    assert g.values[:2] == [1, 0]
    g.redo()
    assert g.values[:2] == [1, 3]
    g.erase(1, 2)
    g.undo()
    assert g.values[1] == 3
    g.undo(), g.undo()
    assert g.values[:2] == [0, 0]
    with pytest.raises(Illegal, match="nothing to undo"):
        g.undo()


def test_a_new_change_drops_what_could_be_redone():
    g = kata_game()
    g.place(1, 1, 1)
    g.undo()
    g.place(2, 2, 2)
    with pytest.raises(Illegal, match="nothing to redo"):
        g.redo()


@pytest.mark.parametrize("move, words", [
    (lambda g: g.place(0, 1, 1), "from 1 to 4"),
    (lambda g: g.place(1, 5, 1), "from 1 to 4"),
    (lambda g: g.place(1, 1, 5), "heights go from 1 to 4"),
    (lambda g: g.erase(1, 1), "already empty"),
    (lambda g: g.toggle_marks(1, 1, [7]), "heights go from 1 to 4"),
])
def test_illegal_moves_say_why(move, words):
    with pytest.raises(Illegal, match=words):
        move(kata_game())


def test_givens_cannot_change():
    g = Game(Puzzle.from_keys("0003010002003000", state="4--22----234-4--"))
    with pytest.raises(Illegal, match="R1C1 is a given"):
        g.place(1, 1, 3)


def test_repeat_note():
    g = kata_game()
    g.place(1, 1, 4)
    assert g.place(1, 3, 4) == "note: 4 is already in row 1"


def test_pencil_marks_toggle_and_feed_the_hint():
    g = kata_game()
    g.toggle_marks(1, 1, [1, 2, 3])
    g.toggle_marks(1, 1, [3])
    assert g.marks[0] == 0b0011
    h = g.hint(3)  # R1C1 is marked [12] already: the ascent step only has R1C2's 4 left to remove
    assert h.kind == STEP and h.step.eliminations == ((1, 0b1000),)


def test_check_names_a_mistake_without_the_answer():
    g = kata_game()
    g.place(1, 1, 1)  # right
    g.place(2, 3, 4)  # wrong: R2C3 is 1
    assert g.check() == "R2C3 is wrong"
    g.undo()
    assert g.check() == "nothing placed is wrong so far (15 cells open)"


def test_whole_game_by_level_3_hints_applied():
    g = kata_game()
    for _ in range(200):
        if g.won():
            break
        g.apply(g.hint(3))
    assert g.won() and g.rows() == ((1, 3, 4, 2), (4, 2, 1, 3), (3, 4, 2, 1), (2, 1, 3, 4))
    assert g.hints_used == g.hints_applied > 10


def test_an_applied_step_crosses_out_in_marks_and_candidates_and_a_placement_clears_marks():
    """A hint's step replayed on the game: a marked cell loses the heights crossed out; an unmarked cell
    stands for its candidates (never a height its row holds) and keeps what is left; a placed cell's marks
    go; cells the step does not touch keep theirs; and the whole step is one undo."""
    g = kata_game()  # solution 1342 / 4213 / 3421 / 2134
    g.place(1, 1, 1)
    g.toggle_marks(1, 2, [2, 3, 4])  # R1C2, a marked cell
    g.toggle_marks(2, 4, [3, 4])  # R2C4, to be placed
    g.toggle_marks(2, 2, [1, 2])  # R2C2, not in the step
    before = (list(g.values), list(g.marks))
    two = cands.bit(2)
    step = Step("hand-made", "R1C2 and R1C3 are not 2; R2C4 is 3",
                eliminations=((1, two), (2, two)), placements=((7, 3),))
    g.apply(Hint(STEP, 3, ("", "", ""), step=step))
    assert cands.digits(g.marks[1]) == [3, 4]  # marked: {2,3,4} less 2
    assert cands.digits(g.marks[2]) == [3, 4]  # unmarked: its candidates {2,3,4} (row 1 holds 1) less 2
    assert g.values[2] == 0
    assert (g.values[7], g.marks[7]) == (3, 0)  # placed: its marks cleared
    assert cands.digits(g.marks[5]) == [1, 2] and g.values[0] == 1 and g.marks[0] == 0
    assert g.hints_applied == 1
    g.undo()
    assert (g.values, g.marks) == before


def test_save_and_resume_keep_everything(tmp_path):
    clock = Clock()
    g = kata_game(clock)
    g.place(1, 1, 1)
    g.toggle_marks(2, 2, [1, 2])
    g.hint(1)
    clock.now += 75
    path = tmp_path / "game.json"
    g.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # written atomically: no temporary left
    back = Game.load(path, clock=clock)
    assert (back.values, back.marks, back.hints_used) == (g.values, g.marks, 1)
    assert back.elapsed() == pytest.approx(75)
    back.undo()  # the history came back too
    assert back.marks[5] == 0 and back.values[0] == 1


@pytest.mark.parametrize("text, words", [
    ("{", "not valid JSON"),
    ("[]", "not an ascent save"),
    ('{"version": 1}', "damaged"),
])
def test_a_bad_save_is_named(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=words):
        Game.load(path)


def test_a_save_that_changes_a_given_is_refused(tmp_path):
    g = Game(Puzzle.from_keys("0003010002003000", state="4--22----234-4--"))
    data = g.to_dict()
    data["values"][0] = 3
    with pytest.raises(SaveError, match="changes a given"):
        Game.from_dict(data)


# ---------------------------------------------------------------- sessions with scripted input
def test_session_won_by_hints_alone_shows_time_and_hints():
    clock = Clock()
    out, code = drive(kata_game(clock), ["hint 3", "y"] * 100, clock)
    assert code == 0
    last = out.strip().splitlines()[-1]
    hints = out.count("hint 3: ")
    assert last == f"Congratulations, you solved it! 4x4 in {hints * 20 // 60}:{hints * 20 % 60:02d}, with {hints} hints ({hints} applied)."
    assert "1   3   4   2" in out  # the solved first row, clues around it


def test_session_hint_levels_escalate_and_can_be_declined():
    out, _ = drive(kata_game(), ["hint", "hint", "hint", "n", "quit"])
    assert "hint 1: look at row 1 from the left (clue 3)" in out
    assert "hint 2: an edge clue rule (ascent) removes something in row 1" in out
    assert "hint 3: ascent row 1 from the left (clue 3)" in out
    assert "hints 3" not in out.split("hint 3:")[1]  # declined: no board drawn again
    assert out.strip().endswith("bye: 16 cells were open after 0:00")


def test_session_check_catches_a_mistake_and_undo_fixes_it():
    out, _ = drive(kata_game(), ["2 3 4", "check", "undo", "check", "quit"])
    assert "R2C3 is wrong" in out and "nothing placed is wrong so far (16 cells open)" in out
    assert "R2C3 is 1" not in out


def test_session_rejects_nonsense_and_goes_on():
    out, code = drive(kata_game(), ["fly", "9 9 9", "place 1", "mark 1 1", "1 1 1", "quit"])
    assert "unknown command 'fly'" in out and "from 1 to 4" in out and "type r c h, e.g. 2 3 4, or R2C3=4" in out
    assert "mark r c h" in out and code == 0 and "15 open" in out


def test_session_solve_shows_passes_from_the_players_grid():
    out, code = drive(kata_game(), ["1 1 1", "solve"])
    assert "From here" in out and "Pass 1" in out and "SOLVED" in out and code == 0


def test_session_marks_hide_and_show():
    out, _ = drive(kata_game(), ["mark 1 1 12", "marks", "marks", "quit"])
    views = out.split("open, 0:00, hints 0")  # the status line under each board
    assert "[12]" not in views[0] and "[12]" in views[1]
    assert "[12]" not in views[2] and views[3].startswith(", marks hidden") and "[12]" in views[3]


# ---------------------------------------------------------------- the command: save, resume, errors
def test_play_save_then_resume(tmp_path):
    path = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "--clues", KATA, "--save", str(path)], input="1 1 1\n2 2 2\nundo\nquit\n")
    assert r.exit_code == 0, r.output
    saved = json.loads(path.read_text())
    assert saved["values"][:6] == [1, 0, 0, 0, 0, 0] and len(saved["redo"]) == 1
    r = runner.invoke(app, ["play", "--resume", str(path)], input="redo\nquit\n")
    assert r.exit_code == 0 and "14 open" in r.stdout
    assert json.loads(path.read_text())["values"][5] == 2


def test_play_a_stored_puzzle_from_a_store(tmp_path):
    from ascent.store import SAMPLES

    r = runner.invoke(app, ["play", "--store", str(SAMPLES)], input="quit\n")
    assert r.exit_code == 0 and "5x5" in r.stdout
    r = runner.invoke(app, ["play", "--store", str(tmp_path / "nowhere")], input="quit\n")
    assert r.exit_code == 2  # a store the user names must exist


@pytest.mark.parametrize("args, code, words", [
    (["play", "--resume", "nowhere.json"], 2, "no such file"),
    (["play", "--clues", KATA, "--store", "."], 2, "--store picks a stored puzzle"),
    (["hint", "--size", "5", "--index", "2"], 2, "--index picks a puzzle of a --file"),
    (["play", "4", "----"], 2, "go with --classic"),
    (["play", "--clues", KATA, "--diff", "2"], 2, "pick a stored puzzle"),
    (["play", "--state", "4---"], 2, "--grid"),
    (["play", "--size", "5", "--date", "1399"], 2, "--date"),
])
def test_play_errors_are_one_line(args, code, words):
    r = runner.invoke(app, args, input="")
    assert r.exit_code == code, r.output
    assert r.stderr.count("\n") == 1 and words in r.stderr


# ---------------------------------------------------------------- ascent hint
def test_hint_command_levels():
    r = runner.invoke(app, ["hint", "--clues", KATA, "--level", "1"])
    assert (r.exit_code, r.stdout) == (0, "look at row 1 from the left (clue 3)\n")
    r = runner.invoke(app, ["hint", "--clues", KATA, "--grid", "1--- 4-2- ---- ----"])
    assert (r.exit_code, r.stdout) == (0, "R2C3 is wrong: 2 is not its height; take it out\n")


def test_hint_command_stored_puzzle(shared):
    r = runner.invoke(app, ["hint", "--store", str(shared / "brainbashers"), "--size", "6", "--diff", "3",
                            "--date", "0521", "--level", "2"])
    assert r.exit_code == 0 and r.stdout.count("\n") == 1 and "(" in r.stdout


@pytest.mark.parametrize("args, code, words", [
    (["hint", "--clues", KATA, "--grid", "1--"], 2, "has 3 cells"),
    (["hint", "--clues", KATA, "--level", "4"], 2, "--level"),
    (["hint"], 2, "which puzzle"),
    (["hint", "--state", "4---"], 2, "--grid"),
])
def test_hint_command_errors(args, code, words):
    r = runner.invoke(app, args)
    assert r.exit_code == code, r.output
    assert r.stderr.count("\n") == 1 and words in r.stderr


# ---------------------------------------------------------------- issue 16: questions, conflicts, givens
def test_questions_say_y_n_and_ask_again():
    prompts = []
    answers = iter(["hint 3", "maybe", "y", "quit"])

    def read(prompt):
        prompts.append(prompt)
        return next(answers)

    from ascent.cli.playing import Sitting
    from rich.console import Console

    g = kata_game()
    out = io.StringIO()
    Sitting(g, Console(file=out, width=80), read).run()
    asked = [p for p in prompts if "[y/N]" in p]
    assert len(asked) == 2 and "please answer y or n" in out.getvalue()
    assert g.hints_applied == 1


def test_conflicts_repeated_heights_and_broken_clues():
    g = kata_game()  # clues 2 2 1 3 on top; the solution's first row is 1 3 4 2
    g.place(1, 1, 2)
    g.place(1, 3, 2)
    cells, clues = g.conflicts()
    assert cells == {0, 2} and not clues
    g.erase(1, 3)
    for c, h in ((2, 1), (3, 3), (4, 4)):
        g.place(1, c, h)  # a full row 2 1 3 4: it shows 3 from the left and 1 from the right
    cells, clues = g.conflicts()
    shown_left, shown_right = 3, 1
    expect = {("left", 0)} if g.puzzle.left[0] != shown_left else set()
    expect |= {("right", 0)} if g.puzzle.right[0] != shown_right else set()
    assert not cells and clues == expect and expect


def test_givens_are_named_as_givens():
    g = Game(Puzzle.from_keys("0003010002003000", "4--22----234-4--"))
    for move in (lambda: g.place(1, 1, 3), lambda: g.erase(1, 1), lambda: g.toggle_marks(1, 1, [1])):
        with pytest.raises(Illegal, match="R1C1 is a given: .*(fixed|fixes)"):
            move()
