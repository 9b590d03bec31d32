"""solve(start, target) -> Solution | None, and the kata's ``loopover`` function.

Parity: a turn of a line of n cells is an n-cycle, odd exactly when n is even. When both sides are
odd every move is even, so a board that is an odd permutation of its target cannot be solved; when
either side is even, every board can. ``solve`` returns None exactly in the first case.

Modes: ``fast`` (the default) searches for a shortest solution on boards of at most 12 cells (when
the search fits its memory cap, else it answers as on larger boards and says so); on larger boards it
keeps the shortest of the heuristic, block building in several frames and (up to ``BEAM_CELLS``
cells) the beam search. ``optimal`` always searches (and raises ``SearchTooLarge`` when the board is
too far from its target for the cap); ``heuristic`` uses the heuristic alone. A single row or column
is turned the short way round.

The budget (``fast`` mode, boards past exact search), in seconds, and counted as work, so the same
board and budget always give the same moves. Block building (``loopover.block``) runs in
``block_frames`` frames (``loopover.frames``: the board transposed, shifted round, mirrored;
``BLOCK_SHARE`` of the budget, at least the board and its transpose); up to ``BEAM_CELLS`` cells the
beam search (``loopover.beam``) then spends the budget looking for a list shorter than the
best so far, and only when it declines (too slow for the budget) or finds nothing shorter do the
frames past the first two run. Frames are built side by side, a segment at a time, the longer half
dropped every ``KEEP_EVERY`` segments (so ``POOL`` frames start for each one the budget pays for), and
each block left is finished in ``FINISHES`` frames that keep its rows (``frames.finish_frames``), the
shortest list kept. From 7x7 to 10x10 (``CORNER_CELLS``) the frames past the first two are instead
started from 3x3 corners a beam search finds (``loopover.corner``: about 20 moves where block
building takes 30), on the board and on its inverse (that list played backwards), ``CORNER_ROUNDS``
searches a second of budget. On boards past ``LAST_TWO_CELLS`` cells, block building's last two rows
(rows of 3 to 9 cells) are finished by ``lastline.last_two`` (``LAST_TWO``: a beam for the next
line scored with a table of the last line's fewest hand moves), in ``LAST_TWO_FINISHES`` finish
frames. The beam's narrowest beam always runs to its end, so a board may
take a little longer. 0 turns both off (the heuristic alone). Every solution is replayed on the
start and checked against the target before it is returned.

4x4 (``loopover.pattern``, ``optimal``): when the pattern table is cached, fast mode then
searches for a shorter list with the table's bounds, within ``PROOF_WORK`` states per second of
budget: a shorter list found is the fewest, none found proves the list fewest (method
``pattern``); out of work, the list stands unproven. ``optimal`` mode on 4x4 uses that search with
no limit (building the table first when it is missing).

5x5 (``loopover.five``, ``five_tables``): when the two-phase tables are cached, fast mode
solves a 3x3 block (over 50 frames), then the two free rows and columns, each a search bounded by
pattern tables (method ``two-phase``); the budget sets how many phase-1 lists are finished. Without
the tables (``solve`` never builds them), or when that search gives up, 5x5 goes as before.

Large boards: past ``HEURISTIC_CELLS`` the heuristic is skipped (block building does better), and
block building goes greedy once two frames of its lookahead would take more than ``LOOK_SECONDS``
(see ``block_plan``). Boards with more than ``MAX_SIDE`` rows or columns raise ``SizeError`` at
once. ``progress`` (optional) is told what the solver is doing, for a status line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .board import Board, LoopoverError
from .heuristic import Work, fill_row, next_row, parity, top_row
from .beam import beam_solve
from . import five_tables, pattern
from .five import Tables as FiveTables, TooLarge as FiveTooLarge, solve5
from .block import GREEDY, LOOK, Build, block_solve, finish, searched
from .optimal import TooLarge, fewest
from .frames import FLIP, SWAP_AXES, Frame, finish_frames, frames, moves_into
from . import corner, lastline
from .search import OPTIMAL_CELLS, SearchTooLarge, shortest
from .tidy import tidy, tidy_runs

MODES = ("fast", "optimal", "heuristic")
BEAM_CELLS = 36  # boards past exact search and up to this size get the beam search in fast mode
BLOCK_WIDTH = 3  # block building starts with this many cells of the bottom row
BLOCK_SHARE = 0.25  # the part of the budget block building's frames may take
BLOCK_SECONDS = 6e-6  # one frame of block building takes about this many seconds times cells squared (busy 2-core machine)
LOOK_SECONDS = 2.0  # block building keeps its lookahead while two frames of it take about this long (to 20x20)
GREEDY_SECONDS = 2e-7  # the same for greedy block building (the cheapest step first, nothing tried ahead)
HEURISTIC_CELLS = 400  # past this many cells the heuristic runs only when block building fails in every frame
PROOF_WORK = 6_000_000  # states the 4x4 pattern-table search may make per second of budget
MAX_SIDE = 60  # boards up to 60x60 are solved (within a minute); larger ones are refused with SizeError
KEEP_EVERY = 2  # frames built side by side drop their longer half every this many segments ...
KEEP_LEAST = 3  # ... down to this many, which finish
FINISHES = 16  # the frames each block that is left finishes in (finish_frames), the shortest kept
POOL_MOST = 160  # frames started side by side at most, per second of budget
POOL = 32  # each frame past the first two that the budget pays for starts this many frames side by side
CORNER_CELLS = (49, 100)  # boards of this many cells (7x7 to 10x10; at least 5 a side) start block building from searched corners
CORNER_WIDTH = 1000  # the corner beam's width (``corner.corners``)
CORNER_WANT, CORNER_PER = 4, 2  # corner lists wanted a search, and at most this many for one place of the block
CORNER_ROUNDS = 3  # corner searches per second of budget up to 9x9, fewer past it (at least one), each skipping the places found before
CORNER_FINISHES = 8  # the frames each block left from a corner finishes in (FINISHES for the random frames)
LAST_TWO = (80, 3)  # past LAST_TWO_CELLS cells, block building's last two rows by ``lastline.last_two`` (beam width, branch) ...
LAST_TWO_FINISHES = 4  # ... in at most this many finish frames (where the table has the row: ``block.finish``)
LAST_TWO_CELLS = 25  # 5x5 and smaller boards finish by hand as before
DEFAULT_BUDGET = 1.0  # seconds the beam search may take by default (its first, narrowest beam always ends)



def last_line_lengths(rows: int, cols: int) -> list[int]:
    """The row lengths whose last-line table (``lastline.table``) fast mode may use on a rows x cols
    board: block building's frames have rows of either side, each needing 3 or more rows."""
    if rows * cols <= max(LAST_TWO_CELLS, OPTIMAL_CELLS) or min(rows, cols) < 3:
        return []
    return sorted({n for n in (rows, cols) if 3 <= n <= lastline.MAX_COLS})


