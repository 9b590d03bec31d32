"""Store choice at library level: no printing, errors as ChoiceError (the user's choice) or StoreError (the data)."""

import json

import pytest

import ascent.store as store
from ascent.store import SAMPLES, ChoiceError, StoreError


def test_default_store_falls_back_to_our_own_set_silently(default_store, capsys):
    entries, used = store.entries_or_samples(store.store_path(None), [4])
    assert used == SAMPLES and entries and all(e.size == 4 for e in entries)
    seen = []
    puzzle = store.pick_stored(None, 4, on_samples=lambda root, entry: seen.append((root, entry.ident)))
    assert puzzle.size == 4 and seen == [(default_store, "ascent-4x4-easy-01")]
    puzzle = store.pick_stored(None, 6, level="TRICKY", on_samples=lambda root, entry: seen.append(entry.ident))
    assert puzzle.size == 6 and seen[-1] == "ascent-6x6-tricky-01"
    assert capsys.readouterr() == ("", "")  # nothing below the CLI prints


def test_a_difficulty_or_date_never_falls_back_to_our_own_set(default_store):
    for diff, when in (("1", None), (None, "0101"), ("2", "0102")):
        with pytest.raises(ChoiceError, match="is empty"):
            store.pick_stored(None, 6, diff, when)
    with pytest.raises(ChoiceError, match="give --level, or --diff"):
        store.pick_stored(None, 6, "1", level="easy")


def test_choices_that_match_nothing_and_bad_records(tmp_path):
    with pytest.raises(ChoiceError, match="no such folder"):
        store.entries_or_samples(tmp_path / "nowhere")
    with pytest.raises(ChoiceError, match="not both"):
        store.pick_stored(SAMPLES, 4, "easy", "0521", random_date=True)
    with pytest.raises(ChoiceError, match="no 4x4 puzzles with difficulty zz"):
        store.pick_stored(SAMPLES, 4, "zz")
    (tmp_path / "5x5-puzzles.json").write_text(json.dumps({"1": [{"clues": "0 " * 16}]}))
    with pytest.raises(StoreError, match="5x5-puzzles.json: difficulty 1 entry 0"):
        store.pick_stored(tmp_path, 5, "1")
    with pytest.raises(ChoiceError, match="no such file"):
        store.read_records(tmp_path / "missing.json")
    (tmp_path / "lines.json").write_text('{"clues": "1"}\n{"clues": "2"}\n')
    records = store.read_records(tmp_path / "lines.json")
    assert [w for w, _, _ in records] == ["line 1", "line 2"]
    with pytest.raises(StoreError, match="lines.json: line 1"):
        store.puzzles_of(records, str(tmp_path / "lines.json"), say_where=True)
