"""cands.groups: the subsets isolate and fish look for, as (keys, union) in order."""

from ascent.model import cands


def test_groups_of_k_items_whose_masks_hold_at_most_k_bits_in_order():
    items = [(10, 0b011), (11, 0b110), (12, 0b011), (13, 0b1000)]
    assert cands.groups(items, 2) == [((10, 12), 0b011)]
    assert cands.groups(items, 3) == [((10, 11, 12), 0b111), ((10, 12, 13), 0b1011)]
    assert cands.groups(items, 4) == [((10, 11, 12, 13), 0b1111)]


def test_groups_none_when_too_few_items_or_too_many_bits():
    assert cands.groups([(1, 0b1)], 2) == []
    assert cands.groups([(1, 0b11), (2, 0b1100)], 2) == []
    assert cands.groups([(1, 0b1), (2, 0b1)], 2) == [((1, 2), 0b1)]  # fewer bits than items: the caller's contradiction


def test_short_group_is_the_first_group_holding_fewer_bits_than_items():
    """``short_group`` (linecheck's and explain's Hall search) gives what filtering ``groups`` for a union of
    fewer than k bits gives first, on random items, cutting its search sooner."""
    import random
    rng = random.Random(26)
    for _ in range(400):
        n = rng.randint(2, 9)
        items = [(10 + i, rng.getrandbits(n) & rng.getrandbits(n)) for i in range(n)]
        for k in range(1, n + 1):
            want = next(((keys, u) for keys, u in cands.groups(items, k) if u.bit_count() < k), None)
            assert cands.short_group(items, k) == want


def test_short_group_none_without_a_hall_violation():
    assert cands.short_group([(1, 0b01), (2, 0b10)], 2) is None
    assert cands.short_group([(1, 0b11), (2, 0b11), (3, 0b100)], 2) is None
    assert cands.short_group([(1, 0b11), (2, 0b01), (3, 0b01)], 2) == ((2, 3), 0b01)
    assert cands.short_group([(1, 0b1)], 2) is None