class ModeError(LoopoverError):
    """A mode other than fast, optimal or heuristic."""


class SizeError(LoopoverError):
    """A board past ``MAX_SIDE`` rows or columns: refused at once rather than solved for minutes."""


@dataclass(frozen=True)
class Phase:
    """A named stretch of the solution: ``moves`` are its own, in order."""

    name: str
    moves: tuple[str, ...]


@dataclass(frozen=True)
class Solution:
    """The moves, split into named phases. The clean-up pass may merge a phase's last turns with the
    next phase's first ones on the same line; a merged run counts in the earlier phase, so a phase's
    board can differ a little from the one the solver saw when the phase ended."""

    start: Board
    target: Board
    moves: tuple[str, ...]
    phases: tuple[Phase, ...]
    method: str  # "search" (a shortest solution), "pattern" (4x4: proven fewest by pattern tables), "line" (a 1xN or Nx1 board's turn), "two-phase" (5x5), "beam", "block" or "heuristic"

    def __len__(self) -> int:
        return len(self.moves)

    @property
    def optimal(self) -> bool:
        """True when the moves are proven fewest (found by breadth-first search, proven by the 4x4
        pattern-table search, or a single line's shortest turn)."""
        return self.method in ("search", "line", "pattern")

    def replay(self) -> list[tuple[str, Board]]:
        """Every move with the board after it, in order (the start is ``self.start``)."""
        out, board = [], self.start
        for move in self.moves:
            board = board.apply(move)
            out.append((move, board))
        return out

    def boards(self) -> list[Board]:
        """The start and every intermediate board, ending with the target."""
        return [self.start] + [b for _, b in self.replay()]

    def phase_boards(self) -> list[tuple[Phase, Board]]:
        """Each phase with the board after it."""
        out, board = [], self.start
        for phase in self.phases:
            board = board.apply_all(phase.moves)
            out.append((phase, board))
        return out

    def to_dict(self) -> dict:
        return {"status": "solved", "start": ["".join(r) for r in self.start.rows],
                "target": ["".join(r) for r in self.target.rows],
                "method": self.method, "optimal": self.optimal, "length": len(self.moves),
                "moves": list(self.moves),
                "phases": [{"name": p.name, "length": len(p.moves), "moves": list(p.moves)} for p in self.phases]}


