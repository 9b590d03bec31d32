"""linecheck: when one row or column is broken, and the sentence a reader checks it by (issue 26's ends
of forcing chains); and the yes-or-no line filter it rests on (``lanes.fits``, ``propagate.fits``)."""

import random
from itertools import permutations

import pytest

from ascent import Puzzle
from ascent.core import propagate
from ascent.model.grid import Conflict, lines_of
from ascent.core.lanes import TABLE_MAX, filtered
from ascent.core.lanes import fits as lanes_fits
from ascent.core.linecheck import (LIMIT, broken, exact, fillings, first_broken, is_broken, latin_broken,
                              lines_of_cells)


def b(*heights: int) -> int:
    m = 0
    for d in heights:
        m |= 1 << (d - 1)
    return m


def full(n: int) -> int:
    return (1 << n) - 1


def puzzle(n: int, left: int = 0, right: int = 0, upper: int = 0, lower: int = 0) -> Puzzle:
    """An n x n puzzle with clues on row 1 (left, right) and column 1 (upper, lower) only."""
    clues = [0] * (4 * n)  # Codewars order: top L->R, right T->B, bottom R->L, left B->T
    clues[0], clues[n], clues[3 * n - 1], clues[4 * n - 1] = upper, right, lower, left
    return Puzzle.from_clues(clues)


def row(n: int, a: int = 0, back: int = 0):
    """Row 1 of an n x n puzzle, clue ``a`` on the left and ``back`` on the right: its cells are 0..n-1."""
    return lines_of(puzzle(n, left=a, right=back))[0]


def seen(p) -> int:
    """How many buildings a viewer at the front of ``p`` sees (written here, not taken from ascent)."""
    top = count = 0
    for h in p:
        if h > top:
            top, count = h, count + 1
    return count


def orderings(ms, a: int = 0, back: int = 0):
    """Every filling of a line (heights 1..n once each) within its candidates showing its clues, by brute force."""
    n = len(ms)
    return [p for p in permutations(range(1, n + 1))
            if all(ms[i] >> (p[i] - 1) & 1 for i in range(n))
            and (not a or seen(p) == a) and (not back or seen(p[::-1]) == back)]


def random_line(rng: random.Random, n: int) -> tuple[int, ...]:
    """A line's candidates: open cells, placed heights, pairs, random sets, now and then an empty cell."""
    f = full(n)
    return tuple(rng.choice([f, f, rng.randint(1, f), 1 << rng.randrange(n), b(rng.randint(1, n), rng.randint(1, n)),
                             rng.randint(0, f) if rng.random() < 0.05 else f]) for _ in range(n))


# ---------------------------------------------------------------------------- each kind of contradiction
def test_a_cell_with_no_candidates():
    line = row(4)
    got = broken([b(1), 0, full(4), 0], line, 4)
    assert got == Conflict("no candidates left", (1,), line)  # the first empty cell
    assert is_broken([b(1), 0, full(4), 0], line, 4) and latin_broken([b(1), 0, full(4), 0], line, 4)


def test_a_height_with_no_place():
    line = row(4)
    got = broken([b(1, 2, 3)] * 3 + [b(1, 2)], line, 4)
    assert got == Conflict("no cell can hold 4 any more", line.cells, line, 4)
    got = broken([b(2, 4), b(2, 4), b(1, 2), b(2, 4)], line, 4)
    assert got == Conflict("no cell can hold 3 any more", line.cells, line, 3)  # the lowest missing height
    assert latin_broken([b(2, 4), b(2, 4), b(1, 2), b(2, 4)], line, 4)
    no_one = [b(2, 3, 4)] * 4  # height 1 (the lowest bit) with no place
    assert broken(no_one, line, 4) == Conflict("no cell can hold 1 any more", line.cells, line, 1)
    assert latin_broken(no_one, line, 4) and is_broken(no_one, line, 4)


