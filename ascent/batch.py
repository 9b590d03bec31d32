"""Solving many puzzles: jobs in, outcomes out, on every core; and the per-set summary.

    outcomes = solve_many(jobs, workers=2, on_progress=lambda done: ...)
    sets = summarize(outcomes)

The library never prints: ``on_progress(k)`` is called with the number of puzzles just finished.
"""

from __future__ import annotations

import statistics
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterable

from .engine import TIER, solve
from .grade import RANK
from .puzzle import Puzzle, PuzzleError
from .trace import SOLVED

WRONG, INVALID = "wrong", "invalid"


@dataclass(frozen=True, slots=True)
class Job:
    """One stored puzzle to solve."""

    size: int
    label: str
    ident: str
    record: dict[str, Any]
    logic_only: bool = False
    techniques: tuple[str, ...] | None = None
    source: str = ""  # the file it came from, for messages


@dataclass(slots=True)
class Outcome:
    """What solving one job gave. ``masks`` (where logic stopped) only when it was not solved."""

    size: int
    diff: str
    id: str
    status: str
    grade: str | None = None
    steps: int = 0
    seconds: float = 0.0
    solution: list[list[int]] | None = None
    backtracked: bool = False
    message: str = ""
    masks: tuple[int, ...] | None = None
    level: str | None = None
    score: int | None = None
    counts: dict[str, int] = field(default_factory=dict)  # steps per technique

    def to_dict(self) -> dict[str, Any]:
        """The public fields, for --json."""
        return {k: getattr(self, k) for k in ("size", "diff", "id", "status", "grade", "level", "score", "steps",
                                              "seconds", "solution")}


@dataclass(slots=True)
class SetStats:
    """One row of the report: a size and difficulty."""

    size: int
    diff: str
    total: int
    solved_logic: int
    solved_backtrack: int
    unsolved: int
    seconds: float
    median_ms: float
    grades: dict[str, int] = field(default_factory=dict)
    levels: dict[str, int] = field(default_factory=dict)  # solved puzzles per level (ascent.grade)
    median_score: float | None = None  # over the solved puzzles

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def solve_job(job: Job) -> Outcome:
    """Solve one store record; never raises for bad data (status 'invalid' says why)."""
    out = Outcome(job.size, job.label, job.ident, INVALID)
    try:
        puzzle = Puzzle.from_record(job.record, job.label)
        if puzzle.size != job.size:
            raise PuzzleError(f"{job.source or 'the store'}: difficulty {job.label} entry {job.ident} is a "
                              f"{puzzle.size}x{puzzle.size} puzzle in the {job.size}x{job.size} file")
    except PuzzleError as e:
        out.message = str(e)
        return out
    result = solve(puzzle, logic_only=job.logic_only, techniques=job.techniques)
    out.status, out.message = result.status, result.message
    truth = job.record.get("solution")
    if out.status == SOLVED and truth is not None and [list(r) for r in result.solution] != truth:
        out.status, out.message = WRONG, "the engine's answer differs from the record's solution"
    out.grade, out.steps, out.seconds = result.grade, result.step_count, round(result.seconds, 6)
    out.solution = [list(r) for r in result.solution] if result.solution else None
    out.backtracked = result.backtracked
    out.level, out.score, out.counts = result.level, result.score, dict(result.counts)
    if out.status != SOLVED:
        out.masks = tuple(result.masks)
    return out


def _solve_chunk(chunk: list[Job]) -> list[Outcome]:
    return [solve_job(job) for job in chunk]


def solve_many(jobs: Iterable[Job], workers: int = 1, on_progress: Callable[[int], None] | None = None) -> list[Outcome]:
    """Every job's outcome, in the order of the jobs, on ``workers`` processes (1: in this one)."""
    jobs = list(jobs)
    tick = on_progress or (lambda k: None)
    if workers <= 1 or len(jobs) < 8:
        out = []
        for job in jobs:
            out.append(solve_job(job))
            tick(1)
        return out
    size = max(1, min(64, len(jobs) // (workers * 8)))
    chunks = [jobs[i:i + size] for i in range(0, len(jobs), size)]
    done: list[list[Outcome]] = [[] for _ in chunks]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(_solve_chunk, chunk): k for k, chunk in enumerate(chunks)}
        for f in as_completed(futures):
            done[futures[f]] = f.result()
            tick(len(done[futures[f]]))
    return [o for chunk in done for o in chunk]


def summarize(outcomes: Iterable[Outcome]) -> list[SetStats]:
    """One row per (size, diff), in the order the sets first appear."""
    sets: dict[tuple[int, str], list[Outcome]] = {}
    for o in outcomes:
        sets.setdefault((o.size, o.diff), []).append(o)
    rows = []
    for (size, diff), items in sets.items():
        grades: dict[str, int] = {}
        for o in items:
            if o.status == SOLVED and o.grade:
                grades[o.grade] = grades.get(o.grade, 0) + 1
        levels: dict[str, int] = {}
        for o in items:
            if o.status == SOLVED and o.level:
                levels[o.level] = levels.get(o.level, 0) + 1
        scores = [o.score for o in items if o.status == SOLVED and o.score is not None]
        times = [o.seconds for o in items]
        rows.append(SetStats(
            size=size, diff=diff, total=len(items),
            solved_logic=sum(1 for o in items if o.status == SOLVED and not o.backtracked),
            solved_backtrack=sum(1 for o in items if o.status == SOLVED and o.backtracked),
            unsolved=sum(1 for o in items if o.status != SOLVED),
            seconds=round(sum(times), 4),
            median_ms=round(statistics.median(times) * 1000, 3) if times else 0.0,
            grades=dict(sorted(grades.items(), key=lambda kv: TIER.get(kv[0], 99))),
            levels=dict(sorted(levels.items(), key=lambda kv: RANK.get(kv[0], 99))),
            median_score=statistics.median(scores) if scores else None,
        ))
    return rows
