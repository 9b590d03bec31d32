"""KEPT: everything the engine keeps between solves, in one object, each table bounded, all of them forgotten
by one call (``KEPT.forget()``, which ``engine.forget`` makes).

What is kept is only ever a pure function's answers: a line's fillings for its candidates and clues
(``core.lanes``, ``core.propagate``), the cells of a size (``model.grid``), a puzzle's solution for hints
(``tools.hint``). So no trace depends on what is kept: a solve after ``forget`` gives the same steps as one
after a thousand others, only more slowly. What one solve remembers of where it looked goes with that solve
(``ascent.techniques.memory``), never here.

Two kinds of table:
    lines   answers about particular lines or puzzles, which grow with what is solved: ``forget()`` empties them
    sizes   what a size (and its clues) always is, at most a few per size: kept by ``forget()``, as a fresh
            process would soon make them again; ``forget(sizes=True)`` empties them too
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

LINES, SIZES = "lines", "sizes"


@dataclass(frozen=True)
class Table:
    name: str  # "module.what", as the code names it
    kind: str  # LINES or SIZES
    bound: int  # at most this many entries (lru: the least recently used go; a dict: all go at once when full)
    held: Callable[[], int]  # how many entries it holds now
    clear: Callable[[], None]


class Kept:
    """The registry of the tables kept between solves (see the module's docstring)."""

    def __init__(self) -> None:
        self.tables: dict[str, Table] = {}

    def _add(self, table: Table) -> None:
        if table.name in self.tables:
            raise ValueError(f"{table.name} is kept twice")
        if table.kind not in (LINES, SIZES) or table.bound <= 0:
            raise ValueError(f"{table.name}: kind {table.kind!r}, bound {table.bound}")
        self.tables[table.name] = table

    def cache(self, name: str, bound: int, kind: str = LINES):
        """``functools.lru_cache(maxsize=bound)``, kept here under ``name``."""

        def wrap(func):
            cached = lru_cache(maxsize=bound)(func)
            self._add(Table(name, kind, bound, lambda: cached.cache_info().currsize, cached.cache_clear))
            return cached

        return wrap

    def dict(self, name: str, bound: int, kind: str = LINES, clear: Callable[[], None] | None = None) -> dict:
        """A new dict kept here under ``name``; its user keeps it within ``bound`` (all forgotten at once when
        full). ``clear``: what forgetting it does, when more than emptying it (a count kept beside it)."""
        table: dict = {}
        self._add(Table(name, kind, bound, table.__len__, clear or table.clear))
        return table

    def forget(self, sizes: bool = False) -> None:
        """Empty every table of lines (and, with ``sizes``, of sizes too): the next solve runs as the first of
        its kind would, with the same steps."""
        for table in self.tables.values():
            if sizes or table.kind == LINES:
                table.clear()

    def held(self) -> dict[str, tuple[int, int]]:
        """name -> (entries held, bound)."""
        return {name: (t.held(), t.bound) for name, t in self.tables.items()}


KEPT = Kept()
