"""The engine's face to the web app: the functions the page's Web Worker calls in Pyodide.

Every function takes and returns plain data (numbers, strings, lists, dicts), so the worker passes them
to and from JavaScript as JSON. Standard library and the engine only: this module runs in Pyodide, where
rich, typer and the rest of the CLI's libraries are absent. Nothing here prints.

A puzzle crosses the boundary as its record (``Puzzle.to_record``); the worker keeps no state beyond
a small cache of solves, so a restarted worker (after a cancelled "make") answers the same.
"""

from __future__ import annotations

import time
from html import escape

from ..model import cands
from ..model.grid import cell_name
from ..show.gridtext import symbol
from ..model.trace import SOLVED, Pass
from ..puzzle import Puzzle, PuzzleError, formats, puzzlink
from ..solver.engine import solve
from ..solver.grade import level_of, score_of

MIN_SIZE, MAX_SIZE = 4, 12  # what the app lets a person type or make (the engine's own bounds are wider)


class InputError(ValueError):
    """Input the app cannot read: one line, said to the player as it is."""


def _record(puzzle: Puzzle) -> dict:
    rec = puzzle.to_record()
    rec.pop("url", None)
    return rec


def code_of(puzzle: Puzzle) -> str:
    """The puzz.link code of a puzzle (``skyscrapers/4/4/k13h4j3g``): what the page's address carries."""
    return puzzlink.write(puzzle).split("?", 1)[1]


def parse(text: str) -> Puzzle:
    """A puzzle typed or pasted: a puzz.link / pzv.jp address (or just its code, ``skyscrapers/4/4/...``),
    a Simon Tatham Towers game id (``4:1/2/...``), or the clues clockwise from the top left."""
    text = (text or "").strip()
    if not text:
        raise InputError("nothing to read: paste a puzz.link address, a Tatham game id or the clues")
    if len(text) > 4000:
        raise InputError(f"that is {len(text)} characters: too long to be a puzzle of at most {MAX_SIZE}x{MAX_SIZE}")
    low = text.lower()
    if low.startswith(puzzlink.NAMES) or low.startswith(tuple(n + "_" for n in puzzlink.NAMES)):
        text = "https://puzz.link/p?" + text
    if puzzlink.looks(text):
        puzzle = formats.read("puzzlink", text)
    elif ":" in text and text.split(":", 1)[0].strip().isdigit():
        puzzle = Puzzle.from_tatham(text)
    else:
        puzzle = Puzzle.from_clues(text)
    if not MIN_SIZE <= puzzle.size <= MAX_SIZE:
        raise InputError(f"a {puzzle.size}x{puzzle.size} puzzle: the app plays sizes {MIN_SIZE} to {MAX_SIZE}")
    return puzzle


_SOLVES: dict = {}  # the last few solves, by puzzle: the walk-through and hints reuse the reading's solve


def _solved(puzzle: Puzzle, on_tier=None, on_part=None):
    """The engine's solve of ``puzzle``; ``on_tier(name)`` hears each harder technique it turns to
    (the page's progress on a long solve); ``on_part(part)`` hears the walk-through of the steps found so far, now
    and then while the solve runs (``_Stream``), so the reader starts on step 1 while the rest is worked out."""
    if puzzle not in _SOLVES:
        if len(_SOLVES) >= 16:
            _SOLVES.pop(next(iter(_SOLVES)))
        if on_part is None:
            _STREAMED.pop(puzzle, None)
            _SOLVES[puzzle] = solve(puzzle, on_tier=on_tier)
        else:
            stream = _Stream(puzzle, on_part, on_tier)
            _SOLVES[puzzle] = solve(puzzle, on_tier=stream.tier, on_step=stream.hear)
            if len(_STREAMED) >= 16:
                _STREAMED.pop(next(iter(_STREAMED)))
            _STREAMED[puzzle] = {"parts": stream.parts, "steps": stream.sent,
                                 **{k: round(v * 1000, 1) for k, v in stream.spent.items()}}
            if len(_REPLAYS) >= 4:
                _REPLAYS.pop(next(iter(_REPLAYS)))
            _REPLAYS[puzzle] = (stream.replay, _SOLVES[puzzle])  # the view goes on from the steps replayed for the parts
    return _SOLVES[puzzle]


