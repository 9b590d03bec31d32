"""The puzzle options, defined once for every command that takes a puzzle.

    --clues, --keys (with --state, --size), --tatham, --url, --file (with --index)
    and, for a command that can also play a stored puzzle (``stored=True``): --diff, --level, --date, --store

A command names one parameter ``given`` and is decorated with ``@puzzle_options()`` under
``@app.command``. The decorator puts the options in that parameter's place in the signature typer
reads (so they are parsed, checked and listed in the help like any other), and calls the command
with one ``Given`` holding what was typed. ``Given.puzzles()``, ``.puzzle()`` and ``.chosen()``
turn it into puzzles, with one line naming what is wrong.
"""

from __future__ import annotations

import functools
import inspect
from pathlib import Path
from typing import Optional

import typer

from .base import NotDone, Usage, ascii_int, pick_stored

LEVEL_HELP = ("A puzzle of our own set (ascent made it; sizes 4 to 9) at this level: easy, tricky, hard, "
              "extreme or unreasonable. Used at easy when the store is empty.")
_OPTIONS = (  # (name, type, option): in this order in every command's help
    ("clues", Optional[str], typer.Option(None, "--clues", help="4N clockwise clues (Codewars order), e.g. \"2 2 1 3 ...\".")),
    ("keys", Optional[str], typer.Option(None, "--keys", help="Clues as digits: top, bottom, left, right.")),
    ("state", Optional[str], typer.Option(None, "--state", help="With --keys: row-major givens, '-' for empty.")),
    ("size", Optional[int], typer.Option(None, "--size", parser=ascii_int, help="With --keys: the size, to check the lengths.")),
    ("tatham", Optional[str], typer.Option(None, "--tatham", help="A Simon Tatham Towers game id, e.g. 4:1///...,b1_2l.")),
    ("url", Optional[str], typer.Option(None, "--url", metavar="URL",
                                        help="A puzz.link or pzv.jp address, or a brainbashers puzzle page.")),
    ("file", Optional[Path], typer.Option(None, "--file", metavar="FILE",
                                          help="A puzzle file (at most 64 MB): JSON (a record, a list, a store file), or one puzzle a line in any format; '-' reads stdin.")),
    ("index", Optional[int], typer.Option(None, "--index", min=1, metavar="K", help="With --file: only its K-th puzzle (from 1).")),
)
_STORED = (  # the same, for commands that otherwise pick a stored puzzle: --size is then its size
    ("size", Optional[int], typer.Option(None, "--size", parser=ascii_int,
                                         help="A stored puzzle's size (default 5 for play); with --keys, the size to check.")),
    ("diff", Optional[str], typer.Option(None, "--diff", "-d", help="A stored puzzle's difficulty label (default 1).")),
    ("when", Optional[str], typer.Option(None, "--date", help="A stored puzzle's date, MMDD (default today's, else the first).")),
    ("store", Optional[Path], typer.Option(None, "--store", help="Store folder (default fetched/, or $ASCENT_STORE; samples when empty).")),
)
_OWN = ("level", Optional[str], typer.Option(None, "--level", "-l", help=LEVEL_HELP))  # play: our own set by level
NAMES = ("clues", "keys", "state", "size", "tatham", "url", "file", "index", "diff", "level", "when", "store")


def options(stored: bool = False, own: bool = False) -> tuple:
    """(name, type, typer option) of the puzzle options, in help order; ``own`` adds --level (our own
    set by level) to the stored ones."""
    if not stored:
        return _OPTIONS
    instead = {row[0]: row for row in _STORED}
    rows = tuple(instead.pop(row[0], row) for row in _OPTIONS) + tuple(instead.values())
    return rows + (_OWN,) if own else rows