def test_cells_holding_too_few_heights_smallest_set_first():
    line = row(4)
    got = broken([b(1), b(1), full(4), full(4)], line, 4)
    assert got == Conflict("R1C1 and R1C2 hold only 1 between them (2 cells, 1 height)", (0, 1), line)
    got = broken([b(1, 2), full(4), b(1, 2), b(1, 2)], line, 4)
    assert got == Conflict("R1C1, R1C3 and R1C4 hold only 1 and 2 between them (3 cells, 2 heights)", (0, 2, 3), line)
    # a 2-cell set and a 3-cell set: the 2 named
    got = broken([b(1, 2), b(1, 2), b(1, 2), b(3), b(3), full(6)], row(6), 6)
    assert got.cells == (3, 4) and got.why.startswith("R1C4 and R1C5 hold only 3 ")
    # not Latin-broken: every cell holds something, every height has a place
    assert not latin_broken([b(1), b(1), full(4), full(4)], line, 4)
    # four cells are still named before the heights' side is read ...
    got = broken([b(1, 2)] + [b(3, 4, 5)] * 4, row(5), 5)
    assert got == Conflict("R1C2, R1C3, R1C4 and R1C5 hold only 3, 4 and 5 between them (4 cells, 3 heights)",
                           (1, 2, 3, 4), row(5))


def test_heights_fitting_too_few_cells():
    # 1 and 2 fit only in R1C1; the other side (8 cells, 7 heights) is too big to name
    line = row(9)
    got = broken([b(1, 2)] + [b(*range(3, 10))] * 8, line, 9)
    assert got == Conflict("1 and 2 fit only in R1C1 (2 heights, 1 cell)", (0,), line)
    # 5 cells hold 4 heights (too many to name first), and 4 heights fit 3 cells: the heights are named
    line = row(8)
    got = broken([b(1, 2, 3, 4)] * 5 + [full(8)] * 3, line, 8)
    assert got == Conflict("5, 6, 7 and 8 fit only in R1C6, R1C7 and R1C8 (4 heights, 3 cells)", (5, 6, 7), line)


def test_a_bigger_hall_set_when_neither_side_is_small():
    """5 cells hold 4 heights and 5 heights fit 4 cells: neither side has at most 4, so the cells are named."""
    line = row(9)
    got = broken([b(1, 2, 3, 4)] * 5 + [full(9)] * 4, line, 9)
    assert got == Conflict("R1C1, R1C2, R1C3, R1C4 and R1C5 hold only 1, 2, 3 and 4 between them (5 cells, 4 heights)",
                           (0, 1, 2, 3, 4), line)


def test_one_clue_sees_too_many_too_few_or_never_its_count():
    cases = [  # (candidates, left clue, right clue, the words, which lane)
        ([b(1, 2, 3)] + [full(4)] * 3, 1, 0, "reads [123] [1234] [1234] [1234] and sees at least 2: R1C1 and the 4 "
         "show whatever the order (each above all before it), but the clue is 1", "front"),
        ([b(2)] + [full(4)] * 3, 4, 0, "reads 2 [1234] [1234] [1234] and sees at most 3 whatever the order: the 1 "
         "(in R1C2, R1C3 or R1C4) hides behind R1C1, but the clue is 4", "front"),
        ([b(4)] + [full(4)] * 3, 2, 0, "reads 4 [1234] [1234] [1234] and sees 1 whatever the order: R1C1 shows (above "
         "all before it); the 1, 2 and 3 hide behind R1C1 (every place they have is after it), but the clue is "
         "2", "front"),
        ([b(1), b(2), b(3), b(4)], 3, 0, "reads 1 2 3 4 and sees 4 whatever the order, but the clue is 3", "front"),
        ([b(1), b(2), b(3), b(4)], 0, 2, "reads 4 3 2 1 and sees 1 whatever the order, but the clue is 2", "back"),
        ([b(3), b(4), b(1), b(2)], 0, 3, "reads 2 1 4 3 and sees 2 whatever the order, but the clue is 3", "back"),
        ([b(2, 3), b(1), b(2, 3)], 0, 3, "reads [23] 1 [23] and sees at most 2 whatever the order: R1C2 hides behind "
         "R1C3, but the clue is 3", "back"),
        ([b(1, 2), b(3), b(1, 2), b(4)], 4, 0, "reads [12] 3 [12] 4 and sees 3 whatever the order: R1C1, R1C2 and "
         "R1C4 show (each above all before it); R1C3 hides behind R1C2, but the clue is 4", "front"),
        ([b(1, 3), b(2), b(1, 3)], 1, 2, "reads [13] 2 [13] and sees 1 or 3, never 2, but the clue is 2", "back"),
        # a height of the whole line hides what stands after both its places
        ([b(1, 5), b(2, 5), b(3, 4), b(3, 4), b(1, 2)], 3, 0, "reads [15] [25] [34] [34] [12] and sees at most 2 "
         "whatever the order: R1C3 and R1C4 hide behind the 5 (in R1C1 or R1C2), and R1C5 behind R1C3, but the clue "
         "is 3", "front"),
    ]
    for ms, a, z, words, side in cases:
        n = len(ms)
        line = row(n, a, z)
        lane = line.front if side == "front" else line.back
        assert broken(ms, line, n) == Conflict(words, lane.cells, lane), words
        assert is_broken(ms, line, n) and not latin_broken(ms, line, n)
    # the back lane's cells run from its clue: right to left
    assert row(4, 0, 2).back.cells == (3, 2, 1, 0)


