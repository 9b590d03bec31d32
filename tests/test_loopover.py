"""Loopover: the board and its moves, the solvers, parity, the clean-up pass, bad input."""

import random

import pytest

from loopover import (Board, ModeError, MoveError, RaggedRowsError, RepeatedSymbolError, SearchTooLarge,
                             ShapeError, SymbolError, SymbolSetError, loopover, relabel, shortest, solve, tidy,
                             unsolvable_reason)
from loopover.heuristic import parity
from tests.loopover_oracle import distances

SORTED5 = "ABCDE/FGHIJ/KLMNO/PQRST/UVWXY"
SEED_EXAMPLE = "CWMFJ/ORDBA/NKGLY/PHSVE/XTQUI"  # the worked 5x5 example of the seed README (106 moves there)


@pytest.fixture(autouse=True)
def no_pattern_table(monkeypatch, tmp_path):
    """4x4 solves here do not depend on a pattern table the user may have cached: none is found."""
    monkeypatch.setenv("ASCENT_LOOPOVER_TABLES", str(tmp_path / "no-tables"))


def symbols(n):
    """n distinct one-character symbols (past 26 they are not letters: nothing assumes A-Z)."""
    return [chr(0x41 + i) if i < 26 else chr(0x100 + i) for i in range(n)]


def board_of(cells, cols):
    return Board.of([cells[i:i + cols] for i in range(0, len(cells), cols)])


def random_board(rows, cols, rng):
    cells = symbols(rows * cols)
    rng.shuffle(cells)
    return board_of(cells, cols)


def scramble(board, rng, n):
    rows, cols = board.shape
    moves = [f"{rng.choice('LR')}{rng.randrange(rows)}" if rng.random() < 0.5 else f"{rng.choice('UD')}{rng.randrange(cols)}"
             for _ in range(n)]
    return board.apply_all(moves)


def swap_two(board):
    """The same board with its first two symbols exchanged: the other parity."""
    cells = list(board.cells)
    cells[0], cells[1] = cells[1], cells[0]
    return board_of(cells, board.shape[1])


def assert_solves(start, target, solution):
    assert solution is not None
    assert start.apply_all(solution.moves) == target
    assert sum((p.moves for p in solution.phases), ()) == solution.moves
    boards = solution.boards()
    assert boards[0] == start and boards[-1] == target and len(boards) == len(solution.moves) + 1
    assert solution.phase_boards()[-1][1] == target
    assert tidy(solution.moves, *start.shape) == list(solution.moves)  # nothing left to merge


# ---------------------------------------------------------------- the board
def test_moves_follow_the_kata_conventions():
    b = Board.parse("ACDBE/FGHIJ/KLMNO/PQRST")
    assert str(b.apply("L0")) == "CDBEA/FGHIJ/KLMNO/PQRST"
    assert str(b.apply("R0")) == "EACDB/FGHIJ/KLMNO/PQRST"
    assert str(b.apply("D3")) == "ACDSE/FGHBJ/KLMIO/PQRNT"
    assert str(b.apply("U3")) == "ACDIE/FGHNJ/KLMSO/PQRBT"
    assert b.apply_all(["L0", "R0", "D3", "U3"]) == b
    assert b.apply_all(["L2"] * 5) == b


def test_parse_print_round_trip_and_lists():
    b = Board.parse("ACDBE/FGHIJ")
    assert str(b) == "ACDBE/FGHIJ" and b.shape == (2, 5)
    assert b.picture() == "A C D B E\nF G H I J"
    assert Board.of(b.to_lists()) == b == Board.of("ACDBE/FGHIJ") == Board.of(["ACDBE", "FGHIJ"])
    assert b.transposed().shape == (5, 2)


def test_board_is_frozen():
    b = Board.parse("AB/CD")
    with pytest.raises(AttributeError):
        b.rows = ()
    assert str(b.apply("L0")) == "BA/CD" and str(b) == "AB/CD"


