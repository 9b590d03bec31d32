"""The assignment's game (Part 1), transcript by transcript: input script in, exact bytes out.

Boards are written out literally: every symbol is followed by one space (Requirement 1C), so each
board line ends with a space before its newline.
"""

import io
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ascent.cli import app
from ascent.core.lanes import visible
from ascent.play import classic

EXAMPLE_ARGS = ("4", "4--22----234-4--", "0003010002003000")  # the assignment's board
EXAMPLE = (
    "    0 0 0 3 \n"
    "    v v v v \n"
    "0 > 4 - - 2 < 3 \n"
    "2 > 2 - - - < 0 \n"
    "0 > - 2 3 4 < 0 \n"
    "0 > - 4 - - < 0 \n"
    "    ^ ^ ^ ^ \n"
    "    0 1 0 0 \n"
)
# The Codewars 4x4 (solution 1342 / 4213 / 3421 / 2134) as keys: top, bottom, left, right.
KEYS = "2213322131232231"
PIECE, ROW, COL = "Choose a piece (1-4) or q to quit: ", "Choose a row (0-3): ", "Choose a column (0-3): "
BAD = "Invalid choice. "


def kata_board(*rows: str) -> str:
    """A board of the kata's keys around four literal rows such as '1 3 4 2'."""
    left, right = "3123", "2231"
    return ("    2 2 1 3 \n"
            "    v v v v \n"
            + "".join(f"{left[r]} > {rows[r]} < {right[r]} \n" for r in range(4))
            + "    ^ ^ ^ ^ \n"
            "    3 2 2 1 \n")


def run(args, script: str) -> tuple[str, str]:
    out = io.StringIO()
    outcome = classic.play(classic.parse(*args), io.StringIO(script), out)
    return out.getvalue(), outcome


# ---------------------------------------------------------------- 1A: the three arguments
def test_1a_arguments_size_state_keys_through_the_command():
    r = CliRunner().invoke(app, ["play", "--classic", *EXAMPLE_ARGS], input="q\n")
    assert r.exit_code == 0
    assert r.stdout == EXAMPLE + PIECE


def test_1a_the_assignments_2x2_example_is_already_filled_and_wins():
    out, outcome = run(("2", "2112", "12211221"), "")
    assert out == ("Congratulations, you have filled the board!\n"
                   "    1 2 \n"
                   "    v v \n"
                   "1 > 2 1 < 2 \n"
                   "2 > 1 2 < 1 \n"
                   "    ^ ^ \n"
                   "    2 1 \n")
    assert outcome == classic.WON


def test_1a_a_state_starting_with_a_dash_is_an_argument_not_an_option():
    r = CliRunner().invoke(app, ["play", "--classic", "4", "-" * 16, KEYS], input="q\n")
    assert r.exit_code == 0
    assert r.stdout.startswith("    2 2 1 3 \n    v v v v \n3 > - - - - < 2 \n")


@pytest.mark.parametrize("args, words", [
    (("4", "4--22----234-4-", "0003010002003000"), "STATE must have 16"),
    (("4", "4--22----234-4-5", "0003010002003000"), "STATE character 16"),
    (("4", "4--22----234-4--", "000301000200300"), "KEYS must have 16"),
    (("4", "4--22----234-4--", "000301000200300x"), "KEYS character 16"),
    (("x", "4--22----234-4--", "0003010002003000"), "SIZE"),
    (("4", "4--22----234-4--"), "3 arguments"),
])
def test_1a_malformed_arguments_are_one_line_usage_errors(args, words):
    r = CliRunner().invoke(app, ["play", "--classic", *args], input="")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and words in r.stderr and "Traceback" not in r.stderr


# ---------------------------------------------------------------- 1B: an invalid initial state
@pytest.mark.parametrize("state", [
    "44--" + "-" * 12,          # 1G: 4 twice in row 1
    "4---4" + "-" * 11,         # 1G: 4 twice in column 1
    "1234" + "-" * 12,          # 1H: a full row 1 shows 4 from the left, its key says 3
    "2---1---4---3---",         # 1H: a full column 1 shows 2 from the bottom (3 4), its key says 3
])
def test_1b_invalid_initial_state_prints_one_line_and_ends(state):
    out, outcome = run(("4", state, KEYS), "1 0 0\n")
    assert out == "Invalid initial board state.\n"
    assert outcome == classic.BAD_START


