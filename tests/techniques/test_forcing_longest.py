"""Forcing's longest chain: a chain still longer than LONGEST links once cut is traded for a no longer one
from the suppositions of the whole grid quickest to break (``forcing._no_longer``), up to 9x9 only."""

import json

import pytest

from ascent import Puzzle, solve
from ascent.engine import forget
from ascent.techniques import forcing

MEDVED = "3 3 2 1 2 2 3 4 3 2 4 1 4 2 2 4 1 4 5 3 2 3 1 4 2 5 2 3"  # 7x7, needs forcing, short chains


def _puzzle(shared, folder: str, size: int, label: str, index: int) -> Puzzle:
    recs = json.loads((shared / folder / f"{size}x{size}-puzzles.json").read_text())[label]
    return Puzzle.from_record(recs[index], label)


def _chains(result) -> list[int]:
    """The links of each forcing step's chain, the supposition not counted."""
    return [len(s.chain) - 1 for s in result.steps if s.chain]


def test_a_chain_longer_than_longest_is_traded_for_a_shorter_one(shared, monkeypatch):
    """Dev puzzle 9 (Tatham 9x9 unreasonable): its chosen chain for R9C8 = 2 cuts to 57 links; the whole
    grid has breaking suppositions of a few links, and the step shows one of those instead."""
    puzzle = _puzzle(shared, "tatham", 9, "unreasonable", 9)
    forget()
    with monkeypatch.context() as m:
        m.setattr(forcing, "LONGEST", 1000)  # no trade: the long chain stays
        assert max(_chains(solve(puzzle, logic_only=True))) > 45
    calls = []
    real = forcing._no_longer
    monkeypatch.setattr(forcing, "_no_longer", lambda *a: calls.append(1) or real(*a))
    forget()
    result = solve(puzzle, logic_only=True)
    assert result.status == "solved"
    assert calls  # the trade was looked for
    assert max(_chains(result)) <= forcing.LONGEST


def test_no_trade_when_every_chain_is_short_enough(monkeypatch):
    def refuse(*a):
        raise AssertionError("looked for a shorter chain, but none was too long")

    monkeypatch.setattr(forcing, "_no_longer", refuse)
    result = solve(Puzzle.from_clues(MEDVED), logic_only=True)
    assert result.status == "solved"
    assert _chains(result) and max(_chains(result)) <= forcing.LONGEST
    monkeypatch.setattr(forcing, "LONGEST", max(_chains(result)))  # a chain of exactly LONGEST links is kept
    assert solve(Puzzle.from_clues(MEDVED), logic_only=True).status == "solved"


def test_no_trade_above_9x9(shared, monkeypatch):
    """Above 9x9 chains are longer and each look costs more: never traded, however long."""
    def refuse(*a):
        raise AssertionError("traded a chain above 9x9")

    monkeypatch.setattr(forcing, "_no_longer", refuse)
    monkeypatch.setattr(forcing, "LONGEST", 0)
    puzzle = _puzzle(shared, "big", 10, "big", 2)  # three forcing steps
    forget()
    result = solve(puzzle, logic_only=True)
    assert result.status == "solved"
    assert _chains(result)  # it needed forcing: the rule was asked, and said no


@pytest.mark.parametrize("longest", [0, 3])
def test_the_trade_never_shows_a_chain_longer_than_longest_when_it_finds_one(longest, monkeypatch):
    """With LONGEST small, a step either keeps its own chain (nothing no longer was found) or shows one
    of at most LONGEST links; the solve still ends solved (every chain replays: test_corpus)."""
    monkeypatch.setattr(forcing, "LONGEST", longest)
    found = []
    real = forcing._no_longer
    monkeypatch.setattr(forcing, "_no_longer", lambda *a: found.append(real(*a)) or found[-1])
    result = solve(Puzzle.from_clues(MEDVED), logic_only=True)
    assert result.status == "solved"
    assert found
    for got in found:
        if got is not None:
            assert len(got[2]) - 1 <= longest
