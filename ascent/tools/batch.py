"""Solving many puzzles: jobs in, outcomes out, on every core; and the per-set summary.

    outcomes = solve_many(jobs, workers=2, on_progress=lambda done: ...)
    sets = summarize(outcomes)

The library never prints: ``on_progress(k)`` is called with the number of puzzles just finished.
"""

from __future__ import annotations

import gc
import multiprocessing
import statistics
import signal
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterable

from ..solver.engine import TIER, solve
from ..solver.grade import RANK
from ..puzzle import Puzzle, PuzzleError
from ..model.trace import SOLVED

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
    levels: dict[str, int] = field(default_factory=dict)  # solved puzzles per level (ascent.solver.grade)
    median_score: float | None = None  # over the solved puzzles

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def solve_job(job: Job) -> Outcome:
    """Solve one store record; never raises for bad data (status 'invalid' says why)."""
    out = Outcome(job.size, job.label, job.ident, INVALID)
    where = f"{job.source or 'the store'}: difficulty {job.label} entry {job.ident}"
    try:
        puzzle = Puzzle.from_record(job.record, job.label)
    except PuzzleError as e:
        out.message = f"{where}: {e}"
        return out
    if puzzle.size != job.size:
        out.message = f"{where} is a {puzzle.size}x{puzzle.size} puzzle in the {job.size}x{job.size} file"
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


def _solve_chunk(item: tuple[int, list[Job]]) -> tuple[int, list[Outcome]]:
    k, chunk = item
    return k, [solve_job(job) for job in chunk]


def _start_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops them: no traceback from each of them. What a
    worker inherits from the parent (every job, the parent's modules) lives as long as it does: the
    collector stops scanning it over and over (``gc.freeze``), which made a fifth of an easy solve."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()


def chunked(count: int, workers: int, largest: int = 64, smallest: int = 4) -> list[range]:
    """Job positions in chunks for ``workers`` processes: large while much is left (fewer round trips),
    smaller towards the end (the last chunks finish together rather than one worker waiting for another)."""
    out, start = [], 0
    while start < count:
        size = max(smallest, min(largest, (count - start) // (workers * 4)))
        out.append(range(start, min(count, start + size)))
        start += size
    return out


class Interrupted(Exception):
    """Ctrl-C during ``solve_many``: ``outcomes`` holds the jobs finished, in job order, ``positions``
    their places in the list of jobs, of ``total``."""

    def __init__(self, outcomes: list[Outcome], positions: list[int], total: int):
        super().__init__(f"interrupted: {len(outcomes)} of {total} done")
        self.outcomes, self.positions, self.total = outcomes, positions, total


def solve_many(jobs: Iterable[Job], workers: int = 1, on_progress: Callable[[int], None] | None = None) -> list[Outcome]:
    """Every job's outcome, in the order of the jobs, on ``workers`` processes (1: in this one).

    Ctrl-C stops the workers at once and raises ``Interrupted`` with the outcomes finished so far."""
    jobs = list(jobs)
    tick = on_progress or (lambda k: None)
    if workers <= 1 or len(jobs) < 8:
        out: list[Outcome] = []
        try:
            for job in jobs:
                out.append(solve_job(job))
                tick(1)
        except KeyboardInterrupt:
            raise Interrupted(out, list(range(len(out))), len(jobs)) from None
        return out
    spans = chunked(len(jobs), workers)
    chunks = [jobs[span.start:span.stop] for span in spans]
    done: list[list[Outcome] | None] = [None] * len(chunks)
    pool = multiprocessing.Pool(min(workers, len(chunks)), initializer=_start_worker)
    try:
        for k, outcomes in pool.imap_unordered(_solve_chunk, enumerate(chunks)):
            done[k] = outcomes
            tick(len(outcomes))
    except KeyboardInterrupt:
        pool.terminate()  # the workers stop now, mid-puzzle; their unfinished chunks are lost
        pool.join()
        finished = [k for k, chunk in enumerate(done) if chunk is not None]
        raise Interrupted([o for k in finished for o in done[k]],
                          [j for k in finished for j in spans[k]], len(jobs)) from None
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
    return [o for chunk in done if chunk is not None for o in chunk]


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


def grades_json(outcomes: list[Outcome], partial: tuple[int, int] | None = None) -> dict[str, Any]:
    """``ascent grade --store --json``: the sets' levels and median scores, then every puzzle's grade.
    ``partial`` is (done, total) for a run cut short."""
    out: dict[str, Any] = {} if partial is None else {"partial": True, "done": partial[0], "total": partial[1]}
    out["sets"] = [{"size": s.size, "label": s.diff, "total": s.total, "median_score": s.median_score,
                    "levels": s.levels, "grades": s.grades} for s in summarize(outcomes)]
    out["puzzles"] = [{"size": o.size, "label": o.diff, "id": o.id, "status": o.status, "level": o.level,
                       "score": o.score, "grade": o.grade, "counts": o.counts} for o in outcomes]
    return out
