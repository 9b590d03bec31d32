"""The terminal draws what ascent.show.view says to show (issue 12: one model for every renderer).

The grids a solve prints -- each cell's candidates or placed height, the cells a pass changed,
the broken cells -- and a forcing step's chains are read back from the terminal's own output
and compared with the view model, and the model with a replay through the engine's one writer.
"""

import io
import re

import pytest
from rich.console import Console

from ascent import Puzzle
from ascent.model import cands
from ascent.show import render
from ascent.cli import show
from ascent.solver.engine import solve
from ascent.model.grid import Grid, cell_name
from ascent.model.trace import Proof, Pass, Result, Step
from ascent.show.view import build, cells_text, is_supposition, link_names

MEDVED = "3 3 2 1 2 2 3 4 3 2 4 1 4 2 2 4 1 4 5 3 2 3 1 4 2 5 2 3"  # 7x7, needs forcing
ANSI = re.compile(r"\x1b\[([0-9;]*)m")
CHANGED, BROKEN, BOLD, DIM, CLUE = "1;30;43", "1;37;41", "1", "2", "36"


@pytest.fixture(scope="module")
def medved():
    result = solve(Puzzle.from_clues(MEDVED))
    assert result.status == "solved" and result.counts.get("forcing", 0) >= 1
    return result


def printed(monkeypatch, result, terminal: bool, debug: bool = True, width: int = 200) -> str:
    """What ``show_result`` prints: with colour codes as in a terminal, or plain as when piped."""
    out = Console(file=io.StringIO(), width=width, force_terminal=terminal,
                  color_system="standard" if terminal else None, highlight=False)
    monkeypatch.setattr(show, "console", out)
    show.show_result(result, debug=debug)
    return out.file.getvalue()


def segments(line: str) -> list[tuple[str, str]]:
    """(colour code in force, text) along one printed line."""
    out, code, pos = [], "", 0
    for m in ANSI.finditer(line):
        if m.start() > pos:
            out.append((code, line[pos:m.start()]))
        code = "" if m.group(1) in ("", "0") else m.group(1)
        pos = m.end()
    if pos < len(line):
        out.append((code, line[pos:]))
    return out


def drawn_grid(lines: list[str], title: str, n: int) -> list[list[tuple[str, str]]]:
    """The cells of the grid printed under ``title`` (one line per row, as at 200 columns): (code, text)
    per cell. Cells are the styled pieces of a row that are not clues (clues are cyan, gaps unstyled)."""
    plain = [ANSI.sub("", line) for line in lines]
    k = plain.index(title)
    rows = []
    for line in lines[k + 2:k + 2 + n]:  # after the title and the upper clues
        cells = [(code, text.strip()) for code, text in segments(line) if code and code != CLUE and text.strip()]
        assert len(cells) == n, line
        rows.append(cells)
    return rows


# ---------------------------------------------------------------------------- grids and highlights
def test_view_changed_is_every_cell_a_pass_changed(medved):
    """PassView.changed: the cells whose candidates or placed height a pass changed, replayed with Grid.apply."""
    view = build(medved)
    grid = Grid.start(medved.puzzle)
    value_only = 0
    for p, pv in zip(medved.passes, view.passes, strict=True):
        before = list(zip(grid.masks, grid.values))
        for step in p.steps:
            grid.apply(step)
        after = list(zip(grid.masks, grid.values))
        assert pv.changed == tuple(i for i in range(len(after)) if before[i] != after[i]), pv.title
        assert (pv.after.masks, pv.after.values) == (tuple(grid.masks), tuple(grid.values))
        value_only += any(before[i][0] == after[i][0] for i in pv.changed)
    assert value_only  # a naked single places a height without changing the candidates: still a change


