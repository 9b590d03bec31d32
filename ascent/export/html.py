"""One self-contained HTML page that steps through a solve.

Everything is inline (CSS, script, data); a Content-Security-Policy of ``default-src 'none'``
forbids every network request, so the page opens from disk and can travel by email. The markup is
also well-formed XML (polyglot), so tests can parse it strictly.

Text from input (the puzzle's url and label) and from the trace (sentences, technique names) is
escaped wherever it lands: element text, attributes, or the JSON data (where ``<``, ``>`` and
``&`` are written as ``\\u003c`` ... so nothing can close the script element).
"""

from __future__ import annotations

import json
import re
from html import escape

from ..model.grid import cell_name
from ..show.view import Frame, View, frame_of_solution, grade_text, plural, technique_names
from .assets import PAGE_CSS, PAGE_JS
from .puzzle_formats import formats
from .chain_links import link_count, link_head, numbered
from .svg import CSS_RULES, LETTERS, grid_svg, lane_box

CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


def tag_class(technique: str | None) -> str:
    """A CSS class for a technique's tag: t-peak-descent. Only [a-z0-9-] gets through."""
    return "t-" + re.sub(r"[^a-z0-9]+", "-", (technique or "").lower()).strip("-")


def tag(technique: str | None) -> str:
    return f'<span class="tag {tag_class(technique)}">{escape(technique or "")}</span>'


def step_body(frame: Frame, n: int, number: str) -> str:
    """The inside of a step's button: number, coloured technique tag, where, sentence, changes. The spaces
    between the parts are text, so a screen reader names the button '12 sudoku row 3: ...'."""
    parts = [f'<span class="num">{escape(number)}</span> ', tag(frame.technique)]
    where = frame.where(n)
    if where:
        parts.append(f' <span class="where">{escape(where)}</span>:')
    parts.append(f' <span class="sentence">{escape(frame.sentence)}</span>')
    changes = frame.changes(n)
    if changes:
        parts.append(f' <span class="changes">[{escape(changes)}]</span>')
    if frame.broken:
        parts.append(f' <span class="changes broken">breaks {escape(", ".join(cell_name(c, n) for c in frame.broken))}</span>')
    return "".join(parts)


def spec(frame: Frame, n: int) -> dict:
    """A frame as the script needs it: what changed and what to highlight (the grid itself is replayed)."""
    out: dict = {}
    if frame.eliminated:
        out["e"] = [x for c, m in frame.eliminated for x in (c, m)]
    if frame.placed:
        out["p"] = [x for c, d in frame.placed for x in (c, d)]
    if frame.cells:
        out["c"] = list(frame.cells)
    if frame.broken:
        out["b"] = list(frame.broken)
    if frame.lane:
        out["l"] = [round(x, 1) for x in lane_box(n, frame)]
    if frame.side is not None:
        out["s"], out["k"] = frame.side, frame.line
    return out


