"""cands.groups: the subsets isolate and fish look for, as (keys, union) in order."""

from ascent import cands


def test_groups_of_k_items_whose_masks_hold_at_most_k_bits_in_order():
    items = [(10, 0b011), (11, 0b110), (12, 0b011), (13, 0b1000)]
    assert cands.groups(items, 2) == [((10, 12), 0b011)]
    assert cands.groups(items, 3) == [((10, 11, 12), 0b111), ((10, 12, 13), 0b1011)]
    assert cands.groups(items, 4) == [((10, 11, 12, 13), 0b1111)]


def test_groups_none_when_too_few_items_or_too_many_bits():
    assert cands.groups([(1, 0b1)], 2) == []
    assert cands.groups([(1, 0b11), (2, 0b1100)], 2) == []
    assert cands.groups([(1, 0b1), (2, 0b1)], 2) == [((1, 2), 0b1)]  # fewer bits than items: the caller's contradiction