def relabel(start: Board, target: Board) -> tuple[int, ...]:
    """Each cell of the start as the position its symbol has in the target."""
    start.check_pair(target)
    home = {s: pos for pos, s in enumerate(target.cells)}
    return tuple(home[s] for s in start.cells)


def line_turn(cells: Sequence[int]) -> int | None:
    """On a single row or column: how far to turn it forward (R or D) to reach the target, or None
    when the target is not a turn of the start."""
    n = len(cells)
    k = (cells[0] - 0) % n if n else 0
    return k if all(cells[i] == (i + k) % n for i in range(n)) else None


def unsolvable_reason(start: Board, target: Board) -> str | None:
    """One line saying why the target cannot be reached, or None when it can."""
    cells = relabel(start, target)
    rows, cols = start.shape
    if min(rows, cols) == 1:
        if line_turn(cells) is None:
            line = "row" if rows == 1 else "column"
            return (f"on a {rows}x{cols} board only the {len(cells)} turns of its one {line} are reachable, "
                    f"and the target is not one of them")
        return None
    if rows % 2 and cols % 2 and parity(cells):
        return (f"the target is an odd permutation of the start, but every move on a {rows}x{cols} board "
                f"(both sides odd) is an even one")
    return None


def check_size(board: Board) -> None:
    """Raise ``SizeError`` for a board with more than ``MAX_SIDE`` rows or columns (before any solving
    starts: a 100x100 board would take minutes, and a 2x1000 one too, in the top row's plans)."""
    rows, cols = board.shape
    if max(rows, cols) > MAX_SIDE:
        raise SizeError(f"a {rows}x{cols} board is too large: boards up to {MAX_SIDE}x{MAX_SIDE} are solved")