def script_json(data: object) -> str:
    """JSON that is safe inside <script>: no '<', '>' or '&' appears literally."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


CAPTION = ('<div class="capbox"><div id="caption" class="caption"></div><button type="button" class="more" '
           'hidden="hidden" aria-expanded="false">more<span class="vh"> of the caption</span></button></div>')


def page(view: View) -> str:
    """The page: a step-through of the solve (an ambiguous puzzle's also shows two solutions), or, for a
    puzzle found impossible or ambiguous before any step, a verdict page."""
    if verdict_only(view):
        return unsolvable_page(view)
    p = view.puzzle
    n = p.size
    frames = view.frames
    data_frames, chains = frame_data(frames, n)
    data = {
        "n": n,
        "start": {"m": list(view.start.masks), "v": list(view.start.values)},
        "given": [i for i, v in enumerate(view.start.values) if v],
        "label": f"Skyscrapers {p.describe()}",
        "frames": data_frames,
        "chains": chains,
        "passes": pass_data(view),
        "solution": [list(r) for r in view.solution] if view.solution else None,
    }
    out = [head(view)]
    out.append(header(view))
    out.append('<main id="app">\n<section id="board" aria-labelledby="board-h">\n'
               '<h2 id="board-h" class="vh">The grid, step by step</h2>\n')
    # a control's name starts with the words it shows ("Prev" is read "Previous step"): WCAG 2.5.3
    out.append('<div class="nav"><button type="button" id="prev">'
               '<span aria-hidden="true">&#9664;</span> Prev<span class="vh">ious step</span></button>'
               '<span id="pos">Start</span>'
               '<button type="button" id="next">Next<span class="vh"> step</span> <span aria-hidden="true">&#9654;'
               '</span></button></div>\n')
    out.append('<div id="flip" class="flip" role="group" aria-label="Show">'
               '<button type="button" data-show="chain" aria-pressed="true">The chain</button>'
               '<button type="button" data-show="grid" aria-pressed="false">The grid after the step</button></div>\n')
    out.append('<div id="views">\n<div id="main-view">')
    out.append(f'<div id="main-grid" class="gridbox" tabindex="0" aria-describedby="caption">'
               f'{grid_svg(p, view.start, standalone=False, every_slot=True, title="the start")}</div></div>\n')
    out.append('<section id="chain" hidden="hidden" aria-labelledby="chain-h">\n'
               '<h2 id="chain-h">The forcing step&#8217;s chain, on its own grid</h2>\n'
               '<div id="branches" class="chain-nav branches" role="group" aria-label="Branches"></div>\n'
               '<div class="chain-nav"><button type="button" id="chain-prev">'
               '<span aria-hidden="true">&#9664;</span> Prev<span class="vh">ious</span> link</button>'
               '<span id="chain-pos"></span>'
               '<button type="button" id="chain-next">Next link <span aria-hidden="true">'
               '&#9654;</span></button></div>\n'
               '<div class="chain-nav jumps"><button type="button" id="chain-first" title="Back to the chain&#8217;s '
               'start"><span aria-hidden="true">&#171;</span> Start</button>'
               '<button type="button" id="chain-last" title="Jump to the chain&#8217;s end">'
               '<span class="what">Contradiction</span> <span aria-hidden="true">&#187;</span></button></div>\n'
               f'<div id="chain-grid" class="gridbox" tabindex="0" aria-describedby="chain-caption">'
               f'{grid_svg(p, view.start, standalone=False, every_slot=True, title="the chain")}</div>\n'
               + CAPTION.replace('id="caption"', 'id="chain-caption"') +
               '\n<p id="chain-end" class="end" hidden="hidden"></p>\n'
               '<ol id="chain-steps" aria-label="The links"></ol>\n</section>\n</div>\n')
    out.append(CAPTION + '\n<p id="say" class="vh" aria-live="polite"></p>\n</section>\n')
    out.append('<nav id="steps" aria-labelledby="steps-h">\n<h2 id="steps-h" class="vh">Steps</h2>\n'
               f'<details id="key" class="key"><summary>Key to the marks</summary><p>{key(n)}</p></details>\n<ol>\n')
    out.append('<li class="start"><button type="button" class="step" data-f="0"><span class="num">0</span> '
               '<span class="sentence">The starting grid: givens placed, every other cell open.</span></button></li>\n')
    for pv in view.passes:
        out.append(pass_head(pv) + step_items(pv.frames, n) + PASS_TAIL)
    out.append("</ol>\n</nav>\n</main>\n")
    out.append(after_main(view))
    out.append('<section id="print" aria-label="the solve, for printing"></section>\n')
    out.append('<footer>Made by ascent. Click a step, or put the focus on the step list or the grid and use the '
               'arrow keys (Home and End jump to the start and the end); the address ends in #N for step N.</footer>\n')
    out.append(f'<script type="application/json" id="data">{script_json(data)}</script>\n')
    out.append(f"<script>//<![CDATA[\n{PAGE_JS}\n//]]></script>\n</body>\n</html>\n")
    return "".join(out)


def frame_data(frames: list[Frame], n: int, chains_before: int = 0) -> tuple[list[dict], list]:
    """The script's data of ``frames``: each frame's spec, and each forcing step's chains (a frame's ``x`` is its
    chains' index, counted from ``chains_before``: the chains of the frames before these)."""
    chains: list = []
    data_frames = []
    for f in frames:
        s = spec(f, n)
        if f.chains:
            s["x"] = chains_before + len(chains)
            chains.append([{"t": c.title, "e": c.end, "c": c.contradiction, "f": [spec(x, n) for x in c.frames[1:]],
                            "z": spec(c.at_end, n) if c.at_end else None, "k": link_count(c),
                            "s": int(link_count(c) < len(c.frames) - 1)}  # s: 1 when it opens with a supposition
                           for c in f.chains])
        data_frames.append(s)
    return data_frames, chains


def pass_data(view: View) -> list[dict]:
    """Each pass as the print view needs it: its title, its frames and the cells it changed."""
    return [{"t": pv.title, "f": pv.after.number, "from": pv.frames[0].number, "to": pv.after.number,
             "c": list(pv.changed), "b": list(pv.after.broken)} for pv in view.passes]


PASS_TAIL = "</ol>\n</li>\n"  # closes pass_head


def pass_head(pv) -> str:
    return f'<li class="pass"><h3>{escape(pv.title)}</h3>\n<ol>\n'


def step_items(frames, n: int) -> str:
    """The step list's items of ``frames``: each step's button, and a forcing step's chains (shown when it is open)."""
    out = []
    for f in frames:
        out.append(f'<li><button type="button" class="step" data-f="{f.number}">{step_body(f, n, str(f.number))}</button>')
        if f.chains:
            out.append('<div class="chains">')
            for c in f.chains:
                out.append(f'<ol class="branch" data-t="{escape(c.title)}: {plural(link_count(c), "link")}">')
                for k, link in numbered(c):
                    out.append(f'<li><button type="button" class="link" data-l="{link.number}">'
                               f'{step_body(link, n, link_head(k, link))}</button></li>')
                out.append(f'<li class="end">{escape(c.end)}</li></ol>')
            out.append("</div>")
        out.append("</li>\n")
    return "".join(out)


def after_main(view: View) -> str:
    """What follows the step-through: a broken replay's note, an ambiguous puzzle's two solutions."""
    out = ""
    if not view.complete:
        out += '<p class="summary pad">The last step broke the grid: the replay stops there.</p>\n'
    if view.status == "ambiguous" and len(view.solutions) >= 2:
        out += '<section class="verdict pad">' + two_solutions(view) + "</section>\n"
    return out


def key(n: int) -> str:
    """The key to the grids' marks: each swatch kept with its label; none by colour alone."""
    items = [("given", "given"), ("placed-by", "placed by logic"), ("used", "read by the step (dotted outline)"),
             ("lost", "lost candidates (dashed red outline)"), ("struck", "a candidate the step crossed out"),
             ("placed", "placed by the step (solid green outline)"),
             ("supposed", "supposed in a chain (dashed violet outline)"),
             ("broken", "broken: no candidate left (thick dark border)"), ("lane", "the lane the step read")]
    out = " ".join(f'<span class="ki"><span class="sw {cls}" aria-hidden="true">{"3" if cls == "struck" else ""}'
                   f'</span> {what}</span>' for cls, what in items)
    if n >= 10:
        out += f' <span class="ki"><strong>{LETTERS}</strong></span>'
    return out


def verdict_only(view: View) -> bool:
    """An ambiguous puzzle, or one found impossible before any step: no step-through, a verdict page."""
    return view.status in ("ambiguous", "contradiction") and not view.step_count


def head(view: View) -> str:
    title = f"Skyscrapers {view.puzzle.describe()}: {view.status}"
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8"/>\n'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}"/>\n'  # a constant: nothing to escape
            '<meta name="viewport" content="width=device-width, initial-scale=1"/>\n'
            '<meta name="generator" content="ascent"/>\n'
            f"<title>{escape(title)}</title>\n"
            f"<style>/*<![CDATA[*/{CSS_RULES}{PAGE_CSS}/*]]>*/</style>\n</head>\n<body>\n")


