"""A solve's memory belongs to the solve (``ascent.techniques.memory``): techniques never write to the grid, a
supposition's notes never reach its solve, and what one solve leaves in the tables shared between solves
changes no other solve's trace."""

import hashlib
import json
import subprocess
from dataclasses import replace
import sys
from pathlib import Path

import pytest

from ascent import Puzzle, solve
from ascent.solver.context import Context
from ascent.model.grid import Contradiction, Grid, lines_of
from ascent.techniques.memory import Memory
from ascent.solver.passes import run, techniques_of
from ascent.techniques import ORDER
from ascent.model.trace import Step

ROOT = Path(__file__).resolve().parents[1]


class FrozenGrid(Grid):
    """A grid that cannot be written: every field is set once, its lists are tuples, and setting a field
    raises. A technique that writes to its grid -- a note of where it looked, a candidate -- fails on it.
    Its copies (a supposition's trial) are ordinary grids."""

    __slots__ = ()

    def __init__(self, grid: Grid):
        set_ = object.__setattr__
        for name in Grid.__slots__:
            value = getattr(grid, name)
            set_(self, name, tuple(value) if isinstance(value, list) else value)

    def __setattr__(self, name, value):
        raise AttributeError(f"a technique wrote {name} to the grid")

    def copy(self, since=None) -> Grid:
        plain = Grid(self.puzzle, list(self.masks), list(self.values), self.lines)
        plain.stamp, plain.log_base = self.stamp, self.log_base
        for name in ("changed_at", "log", "line_changed", "line_placed"):
            setattr(plain, name, list(getattr(self, name)))
        return plain.copy(since)


def _state(grid: Grid) -> tuple:
    return tuple(tuple(v) if isinstance(v, list) else v for v in (getattr(grid, name) for name in Grid.__slots__))


def _puzzle(shared, where) -> Puzzle:
    corpus, n, label, index = where
    rec = json.loads((shared / corpus / f"{n}x{n}-puzzles.json").read_text())[label][index]
    return Puzzle.from_record(rec, label)


@pytest.mark.parametrize("where", [("tatham", 7, "unreasonable", 0), ("generated", 6, "extreme", 3)])
def test_no_technique_writes_to_the_grid(shared, where):
    """After every pass of a solve, every technique looks at the grid frozen, with the solve's notes and with
    none: it may find steps or a contradiction, and it must change nothing."""
    puzzle = _puzzle(shared, where)
    truth = tuple(v for row in solve(puzzle).solution for v in row)
    rows = techniques_of(ORDER)
    grid = Grid.start(puzzle)
    memory = Memory(grid)
    context = Context(grid, rows)
    context.truth = truth
    looked: set[str] = set()

    def check(now: Grid, _cells) -> None:
        frozen = FrozenGrid(now)
        before = _state(now)
        inner = Context(frozen, rows)
        inner.truth = truth
        for row in rows:
            for seen in (memory.copy(), Memory(frozen)):  # the solve's notes, and none (it looks everywhere)
                try:
                    for _ in row.steps(frozen, seen, context=inner):
                        pass
                except Contradiction:
                    pass
            looked.add(row.name)
        assert _state(now) == before

    run(grid, rows, context=context, memory=memory, watch=check)
    assert grid.solved() and looked == set(ORDER)


def test_a_grid_holds_no_notes():
    """What techniques remember lives in the solve's Memory, not in the grid."""
    assert not {"looked", "read"} & set(Grid.__slots__)
    assert not any(hasattr(Grid, name) for name in ("found_nothing", "read_up_to", "placed_since", "quiet"))