def test_each_clue_holds_alone_but_not_both():
    cases = [
        ([b(1), b(2), full(4), full(4)], 3, 1,
         "reads 1 2 [1234] [1234]: any order of it that shows 3 from the left shows 2 from the right, "
         "but that clue is 1"),
        ([full(5)] * 3 + [b(2), b(1)], 1, 3,
         "reads [12345] [12345] [12345] 2 1: any order of it that shows 1 from the left "
         "shows at least 4 from the right, but that clue is 3"),
        ([full(5), b(3), full(5), b(2, 3), full(5)], 1, 3,  # the line's own single said first
         "R1C4 is left with 2, so it reads [145] 3 [145] 2 [145]: any order of it that shows 1 from the left "
         "shows 2 or 4 from the right, but that clue is 3"),
        ([63, 42, 8, 13, 22, 63], 1, 5,
         "reads [123456] [246] 4 [134] [235] [123456]: any order of it that shows 1 from the left "
         "shows at most 3 from the right, but that clue is 5"),
        ([15, 15, 11, 6], 2, 3,
         "reads [1234] [1234] [124] [23]: any order of it that shows 2 from the left shows 2 from the right, "
         "but that clue is 3"),
        ([15, 12, 5, 15], 2, 1,
         "reads [1234] [34] [13] [1234]: any order of it that shows 2 from the left shows at least 2 from the right, "
         "but that clue is 1"),
        ([15, 3, 13, 15], 2, 3,
         "reads [1234] [12] [134] [1234]: any order of it that shows 2 from the left shows at most 2 from the right, "
         "but that clue is 3"),
        ([28, 10, 31, 4, 31], 1, 3,
         "reads [345] [24] [12345] 3 [12345]: any order of it that shows 1 from the left shows 2 or 4 from the right, "
         "but that clue is 3"),
        ([29, 2, 31, 22, 31], 2, 4,  # they show 1, 2 or 3: the most of three counts
         "reads [1345] 2 [12345] [235] [12345]: any order of it that shows 2 from the left shows at most 3 from the right, "
         "but that clue is 4"),
        ([31, 31, 4, 31, 25], 1, 4,  # 2, 3 or 5: the clue between the second and the last
         "reads [12345] [12345] 3 [12345] [145]: any order of it that shows 1 from the left shows 2, 3 or 5 from the "
         "right, but that clue is 4"),
        ([31, 8, 31, 31, 4], 3, 3,  # 4 orders show 3 from the left: none is listed, whatever their number
         "reads [12345] 4 [12345] [12345] 3: any order of it that shows 3 from the left shows 2 from the right, "
         "but that clue is 3"),
    ]
    for ms, a, z, words in cases:
        n = len(ms)
        line = row(n, a, z)
        assert broken(ms, line, n) == Conflict(words, line.cells, line), words
        assert orderings(ms, a) and orderings(ms, 0, z) and not orderings(ms, a, z)  # each alone, not both
    assert len(orderings((31, 8, 31, 31, 4), 3)) == 4
    # the orders that show the front clue, which the sentence speaks of without listing them
    ms = (full(5), b(3), full(5), b(2, 3), full(5))
    assert sorted(orderings(ms, 1)) == [(5, 3, 1, 2, 4), (5, 3, 4, 2, 1)]


