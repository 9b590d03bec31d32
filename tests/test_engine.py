"""The engine: statuses, the finisher, switches, the trace, and the kata."""

import pytest

import ascent
from ascent.model.rules import broken_rule
from ascent import Puzzle, solve, solve_puzzle
from ascent.solver.audit import audit
from ascent.solver.engine import EASY, UnknownTechnique

MEDVED = [3, 3, 2, 1, 2, 2, 3, 4, 3, 2, 4, 1, 4, 2, 2, 4, 1, 4, 5, 3, 2, 3, 1, 4, 2, 5, 2, 3]
FIVE = Puzzle(5, (4, 3, 2, 2, 1), (2, 2, 2, 1, 3), (4, 3, 2, 1, 3), (1, 2, 3, 2, 2))


@pytest.mark.parametrize(
    "clues, rows",
    [
        ([2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3], ["1342", "4213", "3421", "2134"]),
        ([0, 0, 1, 2, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0], ["2143", "3412", "4231", "1324"]),
    ],
)
def test_codewars_4x4(clues, rows):
    assert solve_puzzle(clues) == tuple(tuple(int(ch) for ch in r) for r in rows)


def test_medved_7x7_by_logic_alone():
    result = solve(Puzzle.from_clues(MEDVED), logic_only=True)
    assert result.status == "solved" and not result.backtracked
    assert ascent.broken_rule(result.puzzle, result.solution) is None
    assert audit(result, result.solution) == []
    assert solve_puzzle(MEDVED) == result.solution


def test_five_with_full_clues():
    result = solve(FIVE, logic_only=True)
    assert result.status == "solved" and ascent.broken_rule(FIVE, result.solution) is None


def test_trace_replays_and_every_step_is_described():
    result = solve(Puzzle.from_clues(MEDVED))
    assert audit(result) == []
    for p in result.passes:
        assert p.steps
        for s in p.steps:
            assert s.technique and s.reason and (s.lane or s.cells)
    assert sum(result.counts.values()) == result.step_count
    assert result.grade == max(result.counts, key=ascent.solver.engine.TIER.get)