def test_1b_invalid_initial_state_exits_1_through_the_command():
    r = CliRunner().invoke(app, ["play", "--classic", "4", "1234" + "-" * 12, KEYS], input="")
    assert (r.exit_code, r.stdout) == (1, "Invalid initial board state.\n")


def test_1b_a_full_row_that_meets_its_keys_is_a_valid_start():
    out, _ = run(("4", "1342" + "-" * 12, KEYS), "q")
    assert out == kata_board("1 3 4 2", "- - - -", "- - - -", "- - - -") + PIECE


# ---------------------------------------------------------------- 1C: the board
def test_1c_board_bytes():
    board = classic.parse(*EXAMPLE_ARGS)
    assert board.text() == EXAMPLE
    for line in board.text().splitlines():
        assert line.endswith(" ") and not line.endswith("  ")  # one space after the last symbol, no more


# ---------------------------------------------------------------- 1D: prompts, then the board again
def test_1d_prompts_piece_row_column_then_the_board():
    out, outcome = run(EXAMPLE_ARGS, "1\n0\n1\nq\n")
    assert out == (EXAMPLE + PIECE + ROW + COL
                   + EXAMPLE.replace("0 > 4 - - 2", "0 > 4 1 - 2") + PIECE)
    assert outcome == classic.QUIT


def test_1d_prompts_follow_the_size():
    out, _ = run(("5", "-" * 25, "0" * 20), "2 4 4 q")
    assert out.count("Choose a piece (1-5) or q to quit: ") == 2
    assert "Choose a row (0-4): Choose a column (0-4): " in out


# ---------------------------------------------------------------- 1E: invalid piece, row, column
def test_1e_invalid_choices_ask_again_for_the_same_item():
    out, _ = run(EXAMPLE_ARGS, "0 5 x 12 Q 1  4 q -1 0  7 1\nq\n")
    assert out == (EXAMPLE
                   + PIECE + (BAD + PIECE) * 5       # 0, 5, x, 12, Q
                   + ROW + (BAD + ROW) * 2           # 4, q
                   + BAD + ROW                       # -1, then 0 is good
                   + COL + BAD + COL                 # 7, then 1 is good
                   + EXAMPLE.replace("0 > 4 - - 2", "0 > 4 1 - 2")
                   + PIECE)


# ---------------------------------------------------------------- 1F: an occupied space
def test_1f_occupied_space():
    out, _ = run(EXAMPLE_ARGS, "1 0 0\nq\n")
    assert out == (EXAMPLE + PIECE + ROW + COL
                   + "Invalid choice. That space is already occupied.\n" + EXAMPLE + PIECE)


# ---------------------------------------------------------------- 1G: a repeated height
@pytest.mark.parametrize("script", [
    "4 0 1",   # 4 is in row 0 already
    "4 1 1",   # 4 is in column 1 already (row 3)
    "2 0 1",   # 2 is in row 0 and in column 1
])
def test_1g_duplicate_message(script):
    out, _ = run(EXAMPLE_ARGS, script + "\nq\n")
    assert out == (EXAMPLE + PIECE + ROW + COL
                   + "Invalid choice. There is already a building with that height in that row or column.\n"
                   + EXAMPLE + PIECE)


# ---------------------------------------------------------------- 1H: the last piece of a line breaks a key
def test_1h_last_piece_of_a_row_breaks_its_key():
    start = "314-" + "-" * 12
    assert visible([3, 1, 4, 2]) == 2  # the left key of row 0 is 3
    out, _ = run(("4", start, KEYS), "2 0 3\nq\n")
    board = kata_board("3 1 4 -", "- - - -", "- - - -", "- - - -")
    assert out == (board + PIECE + ROW + COL
                   + "Invalid choice. You violate one of the key requirements.\n" + board + PIECE)


def test_1h_last_piece_of_a_column_breaks_its_key():
    start = "2---" "1---" "4---" "----"  # column 0 from the top: 2 1 4 _, its top key is 2
    assert visible([2, 1, 4, 3]) == 2 and visible([3, 4, 1, 2]) == 2  # bottom key is 3: broken
    out, _ = run(("4", start, KEYS), "3 3 0\nq\n")
    board = kata_board("2 - - -", "1 - - -", "4 - - -", "- - - -")
    assert out == (board + PIECE + ROW + COL
                   + "Invalid choice. You violate one of the key requirements.\n" + board + PIECE)