SOLVING = "being solved"  # a part's status, in its title and header: the solve goes on


class _Stream:
    """The walk-through as the solve finds it: the engine's pass loop hands over each step as it records it (a step,
    once recorded, never changes), and now and then the steps found since the last part go to the page (``on_part``):
    the first part is a page of the steps so far, each later one only what is new (``walk_delta``), which the page
    adds in place (``ascentView.add``), so a part costs the worker and the page what it adds, not the whole again.

    A part goes out when a step is heard or the solve turns to a harder technique, once the solve has run ``FIRST``
    seconds (a solve done by then sends none: its whole walk-through follows at once), and at once when the solve
    turns to counting solutions (all the easy logic is done, and the count may take a while). Then the next at most
    every ``EVERY`` seconds, and no more often than keeps the part's own building (not the steps' sentences, which the
    walk-through needs anyway) to ``SHARE`` of the time: each part's cost is measured. ``spent`` sums the time the
    parts took, sentences included: the engine's solve is the result's seconds less that."""

    FIRST, EVERY, SHARE = 0.1, 1.0, 0.1

    def __init__(self, puzzle: Puzzle, on_part, on_tier=None):
        from ..show.view import Replay

        self.puzzle, self.on_part, self.on_tier = puzzle, on_part, on_tier
        self.passes: list[Pass] = []
        self.replay = Replay(puzzle)
        self.start = time.perf_counter()
        self.due = self.start + self.FIRST
        self.heard = 0  # steps heard
        self.sent = 0  # the steps in the parts sent
        self.said = 0  # the steps whose sentences are worked out (with their chains' links)
        self.parts = 0
        self.spent = {"sentences": 0.0, "page": 0.0}

    def hear(self, step, in_pass: Pass) -> None:
        if not self.passes or self.passes[-1] is not in_pass:
            self.passes.append(in_pass)
        self.heard += 1
        if time.perf_counter() >= self.due:
            self.send()

    def tier(self, name: str) -> None:
        if self.on_tier is not None:
            self.on_tier(name)
        if self.heard > self.sent and (time.perf_counter() >= self.due or name == "counting solutions"):
            self.send()

    def send(self) -> None:
        now = time.perf_counter()
        steps = [s for p in self.passes for s in p.steps]
        for step in steps[self.said:]:  # the sentences first: the walk-through needs them anyway
            step.reason
            for link in step.links:
                link.reason
        self.said = len(steps)
        said = time.perf_counter()
        self.replay.add(self.passes)
        view = _partial_view(self.puzzle, self.replay, now - self.start)
        if self.sent == 0:
            part = {**_first_page(view, partial=True), "steps": view.step_count, "final": False}
        else:
            part = {"add": walk_delta(view, self.sent, partial=True), "steps": view.step_count, "final": False}
        done = time.perf_counter()
        part["ms"] = {"sentences": round((said - now) * 1000, 1), "page": round((done - said) * 1000, 1),
                      "at": round((now - self.start) * 1000, 1)}
        self.spent["sentences"] += said - now
        self.spent["page"] += done - said
        self.parts += 1
        self.sent = view.step_count
        self.on_part(part)
        self.due = done + max(self.EVERY, (done - said) / self.SHARE)


_REPLAYS: dict = {}  # the frames replayed for a streamed solve's parts, by puzzle: its view is built on from them
_STREAMED: dict = {}  # the parts of a streamed solve, by puzzle: {"parts", "steps" (in them), "sentences", "page" (ms)}


def _partial_view(puzzle: Puzzle, replay, seconds: float):
    """The view of the steps a running solve has found so far (each pass as far as it has got). A step that broke the
    grid is said with the whole walk-through (``walk_delta``'s ``after``)."""
    from ..show.view import View

    counts: dict[str, int] = {}
    for p in replay.passes:
        for f in p.frames:
            counts[f.technique] = counts.get(f.technique, 0) + 1
    return View(puzzle, replay.start, tuple(replay.passes), SOLVING, None, counts, "", False, None, seconds)