@pytest.mark.parametrize("bad, error, words", [
    ("AB/C", RaggedRowsError, "row 0 'AB' has 2 symbols but row 1 'C' has 1 symbol"),
    ([["A", "B"], ["C"]], RaggedRowsError, "equally long"),
    ("AB/CA", RepeatedSymbolError, "'A' appears twice"),
    ([[], []], ShapeError, "at least one column"),
    ("", ShapeError, "rows joined by '/'"),
    ([], ShapeError, "empty"),
    ([["AB", "C"], ["D", "E"]], SymbolError, "one character"),
    ([[1, 2], [3, 4]], SymbolError, "one character"),
    ("A B/CD", SymbolError, "space"),
    (5, ShapeError, "list of rows"),
    ({"AB": 1, "CD": 2}, ShapeError, "list of rows"),
    ([None, None], ShapeError, "list of rows"),
])
def test_bad_boards_say_what_is_wrong_in_one_line(bad, error, words):
    with pytest.raises(error) as e:
        Board.of(bad)
    assert isinstance(e.value, ValueError)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_mismatched_boards():
    with pytest.raises(ShapeError, match="2x2 but the target is 2x3"):
        solve("AB/CD", "ABE/CDF")
    with pytest.raises(SymbolSetError, match="lacks \\('E'\\)|start lacks \\('E'\\)"):
        solve("AB/CD", "AB/CE")
    with pytest.raises(SymbolSetError):
        loopover([["A", "B"], ["C", "D"]], [["A", "B"], ["C", "C"]][:1] + [["C", "X"]])


@pytest.mark.parametrize("move", ["X0", "L", "L-1", "l0", "L2", "U9", "", "L 0"])
def test_bad_moves(move):
    with pytest.raises(MoveError):
        Board.parse("ABC/DEF").apply(move)


def test_bad_mode():
    with pytest.raises(ModeError):
        solve("AB/CD", "BA/CD", mode="quick")


# ---------------------------------------------------------------- the kata
KATA = [
    ("ACDBE/FGHIJ/KLMNO/PQRST", "ABCDE/FGHIJ/KLMNO/PQRST", True),
    ("ABCDE/KGHIJ/PLMNO/FQRST/UVWXY", SORTED5, True),
    (SEED_EXAMPLE, SORTED5, True),
    ("WCMDJ/ORFBA/KNGLY/PHVSE/TXQUI", SORTED5, False),
]


@pytest.mark.parametrize("start, target, solvable", KATA)
def test_kata_examples(start, target, solvable):
    rows = [list(r) for r in start.split("/")]
    goal = [list(r) for r in target.split("/")]
    moves = loopover(rows, goal)
    if not solvable:
        assert moves is None
        return
    assert isinstance(moves, list) and all(isinstance(m, str) for m in moves)
    assert Board.of(rows).apply_all(moves) == Board.of(goal)


def test_seed_worked_example_is_shorter_than_the_seed():
    solution = solve(SEED_EXAMPLE, SORTED5, mode="heuristic")
    assert_solves(Board.parse(SEED_EXAMPLE), Board.parse(SORTED5), solution)
    assert len(solution) < 106
    names = [p.name for p in solution.phases]
    assert names[0] == "row 4 (bottom)" and names[-1] == "top row 0"


def test_start_equal_to_target_needs_no_moves():
    for mode in ("fast", "heuristic", "optimal"):
        assert solve(SORTED5, SORTED5, mode=mode).moves == ()


# ---------------------------------------------------------------- every size, random scrambles and targets
SHAPES = [(r, c) for r in range(2, 10) for c in range(2, 10)]


@pytest.mark.parametrize("rows, cols", SHAPES)
def test_every_shape_random_targets_and_scrambles(rows, cols):
    rng = random.Random(rows * 100 + cols)
    for trial in range(3):
        target = random_board(rows, cols, rng)
        start = random_board(rows, cols, rng) if trial < 2 else scramble(target, rng, 40)
        if unsolvable_reason(start, target):
            start = swap_two(start)
        # fast without the beam (it has its own tests); on 10-12 cells the exact search of a random
        # board takes a second, and the dev-board test covers it: the scramble only
        far = trial < 2 and 9 < rows * cols <= 12
        for mode in (("heuristic",) if far else ("fast", "heuristic")):
            assert_solves(start, target, solve(start, target, mode=mode, budget=0))