def unsolvable_page(view: View) -> str:
    """An ambiguous puzzle: two of its solutions side by side, the cells where they differ marked.
    An impossible one: the grid where logic found the contradiction, its broken cells marked. No script."""
    p = view.puzzle
    out = [head(view), header(view), '<main class="verdict">\n']
    if view.status == "ambiguous" and len(view.solutions) >= 2:
        out.append(two_solutions(view))
    else:
        what = "no solution" if view.status == "contradiction" else view.status
        out.append(f'<h2>Why there is {escape(what)}</h2>\n<p class="summary">{escape(view.message or what)}</p>\n'
                   '<div class="pair"><figure><figcaption>The grid as the search left it</figcaption>'
                   f'{grid_svg(p, view.final, standalone=False, title="the grid as the search left it")}</figure></div>\n')
    out.append("</main>\n<footer>Made by ascent.</footer>\n</body>\n</html>\n")
    return "".join(out)


def two_solutions(view: View) -> str:
    """An ambiguous puzzle's two solutions side by side, the cells where they differ marked on both."""
    p, n = view.puzzle, view.puzzle.size
    a, b = view.solutions[0], view.solutions[1]
    diff = tuple(r * n + c for r in range(n) for c in range(n) if a[r][c] != b[r][c])
    out = [f'<h2>Two different solutions</h2>\n<p class="summary">This puzzle has more than one solution, so '
           f'no chain of logic can decide it. Here are two; they differ in {plural(len(diff), "cell")} '
           f'({escape(", ".join(cell_name(c, n) for c in diff))}), marked on both.</p>\n<div class="pair">\n']
    for k, sol in enumerate((a, b), 1):
        frame = frame_of_solution(sol, f"solution {k}", diff)
        out.append(f'<figure><figcaption>Solution {k}</figcaption>'
                   f'{grid_svg(p, frame, standalone=False, title=f"solution {k}, the {len(diff)} differing cells marked")}'
                   '</figure>\n')
    out.append("</div>\n")
    return "".join(out)