def _partial_header(view) -> str:
    k, puzzle = view.step_count, view.puzzle
    return (f'<header>\n<h1>Skyscrapers {escape(puzzle.describe())}: <span class="status">{SOLVING}</span></h1>\n'
            f'<p class="summary">The first {k} step{"" if k == 1 else "s"}, as the engine found them in '
            f'{view.seconds:.1f} s; it is still solving, and the steps it finds next follow. '
            '<button type="button" id="print-button">Print</button></p>\n</header>\n')


def partial_page(view) -> str:
    """The walk-through page of the steps a running solve has found so far: the exported page of a solve that stopped
    there, with a header that says the solve goes on."""
    from ..export.html import page

    html = page(view)
    head, tail = html.split("<header>\n", 1)[0], html.split("</header>\n", 1)[1]
    return head + _partial_header(view) + tail


PIECE = 12_000  # characters of the step list a piece of a part holds (at least one step): the page adds one per task


def walk_delta(view, since: int, partial: bool = False) -> dict:
    """What a walk-through page showing the first ``since`` steps of ``view`` lacks, for ``ascentView.add``: the new
    frames' data and chains, the passes (for printing), the header and title, and the step list's new items in pieces
    of about ``PIECE`` characters, each to go into a new pass (``into: "new"``, a whole pass block) or the last pass
    shown (``"last"``, with that pass's title as it now reads). ``partial``: the solve goes on (the header says so).
    Added to the page of the first ``since`` steps, in order, they make the page of the whole view."""
    from ..export.html import PASS_TAIL, after_main, frame_data, header, pass_data, pass_head, step_items

    n = view.puzzle.size
    frames = view.frames
    if not 0 <= since <= len(frames) - 1:
        raise ValueError(f"a walk-through of {len(frames) - 1} steps cannot follow on from step {since}")
    chains_before = sum(1 for f in frames[1:since + 1] if f.chains)
    data, chains = frame_data(frames[since + 1:], n, chains_before)
    pieces: list[dict] = []
    for pv in view.passes:
        new = [step_items([f], n) for f in pv.frames if f.number > since]  # each step's list item, made once
        into = "new" if pv.frames[0].number > since else "last"
        while new:
            size, k = 0, 0
            while k < len(new) and (k == 0 or size < PIECE):
                size += len(new[k])
                k += 1
            items = "".join(new[:k])
            if into == "new":
                pieces.append({"into": "new", "html": pass_head(pv) + items + PASS_TAIL})
            else:
                pieces.append({"into": "last", "title": pv.title, "html": items})
            into, new = "last", new[k:]
    status = SOLVING if partial else view.status
    return {"from": since, "to": len(frames) - 1, "frames": data, "chains": chains, "passes": pass_data(view),
            "pieces": pieces, "header": _partial_header(view) if partial else header(view),
            "title": f"Skyscrapers {view.puzzle.describe()}: {status}",
            "after": "" if partial else after_main(view),
            "solution": [list(r) for r in view.solution] if view.solution else None}


def _verdict(puzzle: Puzzle, on_tier=None, on_part=None) -> dict:
    """The puzzle as the page needs it, with the engine's verdict: solved (one solution), ambiguous
    (two solutions shown), contradiction (the reason), or stuck."""
    result = _solved(puzzle, on_tier, on_part)
    n = puzzle.size
    out = {
        "record": _record(puzzle),
        "n": n,
        "clues": {"u": list(puzzle.upper), "d": list(puzzle.lower), "l": list(puzzle.left), "r": list(puzzle.right)},
        "given": [v for row in puzzle.givens for v in row],
        "code": code_of(puzzle),
        "tatham": puzzle.to_tatham(),
        "label": puzzle.describe(),
        "status": result.status,
        "message": result.message,
        "solution": [v for row in result.solution for v in row] if result.status == SOLVED and result.solution else None,
        "solutions": [[v for row in s for v in row] for s in (result.solutions or ())[:2]],
        "steps": sum(len(p.steps) for p in result.passes),
        "grade": level_of(result) if result.status == SOLVED else None,
        "score": score_of(result) if result.status == SOLVED else None,
        "seconds": round(result.seconds, 4),
    }
    if puzzle in _STREAMED:  # the parts sent while it solved, in ms of the solve's time: the engine's own is the rest
        out["streamed"] = _STREAMED[puzzle]
    if result.status == "ambiguous" and len(out["solutions"]) >= 2:
        a, b = out["solutions"][:2]
        out["differ"] = [cell_name(i, n) for i in range(n * n) if a[i] != b[i]]
    return out