def solve(start, target, mode: str = "fast", budget: float | None = None, progress=None) -> Solution | None:
    """Moves turning ``start`` into ``target`` (boards, rows of symbols or ``"ABC/DEF"`` text).

    ``progress``, when given, is called now and then with one short line saying what the solver is
    doing (for a status line; nothing here prints)."""
    if mode not in MODES:
        raise ModeError(f"mode {mode!r}: expected one of {', '.join(MODES)}")
    start, target = Board.of(start), Board.of(target)
    check_size(start)
    if unsolvable_reason(start, target):
        return None
    note = progress or _quiet
    cells = relabel(start, target)
    rows, cols = start.shape
    budget = DEFAULT_BUDGET if budget is None else budget
    blocks = mode == "fast" and budget > 0 and min(rows, cols) > 1 and rows * cols > OPTIMAL_CELLS
    if min(rows, cols) == 1:
        solution = _line(start, target, cells)
    elif mode == "optimal" and (rows, cols) == (pattern.SIDE, pattern.SIDE):
        path, _ = fewest(cells, _bounds(make=True), progress=note)
        solution = Solution(start, target, tuple(path), (Phase("pattern-table search", tuple(path)),), "pattern")
    elif mode == "optimal":
        solution = _search(start, target, cells)
    elif mode == "fast" and rows * cols <= OPTIMAL_CELLS:
        try:
            solution = _search(start, target, cells)
        except SearchTooLarge:  # too far for the memory cap: the answer says "heuristic", not optimal
            solution = _heuristic(start, target, note)
            blocks = budget > 0
    elif blocks and (rows, cols) == (5, 5) and (two := _two_phase(start, target, cells, budget, note)) is not None:
        solution, blocks = two, False  # the two phases beat the beam and block building
    elif blocks and rows * cols > HEURISTIC_CELLS:
        solution = None  # block building does better; the heuristic only if every frame fails
    else:
        solution = _heuristic(start, target, note)
    if blocks:
        look, count = block_plan(rows, cols, budget)
        views = frames(rows, cols, max(2, min(2 + POOL * (count - 2), int(POOL_MOST * budget))))
        ends = FINISHES if count > 2 else 1
        search = LAST_TWO if rows * cols > LAST_TWO_CELLS else None
        solution = _shortest(solution, *_blocks(start, target, cells, views[:2], look, note, ends=ends, search=search))
        beamed = False
        if solution is not None and rows * cols <= BEAM_CELLS:
            note("beam search")
            path = beam_solve(cells, rows, cols, budget, cap=len(solution))
            if path is not None:  # shorter than the list so far (its length is the cap)
                path = tidy(path, rows, cols)
                solution = Solution(start, target, tuple(path), (Phase("beam search", tuple(path)),), "beam")
                beamed = True
        if not beamed and count > 2 and CORNER_CELLS[0] <= rows * cols <= CORNER_CELLS[1] and min(rows, cols) >= 5:
            # frames started from searched corners, on the board and on its inverse (solved from the
            # target's side, then played backwards), instead of the random frames
            width, rounds = CORNER_WIDTH, max(1, int(CORNER_ROUNDS * budget * min(1.0, (81 / (rows * cols)) ** 2)))
            ends = CORNER_FINISHES
            solution = _shortest(solution, *_cornered(start, target, cells, width, rounds, look, note, ends))
            back = relabel(target, start)  # the inverse of ``cells`` (symbols are distinct)
            solution = _shortest(solution, *[_backwards(s, start, target) for s in
                                             _cornered(target, start, back, width, rounds, look, note, ends)])
        elif not beamed:  # the beam declined (too slow for the budget) or found nothing shorter
            solution = _shortest(solution, *_blocks(start, target, cells, views[2:], look, note, first=3, ends=ends,
                                                    search=search))
        if solution is None:
            solution = _heuristic(start, target, note)
        if (rows, cols) == (pattern.SIDE, pattern.SIDE) and (bounds := _bounds(make=False)) is not None:
            solution = _prove(solution, cells, bounds, budget, note)
    note("checking the moves")
    _check(cells, solution.moves, rows, cols)
    return solution


_LOADED: dict = {}  # (table file, pieces) -> Bounds: the table is read once a process
_LOADED5: dict = {}  # the 5x5 tables' files -> their Tables, the same way


def _bounds(make: bool) -> "pattern.Bounds | None":
    """The 4x4 bounds from the cached pattern table (built first when ``make``), or None."""
    key = (str(pattern.path()), pattern.PIECES)
    if key not in _LOADED:
        table = pattern.load(make=make)
        walk = pattern.load_walking(make=make)
        if table is None or walk is None:
            return None
        _LOADED.clear()
        _LOADED[key] = pattern.Bounds(table, walk)
    return _LOADED[key]


def _five(make: bool) -> "FiveTables | None":
    """The 5x5 two-phase tables from the cache (built first when ``make``), or None."""
    key = tuple(str(p) for p in five_tables.paths())
    if key not in _LOADED5:
        found = five_tables.load(make=make)
        if found is None:
            return None
        _LOADED5.clear()  # one set at a time (173 MB)
        _LOADED5[key] = FiveTables(*found)
    return _LOADED5[key]


def _two_phase(start: Board, target: Board, cells, budget: float, note) -> Solution | None:
    """5x5 by a 3x3 block, then the two free rows and columns (``loopover.five``), when its
    tables are cached; None when they are not (or, with a damaged table, when it finds nothing)."""
    tables = _five(make=False)
    if tables is None:
        return None
    try:
        phases = solve5(cells, tables, budget, note)
    except FiveTooLarge:
        return None
    tagged = [(m[0], int(m[1:]), k) for k, (_, moves) in enumerate(phases) for m in moves]
    texts, named = _phased(tidy_runs(tagged, 5, 5), [name for name, _ in phases])
    return Solution(start, target, texts, named, "two-phase")