@pytest.mark.parametrize("rows, cols", [(12, 12), (10, 3), (2, 11), (11, 4)])
def test_larger_than_nine(rows, cols):
    rng = random.Random(rows * cols)
    start, target = random_board(rows, cols, rng), random_board(rows, cols, rng)
    if unsolvable_reason(start, target):
        start = swap_two(start)
    assert_solves(start, target, solve(start, target, budget=0))


# ---------------------------------------------------------------- parity
@pytest.mark.parametrize("rows, cols", [(3, 3), (3, 5), (5, 5), (7, 3), (9, 9), (5, 7)])
def test_odd_by_odd_is_unsolvable_exactly_when_odd(rows, cols):
    rng = random.Random(rows + 10 * cols)
    target = random_board(rows, cols, rng)
    start = random_board(rows, cols, rng)
    odd = start if parity(relabel(start, target)) else swap_two(start)
    even = swap_two(odd)
    assert solve(odd, target, budget=0) is None and solve(odd, target, mode="heuristic") is None
    assert "both sides odd" in unsolvable_reason(odd, target) and "odd permutation" in unsolvable_reason(odd, target)
    assert_solves(even, target, solve(even, target, mode="heuristic"))
    assert unsolvable_reason(even, target) is None


@pytest.mark.parametrize("rows, cols", [(3, 3), (3, 5), (5, 5), (7, 3)])
def test_even_twins_with_an_odd_permutation_are_solvable(rows, cols):
    """The same odd permutation on a board one row taller or one column wider (an even side) is solvable."""
    rng = random.Random(rows * cols)
    for r, c in ((rows + 1, cols), (rows, cols + 1)):
        target = random_board(r, c, rng)
        start = random_board(r, c, rng)
        if not parity(relabel(start, target)):
            start = swap_two(start)
        assert parity(relabel(start, target)) == 1
        for mode in ("fast", "heuristic"):
            assert_solves(start, target, solve(start, target, mode=mode, budget=0))


def test_parity_fix_is_named_when_the_top_row_is_left_odd():
    rng = random.Random(7)
    named = 0
    for _ in range(12):
        target, start = random_board(5, 6, rng), random_board(5, 6, rng)
        solution = solve(start, target, mode="heuristic")
        assert_solves(start, target, solution)
        last = solution.phases[-1].name
        assert last in ("top row 0", "top row 0 and parity fix", "left column 0", "left column 0 and parity fix")
        named += last.endswith("parity fix")
    assert 0 < named < 12  # the lines before leave the last one odd about half the time


def test_rows_or_columns_whichever_is_shorter():
    """Odd wide, even high, odd board: by rows it may not finish (its top row is odd long), by
    columns it always does; a wide board is usually shorter by rows, a tall one by columns."""
    rng = random.Random(8)
    for rows, cols in ((6, 5), (8, 3), (3, 9), (9, 3)):
        target = random_board(rows, cols, rng)
        start = swap_two(target) if (rows * cols) % 2 == 0 else target.apply_all(["L0", "U1"])
        solution = solve(start, target, mode="heuristic")
        assert_solves(start, target, solution)
        by_rows = solution.phases[0].name.startswith("row")
        assert by_rows or solution.phases[0].name == f"column {cols - 1} (rightmost)"
        if (rows, cols) == (8, 3):
            assert not by_rows