def test_frozen_grid_catches_a_write():
    """The frozen grid of the test above does fail a technique that writes to it."""
    puzzle = Puzzle(4, (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4)
    frozen = FrozenGrid(Grid.start(puzzle))
    with pytest.raises(AttributeError, match="wrote"):
        frozen.stamp = 1
    with pytest.raises(TypeError):
        frozen.masks[0] = 1


# ---------------------------------------------------------------------------- the memory's rules
def _open4():
    return Grid.start(Puzzle(4, (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4))


def test_a_note_holds_until_its_line_changes():
    grid = _open4()
    memory = Memory(grid)
    memory.found_nothing(grid, ("t", 0))
    assert memory.quiet_line(grid, ("t", 0), 0) and memory.quiet(grid, ("t", 0), (0, 1, 2, 3))
    assert not memory.quiet_line(grid, ("other", 0), 0)  # each technique its own notes
    grid.apply(Step("test", "", None, None, (1,), eliminations=((1, 1),)))
    assert not memory.quiet_line(grid, ("t", 0), 0) and not memory.quiet(grid, ("t", 0), (1,))
    assert memory.quiet_line(grid, ("t", 0), 2) and memory.quiet(grid, ("t", 0), (4, 5))  # row 3, other cells: unchanged


def test_reading_the_change_log():
    grid = _open4()
    memory = Memory(grid)
    assert memory.open_since(grid, ("t",)) == list(range(16))  # every open cell the first time
    memory.read_all(grid, ("t",))
    assert memory.open_since(grid, ("t",)) == [] and memory.placed_since(grid, ("t",)) == []
    grid.apply(Step("test", "", None, None, (5,), placements=((5, 2),)))
    grid.apply(Step("test", "", None, None, (3, 9), eliminations=((9, 1), (3, 1))))
    assert memory.placed_since(grid, ("t",)) == [5] and memory.open_since(grid, ("t",)) == [3, 9]


def test_a_trial_starts_from_a_copy_of_the_notes_and_keeps_its_own():
    grid = _open4()
    memory = Memory(grid)
    memory.read_all(grid, ("t",))
    grid.apply(Step("test", "", None, None, (5,), placements=((5, 2),)))
    memory.found_nothing(grid, ("t", 0))
    trial, seen = memory.fork(grid)
    assert trial is not grid and seen is not memory
    assert seen.quiet_line(trial, ("t", 0), 0) and seen.placed_since(trial, ("t",)) == [5]  # what it knew, and the log
    seen.found_nothing(trial, ("t", 1))
    seen.read_all(trial, ("t",))
    assert ("t", 1) not in memory.looked and memory.placed_since(grid, ("t",)) == [5]  # the solve's notes unchanged


def test_a_copy_without_its_memory_has_no_log_to_read_from_before_it():
    grid = _open4()
    memory = Memory(grid)
    memory.read_all(grid, ("t",))
    grid.apply(Step("test", "", None, None, (5,), placements=((5, 2),)))
    with pytest.raises(ValueError, match="Memory.fork"):
        memory.placed_since(grid.copy(), ("t",))


def test_a_narrowed_memory_looks_at_one_lane_or_line():
    grid = _open4()
    line = grid.lines[5]  # column 2
    assert Memory.narrowed(grid, line.back).lanes == (line.back,)
    assert Memory.narrowed(grid, line).lines == (line,) and Memory.narrowed(grid, line).lanes == (line.front, line.back)
    equal = lines_of(Puzzle(4, (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4))[5].back  # the same lane, read back
    assert Memory.narrowed(grid, equal).lines == (line,)
    assert Memory.narrowed(grid, None).lines == grid.lines


def test_a_memory_only_saves_looks(shared):
    """The same steps with the solve's memory and with none: a run whose every technique looks everywhere
    each time (a fresh memory at every look) gives the same trace."""
    puzzle = _puzzle(shared, ("tatham", 7, "unreasonable", 0))
    rows = tuple(t for t in techniques_of(ORDER) if not t.contextual)
    passes, forgetful = [], []
    run(Grid.start(puzzle), rows, passes)
    run(Grid.start(puzzle), tuple(replace(t, find=_afresh(t.find)) for t in rows), forgetful)
    assert [s.to_dict(7) for p in passes for s in p.steps] == [s.to_dict(7) for p in forgetful for s in p.steps]
    assert len(passes) > 10


def _afresh(find):
    return lambda grid, memory: find(grid, Memory(grid))


# ---------------------------------------------------------------------------- solves share no memory
PICKS = (("tatham", 7, "unreasonable", 0), ("generated", 6, "extreme", 3), ("big", 10, "big", 1))
_HASHES = """
import hashlib, json, sys
from pathlib import Path
from ascent import Puzzle, solve
for arg in sys.argv[2:]:
    corpus, n, label, index = arg.split("/")
    rec = json.loads((Path(sys.argv[1]) / corpus / f"{n}x{n}-puzzles.json").read_text())[label][int(index)]
    data = solve(Puzzle.from_record(rec, label), logic_only=True).to_dict()
    del data["seconds"]
    print(hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest())
"""


def _hashes(shared, picks) -> list[str]:
    """The trace hashes of these solves, one after another in a fresh process (no ``forget`` between)."""
    args = ["/".join(map(str, p)) for p in picks]
    out = subprocess.run([sys.executable, "-c", _HASHES, str(shared), *args], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=900)  # a guard against a hang (notes shared by mistake), not
    # a measure of speed: the three solves take about a second
    return out.stdout.split()


def test_solves_in_one_process_in_either_order_give_the_traces_each_gives_alone(shared):
    alone = [_hashes(shared, [p])[0] for p in PICKS]
    assert len(set(alone)) == len(PICKS)
    assert _hashes(shared, PICKS + PICKS[:1]) == alone + alone[:1]  # and again, with everything remembered
    assert _hashes(shared, PICKS[::-1]) == alone[::-1]
    # and in this process, after whatever the tests before have solved
    for p, want in zip(PICKS, alone):
        data = solve(_puzzle(shared, p), logic_only=True).to_dict()
        del data["seconds"]
        assert hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest() == want, p