def test_1h_a_line_that_is_not_full_is_never_checked_against_its_keys():
    out, _ = run(("4", "-" * 16, KEYS), "4 0 0\nq\n")  # row 0 from the left (key 3) sees a 4 first: fine until full
    assert out == (kata_board(*["- - - -"] * 4) + PIECE + ROW + COL
                   + kata_board("4 - - -", "- - - -", "- - - -", "- - - -") + PIECE)


# ---------------------------------------------------------------- 1G and 1H together: 1G wins
def test_1g_and_1h_together_print_only_the_duplicate_message():
    start = "314-" + "-" * 12
    assert visible([3, 1, 4, 3]) != 3  # the full row would break its left key 3 too
    out, _ = run(("4", start, KEYS), "3 0 3\nq\n")
    board = kata_board("3 1 4 -", "- - - -", "- - - -", "- - - -")
    assert out == (board + PIECE + ROW + COL
                   + "Invalid choice. There is already a building with that height in that row or column.\n"
                   + board + PIECE)


# ---------------------------------------------------------------- 1I: the win
def test_1i_win_after_mistakes():
    start = "134242133421213-"
    out, outcome = run(("4", start, KEYS), "1 3 3\n9\n4 3 3\n")
    before = kata_board("1 3 4 2", "4 2 1 3", "3 4 2 1", "2 1 3 -")
    assert out == (before + PIECE + ROW + COL
                   + "Invalid choice. There is already a building with that height in that row or column.\n"
                   + before + PIECE + BAD + PIECE + ROW + COL
                   + "Congratulations, you have filled the board!\n"
                   + kata_board("1 3 4 2", "4 2 1 3", "3 4 2 1", "2 1 3 4"))
    assert outcome == classic.WON


def test_1i_a_whole_game_from_the_empty_board():
    solution = ["1342", "4213", "3421", "2134"]
    script = "".join(f"{solution[r][c]} {r} {c}\n" for r in range(4) for c in range(4))
    out, outcome = run(("4", "-" * 16, KEYS), script + "q\n")
    assert outcome == classic.WON
    assert out.count(PIECE) == 16 and "Invalid" not in out
    assert out.endswith("Congratulations, you have filled the board!\n"
                        + kata_board("1 3 4 2", "4 2 1 3", "3 4 2 1", "2 1 3 4"))


# ---------------------------------------------------------------- quitting and the end of input
def test_quit_prints_nothing_more():
    out, outcome = run(EXAMPLE_ARGS, "q\n1 0 1\n")
    assert (out, outcome) == (EXAMPLE + PIECE, classic.QUIT)


@pytest.mark.parametrize("script, tail", [
    ("", PIECE),
    ("1", PIECE + ROW),
    ("1 0\n", PIECE + ROW + COL),
    ("1 0 7", PIECE + ROW + COL + BAD + COL),
])
def test_end_of_input_behaves_like_q(script, tail):
    out, outcome = run(EXAMPLE_ARGS, script)
    assert (out, outcome) == (EXAMPLE + tail, classic.QUIT)


# ---------------------------------------------------------------- the real installed command
def _installed_ascent() -> Path:
    exe = Path(sys.executable).parent / "ascent"
    if not exe.exists():
        pytest.skip("the ascent script is not installed beside this Python")
    return exe


def test_installed_command_transcript_bytes():
    script = "1 0 1\n1 0 0\n4 3 0\n3 3 0\nq\n"
    proc = subprocess.run([str(_installed_ascent()), "play", "--classic", *EXAMPLE_ARGS],
                          input=script.encode(), capture_output=True, timeout=60)
    b1 = EXAMPLE.replace("0 > 4 - - 2", "0 > 4 1 - 2")
    b2 = b1.replace("0 > - 4 - -", "0 > 3 4 - -")
    expected = (EXAMPLE + PIECE + ROW + COL + b1
                + PIECE + ROW + COL + "Invalid choice. That space is already occupied.\n" + b1
                + PIECE + ROW + COL + "Invalid choice. There is already a building with that height in that row or column.\n" + b1
                + PIECE + ROW + COL + b2
                + PIECE)
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout == expected.encode()


def test_installed_command_end_of_input_no_traceback():
    proc = subprocess.run([str(_installed_ascent()), "play", "--classic", *EXAMPLE_ARGS],
                          input=b"1 0", capture_output=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout == (EXAMPLE + PIECE + ROW + COL).encode()