def read(text: str, on_tier=None, on_part=None) -> dict:
    """Read typed input; ``{"error": one line}`` when it cannot be read. With ``on_part``, the walk-through of the
    steps found so far is handed over while the solve runs (``_Stream``)."""
    try:
        return _verdict(parse(text), on_tier, on_part)
    except (PuzzleError, InputError) as e:
        return {"error": str(e)}


def from_record(record: dict, on_tier=None, on_part=None) -> dict:
    """A puzzle the page built (tapped clues and givens) or kept, as a record."""
    try:
        puzzle = Puzzle.from_record(record)
    except (PuzzleError, ValueError, TypeError, KeyError) as e:
        return {"error": str(e)}
    if not MIN_SIZE <= puzzle.size <= MAX_SIZE:
        return {"error": f"a {puzzle.size}x{puzzle.size} puzzle: the app plays sizes {MIN_SIZE} to {MAX_SIZE}"}
    return _verdict(puzzle, on_tier, on_part)


# ---------------------------------------------------------------------------- hints
def _spec(frame, n: int) -> dict:
    """What a frame changed and where to look, in the shape of the exported page's data (``html.spec``), with the
    lane as its cells (the app's grid is HTML, not SVG)."""
    from ..export.html import spec

    out = spec(frame, n)
    if frame.lane:
        out["l"] = list(frame.lane)
    return out


def _chains(step, grid, n: int) -> list[dict]:
    from ..export.chain_links import link_count, link_head, numbered
    from ..show.view import chains_of

    out = []
    for chain in chains_of(step, grid.masks, grid.values, n):
        links = []
        for k, link in numbered(chain):
            spec = _spec(link, n)
            spec.update(h=link_head(k, link), t=link.sentence, w=link.where(n), x=link.changes(n),
                        q=link.technique or "")
            links.append(spec)
        out.append({"t": chain.title, "e": chain.end, "c": chain.contradiction, "k": link_count(chain),
                    "f": links, "z": _spec(chain.at_end, n) if chain.at_end else None})
    return out


def hint(record: dict, values: list, marks: list, level: int = 1) -> dict:
    """The engine's hint (``ascent.tools.hint``) on the player's grid: ``values`` the placed heights
    (0 = open), ``marks`` the pencil marks as bit masks (0 = no marks: every height allowed)."""
    from ..show.view import _frame
    from ..tools.hint import hint as engine_hint
    from ..tools.hint import player_grid

    puzzle = Puzzle.from_record(record)
    n = puzzle.size
    if len(values) != n * n or len(marks) != n * n:
        return {"error": f"the grid must have {n * n} cells"}
    full = cands.full(n)
    tokens = []
    for v, m in zip(values, marks):
        if not isinstance(v, int) or not isinstance(m, int) or not 0 <= v <= n or not 0 <= m <= full:
            return {"error": f"a cell holds {v!r} with marks {m!r}: heights are 1..{n}"}
        if v:
            tokens.append(symbol(v))
        elif m and m != full:
            tokens.append("[" + "".join(symbol(d) for d in cands.digits(m)) + "]")
        else:
            tokens.append("-")
    text = " ".join(tokens)  # the grid as the CLI's hint reads it (gridtext.read_grid)
    start = time.perf_counter()
    grid = player_grid(puzzle, text)
    h = engine_hint(puzzle, grid, level)
    out = {"kind": h.kind, "level": h.level, "texts": list(h.texts), "technique": h.technique, "cell": h.cell}
    if h.step is not None:
        frame = _frame(1, "hint", h.step, list(grid.masks), list(grid.values), n, None)
        out["spec"] = _spec(frame, n)
        if h.step.chain or h.step.branches:
            out["chains"] = _chains(h.step, grid, n)
    out["ms"] = round((time.perf_counter() - start) * 1000, 1)
    return out