def test_an_open_puzzle_is_ambiguous_and_never_answered():
    open4 = Puzzle(4, (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4)
    result = solve(open4)
    assert result.status == "ambiguous" and result.solution is None and result.backtracked
    assert "more than one solution" in result.message
    with pytest.raises(ascent.UnsolvableError, match="ambiguous"):
        solve_puzzle([0] * 16)


def test_logic_only_stops_stuck_without_guessing():
    kata = Puzzle.from_clues([2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3])  # unique, but not by sudoku alone
    result = solve(kata, logic_only=True, techniques=["sudoku"])
    assert result.status == "stuck" and not result.backtracked and result.solution is None
    assert "logic stopped with 16 cells open" in result.message


def test_logic_only_still_says_ambiguous_with_two_differing_solutions():
    open4 = Puzzle(4, (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4)
    result = solve(open4, logic_only=True)
    assert result.status == "ambiguous" and result.solution is None
    a, b = result.solutions
    assert a != b and broken_rule(open4, a) is None and broken_rule(open4, b) is None


def test_a_contradiction_is_reported_as_no_solution():
    # valid input, impossible puzzle: clue 4 says the row rises 1 2 3 4, the given 2 says otherwise
    p = Puzzle(4, (0,) * 4, (0,) * 4, (4, 0, 0, 0), (0,) * 4, ((2, 0, 0, 0),) + ((0,) * 4,) * 3)
    for logic_only in (True, False):
        result = solve(p, logic_only=logic_only)
        assert result.status == "contradiction" and result.solution is None
        assert "no solution" in result.message


def test_contradiction_found_only_by_the_finisher():
    # two 4x4 clues that each hold alone but not together, found by search when logic is off
    p = Puzzle.from_clues([0, 0, 1, 2, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0])
    bad = Puzzle(4, p.upper, p.lower, p.left, p.right, ((1, 0, 0, 0),) + ((0,) * 4,) * 3)  # the answer has 2 there
    result = solve(bad, techniques=[])
    assert result.status == "contradiction" and result.backtracked


def test_backtracking_finishes_what_logic_cannot():
    p = Puzzle.from_clues(MEDVED)
    result = solve(p, techniques=["sudoku", "solve"])
    assert result.status == "solved" and result.backtracked and result.grade == "backtrack"
    assert result.passes[-1].kind == "backtrack"
    assert audit(result, result.solution) == []
    assert solve(p, techniques=["sudoku", "solve"], logic_only=True).status == "stuck"


def test_techniques_switch_on_and_off_by_name():
    p = Puzzle.from_clues(MEDVED)
    result = solve(p, logic_only=True, techniques=EASY)
    assert set(result.counts) <= set(EASY)
    result = solve(p, logic_only=True, techniques=["ascent", "sudoku", "solve", "pinpoint"])
    assert set(result.counts) <= {"ascent", "sudoku", "solve", "pinpoint"}
    with pytest.raises(UnknownTechnique, match="unknown technique 'guess'"):
        solve(p, techniques=["guess"])


def test_each_pass_is_the_easiest_technique_that_can_act_and_hard_ones_take_one_step():
    """Tatham's rule: a technique runs only when every easier one has nothing to say, so the grade
    is the hardest idea the puzzle needed."""
    from ascent.model.grid import Grid
    from ascent.solver.context import Context
    from ascent.solver.passes import techniques_of
    from ascent.techniques import BY_NAME, ORDER

    result = solve(Puzzle.from_clues(MEDVED), logic_only=True)
    assert result.grade == "forcing" and any(not BY_NAME[p.kind].sweep for p in result.passes)
    grid = Grid.start(result.puzzle)
    context = Context(grid, techniques_of(ORDER))
    aftermath = {t.name for t in BY_NAME.values() if t.aftermath}
    for p in result.passes:
        own = [s for s in p.steps if s.technique == p.kind]
        after = [s for s in p.steps if s.technique != p.kind]
        assert p.steps[: len(own)] == own  # the technique's own steps, then its aftermath
        assert {s.technique for s in after} <= aftermath
        assert not after or any(s.placements for s in own)  # sudoku follows only placements
        if not BY_NAME[p.kind].sweep:
            assert len(own) == 1
        for name in ORDER[: ORDER.index(p.kind)]:
            assert next(BY_NAME[name].steps(grid, context=context), None) is None, f"{name} could still act before {p.kind}"
        for step in p.steps:
            grid.apply(step)


def test_result_to_dict_is_json_ready():
    import json

    result = solve(Puzzle.from_clues(MEDVED))
    data = json.loads(json.dumps(result.to_dict()))
    assert data["status"] == "solved" and len(data["solution"]) == 7
    assert data["passes"][0]["steps"][0]["technique"] == "ascent"


def test_run_with_a_step_limit_stops_over_budget_and_not_before():
    from ascent.model.grid import Grid
    from ascent.solver.passes import OverBudget, techniques_of, run
    from ascent.techniques import ORDER
    from ascent.model.trace import Pass

    ORDER = techniques_of(ORDER)

    puzzle = Puzzle.from_clues([2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3])
    passes: list[Pass] = []
    run(Grid.start(puzzle), ORDER, passes)
    steps = sum(len(p.steps) for p in passes)
    with pytest.raises(OverBudget):
        run(Grid.start(puzzle), ORDER, limit=steps - 1)
    grid = Grid.start(puzzle)
    run(grid, ORDER, limit=steps)
    assert grid.solved()


def test_solve_puzzle_answers_without_tracing_a_solve(monkeypatch):
    """The kata wants the answer only: solve_puzzle counts solutions on the fast core and never runs the
    traced engine (whose forcing chains it would throw away)."""
    import ascent.solver.engine

    def traced(*a, **k):
        raise AssertionError("solve_puzzle ran the traced engine")

    monkeypatch.setattr(ascent.solver.engine, "solve", traced)
    rows = solve_puzzle(MEDVED)
    assert ascent.broken_rule(Puzzle.from_clues(MEDVED), rows) is None


def test_a_solve_leaves_nothing_for_the_garbage_collector(shared):
    """Everything a solve makes is freed as soon as it is done with (no reference cycles): a traced
    contradiction is kept without its traceback, and the searches that call themselves drop their own
    reference. A cycle kept each trial's grid and steps alive until the collector came (7% of a hard
    8x8 solve went to collecting them)."""
    import gc
    import json

    recs = json.loads((shared / "tatham" / "8x8-puzzles.json").read_text())["unreasonable"][:2]
    big = json.loads((shared / "big" / "10x10-puzzles.json").read_text())
    puzzles = [Puzzle.from_record(r) for r in recs] + [Puzzle.from_record(next(iter(big.values()))[0])]
    for p in puzzles:  # once first: what a process makes once (tables, caches) is not a solve's garbage
        solve(p, logic_only=True)
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept in gc.garbage, to be looked at
    try:
        for p in puzzles:
            solve(p, logic_only=True)
            solve(p)  # the finisher's path too
        gc.collect()
        # the engine's own: its objects, functions and frames (another test's thread in this worker -- a browser's
        # socket, a server -- may make garbage of its own meanwhile: once 151 objects in a CI worker, none here)
        ours = [type(o).__name__ for o in gc.garbage if _engines(o)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert len(ours) < 20, ours[:20]


def _engines(o) -> bool:
    """An object of the engine: an instance of one of its classes, one of its functions, or a frame of its code."""
    import types

    if isinstance(o, types.FrameType):
        return "/ascent/" in o.f_code.co_filename
    if isinstance(o, types.FunctionType):
        return (o.__module__ or "").startswith("ascent")
    return type(o).__module__.startswith("ascent")


def test_forgetting_what_solves_remember_changes_no_step(shared):
    """``engine.forget`` (for measuring) empties every table kept between solves (``model.kept.KEPT``) of
    lines: the next solve gives exactly the same steps as one that found them warm."""
    import json

    from ascent.model.kept import KEPT, LINES
    from ascent.solver.engine import forget

    rec = json.loads((shared / "tatham" / "8x8-puzzles.json").read_text())["unreasonable"][3]
    puzzle = Puzzle.from_record(rec)

    def trace():
        return [(s.technique, s.cells, s.eliminations, s.placements, s.reason) for s in solve(puzzle, logic_only=True).steps]

    warm = trace()
    lines = [name for name, table in KEPT.tables.items() if table.kind == LINES]
    assert sum(KEPT.held()[name][0] for name in lines) > 0
    forget()
    assert all(KEPT.held()[name][0] == 0 for name in lines)
    assert trace() == warm
