"""A list as a person says it: '1', '1 and 2', '1, 2 and 3' (or 'or'). The one joiner for sentences."""

from __future__ import annotations

from typing import Iterable


def joined(items: Iterable, last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (``last`` the word before the last item); '' for none."""
    words = [str(x) for x in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]