def test_a_column_is_read_from_the_top_and_the_bottom():
    n = 4
    p = puzzle(n, upper=3, lower=1)
    col = lines_of(p)[n]
    assert col.cells == (0, 4, 8, 12) and (col.front.clue, col.back.clue) == (3, 1)
    masks = [full(n)] * (n * n)
    masks[0], masks[4] = b(1), b(2)
    got = broken(masks, col, n)
    assert got == Conflict("reads 1 2 [1234] [1234]: any order of it that shows 3 from the top shows 2 from "
                           "the bottom, but that clue is 1", col.cells, col)
    masks[0], masks[4] = b(1, 2, 3), full(n)
    col = lines_of(puzzle(n, upper=1))[n]
    assert broken(masks, col, n) == Conflict("reads [123] [1234] [1234] [1234] and sees at least 2: R1C1 and the 4 "
                                             "show whatever the order (each above all before it), but the "
                                             "clue is 1", col.front.cells, col.front)
    assert col.front.name == "column 1 from the top"


def test_a_line_with_a_filling_is_not_broken():
    assert broken([full(4)] * 4, row(4), 4) is None
    assert broken([full(4)] * 4, row(4, 2, 3), 4) is None
    assert broken([b(1, 2), b(1, 2), b(3, 4), b(3, 4)], row(4), 4) is None
    assert broken([b(1), b(2), b(3), b(4)], row(4, 4, 1), 4) is None
    ms = [b(1), b(2), b(3), b(4)]
    assert not is_broken(ms, row(4, 4, 1), 4) and not latin_broken(ms, row(4, 4, 1), 4)


def test_too_open_to_describe():
    """A broken line with more than LIMIT Latin fillings is left undescribed (None), though it is broken."""
    ms = [full(9) & ~b(9)] + [full(9)] * 8  # clue 1 wants 9 in front; 8 x 8! fillings otherwise
    line = row(9, 1)
    assert is_broken(ms, line, 9) and broken(ms, line, 9) is None
    assert fillings(tuple(ms)) is None
    ms = [b(1, 2, 3), b(4), b(5), b(6)] + [full(9)] * 5  # 3 x 5! fillings: described
    assert broken(ms, line, 9).why == "reads [123] 4 5 6 [123456789] [123456789] [123456789] [123456789] [123456789] " \
                                      "and sees at least 5: R1C1, R1C2, R1C3, R1C4 and the 9 show whatever the order " \
                                      "(each above all before it), but the clue is 1"


def test_fillings_and_its_limit():
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(1, 6)
        ms = random_line(rng, n)
        want = orderings(ms)
        got = fillings(ms)
        assert got is not None and sorted(got) == want and len(set(got)) == len(got), ms
    ms = (full(4),) * 4  # 24 fillings
    assert len(fillings(ms, 24)) == 24 and fillings(ms, 23) is None
    assert len(fillings((full(3),) * 3, 6)) == 6 and fillings((full(3),) * 3, 5) is None
    assert fillings((b(1), b(1), full(3))) == []
    assert LIMIT == 20000


# ---------------------------------------------------------------------------- broken agrees with brute force
def _check_words(conflict: Conflict, ms, line, n: int) -> None:
    """What each sentence claims holds on the line."""
    why, cells = conflict.why, conflict.cells
    at = {c: m for c, m in zip(line.cells, ms)}
    if why == "no candidates left":
        assert len(cells) == 1 and at[cells[0]] == 0
    elif why.startswith("no cell can hold"):
        assert conflict.height and not any(m >> (conflict.height - 1) & 1 for m in ms)
        assert why == f"no cell can hold {conflict.height} any more"
    elif " hold only " in why:
        union = 0
        for c in cells:
            union |= at[c]
        assert union.bit_count() < len(cells) and why.endswith(f"({len(cells)} cells, {union.bit_count()} height"
                                                               f"{'s' if union.bit_count() != 1 else ''})")
    elif " fit only in " in why:
        heights = [int(x) for x in why.split(" fit only in ")[0].replace(" and ", ", ").split(", ")]
        places = {c for c in line.cells for d in heights if at[c] >> (d - 1) & 1}
        assert places == set(cells) and len(places) < len(heights)
    else:  # what the clue sees, read from the cells, maybe after the line's own singles said first
        assert (why.startswith("reads ") or ", so it reads " in why) and conflict.lane is not None
        assert all(ms), why  # the Latin side holds: every cell has a candidate, and a filling exists
        assert orderings(ms), why