def header(view: View) -> str:
    p = view.puzzle
    status = escape(view.status)
    out = ["<header>\n", f'<h1>Skyscrapers {escape(p.describe())}: <span class="status {tag_class(view.status)[2:]}">'
                         f"{status}</span></h1>\n"]
    if verdict_only(view):
        found = "more than one solution" if view.status == "ambiguous" else "no solution"
        summary = f"Counting solutions found {found} in {view.seconds * 1000:.1f} ms."
    elif view.status == "ambiguous":
        summary = (f"Logic took {plural(view.step_count, 'step')} in {plural(len(view.passes), 'pass', 'passes')}; "
                   f"then counting solutions found more than one, in {view.seconds * 1000:.1f} ms in all.")
    else:
        grade = tag(view.grade) + escape(grade_text(view)[len(view.grade):]) if view.grade else "-"
        summary = (f"{plural(len(view.passes), 'pass', 'passes')}, {plural(view.step_count, 'step')}; grade {grade}; "
                   f"{'backtracking needed' if view.backtracked else 'no backtracking'}; "
                   f"{'solved' if view.status == 'solved' else 'done'} in {view.seconds * 1000:.1f} ms")
    printing = ' <button type="button" id="print-button">Print</button>' if view.step_count else ""
    out.append(f'<p class="summary">{summary}{printing}</p>\n')
    if view.message:
        out.append(f'<p class="summary">{escape(view.message)}</p>\n')
    counts = ", ".join(f"{tag(t)} {view.counts.get(t, 0)}" for t in technique_names(view) if t in view.counts)
    if counts:
        out.append(f'<p class="summary">Steps per technique: {counts}</p>\n')
    if view.unknown:
        out.append(f'<p class="summary warn">Not a technique ascent knows: {escape(", ".join(view.unknown))} '
                   '(drawn as the trace says).</p>\n')
    if p.source and p.source.url:
        out.append(f'<p class="summary">Source (as text, not a link): <code>{escape(p.source.url)}</code></p>\n')
    out.append('<details class="formats"><summary>The puzzle in every input format (to paste into another solver)</summary>\n<dl>\n')
    for name, text in formats(p):
        out.append(f"<dt>{escape(name)}</dt><dd><pre>{escape(text)}</pre></dd>\n")
    out.append("</dl>\n</details>\n</header>\n")
    return "".join(out)