class Given:
    """What the user typed to name a puzzle; None for each option not given."""

    __slots__ = NAMES

    def __init__(self, **values) -> None:
        for name in NAMES:
            setattr(self, name, values.get(name))

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in NAMES if getattr(self, n) is not None)
        return f"Given({shown})"

    @property
    def named(self) -> bool:
        """A puzzle was given by --clues, --keys, --tatham, --url or --file (not picked from a store)."""
        return any(v is not None for v in (self.clues, self.keys, self.tatham, self.url, self.file))

    @property
    def anything(self) -> bool:
        """Any puzzle option at all was given."""
        return any(getattr(self, n) is not None for n in NAMES)

    def puzzles(self) -> list:
        """[(where, Puzzle)]: the puzzle given on the command line, or every puzzle of --file (one record,
        a list of records, JSON lines, or a store file {label: [records]}), or its --index'th."""
        from ..puzzle import Puzzle

        clues, keys, state, size, tatham, file, index = (self.clues, self.keys, self.state, self.size, self.tatham,
                                                          self.file, self.index)
        given = [name for name, v in (("--clues", clues), ("--keys", keys), ("--tatham", tatham), ("--url", self.url),
                                      ("--file", file)) if v is not None]
        if len(given) != 1:
            raise Usage("give exactly one of --clues, --keys, --tatham, --url or --file"
                        + (f" (got {', '.join(given)})" if given else ""))
        if (state is not None or size is not None) and keys is None:
            raise Usage("--state and --size go with --keys")
        if index is not None and file is None:
            raise Usage("--index picks a puzzle of a --file")
        if clues is not None:
            return [("", Puzzle.from_clues(clues))]
        if keys is not None:
            return [("", Puzzle.from_keys(keys, state, size))]
        if tatham is not None:
            return [("", Puzzle.from_tatham(tatham))]
        if self.url is not None:
            return [("", _from_url(self.url))]
        from .. import store as store_mod
        from ..store.urls import LinkError, read as resolve

        try:
            records = store_mod.read_records(file, resolve)
        except LinkError as e:  # a line's brainbashers page could not be had
            raise NotDone(f"--file: {e}") from None
        name = store_mod.file_name(file)
        if index is not None:
            if not 1 <= index <= len(records):
                raise Usage(f"--index {index}: {name} holds {len(records)} puzzle{'s' if len(records) != 1 else ''}")
            records = [records[index - 1]]
        return store_mod.puzzles_of(records, name, say_where=len(records) > 1 or index is not None)

    def puzzle(self):
        """The one puzzle given; a file of many needs --index."""
        puzzles = self.puzzles()
        if len(puzzles) > 1:
            raise Usage(f"--file {self.file}: it holds {len(puzzles)} puzzles; pick one with --index K (1 to {len(puzzles)})")
        return puzzles[0][1]

    def chosen(self, default_size: Optional[int] = None):
        """The puzzle given by --clues/--keys/--tatham/--file, else the stored one picked by
        --size/--diff/--date (from --store)."""
        if self.named:
            if self.diff is not None or self.when is not None or self.level is not None:
                raise Usage("--diff, --level and --date pick a stored puzzle: not with --clues, --keys, --tatham, "
                            "--url or --file")
            if self.store is not None:
                raise Usage("--store picks a stored puzzle: not with --clues, --keys, --tatham, --url or --file")
            return self.puzzle()
        if self.state is not None:
            raise Usage("--state (the givens) goes with --keys; the player's grid is --grid")
        if self.index is not None:
            raise Usage("--index picks a puzzle of a --file")
        if self.level is not None and self.store is not None:
            raise Usage("--level picks from our own set: not with --store")
        size = self.size if self.size is not None else default_size
        if size is None:
            raise Usage("which puzzle? give --size N (with --diff or --date) for a stored one, or --clues, "
                        "--keys, --tatham, --url or --file")
        return pick_stored(self.store, size, self.diff, self.when, level=self.level)


def _from_url(url: str):
    """The puzzle at a --url (``ascent.store.urls``; a brainbashers page is looked up in the default store,
    $ASCENT_STORE, before it is fetched); a page that cannot be had is NotDone (exit 3)."""
    from ..store.urls import LinkError, read

    try:
        return read(url)
    except LinkError as e:
        raise NotDone(f"--url: {e}") from None


def puzzle_options(stored: bool = False, own: bool = False):
    """Decorator: the command's ``given`` parameter becomes the puzzle options (see the module's doc)."""
    rows = options(stored, own)
    names = tuple(name for name, _, _ in rows)

    def wrap(func):
        signature = inspect.signature(func, eval_str=True)
        if "given" not in signature.parameters:
            raise TypeError(f"{func.__name__}: puzzle_options needs a parameter named 'given'")
        params = []
        for p in signature.parameters.values():
            if p.name == "given":
                params.extend(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=option, annotation=kind)
                              for name, kind, option in rows)
            else:
                params.append(p.replace(kind=inspect.Parameter.KEYWORD_ONLY))

        @functools.wraps(func)
        def command(**values):
            given = Given(**{name: values.pop(name) for name in names})
            return func(given=given, **values)

        command.__signature__ = signature.replace(parameters=params)
        command.__annotations__ = {p.name: p.annotation for p in params}
        if signature.return_annotation is not inspect.Signature.empty:
            command.__annotations__["return"] = signature.return_annotation
        return command

    return wrap