# ---------------------------------------------------------------------------- the walk-through
_VIEWS: dict = {}  # the walk-through's view of the last few solves, its steps' sentences worked out as they are read


def _view(puzzle: Puzzle, on_tier=None):
    from ..show.view import build

    if puzzle not in _VIEWS:
        result = _solved(puzzle, on_tier)
        if len(_VIEWS) >= 4:
            _VIEWS.pop(next(iter(_VIEWS)))
        replay, of = _REPLAYS.pop(puzzle, (None, None))
        if of is not result:
            replay = None  # none, or the replay of an earlier solve of this puzzle (since dropped): not these steps
        _VIEWS[puzzle] = (build(result, replay), [0])  # the view, and how many of its steps' sentences are worked out
    return _VIEWS[puzzle]


def _say_steps(view, said: list, until: float | None, on_step=None) -> bool:
    """Work out the sentences of the view's steps, from the first not yet said, until the clock passes ``until``
    (None: all). Each is kept by its step, so the page reads it at no cost. True when every step is said."""
    frames = [f for f in view.frames if f.step is not None]
    while said[0] < len(frames):
        f = frames[said[0]]
        f.sentence
        for chain in f.chains:
            for link in chain.frames:
                link.sentence
        said[0] += 1
        if on_step is not None and said[0] % 8 == 0 and said[0] < len(frames):
            on_step(said[0], len(frames))
        if until is not None and time.perf_counter() > until:
            break
    if on_step is not None and said[0] >= len(frames):
        on_step(said[0], len(frames))
    return said[0] >= len(frames)


def warm(record: dict, budget_ms: float = 100.0) -> dict:
    """Some of the walk-through's work ahead of time, for at most about ``budget_ms`` (the page asks again while
    nothing else waits, so a hint is never held up long): the view of a puzzle already solved, then its steps'
    sentences. A puzzle not solved yet is left alone."""
    puzzle = Puzzle.from_record(record)
    if puzzle not in _SOLVES:
        return {"done": False, "solved": False}
    until = time.perf_counter() + budget_ms / 1000
    view, said = _view(puzzle)
    done = _say_steps(view, said, until)
    return {"done": done, "solved": True, "said": said[0]}


FIRST_PAGE = 16_000  # characters of the step list the first page of a walk-through holds: the rest follows in pieces


def _first_page(view, partial: bool = False) -> dict:
    """A walk-through as the page takes it: the page of its first steps (about ``FIRST_PAGE`` characters of them:
    ``html``) and what follows them (``add``: a ``walk_delta``, or None when the page holds every step), so that no
    one task of the page's lays out the whole. ``partial``: the solve goes on (the headers say so)."""
    from ..export.html import page, step_items

    n, total, frames = view.puzzle.size, view.step_count, view.frames
    k, size = 0, 0
    while k < total and size < FIRST_PAGE:
        k += 1
        size += len(step_items(frames[k:k + 1], n))
    first = _cut(view, k) if k < total else view
    return {"html": partial_page(first) if partial else page(first),
            "add": walk_delta(view, k, partial) if k < total else None}


def _cut(view, k: int):
    """The view of the first ``k`` steps: what the page shows before the rest is added (``walk_delta``)."""
    from dataclasses import replace

    passes = []
    for pv in view.passes:
        frames = tuple(f for f in pv.frames if f.number <= k)
        if frames:
            passes.append(replace(pv, frames=frames))
    return replace(view, passes=tuple(passes), complete=True, solutions=())  # what follows the steps comes with the rest


