"""ascent loopover through typer's CliRunner: output, replay, JSON, files, exit codes, one-line errors."""

import json

import pytest
from typer.testing import CliRunner

from ascent.cli import app
from loopover import Board

runner = CliRunner()
SORTED5 = "ABCDE/FGHIJ/KLMNO/PQRST/UVWXY"
SEED = "CWMFJ/ORDBA/NKGLY/PHSVE/XTQUI"


@pytest.fixture(autouse=True)
def small_tables(small_loopover_tables):
    """Every test here on small tables (conftest's ``small_loopover_tables``)."""
    return small_loopover_tables


def invoke(*args):
    return runner.invoke(app, ["loopover", *[str(a) for a in args]])


def one_line_error(result, code, *words):
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    for w in words:
        assert w in lines[0]
    return lines[0]


def moves_line(stdout):
    line = next(ln for ln in stdout.splitlines() if ln.startswith("moves: "))
    return line[len("moves: "):].split()


def test_solves_and_prints_moves_length_and_phases():
    r = invoke(SEED, SORTED5, "--budget", 0)  # the heuristic alone: its phases are named
    assert r.exit_code == 0, r.stderr
    moves = moves_line(r.stdout)
    assert Board.parse(SEED).apply_all(moves) == Board.parse(SORTED5)
    assert f"5x5 board: {len(moves)} moves" in r.stdout
    for name in ("row 4 (bottom)", "row 3", "row 2", "row 1", "top row 0"):
        assert name in r.stdout


def test_small_board_is_optimal_and_says_so():
    r = invoke("DCA/BEF", "BAE/FCD")
    assert r.exit_code == 0
    assert "fewest moves (breadth-first search)" in r.stdout and "shortest search" in r.stdout


def test_replay_shows_the_board_after_each_phase():
    r = invoke(SEED, SORTED5, "--replay", "--budget", 0)
    assert r.exit_code == 0
    assert "start" in r.stdout and "after row 4 (bottom): " in r.stdout and "after top row 0: " in r.stdout
    assert r.stdout.rstrip().endswith(" U  V  W  X  Y")  # the last board shown is the target


def test_replay_debug_shows_every_move():
    r = invoke("ACDBE/FGHIJ/KLMNO/PQRST", "ABCDE/FGHIJ/KLMNO/PQRST", "--debug", "--budget", 0.1)  # --debug implies --replay
    assert r.exit_code == 0
    numbered = []
    for line in r.stdout.splitlines():  # "1. D2     2. L0 ..." above each row of boards
        parts = line.split()
        numbered += [parts[i + 1] for i in range(0, len(parts) - 1) if parts[i].endswith(".") and parts[i][:-1].isdigit()]
    assert numbered == moves_line(r.stdout)  # every move, in order, each with its board


def test_json_and_file(tmp_path):
    boards = tmp_path / "boards.json"
    boards.write_text(json.dumps({"start": [list(r) for r in SEED.split("/")], "target": SORTED5}))
    out = tmp_path / "out.json"
    r = invoke("--file", boards, "--json", out, "--budget", 0.2)
    assert r.exit_code == 0, r.stderr
    data = json.loads(out.read_text())
    assert data["status"] == "solved" and data["length"] == len(data["moves"])
    assert [m for p in data["phases"] for m in p["moves"]] == data["moves"]
    assert Board.parse(SEED).apply_all(data["moves"]) == Board.parse(SORTED5)
    assert data["start"] == SEED.split("/") and data["target"] == SORTED5.split("/")
    again = invoke("--file", out, "--budget", 0.2)  # the JSON written is a valid --file; the same moves
    assert again.exit_code == 0 and moves_line(again.stdout) == data["moves"]


def test_unsolvable_exits_3_with_the_parity_reason(tmp_path):
    out = tmp_path / "out.json"
    r = invoke("BAC/DEF/GHI", "ABC/DEF/GHI", "--json", out)
    assert r.exit_code == 3
    line = r.stderr.strip()
    assert "\n" not in line and line.startswith("unsolvable: ") and "odd permutation" in line and "both sides odd" in line
    assert json.loads(out.read_text())["status"] == "unsolvable"


def test_even_twin_is_solved():
    r = invoke("BACD/EFGH/IJKL", "ABCD/EFGH/IJKL")
    assert r.exit_code == 0 and Board.parse("BACD/EFGH/IJKL").apply_all(moves_line(r.stdout)) == Board.parse("ABCD/EFGH/IJKL")


def test_optimal_flag():
    r = invoke("ABCDE/FGHIJ/KLMNO/PQRST/UVWXY", "BCDEA/FGHIJ/KLMNO/PQRST/UVWXY", "--optimal")
    assert r.exit_code == 0 and moves_line(r.stdout) == ["L0"] and "1 move," in r.stdout


