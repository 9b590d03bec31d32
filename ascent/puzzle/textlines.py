"""One puzzle a line, in any text format ascent writes: what ``--file`` reads when the file is not JSON.

Every format of ``ascent.puzzle.formats.FORMATS`` (a JSON record, clockwise clues, keys and the givens, a Tatham
game id, a puzz.link address), and any other web address (a brainbashers page), which the reader reads through
the resolver it is given: the store's (``ascent.store.urls.read``) looks the page up and fetches it. This module
does no I/O itself.

Blank lines and lines starting with '#' are skipped. Which format a line is in is told by its shape,
never by trying one reader after another: a line that fits a format and is wrong says what is wrong
in that format's words.
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from . import FormatError, Puzzle, formats

URL = "url"  # the kind of a web address that is in no format: the resolver reads it
_URL = re.compile(r"^[A-Za-z][\w+.-]*://")

Resolve = Callable[[str], Puzzle]  # a web address -> its puzzle (may look in a store, may fetch)


def kind(line: str) -> Optional[str]:
    """Which format ``line`` is written in (a name in ``formats.NAMES``), ``URL`` for another web address, None
    for none of them."""
    text = line.strip()
    found = formats.kind(text)
    if found is None and (_URL.match(text) or text.startswith(("puzz.link/", "pzv.jp/"))):
        return URL
    return found


def offline(url: str) -> Puzzle:
    """The resolver of a reader given none: a web address in no format is not read (it would need the network)."""
    raise FormatError(f"{url!r} is a web address in no puzzle format ascent reads here (a brainbashers page is "
                      "read through the store: ascent solve --url)")


def read(line: str, resolve: Resolve = offline) -> Puzzle:
    """The puzzle on one line; FormatError when the line is in no format ascent reads. A web address that is in
    no format (a brainbashers page) is ``resolve``'s to read."""
    text = line.strip()
    what = kind(text)
    if what == URL:
        return resolve(text if _URL.match(text) else "https://" + text)
    if what is None:
        raise FormatError(unknown(text))
    return formats.read(what, text)


def unknown(line: str) -> str:
    """What to say of a line in no format ascent reads."""
    text = line.strip()
    shown = text if len(text) <= 40 else text[:37] + "..."
    return f"{shown!r} is in no puzzle format ascent reads ({', '.join(f.label for f in formats.FORMATS)})"


def skipped(line: str) -> bool:
    """A blank line, or a comment starting with '#'."""
    text = line.strip()
    return not text or text.startswith("#")
