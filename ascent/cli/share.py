"""ascent export, and the --html/--svg/--markdown options of solve and solve-one: share a solve as files."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from ..show.console import console
from .base import EXIT_SOLVED, Usage, app, check_outputs, is_stdout, read_json, write_text

if TYPE_CHECKING:
    from ..model.trace import Result
    from ..show.view import View

# The options solve and solve-one share (one line each in their signatures).
HTML = typer.Option(None, "--html", help="Also write a self-contained HTML page that steps through the solve ('-': stdout).")
SVG = typer.Option(None, "--svg", help="Also write the final grid as a standalone SVG ('-': stdout).")
MARKDOWN = typer.Option(None, "--markdown", help="Also write a Markdown walk-through that fits a forum post ('-': stdout).")
MARKDOWN_FULL = typer.Option(False, "--markdown-full",
                             help="With --markdown: keep every grid and sentence (the default fits a forum post).")


def check_shares(html: Optional[Path], svg: Optional[Path], markdown: Optional[Path], markdown_full: bool = False,
                 json_path: Optional[Path] = None):
    """Each file asked for can be written, checked before the work starts (with the command's --json);
    at most one is '-' (stdout). The console for the command's notes and screens (``check_outputs``)."""
    if markdown_full and markdown is None:
        raise Usage("--markdown-full goes with --markdown")
    return check_outputs(("--json", json_path), ("--html", html), ("--svg", svg), ("--markdown", markdown))


def write_shares(result: Result, html: Optional[Path] = None, svg: Optional[Path] = None,
                 markdown: Optional[Path] = None, step: Optional[int] = None, markdown_full: bool = False,
                 source: Optional[Path] = None, notes=console) -> Optional[View]:
    """Write whichever of the three files were asked for ('-': stdout), and say where on ``notes``.
    None when none were.

    The Markdown fits a forum post unless ``markdown_full`` (every grid, every sentence)."""
    if html is None and svg is None and markdown is None:
        return None
    from ..export import grid_svg, page, walkthrough
    from ..show.view import build

    view = build(result)
    if view.unknown:
        where = f"{source}: " if source is not None else ""
        notes.print(f"warning: {where}not a technique ascent knows: {', '.join(view.unknown)} "
                    "(drawn as the trace says)", markup=False, highlight=False, soft_wrap=True)
    post_page = _page_beside(markdown, html)
    for path, what, make in ((html, "HTML", page),
                             (markdown, "Markdown", lambda v: walkthrough(v, full=markdown_full, page=post_page))):
        if path is not None:
            start = time.perf_counter()
            text = make(view)
            write_text(f"--{what.lower()}", path, text)
            if not is_stdout(path):
                notes.print(f"{what} written: {path} ({_size(len(text.encode()))}, {time.perf_counter() - start:.2f} s)",
                            markup=False, highlight=False)
    if svg is not None:
        try:
            frame = view.final if step is None else view.frame(step)
        except IndexError as e:
            raise Usage(f"--step: {e}") from None
        title = "the final grid" if step is None else ("the start" if step == 0 else f"after step {step}")
        write_text("--svg", svg, grid_svg(view.puzzle, frame, title=title, plain=step is None) + "\n")
        if not is_stdout(svg):
            notes.print(f"SVG written: {svg} ({title})", markup=False, highlight=False)
    return view


def _page_beside(markdown: Optional[Path], html: Optional[Path]) -> Optional[str]:
    """The HTML walk-through a Markdown post links for what it leaves out: the --html file, as seen from the
    post's folder; else the name --html would give it beside the post (solve.md: solve.html); None for stdout."""
    if html is not None and not is_stdout(html):
        base = Path(".") if markdown is None or is_stdout(markdown) else markdown.parent
        return Path(os.path.relpath(html, base)).as_posix()
    if markdown is None or is_stdout(markdown):
        return None
    return markdown.with_suffix(".html").name


def _size(n: int) -> str:
    return f"{n / 1024:.0f} kB" if n < 1 << 20 else f"{n / (1 << 20):.2f} MB"


@app.command("export")
def export_cmd(
    trace: Path = typer.Argument(..., help="A trace saved by 'ascent solve --json'."),
    html: Optional[Path] = typer.Option(None, "--html", help="Write a self-contained HTML page that steps through the solve."),
    svg: Optional[Path] = typer.Option(None, "--svg", help="Write the final grid (or --step N's) as a standalone SVG."),
    markdown: Optional[Path] = typer.Option(None, "--markdown", help="Write a Markdown walk-through."),
    step: Optional[int] = typer.Option(None, "--step", min=0, help="With --svg: the grid right after step N (0 = the start)."),
    markdown_full: bool = MARKDOWN_FULL,
    index: Optional[int] = typer.Option(None, "--index", min=1, metavar="K",
                                        help="A file of several traces (solve --file ... --json): draw its K-th (from 1)."),
) -> int:
    """Draw a saved solve as an HTML step-through, an SVG grid or a Markdown walk-through.

    \b
    Example:
      ascent solve --tatham "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1" --json trace.json
      ascent export trace.json --html solve.html --markdown solve.md
      ascent export trace.json --svg step12.svg --step 12
      ascent export trace.json --markdown long.md --markdown-full
      ascent generate 5 --level easy --count 2 --seed 1 > puzzles.jsonl
      ascent solve --file puzzles.jsonl --json traces.json
      ascent export traces.json --index 2 --html second.html
    """
    if html is None and svg is None and markdown is None:
        raise Usage("give at least one of --html, --svg or --markdown")
    if step is not None and svg is None:
        raise Usage("--step goes with --svg")
    notes = check_shares(html, svg, markdown, markdown_full)
    from ..export import TraceError, result_from_dict

    data = read_json(trace, "a saved solve (the --json of solve or solve-one)")
    if _is_puzzle(data):
        raise Usage(f"{trace}: this is a puzzle, not a trace: solve it with --json first "
                    f"(ascent solve --file {trace} --json trace.json)")
    if isinstance(data, list):  # several traces, as 'solve --file' writes them for a file of puzzles
        if index is None:
            raise Usage(f"{trace} holds {len(data)} traces: choose one with --index K (1..{len(data)})")
        if index > len(data):
            raise Usage(f"--index {index}: {trace} holds only {len(data)} trace{'s' if len(data) != 1 else ''}")
        data = data[index - 1]
    elif index is not None and index != 1:
        raise Usage(f"--index {index}: {trace} holds one trace")
    try:
        result = result_from_dict(data)
    except TraceError as e:
        raise Usage(f"{trace}: {e}") from None  # a file that is not a trace ascent wrote
    write_shares(result, html, svg, markdown, step, markdown_full, source=trace, notes=notes)
    return EXIT_SOLVED


def _is_puzzle(data) -> bool:
    """A puzzle record (or a list or store file of them), not a trace: it has clues, and no passes."""
    if isinstance(data, list):
        return bool(data) and all(_is_puzzle(d) for d in data[:3])
    if isinstance(data, dict) and data and all(isinstance(v, list) for v in data.values()):
        return any(_is_puzzle(v) for v in data.values())
    return isinstance(data, dict) and isinstance(data.get("clues"), dict) and "passes" not in data
