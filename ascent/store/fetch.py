"""brainbashers.com: page urls, ``parse_page`` (pure), and a polite, resumable ``fetch_all``.

A page's puzzle is the table holding the ``BBskyscraperinput..`` cells, else the first table that is
N+2 rows of N+2 cells once spacer cells are dropped. Clues are border ``<img>``s: the digit is in the
file name (``d3.gif``: d = top, u = bottom, r = left, l = right, 0 = none) or else in the alt text;
givens are ``<input value="N">``. When the page carries ``lnsize``, ``lcq`` and ``lca``, they are
checked against what was parsed, and the answer must satisfy every clue.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import httpx
from bs4 import BeautifulSoup

from ..puzzle import Puzzle, PuzzleError
from ..model.rules import broken_rule
from . import all_dates, date_of, file_for, read_file, write_atomic

HOST = "www.brainbashers.com"
URL = "https://www.brainbashers.com/showskyscrapers.asp?date={date}&size={size}&diff={diff}"
DIFFS = {4: (1, 3), 5: (1, 2, 3), 6: (1, 2, 3), 7: (1, 2, 3), 8: (1, 2, 3)}
USER_AGENT = "ascent/0.1 (Skyscrapers solver; polite archive fetcher; one request at a time per --delay)"
SIDE_LETTER = {"upper": "d", "lower": "u", "left": "r", "right": "l"}


class PageError(ValueError):
    """A page that does not hold a puzzle we can trust; the message says why."""


def parse_dates(text: str) -> list[str]:
    """``0101-0131,0704`` -> the dates in that order, each once. Raises ValueError naming the bad part."""
    every = all_dates()
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        lo, _, hi = part.partition("-")
        hi = hi or lo
        for d in (lo, hi):
            if d not in every:
                raise ValueError(f"{d!r} in --dates is not a date MMDD (0101..1231)")
        a, b = every.index(lo), every.index(hi)
        if a > b:
            raise ValueError(f"--dates range {part!r} runs backwards")
        out.extend(x for x in every[a : b + 1] if x not in out)
    return out


def url_for(size: int, diff: int | str, date: str) -> str:
    return URL.format(date=date, size=size, diff=diff)


# ---------------------------------------------------------------------------- parsing
def _is_spacer(td) -> bool:
    if td.find("input"):
        return False
    imgs = td.find_all("img")
    return bool(imgs) and all(Path(str(i.get("src", ""))).name.lower() == "sp.gif" for i in imgs) and not td.get_text(strip=True)


def _rows(table) -> list[list[Any]]:
    rows = []
    body = table.find("tbody", recursive=False) or table
    for tr in body.find_all("tr", recursive=False):
        cells = [td for td in tr.find_all(["td", "th"], recursive=False) if not _is_spacer(td)]
        if cells:
            rows.append(cells)
    return rows


def _fits(rows: list[list[Any]], n: int) -> bool:
    return len(rows) == n + 2 and all(len(r) == n + 2 for r in rows[1:-1]) and all(len(r) in (n, n + 2) for r in (rows[0], rows[-1]))


def _clue(td, side: str, index: int, n: int) -> int:
    img = td.find("img")
    where = f"{side} clue {index + 1}"
    if img is None:
        text = td.get_text(strip=True)
        if not text:
            return 0
        if text.isdigit():
            value = int(text)
        else:
            raise PageError(f"{where}: {text!r} is not a clue")
    else:
        name = Path(str(img.get("src", ""))).name.lower()
        m = re.fullmatch(r"([durl])(\d+)\.(gif|png|jpg|svg)", name)
        if m:
            if m.group(1) != SIDE_LETTER[side]:
                raise PageError(f"{where}: image {name} belongs to another side")
            value = int(m.group(2))
        else:
            words = [w for w in str(img.get("alt", "")).split() if w[:1].isdigit()]
            if not words:
                if name == "sp.gif" or not img.get("alt"):
                    return 0
                raise PageError(f"{where}: no digit in image {name!r} or its alt text {img.get('alt')!r}")
            digits = re.match(r"\d+", words[0])
            value = int(digits.group(0))
    if not 0 <= value <= n:
        raise PageError(f"{where} is {value}, outside 0..{n}")
    return value


def _given(td, r: int, c: int, n: int) -> int:
    box = td.find("input")
    if box is None:
        text = td.get_text(strip=True)
        return int(text) if text.isdigit() and len(text) == 1 else 0
    value = str(box.get("value", "")).strip()
    if not value:
        return 0
    if not (value.isdigit() and len(value) == 1) or not 1 <= int(value) <= n:
        raise PageError(f"cell R{r + 1}C{c + 1} holds {value!r}, not a height 1..{n}")
    return int(value)


def _script_var(html: str, name: str) -> str | None:
    m = re.search(rf"\b{name}\s*=\s*\"?([^\";\n]*)\"?\s*;", html)
    return m.group(1).strip() if m else None


def parse_page(html: str, size: int, url: str | None = None) -> dict[str, Any]:
    """The puzzle record on a brainbashers page. Pure; raises PageError with the reason."""
    soup = BeautifulSoup(html, "html.parser")
    n = size
    table = None
    box = soup.find("input", id=re.compile(r"^BBskyscraperinput"))
    if box is not None:
        table = box.find_parent("table")
    else:
        for t in soup.find_all("table"):
            if _fits(_rows(t), n):
                table = t
                break
    if table is None:
        raise PageError(f"no puzzle table: no BBskyscraperinput cells and no table of {n + 2}x{n + 2} cells")
    rows = _rows(table)
    if not _fits(rows, n):
        shape = "x".join(str(len(r)) for r in rows) or "empty"
        raise PageError(f"the puzzle table is not {n + 2} rows of {n + 2} cells (rows of {shape}): wrong size?")
    top = rows[0][1:-1] if len(rows[0]) == n + 2 else rows[0]
    bottom = rows[-1][1:-1] if len(rows[-1]) == n + 2 else rows[-1]
    upper = [_clue(td, "upper", i, n) for i, td in enumerate(top)]
    lower = [_clue(td, "lower", i, n) for i, td in enumerate(bottom)]
    left = [_clue(row[0], "left", r, n) for r, row in enumerate(rows[1:-1])]
    right = [_clue(row[-1], "right", r, n) for r, row in enumerate(rows[1:-1])]
    cells = [[_given(td, r, c, n) for c, td in enumerate(row[1:-1])] for r, row in enumerate(rows[1:-1])]
    record: dict[str, Any] = {}
    if url:
        record["url"] = url
    record["cells"] = cells
    record["clues"] = {"upper": upper, "lower": lower, "left": left, "right": right}
    try:
        puzzle = Puzzle.from_record(record)
    except PuzzleError as e:
        raise PageError(f"the parsed puzzle is not valid: {e}") from None
    _cross_check(html, puzzle, n)
    return record


def _cross_check(html: str, puzzle: Puzzle, n: int) -> None:
    lnsize, lcq, lca = (_script_var(html, v) for v in ("lnsize", "lcq", "lca"))
    if lnsize is not None and lnsize != str(n):
        raise PageError(f"the page says its size is {lnsize}, not {n}")
    if lcq is not None:
        flat = [v for row in puzzle.givens for v in row]
        if len(lcq) != n * n:
            raise PageError(f"lcq holds {len(lcq)} cells, not {n * n}")
        for i, (ch, v) in enumerate(zip(lcq, flat)):
            if (ch if ch.isdigit() else "0") != str(v):
                raise PageError(f"cell R{i // n + 1}C{i % n + 1} parses as {v or 'empty'} but lcq says {ch!r}")
    if lca is not None:
        if len(lca) != n * n or not lca.isdigit():
            raise PageError(f"lca is not an answer of {n * n} digits")
        rows = [[int(ch) for ch in lca[r * n : (r + 1) * n]] for r in range(n)]
        broken = broken_rule(puzzle, rows)
        if broken:
            raise PageError(f"the page's own answer (lca) contradicts the parsed puzzle: {broken}")


# ---------------------------------------------------------------------------- fetching
class Unreachable(Exception):
    """Nothing could be reached at all."""


@dataclass
class Job:
    size: int
    diff: int
    date: str

    @property
    def url(self) -> str:
        return url_for(self.size, self.diff, self.date)


@dataclass
class Report:
    fetched: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)  # (url, reason)
    saved_files: set[Path] = field(default_factory=set)
    interrupted: bool = False  # Ctrl-C arrived inside a request: the rest was cancelled, what came is saved


class _Stopped(Exception):
    """Ctrl-C (KeyboardInterrupt) inside one request's task, carried to fetch_all as an ordinary error:
    a KeyboardInterrupt left in a task would stop the loop with that task's exception never read."""