def _prove(solution: Solution, cells, bounds, budget: float, note) -> Solution:
    """A 4x4 list made fewest: the pattern-table search for anything shorter, within ``budget`` times
    ``PROOF_WORK`` states. A shorter list found is the fewest (the bounds rise one at a time); none
    below proves the list itself fewest; out of work, the list stays as it is (not proven)."""
    try:
        path, _ = fewest(cells, bounds, below=len(solution), work=int(budget * PROOF_WORK), progress=note)
    except TooLarge:
        return solution
    if path is None:
        return Solution(solution.start, solution.target, solution.moves, solution.phases, "pattern")
    return Solution(solution.start, solution.target, tuple(path), (Phase("pattern-table search", tuple(path)),),
                    "pattern")


def _quiet(text: str) -> None:
    pass


def _shortest(*solutions):
    found = [s for s in solutions if s is not None]
    return min(found, key=len) if found else None


def loopover(mixed_up_board: Sequence[Sequence[str]], solved_board: Sequence[Sequence[str]]) -> list[str] | None:
    """The Codewars kata: moves such as ``["L0", "D3"]`` turning the first board into the second, or
    None when none exist."""
    solution = solve(mixed_up_board, solved_board)
    return None if solution is None else list(solution.moves)


def _search(start: Board, target: Board, cells: tuple[int, ...]) -> Solution:
    rows, cols = start.shape
    path = shortest(cells, rows, cols)
    if path is None:  # parity said it can be solved: a search that disagrees is a bug of ours
        raise AssertionError(f"search found no way from {start} to {target}")
    return Solution(start, target, tuple(path), (Phase("shortest search", tuple(path)),), "search")


def _line(start: Board, target: Board, cells: tuple[int, ...]) -> Solution:
    """A single row or column: turn it the short way round (a turn is all that can change it)."""
    rows, cols = start.shape
    k = line_turn(cells)
    letter = "R" if rows == 1 else "D"
    moves = tidy([f"{letter}0"] * k, rows, cols) if len(cells) > 1 else []
    name = "turn the row" if rows == 1 else "turn the column"
    return Solution(start, target, tuple(moves), (Phase(name, tuple(moves)),), "line")


# ---------------------------------------------------------------------------- the heuristic, in phases
def _heuristic(start: Board, target: Board, note=_quiet) -> Solution:
    """The shorter of the board solved by rows and solved by columns (on its transpose).

    A board whose top row cannot absorb an odd permutation (odd long) may fail one way; it never
    fails both ways, since parity allowed it. Where both succeed, the shorter is kept: usually the
    one with fewer, longer rows."""
    tries = [s for flip in (False, True) if (s := _attempt(start, target, flip, note)) is not None]
    if not tries:
        raise AssertionError(f"heuristic found no way from {start} to {target}")  # a bug of ours
    return min(tries, key=len)


def _attempt(start: Board, target: Board, flip: bool, note=_quiet) -> Solution | None:
    """Rows from the bottom up, then the top row (on the transpose when ``flip``: columns from the
    right, then the left column). None when the top row is left an odd permutation and odd long."""
    if flip:
        start, target = start.transposed(), target.transposed()
    cells = relabel(start, target)
    rows, cols = start.shape
    line, first, last = ("column", "rightmost", "left column") if flip else ("row", "bottom", "top row")
    w = Work(rows, cols, list(cells))
    names = []
    free = frozenset(range(rows))
    while len(free) > 1:
        r = next_row(w, free)
        note(f"{'columns' if flip else 'rows'} {rows - len(free)} of {rows} solved")
        w.phase = len(names)
        names.append(f"{line} {r} ({first})" if len(free) == rows else f"{line} {r}")
        fill_row(w, r, free)
        free = free - {r}
    w.phase = len(names)
    names.append(f"{last} 0" + (" and parity fix" if parity(w.cells) else ""))
    if not top_row(w):
        return None
    if w.cells != list(range(rows * cols)):
        raise AssertionError(f"heuristic left the {last} unsolved")  # a bug of ours, never hidden
    moves = tidy_runs(w.moves, rows, cols)
    if flip:
        moves = [(SWAP_AXES[letter], i, tag) for letter, i, tag in moves]
        start, target = start.transposed(), target.transposed()
    texts, phases = _phased(moves, names)
    return Solution(start, target, texts, phases, "heuristic")


