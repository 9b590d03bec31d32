"""Words for lane steps a person can check: the orderings that survive, or why a removed height fails.

Used by the sentence-building code of ``sequence`` and ``peak descent`` only when a step is found,
never in the search itself. Masks are read in lane order, outward from the front clue.
"""

from __future__ import annotations

from ..core import hiding
from ..model import cands
from ..model.words import in_turn, joined

SHOWN_LIMIT = 6  # the most fillings ``fillings`` gives by default
_BUDGET = 200_000  # nodes; past it the orderings are not listed (the count still is)


def _shown(heights) -> int:
    top = k = 0
    for h in heights:
        if h > top:
            top, k = h, k + 1
    return k


def fillings(masks: tuple[int, ...], lo: int, hi: int, back: int = 0, limit: int = SHOWN_LIMIT) -> list[tuple[int, ...]] | None:
    """Up to ``limit`` fillings (distinct heights from each mask; the front shows lo..hi, the back
    ``back`` when non-zero), or None when there are more, or when finding them costs too much."""
    size = len(masks)
    out: list[tuple[int, ...]] = []
    vals = [0] * size
    nodes = 0

    def dfs(i: int, used: int, top: int, seen: int) -> bool:  # False: stop
        nonlocal nodes
        nodes += 1
        if nodes > _BUDGET or seen > hi or seen + (size - i) < lo:
            return nodes <= _BUDGET
        if i == size:
            if back and _shown(reversed(vals)) != back:
                return True
            out.append(tuple(vals))
            return len(out) <= limit
        for h in cands.digits(masks[i] & ~used):
            vals[i] = h
            if not dfs(i + 1, used | cands.bit(h), max(top, h), seen + (h > top)):
                return False
        return True

    finished = dfs(0, 0, 0, 0)
    dfs = None  # it calls itself through its closure: drop that cycle here, not in the garbage collector
    return out if finished and len(out) <= limit else None


def shown_counts(masks) -> set[int]:
    """How many buildings the front can see, over every filling of the masks with distinct heights."""
    states: dict[tuple[int, int], set[int]] = {(0, 0): {0}}
    for m in masks:
        nxt: dict[tuple[int, int], set[int]] = {}
        for (used, top), counts in states.items():
            for h in cands.digits(m & ~used):
                key = (used | cands.bit(h), max(top, h))
                nxt.setdefault(key, set()).update(c + (h > top) for c in counts)
        states = nxt
    return set().union(*states.values()) if states else set()


def spans(counts: set[int]) -> str:
    """{1, 2, 3} -> '1 to 3'; {2} -> 'only 2'; {1, 3} -> '1 or 3'; {} -> 'nothing'."""
    ks = sorted(counts)
    if not ks:
        return "nothing (no filling at all)"
    if len(ks) == 1:
        return f"only {ks[0]}"
    if ks == list(range(ks[0], ks[-1] + 1)):
        return f"{ks[0]} to {ks[-1]}"
    return ", ".join(map(str, ks[:-1])) + f" or {ks[-1]}"


def counted(counts: set[int]) -> str:
    """{3} -> '3'; {3, 4} -> '3 or 4'; {2, 3, 4} -> '2 to 4'; {1, 3} -> '1 or 3': the words fit the numbers."""
    ks = sorted(counts)
    if len(ks) == 1:
        return str(ks[0])
    if len(ks) > 2 and ks == list(range(ks[0], ks[-1] + 1)):
        return f"{ks[0]} to {ks[-1]}"
    return ", ".join(map(str, ks[:-1])) + f" or {ks[-1]}"


def _beyond(seen: set[int], lo: int, hi: int) -> str:
    """The least a reader must check of counts that all miss ``lo``..``hi``: 'at least hi + 1' when all are above
    it, 'at most lo - 1' when all are below (not the exact counts: three readers spent minutes confirming '4 or 5'
    where 'not 3' was all the step needed); the counts themselves when they lie on both sides ('1 or 3')."""
    if min(seen) > hi:
        return f"at least {hi + 1}"
    if max(seen) < lo:
        return f"at most {lo - 1}"
    return counted(seen)


