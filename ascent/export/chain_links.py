"""The numbers of a forcing chain's links, the same on every drawing (terminal, JSON, HTML, Markdown).

A chain is its supposition, then links L1..Lk; its link count is k (``len(chain) - 1``). A link may
say which earlier links it read (its ``reads`` field: link numbers, 0 for the supposition); a step
from an engine without that field reads as reading nothing said.
"""

from __future__ import annotations

from ..show.view import Chain, Frame, is_supposition
from ..model.words import joined


def numbered(chain: Chain) -> list[tuple[int, Frame]]:
    """(number, frame) for each link drawn: 0 for the supposition, then 1, 2, ..."""
    links = chain.frames[1:]
    first = 0 if links and is_supposition(links[0].step) else 1
    return [(k, f) for k, f in enumerate(links, first)]


def link_count(chain: Chain) -> int:
    """How many links follow the supposition."""
    links = chain.frames[1:]
    return len(links) - 1 if links and is_supposition(links[0].step) else len(links)


def link_name(k: int) -> str:
    return "the supposition" if k == 0 else f"L{k}"


def reads(frame: Frame) -> tuple[int, ...]:
    """The earlier links a link read, as the engine recorded them (none when it did not)."""
    got = getattr(frame.step, "reads", ()) if frame.step is not None else ()
    return tuple(k for k in (got or ()) if isinstance(k, int) and not isinstance(k, bool) and k >= 0)


def link_head(k: int, frame: Frame) -> str:
    """'L7, from L2 and L5' ('L1, from the supposition'); 'Suppose' for the supposition itself."""
    if k == 0 and is_supposition(frame.step):
        return "Suppose"
    got = reads(frame)
    if not got:
        return link_name(k)
    names = [link_name(x) for x in got]
    return f"{link_name(k)}, from {joined(names)}"