def explain(record: dict, since: int | None = None, on_tier=None, on_step=None, on_part=None) -> dict:
    """The walk-through of the whole explained solve: the exported page (``ascent.export.html.page``) of its first
    steps (``html``, about ``FIRST_PAGE`` characters of steps) and what the page lacks of the whole (``add``, a
    ``walk_delta``, or None), which the page adds a piece at a time, so no one task of the page's draws it all.
    ``since``: the page already shows the first ``since`` steps (the parts sent while the solve ran), so only the
    ``add`` from there comes.
    ``on_tier(name)`` hears each harder technique the solve turns to; ``on_step(k, total)`` hears each step whose
    sentence is worked out (the engine says a step's reason when it is first read, which on a big puzzle is much of
    the time; ``warm`` may have done some already); ``on_part`` hears the steps found so far while a solve not made
    yet runs (``_Stream``). The answer carries the time of each part: the solve, the view, the sentences, the page."""
    puzzle = Puzzle.from_record(record)
    start = time.perf_counter()
    made = puzzle in _SOLVES
    _solved(puzzle, on_tier, on_part)
    if not made and on_part is not None and _STREAMED.get(puzzle, {}).get("parts"):
        since = _STREAMED[puzzle]["steps"]  # this solve's own parts went to the page: the rest follows them
    solved = time.perf_counter()
    view, said = _view(puzzle)
    built = time.perf_counter()
    ahead = said[0]
    _say_steps(view, said, None, on_step)
    worked = time.perf_counter()
    total = view.step_count
    if since is not None and 0 <= since <= total:
        out: dict = {"html": None, "add": walk_delta(view, since)}
    else:
        out = _first_page(view)
    done = time.perf_counter()
    ms = lambda a, b: round((b - a) * 1000, 1)  # noqa: E731
    out.update(steps=total, status=view.status, ms=ms(start, done),
               parts={"solve": ms(start, solved), "view": ms(solved, built), "sentences": ms(built, worked),
                      "page": ms(worked, done), "said_ahead": ahead})
    return out


# ---------------------------------------------------------------------------- making a puzzle
def generate(n: int, level: str, seed: str, on_attempt=None) -> dict:
    """A new puzzle from the engine's generator (``ascent.tools.generate.make``); ``on_attempt(k)``
    hears each attempt (the page's progress)."""
    from ..tools.generate import Unreachable, make

    count = [0]

    def tick() -> None:
        count[0] += 1
        if on_attempt is not None:
            on_attempt(count[0])

    try:
        made = make(int(n), str(level), seed=str(seed), seconds=240.0, on_attempt=tick)
    except (ValueError, Unreachable) as e:
        return {"error": str(e)}
    out = _verdict(made.puzzle)
    out.update(made_level=made.level, attempts=made.attempts, made_seconds=round(made.seconds, 2))
    return out


# ---------------------------------------------------------------------------- the technique guide
def guide() -> list[dict]:
    """Every technique of the guide (``ascent.tools.guide``, from the TABLE): its idea, the names solvers use (its
    row's ``community``), its page as picture and prose blocks, and a practice puzzle (the puzzle whose solve shows
    a real step of it) when it has one."""
    from ..tools import guide as g

    out = []
    for t in g.rows():
        ex = None
        try:
            ex = g.example(t)
        except Exception as e:  # a sample that cannot be read is said, not hidden
            ex_error = f"{type(e).__name__}: {e}"
        else:
            ex_error = None
        item = {"name": t.name, "tier": t.tier, "level": t.level, "idea": t.idea,
                "aliases": list(t.aliases),
                "names": [{"name": nm.name, "covers": nm.covers} for nm in t.community],
                "blocks": [[pic, text] for pic, text in _blocks(g.docstring(t))]}
        if ex is not None:
            puzzle, n = ex.practice.puzzle, ex.practice.puzzle.size
            item["practice"] = {"code": code_of(puzzle), "where": ex.practice.made, "label": puzzle.describe(),
                                "step": f"{ex.step.technique} {ex.step.where(n)}: {ex.step.reason}"}
        elif ex_error:
            item["practice_error"] = ex_error
        out.append(item)
    return out


def _blocks(text: str) -> list[tuple[bool, str]]:
    """A page as (is_picture, text) blocks for a screen of any width: indented lines are a picture, kept line for
    line; the other lines of a paragraph are one flowing line."""
    out: list[tuple[bool, str]] = []
    for line in text.splitlines():
        picture_line = line.startswith(" ")
        if not line.strip():
            out.append((True, ""))
        elif picture_line or not out or out[-1][0]:
            out.append((picture_line, line.rstrip()))
        else:
            out[-1] = (False, out[-1][1] + " " + line.strip())
    return out