@pytest.mark.parametrize("seed", range(2))
def test_broken_is_broken_and_brute_force_agree_on_random_lines(seed):
    rng = random.Random(seed)
    kinds = {}
    for _ in range(2500):
        n = rng.randint(1, 6)
        ms = random_line(rng, n)
        a, z = rng.randint(0, n), rng.randint(0, n)
        try:
            line = row(n, a, z)
        except ValueError:  # clues that cannot face each other across a line (the puzzle refuses them)
            continue
        want = not orderings(ms, a, z)
        assert is_broken(ms, line, n) == want, (ms, a, z)
        got = broken(ms, line, n)
        assert (got is not None) == want, (ms, a, z)
        assert latin_broken(ms, line, n) == (not all(ms) or len({d for m in ms for d in range(1, n + 1)
                                                                   if m >> (d - 1) & 1}) < n)
        if got is not None:
            _check_words(got, ms, line, n)
            kind = got.why.split(" ")[1] if got.why.startswith("reads") else got.why[:8]
            kinds[kind] = kinds.get(kind, 0) + 1
    assert len(kinds) >= 5, kinds  # every kind was met


def test_is_broken_agrees_with_the_full_filter_up_to_nine():
    rng = random.Random(11)
    yes = no = 0
    for _ in range(700):
        n = rng.randint(7, 9)
        ms = random_line(rng, n)
        a, z = rng.randint(0, n), rng.randint(0, n)
        try:
            line = row(n, a, z)
        except ValueError:
            continue
        want = filtered(ms, a, z) is None or not all(ms)
        assert is_broken(ms, line, n) == want, (ms, a, z)
        got = broken(ms, line, n)
        if want and got is None:
            assert fillings(ms) is None  # too open to describe
        assert got is None or want
        yes += want
        no += not want
    assert yes > 50 and no > 50


def test_above_nine_only_the_latin_part_is_read():
    n = 10
    assert exact(9) and not exact(10) and exact(4)
    line = row(n, 1)
    ms = [full(n) & ~b(10)] + [full(n)] * 9  # clue 1 needs 10 in front: broken, but unread above 9
    assert not is_broken(ms, line, n) and broken(ms, line, n) is None
    assert not is_broken([b(1), b(1)] + [full(n)] * 8, row(n), n)  # a Hall set is unread too
    assert broken([b(1), b(1)] + [full(n)] * 8, row(n), n) is None
    ms = [0] + [full(n)] * 9
    assert is_broken(ms, line, n) and broken(ms, line, n) == Conflict("no candidates left", (0,), line)
    ms = [full(n) & ~b(7)] * n
    assert is_broken(ms, line, n) and broken(ms, line, n) == Conflict("no cell can hold 7 any more", line.cells, line, 7)
    ms = [full(n) & ~b(1)] * n  # the lowest height: the clues are not there to see it
    assert is_broken(ms, line, n) and broken(ms, line, n) == Conflict("no cell can hold 1 any more", line.cells, line, 1)


# ---------------------------------------------------------------------------- lines through cells
def test_lines_of_cells_rows_first_each_once():
    n = 4
    lines = lines_of(puzzle(n))
    assert lines_of_cells(lines, [5, 0, 1], n) == [lines[0], lines[1], lines[4], lines[5]]
    assert lines_of_cells(lines, [15], n) == [lines[3], lines[7]]
    assert lines_of_cells(lines, [], n) == []
    assert lines_of_cells(lines, {2, 6, 10}, n) == [lines[0], lines[1], lines[2], lines[6]]


