"""The whole corpus in ../shared: logic alone solves every puzzle, and no step removes a true height;
every forcing chain is pruned (sliced again from what it proves, it keeps every link: a chain whose
pruned form failed its replay would have been kept whole, and would show dangling links here).

Runs on both cores; skipped when ../shared is absent (CI always has it).
"""

from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from ascent import Puzzle, broken_rule, solve
from ascent.solver.audit import audit
from ascent.solver.engine import EASY
from ascent.techniques import needs
from ascent.techniques.forcing import conflict_needs, slice_links
from tests.conftest import shared_sets


def check(item):
    n, label, rec, techniques = item
    puzzle = Puzzle.from_record(rec, label)
    result = solve(puzzle, logic_only=True, techniques=techniques)
    truth = rec.get("solution")
    if result.status == "solved":
        assert broken_rule(puzzle, result.solution) is None
        truth = truth or result.solution
    else:
        truth = truth or solve(puzzle).solution  # the finisher, then checked against the rules
        assert broken_rule(puzzle, truth) is None
    return n, label, result.status, result.grade, audit(result, truth) + dangling(result)


def dangling(result) -> list[str]:
    """Forcing chains with a link that a slice back from what they prove does not keep, and that can be
    dropped with the rest still replaying (a link the slice misses but the replay needs -- a technique that
    read more than its row's ``link_needs`` says -- is needed, not dangling)."""
    from ascent.solver.context import Context
    from ascent.model.grid import Grid
    from ascent.solver.passes import techniques_of
    from ascent.techniques import ORDER

    n = result.puzzle.size
    out = []
    grid = Grid.start(result.puzzle)
    for step in result.steps:
        if step.technique == "forcing":  # nested forcing's chains are not pruned (an inner forcing step is not replayed)
            chains = [(step.chain, conflict_needs(step.contradiction, n), step.contradiction, ())] if step.chain else []
            for branch in step.branches:
                need = {}
                for c, m in step.eliminations:
                    need[c] = need.get(c, 0) | m
                chains.append((branch, need, None, step.eliminations))
            for links, need, conflict, lost in chains:
                kept = slice_links(links, need, n, needs)
                missed = [k for k in range(1, len(links)) if k not in kept]
                if missed:
                    cut = Context(grid, techniques_of(ORDER)).chains
                    droppable = [k for k in missed if cut.replay(grid, links[:k] + links[k + 1:], conflict, lost).ok]
                    if droppable:
                        out.append(f"{len(droppable)} dangling links: {step.reason}")
        grid.apply(step)
    return out


def run_all(folder, techniques=None):
    """``check`` on every puzzle of ``folder``, on both cores: the biggest first, in chunks small enough (one
    puzzle each for Tatham's 120) that neither core waits long on the other's last 9x9s."""
    items = sorted(((n, label, rec, techniques) for n, label, rec in shared_sets(folder)), key=lambda item: -item[0])
    with ProcessPoolExecutor(max_workers=2) as pool:
        return list(pool.map(check, items, chunksize=max(1, len(items) // 128)))


def test_brainbashers_all_solved_by_logic_and_sound(shared):
    out = run_all("brainbashers")
    assert len(out) == 4380
    problems = [(n, label, p) for n, label, _, _, ps in out for p in ps]
    assert problems == []
    unsolved = Counter((n, label) for n, label, status, _, _ in out if status != "solved")
    assert unsolved == Counter()


def test_brainbashers_tiers_1_to_6_beat_ascendant_and_stay_sound(shared):
    out = run_all("brainbashers", EASY)
    assert [p for *_, ps in out for p in ps] == []
    solved = sum(1 for _, _, status, _, _ in out if status == "solved")
    assert solved > 3478  # ascendant's count with techniques like tiers 1-6


def test_generated_all_solved_by_logic_matching_their_solution(shared):
    out = run_all("generated")
    assert len(out) == 180
    assert [p for *_, ps in out for p in ps] == []
    assert all(status == "solved" for _, _, status, _, _ in out)
    grades = Counter((label, grade) for _, label, _, grade, _ in out)
    # "extreme" means lanes, subsets and fish cannot finish: each needs a chain of two-candidate cells or
    # forcing, and no "hard" one does
    assert all(grade in ("pair chain", "forcing") for (label, grade) in grades.elements() if label == "extreme")
    assert not any(grade in ("pair chain", "forcing") for (label, grade) in grades.elements() if label == "hard")


def test_tatham_all_solved_by_logic_matching_their_solution(shared):
    """Tatham's 7x7-9x9 'extreme' and 'unreasonable' (where his own solver guesses): logic alone,
    every step checked against the known solution."""
    out = run_all("tatham")
    assert len(out) == 120
    assert [p for *_, ps in out for p in ps] == []
    assert all(status == "solved" for _, _, status, _, _ in out)