def plan(store: Path, sizes: Iterable[int], diffs: Iterable[int] | None, dates: list[str], refetch: bool) -> tuple[list[Job], int]:
    """The pages to fetch, and how many are skipped because the store has them already."""
    jobs, skipped = [], 0
    for n in sizes:
        have = read_file(file_for(store, n))
        for d in (diffs or DIFFS[n]):
            known = {date_of(rec) for rec in have.get(str(d), [])}
            for date in dates:
                if date in known and not refetch:
                    skipped += 1
                else:
                    jobs.append(Job(n, d, date))
    return jobs, skipped


class Saver:
    """Merges fetched records into the store, atomically, per size file."""

    def __init__(self, store: Path):
        self.store = store
        self.pending: dict[int, dict[str, dict[str, dict]]] = {}

    def add(self, job: Job, record: dict) -> None:
        self.pending.setdefault(job.size, {}).setdefault(str(job.diff), {})[job.date] = record

    def flush(self, report: Report) -> None:
        for n, by_label in self.pending.items():
            path = file_for(self.store, n)
            data = read_file(path)  # re-read: never lose what is there
            for label, by_date in by_label.items():
                records = {(date_of(r) or f"?{i}"): r for i, r in enumerate(data.get(label, []))}
                records.update(by_date)
                data[label] = [records[k] for k in sorted(records)]
            write_atomic(path, json.dumps(dict(sorted(data.items())), indent=1) + "\n")
            report.saved_files.add(path)
        self.pending.clear()