def test_first_broken_reads_only_the_lines_through_the_cells_rows_first():
    n = 4
    p = puzzle(n, left=1)
    lines = lines_of(p)
    masks = [full(n)] * (n * n)
    masks[0] = b(1, 2, 3)  # row 1: clue 1 but 4 not in front (clues broken, the Latin rule not)
    masks[5], masks[9] = b(2), b(2)  # column 2: 2 twice... and row 2 / row 3 hold it once each
    masks[13] = b(1, 3, 4)  # column 2: 2 has a place (R2C2, R3C2) but they both hold only 2
    got = first_broken(masks, lines, [0], n)
    assert got is not None and got.lane == lines[0].front and got.why.endswith("but the clue is 1")
    assert first_broken(masks, lines, [0], n, latin=True) is None  # the clue is not read
    assert first_broken(masks, lines, [15], n) is None  # row 4 and column 4 hold
    got = first_broken(masks, lines, [5], n)  # row 2 holds; column 2: R2C2 and R3C2 hold only 2
    assert got == Conflict("R2C2 and R3C2 hold only 2 between them (2 cells, 1 height)", (5, 9), lines[n + 1])
    assert first_broken(masks, lines, [5], n, latin=True) is None
    got = first_broken(masks, lines, [1], n)  # row 1 (clue) before column 2
    assert got.lane == lines[0].front
    masks[6] = 0  # R2C3 empty: row 2 comes before column 2 and column 3
    got = first_broken(masks, lines, [5, 6], n, latin=True)
    assert got == Conflict("no candidates left", (6,), lines[1])
    masks[6] = full(n)
    for c in (3, 7, 11, 15):
        masks[c] = b(1, 2, 3)  # column 4: no place for 4
    got = first_broken(masks, lines, [0, 15], n, latin=True)  # row 1 is skipped (clue only), row 4 holds
    assert got == Conflict("no cell can hold 4 any more", lines[n + 3].cells, lines[n + 3], 4)


# ---------------------------------------------------------------------------- the yes-or-no filter
def _lines_to_fit(rng: random.Random, sizes, count: int):
    for _ in range(count):
        n = rng.choice(sizes)
        f = full(n)
        ms = tuple(rng.choice([f, f, rng.randint(1, f), 1 << rng.randrange(n), b(rng.randint(1, n), rng.randint(1, n)),
                               f & ~(1 << rng.randrange(n))]) for _ in range(n))
        clues = rng.choice(["both", "front", "back", "none"])
        a = rng.randint(1, n) if clues in ("both", "front") else 0
        z = rng.randint(1, n) if clues in ("both", "back") else 0
        yield ms, a, z


@pytest.mark.parametrize("seed", range(3))
def test_fits_is_filtered_not_none(seed):
    """``lanes.fits`` and ``propagate.fits`` say yes exactly where ``lanes.filtered`` leaves a filling, on
    random lines of 4-9 cells with both clues, one, or none (from the fast core's memory of lines, too)."""
    rng = random.Random(100 + seed)
    propagate.forget()
    yes = no = 0
    for ms, a, z in _lines_to_fit(rng, range(4, TABLE_MAX + 1), 1000):
        want = filtered(ms, a, z) is not None
        assert lanes_fits(ms, a, z) == want, (ms, a, z)
        assert propagate.fits(ms, a, z) == want, (ms, a, z)
        yes += want
        no += not want
    assert yes > 200 and no > 200
    # once the fast core holds a line, its memory answers: the same
    rng = random.Random(200 + seed)
    for ms, a, z in _lines_to_fit(rng, range(4, 8), 400):
        want = filtered(ms, a, z) is not None
        propagate.consistent(ms, a, z)
        assert propagate.fits(ms, a, z) == want, (ms, a, z)
    propagate.forget()


def test_fits_agrees_with_brute_force_on_small_lines():
    rng = random.Random(7)
    yes = no = 0
    for ms, a, z in _lines_to_fit(rng, range(1, 7), 3000):
        want = bool(orderings(ms, a, z))
        assert lanes_fits(ms, a, z) == want, (ms, a, z)
        assert propagate.fits(ms, a, z) == want, (ms, a, z)
        yes += want
        no += not want
    assert yes > 300 and no > 300


