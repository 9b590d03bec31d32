"""One self-contained HTML page to play a puzzle in the browser, with hints from the solve's own plan.

``ascent play PUZZLE --html FILE`` writes it. Like the share page it is one file: inline CSS, script
and data, a Content-Security-Policy of ``default-src 'none'`` (no request leaves the page), and every
text from input escaped. The data carries the puzzle, its solution (for "check" and for naming a
wrong height first) and the plan: the solve's steps, each with the three hint levels of
``ascent hint`` (where to look, which idea, the whole step) and, for forcing, its chain numbered
L1..Lk as on the share page.

The page's contract for tests and scripts (see PLAY_JS): each cell carries ``data-cell="R{r}C{c}"``;
the hint control ``data-action="hint"`` (and ``check``, ``undo``, ``redo``, ``pencil``, ``erase``,
``apply``, ``restart``, ``fill``); the hint text sits in ``[data-hint]``, the status in
``[data-status]``; a keypad key carries ``data-key`` (its height).
"""

from __future__ import annotations

from html import escape

from ..model import cands
from ..techniques import idea
from ..tools.hint import describe
from ..puzzle import Puzzle
from ..model.trace import Result, Step
from .html import CSP, script_json
from .playassets import PLAY_CSS, PLAY_JS
from .svg import LETTERS


class PlayError(ValueError):
    """A puzzle the page cannot be made for (no unique solution)."""


def _marks(pairs) -> list[int]:
    return [x for c, m in pairs for x in (c, m)]


LIMIT = 150 * 1024  # a page over this keeps less of each chain link (its reason, then its long change lists)


def _plan_step(step: Step, n: int, chains: list, detail: int = 0) -> dict:
    texts = describe(step, n)
    out: dict = {"t": step.technique, "h": list(texts)}
    if step.eliminations:
        out["e"] = _marks(step.eliminations)
    if step.placements:
        out["p"] = [x for c, d in step.placements for x in (c, d)]
    look = sorted(step.lane.cells) if step.lane is not None else list(step.cells)
    if look:
        out["l"] = look
    groups = (step.chain,) if step.chain else step.branches
    if groups:
        out["x"] = len(chains)
        chains.append([_chain(links, step, n, detail) for links in groups])
    return out


def _changes(step: Step, n: int, most: int | None) -> str:
    """'[R1C2=5, R1C3-5, ...]': the link's changes, at most ``most`` cells named (then how many more)."""
    parts = step.changes(n).split(", ") if step.changes(n) else []
    if most is not None and len(parts) > most:
        parts = parts[:most] + [f"{len(parts) - most} more"]
    return f" [{', '.join(parts)}]" if parts else ""


def _chain(links: tuple[Step, ...], step: Step, n: int, detail: int = 0) -> dict:
    """A chain as the hint shows it: its supposition, then L1..Lk (with the links each read, when known).
    ``detail`` 0: every link's sentence; 1: technique, place and changes; 2: at most 3 changed cells named;
    3: at most 12 links shown, the first and the last."""
    from ..model.grid import cell_name

    items = []
    first = 0 if links and links[0].supposition else 1
    for k, link in enumerate(links, first):
        reads = [x for x in (getattr(link, "reads", ()) or ()) if isinstance(x, int)]
        head = "Suppose" if k == 0 else f"L{k}" + (", from " + " and ".join(
            "the supposition" if x == 0 else f"L{x}" for x in reads) if reads else "")
        changes = _changes(link, n, 3 if detail >= 2 else None)
        if k == 0:
            items.append(f"{head}: {link.reason if detail == 0 else 'suppose'}{changes}")
        else:
            items.append(f"{head}: {link.technique} {link.where(n)}" + (f": {link.reason}" if detail == 0 else "") + changes)
    if detail >= 3 and len(items) > 12:  # the last resort: the first links and the last, with how many between
        items = items[:6] + [f"... {len(items) - 11} links more ..."] + items[-5:]
    title = "the chain"
    if links and links[0].supposition and len(links[0].placements) == 1:
        (c, d), = links[0].placements
        title = f"suppose {cell_name(c, n)} is {d}"
    end = f"contradiction: {step.contradiction.text(n)}" if step.contradiction is not None else \
        "this branch ends here; every branch removes the same candidates"
    return {"t": f"{title} ({len(links) - 1 + first} links)", "l": items, "e": end}


def play_page(puzzle: Puzzle, result: Result) -> str:
    """The page for ``puzzle``; ``result`` is its solve (solved: the plan and the solution). A solve whose
    chains would take the page over LIMIT keeps less of each link (see _chain)."""
    if result.status != "solved" or result.solution is None:
        raise PlayError(f"this puzzle has no unique solution ({result.status}), so it cannot be played with hints")
    for detail in (0, 1, 2, 3):
        text = _page(puzzle, result, detail)
        if len(text.encode()) <= LIMIT:
            break
    return text