# ---------------------------------------------------------------- a single row or column
@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 2), (1, 5), (1, 6), (2, 1), (4, 1), (7, 1)])
def test_lines_are_solved_by_their_shortest_turn_and_nothing_else_is_reachable(rows, cols):
    n = rows * cols
    goal = board_of(symbols(n), cols)
    reachable = set()
    for k in range(n):  # every turn of the line: solved, optimally, by the short way round
        start = goal.apply_all([("L0" if rows == 1 else "U0")] * k)
        reachable.add(start)
        solution = solve(start, goal)
        assert_solves(start, goal, solution)
        assert solution.optimal and len(solution) == min(k, n - k) and unsolvable_reason(start, goal) is None
        assert loopover(start.to_lists(), goal.to_lists()) == list(solution.moves)
        assert all(m[0] in ("LR" if rows == 1 else "UD") for m in solution.moves)
    # a column move on a row (a row move on a column) changes nothing: those turns are all there is
    assert all(b.apply(m) == b for b in reachable for m in (["U0", "D1"] if rows == 1 else ["L0", "R0"]) if n > 1)
    rng = random.Random(n)
    for _ in range(20):
        cells = symbols(n)
        rng.shuffle(cells)
        start = board_of(cells, cols)
        if start not in reachable:  # never solvable, whatever the length's parity
            assert solve(start, goal) is None and loopover(start.to_lists(), goal.to_lists()) is None
            assert "only the" in unsolvable_reason(start, goal)


def test_a_line_swap_is_unsolvable_even_on_an_even_line():
    assert loopover([list("BACD")], [list("ABCD")]) is None  # an odd swap on an even row: still no
    assert loopover([list("CDAB")], [list("ABCD")]) == ["R0", "R0"]
    assert loopover([["C"], ["A"], ["B"]], [["A"], ["B"], ["C"]]) == ["U0"]


# ---------------------------------------------------------------- fewest moves
@pytest.mark.parametrize("rows, cols, sample", [(2, 2, None), (2, 3, None), (3, 2, None), (2, 4, 300),
                                                (4, 2, 300), (3, 3, 150)])
def test_small_boards_are_optimal_against_full_bfs(rows, cols, sample):
    dist = distances(rows, cols)
    states = list(dist)
    if sample:
        states = random.Random(rows * cols).sample(states, sample)
    goal = board_of(symbols(rows * cols), cols)
    for state in states:
        start = board_of([goal.cells[p] for p in state], cols)
        assert relabel(start, goal) == state
        solution = solve(start, goal)
        assert solution.optimal and len(solution) == dist[state]
        assert start.apply_all(solution.moves) == goal
        heuristic = solve(start, goal, mode="heuristic")
        assert len(heuristic) >= dist[state] and start.apply_all(heuristic.moves) == goal


def test_twelve_cell_dev_boards_are_solved_in_their_known_fewest_moves():
    """The dev boards' optimum (a full search made it) for every 2x5 and the quicker 3x4, 4x3, 2x6."""
    from tests.conftest import SHARED
    path = SHARED / "loopover" / "anchor-boards.json"
    if not path.is_file():
        pytest.skip("../shared/loopover/anchor-boards.json is not beside the project")
    import json
    records = [r for r in json.loads(path.read_text()) if "optimal" in r]
    picked = [r for r in records if r["id"].startswith("2x5")]
    picked += [r for r in records if r["id"].split("-")[0] in ("3x4", "4x3", "2x6") and r["optimal"] <= 9]
    assert len(picked) >= 28
    for r in picked:
        start, target = Board.of(r["start"]), Board.of(r["target"])
        solution = solve(start, target)
        assert solution.optimal and len(solution) == r["optimal"], r["id"]
        assert start.apply_all(solution.moves) == target


def test_three_by_three_unreachable_half_is_none():
    dist = distances(3, 3)
    assert len(dist) == 181440 and max(dist.values()) == 8
    goal = board_of(symbols(9), 3)
    odd = swap_two(goal)
    assert relabel(odd, goal) not in dist and solve(odd, goal) is None  # parity and the full search agree
    assert all(solve(board_of([goal.cells[p] for p in state], 3), goal) is not None
               for state in random.Random(9).sample(list(dist), 50))