def test_terminal_grids_are_the_views_cells_and_highlight_its_changed_cells(monkeypatch, medved):
    view = build(medved)
    n = medved.puzzle.size
    lines = printed(monkeypatch, medved, terminal=True).splitlines()
    start = drawn_grid(lines, f"Start: {medved.puzzle.describe()}", n)
    assert [[text for _, text in row] for row in start] == cells_text(view.start, n)
    assert all(code in (BOLD, DIM) for row in start for code, _ in row)  # nothing highlighted, nothing cyan
    forcing = 0
    for pv in view.passes:
        chains = [c for f in pv.frames for c in f.chains]
        if chains:  # a forcing step: the grid before it, where its chain starts, with the supposed cell lit
            rows = drawn_grid(lines, f"{pv.title} (the grid before it)", n)
            shown, changed = chains[0].frames[0], {f.cells[0] for f in pv.frames}
            forcing += 1
        else:
            rows = drawn_grid(lines, pv.title, n)
            shown, changed = pv.after, set(pv.changed)
        assert [[text for _, text in row] for row in rows] == cells_text(shown, n), pv.title
        lit = {r * n + c for r, row in enumerate(rows) for c, (code, _) in enumerate(row) if code == CHANGED}
        assert lit == changed, pv.title
        for r, row in enumerate(rows):  # the rest: placed heights bold, open cells dim
            for c, (code, _) in enumerate(row):
                if r * n + c not in lit:
                    assert code == (BOLD if shown.values[r * n + c] else DIM), (pv.title, r, c)
    assert forcing >= 1


def test_an_open_cell_with_one_candidate_is_not_drawn_as_placed():
    puzzle = Puzzle.from_clues("0 0 1 2 0 2 0 0 0 3 0 0 0 1 0 0")
    masks = [cands.bit(3)] + [0b1111] * 15
    def first(values, compact=False):
        return render.GridView(puzzle, masks, values=values, compact=compact).lines(80)[1].plain.split()[0]
    assert first([0] * 16) == "[3]" and first([3] + [0] * 15) == "3"
    assert first(None) == "3"  # without placed heights (a player's grid, --answer) one candidate is a height
    assert first([0] * 16, compact=True) == "·"


def test_a_step_that_breaks_the_grid_marks_the_broken_cell(monkeypatch):
    puzzle = Puzzle.from_keys("4000" "0000" "0000" "0000", state="2" + "-" * 15)  # column 1 must read 1 2 3 4
    result = solve(puzzle, logic_only=True)
    assert result.status == "contradiction"
    view = build(result)
    lines = printed(monkeypatch, result, terminal=True).splitlines()
    rows = drawn_grid(lines, view.passes[-1].title, 4)
    assert [rows[r][0] for r in range(4)] == [(BROKEN, "1"), (CHANGED, "2"), (CHANGED, "3"), (CHANGED, "4")]
    assert view.final.broken == (0,)


# ---------------------------------------------------------------------------- forcing chains
def expected_chain(frame, n) -> list[str]:
    """A forcing step's chain as the view has it: each chain's links numbered L0 (the supposition), L1, ...
    with the links each reads, then how it ends."""
    out = []
    for chain in frame.chains:
        width = len(f"L{chain.links} ")
        for k, link in enumerate(chain.frames[1:]):
            label = f"L{k}".ljust(width)
            if is_supposition(link.step):
                out.append(render.HYPOTHETICAL + label + link.sentence)
            else:
                reads = f"  (from {link_names(link.step.reads)})" if link.step.reads else ""
                out.append(render.HYPOTHETICAL + label + render.step_line(link.step, n).plain + reads)
        out.append(render.HYPOTHETICAL + chain.end)
    return out


def forcing_frames(view):
    return [f for f in view.frames if f.chains]