def test_fits_above_the_tables():
    rng = random.Random(5)
    yes = no = 0
    for _ in range(60):
        n = rng.choice([10, 11])
        f = full(n)
        ms = tuple(rng.choice([1 << rng.randrange(n), 1 << rng.randrange(n), b(rng.randint(1, n), rng.randint(1, n)),
                               rng.randint(1, f)]) for _ in range(n))
        a, z = rng.randint(0, 4), rng.randint(0, 4)
        want = filtered(ms, a, z) is not None
        assert lanes_fits(ms, a, z) == want, (ms, a, z)
        yes += want
        no += not want
    assert no > 5
    ms = tuple(1 << (d - 1) for d in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
    assert lanes_fits(ms, 10, 1) and not lanes_fits(ms, 9, 1) and lanes_fits(ms, 0, 1) and not lanes_fits(ms, 0, 2)
    ms = tuple(1 << (d - 1) for d in (10, 1, 2, 3, 4, 5, 6, 7, 8, 9))  # 1 from the front, 2 from the back
    assert lanes_fits(ms, 1, 2) and lanes_fits(ms, 0, 2) and not lanes_fits(ms, 2, 0) and not lanes_fits(ms, 2, 2)


def test_a_broken_line_says_its_own_singles_before_what_it_sees():
    """A count along a line is read from the cells as they stand once the line's singles are followed, and those
    singles are said first: a reader never has to find a hidden single alone to see the count."""
    from ascent.core.linecheck import singles

    # 6 has one place (R1C8), then 3 has one (R1C6)
    ms = (b(1, 2), b(1, 2), b(4), b(7), b(8), b(1, 2, 3), b(9), b(1, 2, 3, 4, 5, 6, 7), b(5))
    got, said = singles(ms, [f"R1C{c + 1}" for c in range(9)])
    assert said == ["6 fits only R1C8", "3 fits only R1C6"]
    assert got == (b(1, 2), b(1, 2), b(4), b(7), b(8), b(3), b(9), b(6), b(5))
    # a cell left with one height crosses it out of the others
    got, said = singles((b(1, 2), b(2), b(1, 2, 3)), ["R1C1", "R1C2", "R1C3"])
    assert said == ["R1C1 is left with 1", "3 fits only R1C3"] and got == (b(1), b(2), b(3))
    assert singles((b(1, 2), b(1, 2), b(3)), ["R1C1", "R1C2", "R1C3"]) == ((b(1, 2), b(1, 2), b(3)), [])
    # a lone candidate nobody placed is said when it crosses its height out (a placed one goes without saying)
    got, said = singles((b(1, 2), b(2), b(1, 2, 3)), ["R1C1", "R1C2", "R1C3"], placed=[False, False, False])
    assert said == ["R1C2 is left with 2", "R1C1 is left with 1", "3 fits only R1C3"]
    got, said = singles((b(1, 2), b(2), b(1, 2, 3)), ["R1C1", "R1C2", "R1C3"], placed=[False, True, False])
    assert said == ["R1C1 is left with 1", "3 fits only R1C3"]
    # in a broken line's words: the single, then the line as it then reads from the clue's side
    n = 5
    ms = [full(5), b(3), full(5), b(2, 3), full(5)]
    assert broken(ms, row(n, 1, 3), n).why.startswith("R1C4 is left with 2, so it reads [145] 3 [145] 2 [145]: ")
    ms = [b(1, 2), b(2), b(3, 4), b(3, 4)]  # one clue: the line read from its side, after the single
    assert broken(ms, row(4, 0, 4), 4).why == ("R1C1 is left with 1, so it reads [34] [34] 2 1 from the right and "
                                               "sees at most 2 whatever the order: R1C2 and R1C1 hide "
                                               "behind R1C4, but the clue is 4")


def test_a_broken_lines_singles_are_said_in_turn():
    """Each single holds once those before it do ("R1C2 is left with 2, then R1C1 is left with 1"): a reader who took
    the second on the grid as it stands would find it false (a hand-check reader's note)."""
    ms = [b(1, 2), b(2), b(1, 2, 3), b(4)]  # R1C2 holds 2: then R1C1 is left with 1, then 3 fits only R1C3
    assert broken(ms, row(4, 3, 0), 4).why == ("R1C1 is left with 1, then 3 fits only R1C3, so it reads 1 2 3 4 from "
                                               "the left and sees 4 whatever the order, but the clue is 3")