# ---------------------------------------------------------------------------- block building, in frames
def block_plan(rows: int, cols: int, budget: float):
    """How block building runs: with its lookahead (``block.LOOK``) when two frames of it fit in the
    budget or ``LOOK_SECONDS`` at ``BLOCK_SECONDS`` times cells squared a frame (up to about 20x20 by
    default), else greedy (``block.GREEDY``, at
    ``GREEDY_SECONDS``); and in how many frames: ``BLOCK_SHARE`` of the budget, at least the board
    and its transpose (so an odd top row that cannot take the parity fix one way is solved the
    other); past those two, ``solve`` starts ``POOL`` frames side by side for each (see ``_blocks``).
    Counted from the budget, not a clock: the same board and budget give the same moves."""
    size = (rows * cols) ** 2
    look, per_frame = (LOOK, BLOCK_SECONDS * size) if 2 * BLOCK_SECONDS * size <= max(budget, LOOK_SECONDS) \
        else (GREEDY, GREEDY_SECONDS * size)
    return look, max(2, int(BLOCK_SHARE * budget / per_frame))


def block_frames(rows: int, cols: int, budget: float) -> int:
    """How many frames block building tries (see ``block_plan``)."""
    return block_plan(rows, cols, budget)[1]


def _blocks(start: Board, target: Board, cells: tuple[int, ...], views: list[Frame], look=LOOK,
            note=_quiet, first: int = 1, ends: int = 1, seeded=(), search=None) -> list[Solution]:
    """The shortest block-building solution over the frames ``views`` (a list of one, or none when
    every frame's top row was odd long and left odd). The frames are built side by side, a segment
    at a time; every ``KEEP_EVERY`` segments the longer half is dropped (fewest moves per block cell
    so far first, ties in the frames' order), down to ``KEEP_LEAST`` frames, which finish.
    ``seeded``: more frames, each with the moves (on the board) of a corner already solved there
    (``corner.seeds``); their block building starts past the corner."""
    rows, cols = start.shape
    builds = []
    for frame in views:
        seen, R, C = frame.cells(cells, rows, cols)
        if min(R, C) >= 2:
            builds.append((frame, Build(Work(R, C, list(seen)), h=2 if R >= 4 else 1, width=BLOCK_WIDTH, look=look)))
    for frame, moves in seeded:
        seen, R, C = frame.cells(cells, rows, cols)
        w = Work(R, C, list(seen))
        into = moves_into(frame, rows, cols)
        for move in moves:
            letter, i = into[move]
            if letter in "LR":
                w.row(i, 1 if letter == "R" else -1)
            else:
                w.col(i, 1 if letter == "D" else -1)
        build = Build(w, h=2 if R >= 4 else 1, width=BLOCK_WIDTH, look=look)
        if build.skip_corner(corner.SIZE):
            builds.append((frame, build))
    done = 0
    while any(build.todo for _, build in builds):
        for _, build in builds:
            if build.todo:
                build.step()
        done += 1
        lead = builds[0][1]
        note(f"{_frames_text(len(builds), first)}, block {len(lead.block):,} of {lead.total:,} cells")
        if done % KEEP_EVERY == 0 and len(builds) > KEEP_LEAST:
            builds.sort(key=lambda fb: len(fb[1].w.moves) / len(fb[1].block))
            builds = builds[:max(KEEP_LEAST, len(builds) // 2)]
    best = None
    note(f"{_frames_text(len(builds), first)}, the last rows")
    for frame, build in builds:
        w, R, C = build.w, build.w.rows, build.w.cols
        if build.todo:
            raise AssertionError("block building finished early")  # a bug of ours
        searched_here = search is not None and searched(R, C, build.h)
        for end in finish_frames(R, C, build.h, min(ends, LAST_TWO_FINISHES) if searched_here else ends):
            seen, _, _ = end.cells(w.cells, R, C)
            last = Work(R, C, list(seen))
            kinds = finish(last, build.h, search)  # ``finish`` searches only where ``searched`` says
            if kinds is None:
                continue
            kinds = kinds[:1] + [(kind, end.line_back("row", r, R, C)[1]) for kind, r in kinds[1:]]
            moves = w.moves + [(*end.move_back(letter, i, R, C), tag) for letter, i, tag in last.moves]
            found = _read_back(start, target, frame, R, moves, kinds)
            if best is None or len(found) < len(best):
                best = found
    return [] if best is None else [best]


def _cornered(start: Board, target: Board, cells: tuple[int, ...], width: int, rounds: int, look, note,
              ends: int) -> list[Solution]:
    """Block building from the corners the beam finds (``corner.seeds``), in their frames side by side."""
    rows, cols = start.shape
    note("searching for corners")
    seeded = corner.seeds(cells, rows, cols, width, CORNER_WANT, CORNER_PER, rounds)
    return _blocks(start, target, cells, [], look, note, first=3, ends=ends, seeded=seeded, search=LAST_TWO)


def _backwards(solution: Solution, start: Board, target: Board) -> Solution:
    """A solution from ``target`` to ``start`` played backwards (each move turned back, the phases
    in the other order, named ``back: ...``): a solution from ``start`` to ``target``."""
    phases = tuple(Phase(f"back: {p.name}", tuple(FLIP[m[0]] + m[1:] for m in reversed(p.moves)))
                   for p in reversed(solution.phases))
    return Solution(start, target, tuple(m for p in phases for m in p.moves), phases, solution.method)


def _frames_text(count: int, first: int) -> str:
    """``frame 1`` for one frame, else how many are being built (``2 frames``, ``64 more frames``)."""
    return f"frame {first}" if count == 1 else f"{count} frames" if first == 1 else f"{count} more frames"


def _block(start: Board, target: Board, cells: tuple[int, ...], frame: Frame, look=LOOK,
           report=None) -> Solution | None:
    """Block building in one frame, its moves read back onto the board."""
    rows, cols = start.shape
    seen, R, C = frame.cells(cells, rows, cols)
    if min(R, C) < 2:
        return None
    w = Work(R, C, list(seen))
    kinds = block_solve(w, h=2 if R >= 4 else 1, width=BLOCK_WIDTH, look=look, report=report)
    return None if kinds is None else _read_back(start, target, frame, w.rows, w.moves, kinds)


def _read_back(start: Board, target: Board, frame: Frame, R: int, frame_moves, kinds) -> Solution:
    """Moves solving the board in a frame (``R`` rows there), as a solution of the board: read back,
    the phases named from ``kinds`` (see ``block.block_solve``)."""
    rows, cols = start.shape
    names = []
    for kind, r in kinds:
        if kind == "block":
            axis = frame.line_back("row", R - 1, rows, cols)[0]
            lines = sorted(frame.line_back("row", i, rows, cols)[1] for i in range(r, R))
            names.append(f"block of {axis}s {_ranges(lines)}")
        else:
            axis, i = frame.line_back("row", r, rows, cols)
            names.append(f"last {axis} {i}" + (" and parity fix" if "parity" in kind else "") if kind != "row"
                         else f"{axis} {i}")
    moves = [(*frame.move_back(letter, i, rows, cols), tag) for letter, i, tag in frame_moves]
    moves = tidy_runs(moves, rows, cols)
    texts, phases = _phased(moves, names)
    return Solution(start, target, texts, phases, "block")


def _phased(moves, names) -> tuple[tuple[str, ...], tuple[Phase, ...]]:
    """The moves as text, and the named phases (each move tagged with its phase's number)."""
    texts, by_phase = [], [[] for _ in names]
    for letter, i, tag in moves:
        texts.append(f"{letter}{i}")
        by_phase[tag].append(texts[-1])
    return tuple(texts), tuple(Phase(name, tuple(own)) for name, own in zip(names, by_phase))


def _ranges(numbers: list[int]) -> str:
    """``[0, 1, 4, 5, 6]`` -> ``"0-1, 4-6"``."""
    out, i = [], 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        out.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return ", ".join(out)


def _check(cells: tuple[int, ...], moves: Sequence[str], rows: int, cols: int) -> None:
    """Replay on the relabelled start; anything but the identity is a bug of ours and raises. Each
    move turns its own line only (a 60x60 board's 100,000 moves replay in a fraction of a second)."""
    w = Work(rows, cols, list(cells))
    for move in moves:
        letter, i = move[0], int(move[1:])
        if letter in "LR":
            seg = w.cells[i * cols:(i + 1) * cols]
            w.cells[i * cols:(i + 1) * cols] = seg[1:] + seg[:1] if letter == "L" else seg[-1:] + seg[:-1]
        else:
            seg = w.cells[i::cols]
            w.cells[i::cols] = seg[1:] + seg[:1] if letter == "U" else seg[-1:] + seg[:-1]
    if w.cells != list(range(rows * cols)):
        raise AssertionError(f"the {len(moves)} moves do not reach the target")
