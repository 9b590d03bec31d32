"""A list as a person says it: '1', '1 and 2', '1, 2 and 3' (or 'or'); facts that follow one from another: 'a,
then b, then c'. The joiners for sentences."""

from __future__ import annotations

from typing import Iterable


def joined(items: Iterable, last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (``last`` the word before the last item); '' for none."""
    words = [str(x) for x in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def in_turn(facts: Iterable) -> str:
    """Facts each true once the ones before it are: 'a', 'a, then b', 'a, then b, then c' (a line's singles: "R6C2
    is left with 1, then R6C1 is left with 2"), so a reader does not take the second on the grid as it stands."""
    return ", then ".join(str(x) for x in facts)