async def fetch_all(
    store: Path,
    jobs: list[Job],
    *,
    concurrency: int = 2,
    delay: float = 1.0,
    timeout: float = 20.0,
    retries: int = 3,
    backoff: float = 1.0,
    save_every: int = 10,
    transport: httpx.AsyncBaseTransport | None = None,
    on_done: Callable[[Job, str], None] | None = None,
) -> Report:
    """Fetch, parse and store ``jobs``. Raises Unreachable when the first page cannot be reached at all.
    Ctrl-C inside a request ends it with ``report.interrupted``; cancelled (Ctrl-C under asyncio.run),
    it cancels and awaits its requests, saves, and is cancelled. Either way no task is left behind.

    At most ``concurrency`` requests are in flight and their starts are ``delay`` seconds apart.
    The store is saved every ``save_every`` puzzles and at the end, even when interrupted.
    """
    report = Report()
    saver = Saver(store)
    failed_dir = Path(store) / "failed"
    gate = asyncio.Lock()
    next_start = [0.0]
    slots = asyncio.Semaphore(max(1, concurrency))
    since_save = [0]
    stopped: list[Job] = []  # the job Ctrl-C arrived in

    async def polite_get(client: httpx.AsyncClient, url: str) -> httpx.Response:
        last: Exception | None = None
        for attempt in range(retries):
            async with gate:
                wait = next_start[0] - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                next_start[0] = time.monotonic() + delay
            try:
                response = await client.get(url)
                if response.status_code < 500:
                    return response
                last = httpx.HTTPStatusError(f"server error {response.status_code}", request=response.request, response=response)
            except httpx.TransportError as e:
                last = e
            if attempt + 1 < retries:
                await asyncio.sleep(backoff * 2**attempt)
        assert last is not None
        raise last

    def handle(job: Job, response: httpx.Response) -> None:
        if response.status_code != 200:
            report.failed.append((job.url, f"HTTP {response.status_code}"))
        else:
            try:
                record = parse_page(response.text, job.size, job.url)
            except PageError as e:
                raw = failed_dir / f"{job.size}x{job.size}-d{job.diff}-{job.date}.html"
                write_atomic(raw, response.text)
                report.failed.append((job.url, f"{e} (page saved as {raw})"))
            else:
                saver.add(job, record)
                report.fetched += 1
                since_save[0] += 1
                if since_save[0] >= save_every:
                    saver.flush(report)
                    since_save[0] = 0
        if on_done:
            on_done(job, "done")

    async def one(client: httpx.AsyncClient, job: Job) -> None:
        async with slots:
            if stopped:  # Ctrl-C came while this one waited for its turn
                return
            try:
                response = await polite_get(client, job.url)
                handle(job, response)
            except (httpx.TransportError, httpx.HTTPStatusError) as e:
                report.failed.append((job.url, _why(e)))
                if on_done:
                    on_done(job, "failed")
            except KeyboardInterrupt:
                stopped.append(job)  # before the slot is let go: no request starts after it
                raise _Stopped() from None

    headers = {"User-Agent": USER_AGENT}
    async with httpx.AsyncClient(headers=headers, timeout=timeout, transport=transport, follow_redirects=True) as client:
        try:
            if jobs:
                # the first page doubles as the probe: if it cannot be reached at all, stop before anything else
                try:
                    first = await polite_get(client, jobs[0].url)
                except httpx.TransportError as e:
                    raise Unreachable(f"cannot reach {HOST}: {_why(e)}") from None
                except httpx.HTTPStatusError as e:
                    report.failed.append((jobs[0].url, _why(e)))
                    if on_done:
                        on_done(jobs[0], "failed")
                else:
                    handle(jobs[0], first)
                tasks = [asyncio.create_task(one(client, job)) for job in jobs[1:]]
                try:
                    await asyncio.gather(*tasks)
                finally:  # Ctrl-C, cancelled, or an error: no request is left running, no exception unread
                    for task in tasks:
                        task.cancel()
                    await asyncio.gather(*tasks, return_exceptions=True)
        except (KeyboardInterrupt, _Stopped):
            report.interrupted = True
        finally:
            saver.flush(report)  # on success, on error and on Ctrl-C: keep what was fetched
    return report


def _why(e: Exception) -> str:
    text = str(e) or type(e).__name__
    return f"{type(e).__name__}: {text}" if type(e).__name__ not in text else text