def test_optimal_mode_on_a_big_board_near_its_target():
    target = Board.parse(SORTED5)
    start = target.apply_all(["L2", "D4", "R0"])
    solution = solve(start, target, mode="optimal")
    assert solution.optimal and len(solution) == 3 and start.apply_all(solution.moves) == target


def test_optimal_mode_gives_up_with_a_clear_error():
    rng = random.Random(3)
    start, target = random_board(4, 4, rng), random_board(4, 4, rng)
    with pytest.raises(SearchTooLarge, match="too far from its target"):
        shortest(relabel(start, target), 4, 4, limit=2000)


# ---------------------------------------------------------------- the clean-up pass
@pytest.mark.parametrize("moves, rows, cols, expected", [
    (["L0", "R0"], 3, 5, []),
    (["U2", "D2", "L1"], 3, 5, ["L1"]),
    (["L0", "L0", "L0", "L0"], 3, 5, ["R0"]),
    (["L0", "L0", "L0"], 3, 5, ["R0", "R0"]),
    (["D1", "D1", "D1"], 4, 3, ["U1"]),
    (["R0", "R0"], 3, 4, ["R0", "R0"]),  # half way round: either way is as short
    (["L0", "L0"], 3, 4, ["R0", "R0"]),
    (["L0", "L1", "R0"], 3, 5, ["L1"]),  # rows commute with other rows
    (["L0", "U1", "R0"], 3, 5, ["L0", "U1", "R0"]),  # a column between: no merge
    (["U0", "L1", "D0", "D0"], 3, 3, ["U0", "L1", "U0"]),  # two down on three rows is one up
    (["L0", "U1", "D1", "R0"], 3, 5, []),  # a cancelled pair brings two runs together
    (["D0", "D0"], 2, 3, []),  # two rows: a column turned twice is back
    (["L1"] * 9, 3, 9, []),
])
def test_tidy(moves, rows, cols, expected):
    assert tidy(moves, rows, cols) == expected
    board = board_of(symbols(rows * cols), cols)
    assert board.apply_all(moves) == board.apply_all(expected)


# ---------------------------------------------------------------- the beam search (boards past exact search)
@pytest.mark.parametrize("rows, cols", [(4, 4), (3, 5), (2, 7)])
def test_beam_search_replays_and_is_never_longer_than_the_heuristic(rows, cols):
    rng = random.Random(rows * 10 + cols)
    for _ in range(2):
        start, target = random_board(rows, cols, rng), random_board(rows, cols, rng)
        if unsolvable_reason(start, target):
            start = swap_two(start)
        solution = solve(start, target, budget=0.05)
        assert_solves(start, target, solution)
        assert len(solution) <= len(solve(start, target, mode="heuristic"))
        assert solve(start, target, budget=0.05).moves == solution.moves  # a budget is work, not a clock


def test_beam_search_finds_a_short_scramble_exactly():
    rng = random.Random(44)
    target = random_board(4, 4, rng)
    start = target.apply_all(["L0", "U1", "R2", "D3", "L1", "U2", "R3"])
    solution = solve(start, target, budget=0.05)
    assert solution.method == "beam" and len(solution) <= 7 and start.apply_all(solution.moves) == target


def test_beam_on_4x4_dev_boards_is_near_the_fewest():
    """A few 4x4 dev boards against loopsolver's optimal counts (the benchmark measures all 50)."""
    from tests.conftest import SHARED
    path = SHARED / "loopover" / "anchor-boards.json"
    if not path.is_file():
        pytest.skip("../shared/loopover/anchor-boards.json is not beside the project")
    import json
    records = [r for r in json.loads(path.read_text()) if r["id"].startswith("4x4")][:6]
    ours = [len(solve(Board.of(r["start"]), Board.of(r["target"]), budget=0.1)) for r in records]
    best = [r["loopsolver"] for r in records]
    assert all(o >= b for o, b in zip(ours, best))  # loopsolver's counts there are the fewest
    assert sum(ours) <= 1.2 * sum(best)