def test_chain_lines_come_from_the_views_chain_frames(monkeypatch, medved):
    view = build(medved)
    n = medved.puzzle.size
    frames = forcing_frames(view)
    assert frames
    lines = printed(monkeypatch, medved, terminal=False).splitlines()  # piped: one line per step and link
    for f in frames:
        chain = [line.plain.rstrip() for line, _ in render.chain_lines(f, n)]
        assert "hypothetical" in chain[0]
        assert chain[1:] == [line.rstrip() for line in expected_chain(f, n)]
        title = f"{render.HYPOTHETICAL}L0 {f.chains[0].title}".replace("L0 ", "L0".ljust(len(f"L{f.chains[0].links} ")))
        assert chain[1] == title or chain[1].startswith(f"{title}; ")  # "suppose R1C1 is 1", maybe "; 1 leaves ..."
        ends = f"{render.HYPOTHETICAL}contradiction, from {link_names(f.step.reads)}: "
        assert chain[-1].startswith(ends)
        assert all(0 <= k < f.chains[0].links + 1 for k in f.step.reads)  # the links it reads are the chain's
        for k, link in enumerate(f.chains[0].frames[2:], 1):
            assert link.step.reads and all(j < k for j in link.step.reads)  # each link reads earlier links only
        k = lines.index(render.step_line(f.step, n).plain)  # printed under the forcing step, in that order
        # the printed chain holds the reader's grid too (under the supposition, every 6 links, at the end): the
        # text lines are the chain's, in order, with the pictures between them
        said = [line.rstrip() for line in lines[k + 1:] if line.startswith(render.HYPOTHETICAL) or "(hypothetical" in line]
        assert said[:len(chain)] == chain
        shown = [line.strip() for line in lines[k + 1:] if line.startswith("    the grid ")]
        points = f.chains[0].snapshots()
        assert shown[:len(points)] == [("the grid under the supposition" if p == 0 else f"the grid after L{p}")
                                       + ", the cells the chain changed marked *:" for p in points]


def test_a_chain_shows_the_readers_grid_at_its_start_every_six_links_and_at_its_end():
    from ascent.show.view import Chain

    def chain(links):
        return Chain("suppose", tuple(object() for _ in range(links + 2)), "end", True)
    assert chain(2).snapshots() == (0,)
    assert chain(3).snapshots() == (0, 3)
    assert chain(6).snapshots() == (0, 6)
    assert chain(10).snapshots() == (0, 6, 10)
    assert chain(13).snapshots() == (0, 6, 13)  # not 12 and 13: two pictures a link apart
    assert chain(16).snapshots() == (0, 6, 12, 16)
    assert chain(37).snapshots() == (0, 6, 12, 18, 24, 30, 37)
    assert chain(33).snapshots() == (0, 6, 12, 18, 24, 30, 33)


def test_a_new_branch_is_a_forcing_step_placing_a_height_and_eliminating_nothing(medved, shared):
    """The engine starts every chain with 'suppose RxCy is d', a forcing step that places d (and crosses it
    out); the view
    splits chains there, and no other link looks like one."""
    import json

    records = json.loads((shared / "generated" / "5x5-puzzles.json").read_text())["extreme"][:6]
    results = [medved] + [solve(Puzzle.from_record(r, "extreme"), logic_only=True) for r in records]
    seen = 0
    for result in results:
        n = result.puzzle.size
        for f in forcing_frames(build(result)):
            for link in f.step.chain:
                # a supposition places its height and eliminates only its cross-out (forcing.fold)
                placing_only = (link.technique == "forcing" and bool(link.placements)
                                and link.eliminations == link.crossed)
                assert is_supposition(link) == placing_only == link.reason.startswith("suppose ")
            assert is_supposition(f.step.chain[0])
            assert [c.title for c in f.chains] == [f"suppose {cell_name(c, n)} is {d}" for x in f.step.chain
                                                   if is_supposition(x) for c, d in x.placements]
            assert all(x.reason.startswith(t) for t, x in zip([c.title for c in f.chains],
                                                               [x for x in f.step.chain if is_supposition(x)]))
            assert sum(len(c.frames) - 1 for c in f.chains) == len(f.step.chain)  # every link shown
            seen += 1
    assert seen >= 3


def test_a_contradiction_a_technique_finds_itself_ends_the_chain(shared):
    """Some chains end without a broken cell: a row or column shows the contradiction (no place for a
    height, too few heights for its cells, no filling its clues allow). The terminal shows it, from the
    view, with the links it reads."""
    import json

    records = json.loads((shared / "generated" / "5x5-puzzles.json").read_text())["extreme"]
    ends = []
    for rec in records:  # the first puzzles with such a chain
        result = solve(Puzzle.from_record(rec, "extreme"), logic_only=True)
        for f in forcing_frames(build(result)):
            for chain in f.chains:
                if chain.at_end is not None:
                    ends.append(chain.end)
                    told = f", from {link_names(f.step.reads)}" if f.step.reads else ""
                    assert chain.end == f"contradiction{told}: " + f.step.contradiction.text(5)  # made from its fields
                    assert render.chain_lines(f, 5)[-1][0].plain == render.HYPOTHETICAL + chain.end
        if len(ends) >= 2:
            break
    assert ends