def too_few(masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """The smallest set of positions holding fewer heights than positions (no filling with distinct heights)."""
    items = list(enumerate(masks))
    for k in range(1, len(masks) + 1):
        got = cands.short_group(items, k)
        if got is not None:
            return got[0]
    return None


def _bounded(fixed: tuple[int, ...], names: list[str], phrase: str, lo: int, hi: int, whole: bool) -> str | None:
    """A count bound a reader sees at a glance, when it breaks ``lo``..``hi``: the cells that must show (each one's
    least height above every height before it), with, in a whole line, its tallest height wherever it stands ("R8C1,
    R8C2 and the 9 would all show, so the left would see at least 3"); or the cells that must stay hidden, each
    one's greatest height below a height that must stand before it: a cell's least height ("R1C2 and R1C5 would
    hide behind R1C1"), or, in a whole line, a height all of whose places lie before it ("R1C4 behind the 5 (in
    R1C1 or R1C3)"). Cells read from the clue's side."""
    who = hiding.showing(fixed, names, whole)
    want = f"{lo}" if lo == hi else f"{lo} to {hi}"
    if len(who) > hi:
        show = "would both show" if len(who) == 2 else "would all show"
        return (f"{joined(who)} {show} (each above all before it), so {phrase} at least {len(who)}, "
                f"not {want}")
    hiders = hiding.hidden(fixed, whole)
    heights = hiding.hidden_heights(fixed, hiders) if whole else {}
    most = len(fixed) - len(hiders) - len(heights)
    if (hiders or heights) and most < lo:
        first = next(iter(hiders.values()), None)
        if (not heights and set(hiders.values()) == {first} and isinstance(first, int)
                and list(hiders) == list(range(first + 1, len(fixed)))):
            # in part of a line (the cells before a peak) "every cell" would read as the whole line's: name them
            which = (f"every cell farther from the clue than {names[first]} would hide behind it" if whole
                     else f"{_run(names[first + 1:])} would hide behind {names[first]}")
        else:
            which = hiding.behind(hiders, names, "would hide", heights)
        return f"{which}, so {phrase} at most {most}, not {want}"
    return None


def _either_bound(fixed: tuple[int, ...], names: list[str], front: str, need_front: tuple[int, int] | None,
                  back: str, need_back: int, whole: bool) -> str | None:
    """``_bounded`` from the clue's side (``need_front``), else from the far end's (``need_back``), or None."""
    if need_front:
        said = _bounded(fixed, names, front, need_front[0], need_front[1], whole)
        if said is not None:
            return said
    if need_back:
        return _bounded(tuple(reversed(fixed)), names[::-1], back, need_back, need_back, whole)
    return None


def _run(names: list[str]) -> str:
    """Neighbouring cells by name: 'R1C2', 'R1C2 and R1C3', 'R1C2 to R1C5'."""
    return joined(names) if len(names) < 3 else f"{names[0]} to {names[-1]}"


def _too_few_words(fixed: tuple[int, ...], names: list[str]) -> str | None:
    """The cells that would hold fewer heights than cells, in words, or None."""
    short = too_few(fixed)
    if short is None:
        return None
    union = 0
    for i in short:
        union |= fixed[i]
    cells = [names[i] for i in short]
    return (f"{cells[0]} would have nothing left" if not union
            else f"{joined(cells)} would hold only {cands.show_set(union)} between them")


def _lane_singles(ms: tuple[int, ...], names: list[str], whole: bool):
    """Each single the lane holds, followed alone: a cell left with one height that another cell still holds (that
    height crossed out of the others), or, in a whole line, a height with one place left (it goes there). Yields
    the masks after it and its words ("R5C3 is left with 7", "7 fits only R5C3")."""
    for i, m in enumerate(ms):
        if m and not m & (m - 1) and any(j != i and ms[j] & m for j in range(len(ms))):
            yield tuple(x if j == i else x & ~m for j, x in enumerate(ms)), f"{names[i]} is left with {m.bit_length()}"
    if whole:
        for d in range(1, len(ms) + 1):
            b = cands.bit(d)
            where = [i for i, m in enumerate(ms) if m & b]
            if len(where) == 1 and ms[where[0]] != b:
                yield tuple(b if j == where[0] else x for j, x in enumerate(ms)), f"{d} fits only {names[where[0]]}"


_SINGLES_DEPTH = 5  # the most singles said before a bound; past it the count is said bare


def _singles_then_bound(fixed: tuple[int, ...], names: list[str], front: str, need_front: tuple[int, int] | None,
                        back: str, need_back: int, whole: bool) -> str | None:
    """The fewest of the lane's own singles, said in turn, that let a bound of ``_bounded`` (or an empty cell) show
    the removal fails: "R5C3 is left with 7, so R5C8 would hide behind R5C9, so the right would see at most 2,
    not 3". None when no run of up to ``_SINGLES_DEPTH`` singles shows such a bound."""
    level, seen = [(fixed, [])], {fixed}
    for _ in range(_SINGLES_DEPTH):
        nxt = []
        for ms, facts in level:
            for after, fact in _lane_singles(ms, names, whole):
                if after in seen:
                    continue
                seen.add(after)
                said = facts + [fact]
                lead = in_turn(said)
                empty = next((i for i, m in enumerate(after) if not m), None)
                if empty is not None:
                    return f"{lead}, so {names[empty]} would have nothing left"
                why = _either_bound(after, names, front, need_front, back, need_back, whole)
                if why is not None:
                    return f"{lead}, so {why}"
                nxt.append((after, said))
        level = nxt
        if not level:
            return None
    return None


def failing(masks: tuple[int, ...], at: int, h: int, names: list[str], front: str, need_front: tuple[int, int] | None,
            back: str = "", need_back: int = 0, whole: bool = False, line: tuple[int, ...] = ()) -> str:
    """Why height ``h`` at lane position ``at`` fits no filling, without naming the height: what the lane
    would show then, against what it must show ("the left would see 3, not 2"), or which
    cells would be left with too few heights. ``names`` are the lane's cells in order; ``front``/``back``
    are phrases such as "the left would see" that take a count after them. ``line``: the whole line's candidates
    from the same end, of which ``masks`` are the first cells (taken as ``masks`` when ``whole``): where the cell is
    the only place of another height in it, that is the reason, as simple as a hidden single ("8 would have no place
    left in the lane")."""
    line = masks if whole else line
    for d in cands.digits(line[at] & ~cands.bit(h) if line else 0):
        if not any(m >> (d - 1) & 1 for j, m in enumerate(line) if j != at):
            return f"{d} would have no place left in the lane"
    fixed = tuple(cands.bit(h) if i == at else m & ~cands.bit(h) for i, m in enumerate(masks))
    said = _too_few_words(fixed, names)
    if said is not None:
        return said
    said = _either_bound(fixed, names, front, need_front, back, need_back, whole)
    if said is not None:
        return said
    said = _singles_then_bound(fixed, names, front, need_front, back, need_back, whole)
    if said is not None:
        return said
    if need_front:
        seen = shown_counts(fixed)
        lo, hi = need_front
        if not any(lo <= k <= hi for k in seen):
            want = f"{lo}" if lo == hi else f"{lo} to {hi}"
            return f"{front} {_beyond(seen, lo, hi)}, not {want}"
    if need_back:
        seen = shown_counts(tuple(reversed(fixed)))
        if need_back not in seen:
            return f"{back} {_beyond(seen, need_back, need_back)}, not {need_back}"
    if need_front and need_back:
        said = _tallest_cases(fixed, names, front, need_front, back, need_back)
        if said is not None:
            return said
        lo, hi = need_front
        orders = fillings(fixed, lo, hi, 0, limit=2000)
        if orders:
            seen = {_shown(reversed(o)) for o in orders}
            want = f"{lo}" if lo == hi else f"{lo} to {hi}"
            return (f"{front} {want} only if {back} {_beyond(seen, need_back, need_back)}; the clue there is "
                    f"{need_back}")
    return "it fits each clue alone, but no filling satisfies both at once"


def _tallest_cases(fixed: tuple[int, ...], names: list[str], front: str, need_front: tuple[int, int], back: str,
                   need_back: int) -> str | None:
    """Where each clue alone can hold but not both: a split on the places of the line's tallest height not yet
    settled, which parts what each end sees, each place with its one-line reason ("the 9 would stand in R4C8 or
    R7C8: in R4C8, R1C8 and R3C8 would ..., so the top would see at most 2, not 3; in R7C8, ..."). None when that
    height has more than three places, or some place has no short reason (a bound, or a lane's singles then a
    bound)."""
    n = len(fixed)
    for d in range(n, 0, -1):
        top = cands.bit(d)
        where = [i for i, m in enumerate(fixed) if m & top]
        if len(where) > 1:
            break
    if not 1 < len(where) <= 3:
        return None
    cases = []
    for p in where:
        case = tuple(top if i == p else m & ~top for i, m in enumerate(fixed))
        why = (_too_few_words(case, names)
               or _either_bound(case, names, front, need_front, back, need_back, True)
               or _singles_then_bound(case, names, front, need_front, back, need_back, True))
        if why is None:
            return None
        cases.append(f"in {names[p]}, {why}")
    return f"the {d} would stand in {joined([names[p] for p in where], 'or')}: {'; '.join(cases)}"


def witnesses(masks: tuple[int, ...], removed: list[tuple[int, int]], names: list[str], front: str,
              need_front: tuple[int, int] | None, back: str = "", need_back: int = 0,
              whole: bool = False, line: tuple[int, ...] = ()) -> str:
    """A reason for every removed height (``removed``: lane position and height), those that share one said
    together: "with R6C1 = 4, the left would see 3, not 2; with R6C5 = 7 or R6C7 = 7, ..."."""
    groups: dict[str, dict[str, list[str]]] = {}
    for at, h in removed:
        why = failing(masks, at, h, names, front, need_front, back, need_back, whole, line)
        groups.setdefault(why, {}).setdefault(names[at], []).append(str(h))
    said = []
    for why, cells in groups.items():
        which = [f"{cell} = {hs[0] if len(hs) == 1 else ', '.join(hs[:-1]) + ' or ' + hs[-1]}" for cell, hs in cells.items()]
        said.append(f"with {(', or ' if len(which) > 1 and len(cells[next(iter(cells))]) > 1 else ' or ').join(which)}, {why}")
    return "; ".join(said)


def listed(orders: list[tuple[int, ...]]) -> str:
    return "; ".join(" ".join(map(str, o)) for o in orders)