def _page(puzzle: Puzzle, result: Result, detail: int) -> str:
    n = puzzle.size
    chains: list = []
    steps = [_plan_step(s, n, chains, detail) for s in result.steps]
    used = sorted({s.technique for s in result.steps})
    data = {
        "n": n,
        "key": "ascent-play/" + puzzle.to_tatham(),
        "label": f"Skyscrapers {puzzle.describe()}",
        "clues": {"u": list(puzzle.upper), "d": list(puzzle.lower), "l": list(puzzle.left), "r": list(puzzle.right)},
        "given": [v for row in puzzle.givens for v in row],
        "sol": [v for row in result.solution for v in row],
        "plan": steps,
        "chains": chains,
        "ideas": {t: idea(t) for t in used},
    }
    title = f"Play Skyscrapers {puzzle.describe()}"
    # a key is named by what it shows: "7", "A 10" (no aria-label that differs from its words: WCAG 2.5.3)
    keys = "".join(f'<button type="button" class="key" data-key="{d}">{cands.show(cands.bit(d))}'
                   f'{f"<small> {d}</small>" if d >= 10 else ""}</button>' for d in range(1, n + 1))
    source = f'<p class="src">From <code>{escape(puzzle.source.url)}</code></p>' if puzzle.source and puzzle.source.url else ""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8"/>\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}"/>\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>\n'
        '<meta name="generator" content="ascent"/>\n'
        f"<title>{escape(title)}</title>\n<style>/*<![CDATA[*/{PLAY_CSS}/*]]>*/</style>\n</head>\n<body>\n"
        '<main id="play">\n'
        f'<div id="board" class="board n{n}" style="--n:{n}" role="group" aria-label="{escape(puzzle.describe())} grid; '
        'arrow keys move, digits place">'
        '</div>\n'
        # beside the board on a desktop and on a phone on its side; under it (the header above) on a phone
        '<div id="side" class="side">\n'
        f'<header><h1>{escape(title)}</h1>{source}'
        '<p class="status"><span data-status="" id="status" role="status">playing</span> '
        '<span id="clock" aria-hidden="true">0:00</span></p></header>\n'
        + (f'<p class="letters">{LETTERS}</p>\n' if n >= 10 else "") +
        f'<div id="keypad" class="keypad k{n}" role="group" aria-label="Heights">{keys}</div>\n'
        '<div class="tools" role="group" aria-label="Tools">'
        '<button type="button" data-action="pencil" aria-pressed="false" title="Pencil marks (P)">Pencil</button>'
        '<button type="button" data-action="erase" title="Erase (Backspace)">Erase</button>'
        '<button type="button" data-action="undo" title="Undo (Ctrl+Z)">Undo</button>'
        '<button type="button" data-action="redo" title="Redo (Ctrl+Y)">Redo</button>'
        '<button type="button" data-action="hint" title="Hint (H): ask again for more">Hint</button>'
        '<button type="button" data-action="check">Check</button></div>\n'
        '<section id="hintbox" aria-label="Hint" hidden="hidden"><p data-hint="" id="hint"></p>'
        '<p id="idea"></p><ol id="chain"></ol>'
        '<div class="hintbar"><button type="button" data-action="more">More</button>'
        '<button type="button" data-action="apply" hidden="hidden">Apply</button>'
        '<button type="button" data-action="close">Close</button></div></section>\n'
        '<p id="note" class="note"></p>\n'
        '<details class="opts"><summary>Options and help</summary>'
        '<p><button type="button" data-action="fill">Fill in every candidate</button> '
        '<label><input type="checkbox" id="auto"/> Remove a placed height from its row and column&#8217;s marks</label></p>'
        '<p><button type="button" data-action="restart">Restart</button> (clears this puzzle&#8217;s saved progress)</p>'
        '<p class="help">Tap a cell, then a height. Pencil switches the keypad to marks. On a keyboard: arrows move, '
        '1-9 (and A-C for 10-12) place, P toggles pencil marks, Backspace erases, H asks for a hint, '
        'Ctrl+Z and Ctrl+Y undo and redo. Progress is kept in this browser.</p></details>\n'
        '<p id="say" class="vh" aria-live="polite"></p>\n</div>\n</main>\n'
        f'<script type="application/json" id="data">{script_json(data)}</script>\n'
        f"<script>//<![CDATA[\n{PLAY_JS}\n//]]></script>\n</body>\n</html>\n")