def test_bad_input_is_one_line():
    one_line_error(invoke("AB/C", "AB/CD"), 1, "start board", "equally long")
    one_line_error(invoke("AB/CD", "AA/CD"), 1, "target board", "twice")
    one_line_error(invoke("AB/CD", "AB/CE"), 1, "same symbols")
    one_line_error(invoke("AB/CD", "ABE/CDF"), 1, "same shape")
    one_line_error(invoke("AB/CD"), 2, "START and TARGET")


def test_bad_files(tmp_path):
    one_line_error(invoke("--file", tmp_path / "missing.json"), 2, "no such file")
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    one_line_error(invoke("--file", bad), 2, "not valid JSON")  # not a board file: usage
    bad.write_text('{"start": "AB/CD"}')
    one_line_error(invoke("--file", bad), 2, '"target"')
    bad.write_text('{"start": "AB/CD", "target": "BA/CD"}')
    one_line_error(invoke("AB/CD", "BA/CD", "--file", bad), 2, "not both")


def test_help_has_examples():
    r = runner.invoke(app, ["loopover", "--help"])
    assert r.exit_code == 0 and "Example:" in r.stdout and "--optimal" in r.stdout


def test_a_single_row_is_turned_or_said_unreachable():
    r = invoke("ABCDE", "DEABC")
    assert r.exit_code == 0 and "1x5 board: 2 moves" in r.stdout and "moves: R0 R0" in r.stdout
    r = invoke("ABCDE", "BACDE")
    assert r.exit_code == 3 and "only the 5 turns" in r.stderr


def test_optimal_says_when_it_cannot_prove_the_fewest(monkeypatch):
    import loopover.search as search
    monkeypatch.setattr(search, "LIMIT", 2000)
    start, target = "ABCD/EFGH/IJKL", "DCBA/HGFE/LKJI"  # 4x4 has its own search (pattern tables)
    r = invoke(start, target, "--optimal", "--budget", 0.1)
    assert r.exit_code == 0 and "not proven fewest" in r.stdout and "2,000 states" in r.stdout
    assert Board.parse(start).apply_all(moves_line(r.stdout)) == Board.parse(target)
    r = invoke("ABCDE/FGHIJ/KLMNO/PQRST/UVWXY", "BCDEA/FGHIJ/KLMNO/PQRST/UVWXY", "--optimal")
    assert "not proven" not in r.stdout


def test_beam_search_is_named_and_budget_zero_turns_it_off():
    start, target = "ABCDE/FGHIJ/KLMNO", "EDCBA/JIHGF/ONMLK"  # not 4x4: there the pattern search may prove it
    beam = invoke(start, target, "--budget", 0.1)
    plain = invoke(start, target, "--budget", 0)
    assert "beam search (short, not proven fewest)" in beam.stdout and "heuristic, then runs merged" in plain.stdout
    assert len(moves_line(beam.stdout)) < len(moves_line(plain.stdout))
    assert Board.parse(start).apply_all(moves_line(beam.stdout)) == Board.parse(target)
    one_line_error(invoke(start, target, "--budget", -1), 2)
    one_line_error(invoke(start, target, "--budget", "inf"), 2)


def test_json_to_stdout_carries_the_json_alone():
    """Issue 27: with --json -, stdout is the JSON only; the table and the moves go to stderr."""
    r = invoke("DCA/BEF", "BAE/FCD", "--json", "-")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert Board.parse("DCA/BEF").apply_all(data["moves"]) == Board.parse("BAE/FCD")
    assert "moves: " in r.stderr and "2x3 board" in r.stderr


def test_a_board_past_60x60_is_refused_at_once_with_exit_2():
    rows = ["".join(chr(0x100 + r * 61 + c) for c in range(61)) for r in range(61)]
    board = "/".join(rows)
    one_line_error(invoke(board, board), 2, "61x61 board is too large", "60x60")


def test_the_first_4x4_board_builds_the_pattern_table_once_and_says_so(small_tables):
    start, target = "BACD/EFGH/IJKL/MNOP", "ABCD/EFGH/IJKL/MNOP"
    first = invoke(start, target)
    assert first.exit_code == 0, first.stderr
    assert "building the 4x4 pattern tables once" in first.stderr and str(small_tables) in first.stderr
    assert (small_tables / "loopover-4x4-block2x3.npy").is_file()
    assert "fewest moves (search bounded by pattern tables)" in first.stdout
    again = invoke(start, target)
    assert again.exit_code == 0 and "building" not in again.stderr
    assert moves_line(again.stdout) == moves_line(first.stdout)