def test_every_branch_chains_each_end_where_the_branch_ends(monkeypatch):
    """A forcing step that follows every candidate of a cell: one branch per supposition, each ended."""
    puzzle = Puzzle.from_clues("0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0")
    suppose = [Step("forcing", f"suppose R1C1 is {d}", None, None, (0,), placements=((0, d),), proof=Proof(supposition=True))
               for d in (1, 2)]
    sudoku = [Step("sudoku", f"R1C1 is {d}, so {d} leaves the rest of its row and column", None, None, (0,),
                   eliminations=((1, cands.bit(d) | cands.bit(4)),)) for d in (1, 2)]
    step = Step("forcing", "R1C1 is 1 or 2, and every one of them leads by easier steps to the same loss: R1C2 loses 4",
                None, None, (0,), eliminations=((1, cands.bit(4)),), proof=Proof(branches=((suppose[0], sudoku[0]), (suppose[1], sudoku[1]))))
    first = Step("x", "R1C1 is 1 or 2", None, None, (0,), eliminations=((0, 0b1100),))
    grid = Grid.start(puzzle)
    grid.apply(first)
    result = Result(puzzle, "stuck", [Pass(1, "x", [first]), Pass(2, "forcing", [step])], "forcing", {}, False,
                    tuple(grid.masks))
    (f,) = forcing_frames(build(result))
    chain = [line.plain for line, _ in render.chain_lines(f, 4)]
    assert chain[1:] == expected_chain(f, 4)
    assert [line.strip() for line in chain if "suppose" in line] == ["| L0 suppose R1C1 is 1", "| L0 suppose R1C1 is 2"]
    ends = [line for line in chain if "this branch ends here" in line]
    assert len(ends) == 2 and not any("contradiction" in line for line in chain)


def test_a_snapshot_marks_the_changed_cells_in_plain_text_too():
    """Piped or printed, colour is gone: the cells a chain changed carry a '*' before their middle line, and only
    they (a reader of the hand check found nothing highlighted in plain text)."""
    from ascent.model.grid import Grid
    from ascent.puzzle import Puzzle
    from ascent.show.gridtext import grid_lines

    puzzle = Puzzle(4, (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    masks = Grid.start(puzzle).snapshot()
    changed = (0, 5, 15)
    starred = [line.plain for line in grid_lines(puzzle, masks, changed, star=True)]
    assert sum(line.count("*") for line in starred) == len(changed)
    plain = [line.plain for line in grid_lines(puzzle, masks, changed)]
    assert "*" not in "".join(plain)
    assert [len(a) for a in starred] == [len(b) for b in plain]  # the marks take the gap: nothing moves


def test_a_chains_snapshots_keep_the_layout_of_its_first(shared):
    """As a chain goes on, the grid fills and a narrower layout (``[digits]`` in place of pencil blocks) would fit 80
    columns; the snapshots keep the first one's layout, so the reader need not re-read the grid each time. On dev
    record 5 (9x9 unreasonable), whose longest chain (37 links) switched layouts part-way: every snapshot is drawn in
    as many lines as its first, at 80 columns, and one laid out afresh would not be."""
    import json

    from rich.console import Group

    rec = json.loads((shared / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"][5]
    result = solve(Puzzle.from_record(rec, "unreasonable"), logic_only=True)
    frame = max(forcing_frames(build(result)), key=lambda f: f.chains[0].links)
    out = Console(file=io.StringIO(), width=80, color_system=None)

    def height(thing) -> int:
        with out.capture() as got:
            out.print(thing)
        return len(got.get().splitlines())

    pictures = [part for part, _ in render.chain_lines(frame, 9, result.puzzle) if isinstance(part, Group)]
    assert len(pictures) == len(frame.chains[0].snapshots()) >= 5
    assert {height(p) for p in pictures} == {height(pictures[0])}
    last = pictures[-1].renderables[-1]
    afresh = render.GridView(result.puzzle, last.masks, values=last.values)
    assert height(afresh) < height(pictures[0]) - 1  # the fuller grid alone fits in fewer lines
