"""A puzzle named by its web address: a puzz.link / pzv.jp URL (``ascent.puzzle.puzzlink``) or a brainbashers
daily puzzle's page, looked up in the store first and fetched (one request) only when it is not there.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

from ..puzzle import FormatError, Puzzle
from ..puzzle import formats, puzzlink

_BRAINBASHERS = re.compile(r"brainbashers\.com/show ?skyscrapers?\.asp\?(?P<query>.*)$", re.IGNORECASE)


class LinkError(Exception):
    """A page that could not be had (no network, an HTTP error, a page without a puzzle): one line saying why."""


def brainbashers_key(url: str) -> Optional[tuple[int, str, str]]:
    """(size, difficulty, date MMDD) of a brainbashers Skyscrapers page address, else None."""
    m = _BRAINBASHERS.search(url.strip())
    if not m:
        return None
    fields = dict(part.partition("=")[::2] for part in m.group("query").split("&"))
    size, diff, date = fields.get("size", ""), fields.get("diff", ""), fields.get("date", "")
    if not (size.isascii() and size.isdigit() and diff.isascii() and diff.isdigit()
            and len(date) == 4 and date.isascii() and date.isdigit()):
        raise FormatError(f"{url!r}: a brainbashers puzzle address needs date=MMDD, size=N and diff=D")
    return int(size), diff, date


def read(url: str, store: Optional[Path] = None, transport=None) -> Puzzle:
    """The puzzle at ``url``: a puzz.link address, or a brainbashers page (from ``store`` when it holds
    that day's puzzle, else fetched; never from our own set, whatever the store holds). ``transport`` is for tests (an httpx transport)."""
    if puzzlink.looks(url):
        return formats.read("puzzlink", url)
    key = brainbashers_key(url)
    if key is None:
        raise FormatError(f"{url!r} is neither a puzz.link address (https://puzz.link/p?skyscrapers/...) "
                          "nor a brainbashers Skyscrapers page")
    return _brainbashers(url, key, store, transport)


def _brainbashers(url: str, key: tuple[int, str, str], store: Optional[Path], transport) -> Puzzle:
    from .. import store as store_mod
    from .fetch import DIFFS, url_for

    size, diff, date = key
    if size not in DIFFS or int(diff) not in DIFFS[size]:
        raise FormatError(f"brainbashers has no {size}x{size} difficulty {diff} Skyscrapers "
                        f"(sizes {min(DIFFS)}..{max(DIFFS)})")
    root = store_mod.store_path(store)
    store_mod.check_store(root)
    # the store only: our own set (ascent/store/samples) never answers for a brainbashers page
    entries = store_mod.load(root, [size], [diff])
    for entry in entries:
        if store_mod.date_of(entry.record) == date:
            return Puzzle.from_record(entry.record, entry.label)
    record = fetch_page(url_for(size, diff, date), size, transport)
    return Puzzle.from_record(record, diff)


def fetch_page(url: str, size: int, transport=None) -> dict:
    """One brainbashers page, fetched and parsed into a record; LinkError saying why it could not be."""
    import httpx

    from .fetch import USER_AGENT, PageError, parse_page

    try:
        with httpx.Client(headers={"User-Agent": USER_AGENT}, timeout=20.0, transport=transport,
                          follow_redirects=True) as client:
            response = client.get(url)
    except httpx.HTTPError as e:
        raise LinkError(f"{url} is not in the store, and fetching it failed: {type(e).__name__}: {e}") from None
    if response.status_code != 200:
        raise LinkError(f"{url} is not in the store, and the site answered HTTP {response.status_code}")
    try:
        return parse_page(response.text, size, url)
    except PageError as e:
        raise LinkError(f"{url}: the page holds no puzzle we can read: {e}") from None
