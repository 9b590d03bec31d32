"""Sharing a solve: the view model, and the HTML, SVG and Markdown drawn from it, parsed strictly."""

import json
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from ascent.store import SAMPLES
from typer.testing import CliRunner

from ascent.model import cands
from ascent.cli import app
from ascent.solver.engine import solve
from ascent.export import TraceError, grid_svg, page, result_from_dict, walkthrough
from ascent.export.markdown import md_escape
from ascent.model.grid import Conflict, cell_name, lines_of, place_of
from ascent.puzzle import Puzzle
from ascent.model.trace import Proof, Pass, Result, Step
from ascent.show.view import build, chains_of, lane_of

runner = CliRunner()
SVG_NS = "{http://www.w3.org/2000/svg}"
CLUES = "3 3 2 1 2 2 3 4 3 2 4 1 4 2 2 4 1 4 5 3 2 3 1 4 2 5 2 3"  # 7x7, solved by the easy tiers
HOSTILE_URL = 'https://x.example/?date=0101"><script>alert(1)</script><img src=x onerror=alert(2)>'
HOSTILE_LABEL = "</title><script>alert(3)</script>&amp;"
EXTERNAL = re.compile(r"(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}|\burl\(|@import|\bfetch\(|XMLHttpRequest|\bsrc\s*=|\bhref\s*=", re.I)


def parse_html(text: str) -> ET.Element:
    """The page is polyglot markup: after the doctype it must parse as XML, strictly."""
    assert text.startswith("<!DOCTYPE html>\n")
    return ET.fromstring(text.split("\n", 1)[1])


def text_of(el: ET.Element) -> str:
    return "".join(el.itertext())


def by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(tag) if cls in (e.get("class") or "").split()]


def shared_puzzle(shared, folder: str, label: str, ident: str | None = None) -> Puzzle:
    size = 7 if folder == "generated" else 4
    recs = json.loads((shared / folder / f"{size}x{size}-puzzles.json").read_text())[label]
    rec = next(r for r in recs if ident is None or r.get("id") == ident or ident in r.get("url", ""))
    return Puzzle.from_record(rec, label)


@pytest.fixture(scope="module")
def easy():
    return solve(Puzzle.from_clues(CLUES))


@pytest.fixture(scope="module")
def forcing(shared):
    """A generated 7x7 'extreme' puzzle: it needs forcing (two chains that end in contradictions)."""
    result = solve(shared_puzzle(shared, "generated", "extreme", "gen-7-84"), logic_only=True)
    assert result.status == "solved" and result.counts.get("forcing", 0) >= 1
    return result


# ---------------------------------------------------------------------------- the view model
def test_view_replays_to_the_final_grid_with_a_frame_per_step(easy):
    view = build(easy)
    assert [f.number for f in view.frames] == list(range(easy.step_count + 1))
    assert view.final.masks == easy.masks and view.complete
    assert all(v for v in view.final.values) and view.frames[0].title == "Start"
    for before, f in zip(view.frames, view.frames[1:]):  # each frame is the one before plus its step
        for cell, m in f.eliminated:
            assert before.masks[cell] & m and not f.masks[cell] & m
        for cell, d in f.placed:
            assert f.values[cell] == d
    assert sum(len(p.frames) for p in view.passes) == easy.step_count


def _lines(n: int):
    return lines_of(Puzzle.from_clues(" ".join(["0"] * 4 * n)))


def test_lane_of_reads_the_step_s_lane_field():
    step = Step("ascent", "x", place_of(_lines(5), "column", 2, "lower"), 2, ())
    assert lane_of(step, 5) == ((2, 7, 12, 17, 22), "lower", 2)
    assert lane_of(Step("pinpoint", "x", place_of(_lines(4), "row", 1, None)), 4) == ((4, 5, 6, 7), None, 1)
    assert lane_of(Step("sudoku", "x", None), 4) == ((), None, None)
    assert lane_of(Step("x", "x", place_of(_lines(9), "row", 8, "left"), 1), 4) == ((), None, None)  # outside the grid: no outline


def test_rewording_a_sentence_moves_no_highlight(forcing):
    """The view reads fields, never sentences: the same steps with every sentence replaced draw the same frames."""
    def reworded(step):
        return replace(step, sentence="(reworded)", proof=replace(
            step.proof, chain=tuple(map(reworded, step.chain)), branches=tuple(tuple(map(reworded, b)) for b in step.branches)))
    plain = build(forcing)
    again = build(Result(forcing.puzzle, forcing.status, [Pass(p.number, p.kind, [reworded(s) for s in p.steps])
                                                         for p in forcing.passes], forcing.grade, forcing.counts,
                         forcing.backtracked, forcing.masks))
    def marks(view):
        return [(f.lane, f.side, f.cells, f.broken, [(c.title == "the chain", c.contradiction, c.end,
                 c.at_end and (c.at_end.lane, c.at_end.broken)) for c in f.chains]) for f in view.frames]
    assert marks(plain) == marks(again)


def test_forcing_chain_frames_end_at_the_contradiction(forcing):
    view = build(forcing)
    stepped = [f for f in view.frames if f.chains]
    assert stepped
    for f in stepped:
        (chain,) = f.chains
        assert chain.contradiction and chain.end.startswith(("contradiction: ", "contradiction, from L"))
        before = view.frames[f.number - 1]
        assert chain.frames[0].masks == before.masks  # the chain starts from the grid before the step
        assert chain.frames[1].step.reason.startswith("suppose ")
        assert len(chain.frames) == len(f.step.chain) + 1
        last = chain.frames[-1]
        assert last.broken or (chain.at_end and (chain.at_end.lane or chain.at_end.broken))


def test_every_branch_forcing_splits_into_one_chain_per_candidate(shared):
    from tests.conftest import every_branch_solve

    result = every_branch_solve(shared)
    view = build(result)
    agreeing = [f for f in view.frames if f.chains and "every one of them" in f.sentence]
    assert agreeing
    for f in agreeing:
        cell = f.cells[0]
        assert len(f.chains) == cands.count(view.frames[f.number - 1].masks[cell]) >= 2
        for chain in f.chains:
            assert not chain.contradiction and chain.title.startswith(f"suppose {cell_name(cell, 4)} is ")
            for c, m in f.eliminated:  # each branch really removes what the step removes
                assert not chain.frames[-1].masks[c] & m


def test_a_step_that_breaks_the_grid_is_drawn_and_the_replay_stops():
    puzzle = Puzzle.from_keys("4000" "0000" "0000" "0000", state="2" + "-" * 15)  # column 1 must read 1 2 3 4
    result = solve(puzzle, logic_only=True)
    assert result.status == "contradiction"
    view = build(result)
    assert not view.complete and view.final.broken
    parse_html(page(view))
    assert "breaks" in walkthrough(view)


def test_hand_made_chain_without_suppositions_is_one_chain():
    row1 = place_of(_lines(4), "row", 0, None)
    step = Step("forcing", "if R1C1 were 1, 1 easier steps would lead to a contradiction, so it is not 1",
                None, None, (0,), eliminations=((0, 1),), proof=Proof(chain=(Step("sudoku", "x", None, None, (0,), eliminations=((1, 2),)),), contradiction=Conflict("no ordering fits", row1.cells, row1)))
    (chain,) = chains_of(step, [15] * 16, [0] * 16, 4)
    assert chain.contradiction and chain.end == "contradiction: row 1: no ordering fits"
    assert chain.at_end.lane == (0, 1, 2, 3)


# ---------------------------------------------------------------------------- HTML
def check_page(result: Result) -> ET.Element:
    view = build(result)
    text = page(view)
    root = parse_html(text)
    n = view.puzzle.size
    # every step is present, in order, with its sentence; every chain link too
    buttons = by_class(root, "button", "step")
    assert [int(b.get("data-f")) for b in buttons] == list(range(view.step_count + 1))
    for b, f in zip(buttons[1:], view.frames[1:]):
        assert f.sentence in text_of(b) and f.technique in text_of(b)
    links = by_class(root, "button", "link")
    assert len(links) == sum(len(c.frames) - 1 for f in view.frames for c in f.chains)
    # the data the script replays has one entry per frame
    (data_el,) = [s for s in root.iter("script") if s.get("id") == "data"]
    data = json.loads(data_el.text)
    assert len(data["frames"]) == view.step_count + 1 and data["n"] == n
    # both grids: clues on four sides, every cell with all its candidate slots
    svgs = list(root.iter("svg"))
    assert len(svgs) == 2
    for svg in svgs:
        clues = {side: [e.text or "" for e in svg.iter("text") if e.get("data-side") == side]
                 for side in ("upper", "lower", "left", "right")}
        for side, texts in clues.items():
            assert texts == [str(c) if c else "" for c in getattr(view.puzzle, side)], side
        cells = by_class(svg, "g", "cell")
        assert len(cells) == n * n and all(len(by_class(c, "g", "k")) == n for c in cells)
    # nothing external: no link, no source, no import, no request
    outside_data = text.replace(data_el.text, "")
    assert not EXTERNAL.search(outside_data.replace(view.puzzle.source.url or "\0", "") if view.puzzle.source else outside_data)
    assert "default-src 'none'" in text
    return root


def test_html_page_is_well_formed_and_has_every_step(easy):
    root = check_page(easy)
    assert "SOLVED" in text_of(root).upper()
    formats = {text_of(dt): text_of(dd) for dt, dd in zip(root.iter("dt"), root.iter("dd"))}
    p = easy.puzzle
    assert json.loads(formats["record JSON"]) == p.to_record()
    assert formats["clockwise clues"] == " ".join(map(str, p.to_clues()))
    assert formats["keys"] == p.to_keys()[0] and formats["Tatham game id"] == p.to_tatham()


def test_html_page_with_forcing_chains(forcing):
    root = check_page(forcing)
    tags = [e for e in root.iter("span") if "t-forcing" in (e.get("class") or "")]
    assert tags and all(text_of(t) == "forcing" for t in tags)
    assert any(text_of(e).startswith(("contradiction: ", "contradiction, from L")) for e in by_class(root, "li", "end"))


def test_html_page_has_no_url_at_all_when_the_puzzle_has_none(easy):
    text = page(build(easy))
    assert "http:" not in text and "https:" not in text and "//" not in text.replace("//<![CDATA[", "").replace("//]]>", "")


def test_hostile_url_and_label_are_escaped():
    puzzle = Puzzle.from_record({"url": HOSTILE_URL, "clues": Puzzle.from_clues(CLUES).to_record()["clues"]}, HOSTILE_LABEL)
    result = solve(puzzle)
    text = page(build(result))
    root = parse_html(text)  # an injected tag would break the strict parse or show up below
    assert [s.get("id") for s in root.iter("script")] == ["data", None]
    assert not list(root.iter("img"))
    assert HOSTILE_LABEL in text_of(root.find("head/title"))
    assert HOSTILE_URL in text_of(root)  # shown as text, never as markup
    assert "<script>alert" not in text and "onerror=alert(2)>" not in text


def test_hostile_trace_text_is_escaped(tmp_path, easy):
    data = easy.to_dict()
    step = data["passes"][0]["steps"][0]
    step["reason"] = "</script><script>alert(1)</script> & <b>bold</b>"
    step["technique"] = 'x" onclick="alert(1)'
    text = page(build(result_from_dict(data)))
    root = parse_html(text)
    assert len(list(root.iter("script"))) == 2 and not list(root.iter("b"))
    first = by_class(root, "button", "step")[1]
    assert step["reason"] in text_of(first)
    assert all(e.get("onclick") is None for e in root.iter())
    md = walkthrough(build(result_from_dict(data)))
    assert "<script>" not in md and "<b>" not in md


# ---------------------------------------------------------------------------- SVG
def svg_cells(root: ET.Element, n: int):
    """(placed height, shown candidates mask, struck mask) per cell of a standalone SVG."""
    out = []
    for g in [e for e in root.iter(f"{SVG_NS}g") if "cell" in (e.get("class") or "").split()]:
        v = g.find(f"{SVG_NS}text").text or ""
        shown = struck = 0
        for k in g.findall(f"{SVG_NS}g"):
            d = int(k.find(f"{SVG_NS}text").text, 36)
            if "on" in k.get("class").split():
                shown |= cands.bit(d)
            if "struck" in k.get("class").split():
                struck |= cands.bit(d)
        out.append((int(v, 36) if v else 0, shown, struck))
    assert len(out) == n * n
    return out


def test_svg_final_grid_and_a_step(easy):
    view = build(easy)
    p, n = easy.puzzle, easy.puzzle.size
    root = ET.fromstring(grid_svg(p, view.final))
    assert root.tag == f"{SVG_NS}svg"
    assert [c[0] for c in svg_cells(root, n)] == [h for row in easy.solution for h in row]
    texts = [e for e in root.iter(f"{SVG_NS}text") if e.get("data-side")]
    for side in ("upper", "lower", "left", "right"):
        assert [e.text or "" for e in texts if e.get("data-side") == side] == [str(c) if c else "" for c in getattr(p, side)]
    frame = next(f for f in view.frames if f.eliminated and f.lane)
    cells = svg_cells(ET.fromstring(grid_svg(p, frame)), n)
    for i, (v, shown, struck) in enumerate(cells):
        assert struck == sum(m for c, m in frame.eliminated if c == i)
        assert shown == (0 if frame.values[i] else frame.masks[i])
    text = grid_svg(p, frame)
    assert not EXTERNAL.search(text.replace('xmlns="http://www.w3.org/2000/svg"', ""))
    assert 'class="lane"' in text and 'class="clue hot"' in text


# ---------------------------------------------------------------------------- Markdown
def test_markdown_full_has_the_start_every_pass_step_and_grid(easy):
    view = build(easy)
    md = walkthrough(view, full=True)
    assert "## Start" in md and md.count("Grid after the pass:") == len(view.passes)
    for pv in view.passes:
        assert f"## {md_escape(pv.title)}" in md
    flat = re.sub(r"\s+", " ", md)
    for f in view.frames[1:]:
        assert f"{f.number}. **{f.technique}**" in md and md_escape(f.sentence) in flat
    last_block = md.rsplit("```\n", 2)[-2]
    assert all(" ".join(str(h) for h in row) in re.sub(r" +", " ", last_block) for row in easy.solution)
    assert [line for line in md.split("\n") if len(line) > 100 and '"clues"' not in line] == []  # but the record JSON
    assert md_escape("a <b>[link](x)</b> `c`") == r"a \<b\>\[link\](x)\</b\> \`c\`"


def test_markdown_short_names_every_step_and_draws_start_end_and_forcing_grids(forcing):
    view = build(forcing)
    md = walkthrough(view)
    n = view.puzzle.size
    forcing_steps = [f for f in view.frames if f.chains]
    grids = [b for b in re.findall(r"```\n(.*?)\n *```", md, re.S) if b.count("\n") == n + 1]
    assert len(grids) == 2 + len(forcing_steps)  # the start, each forcing step's grid before it, the end
    assert all(" ".join(str(h) for h in row) in re.sub(r" +", " ", grids[-1]) for row in forcing.solution)
    numbers = {int(x) for x in re.findall(r"\*\*(\d+)\*\*", md)}
    spans = re.findall(r"\*\*(\d+)-(\d+)\*\*", md)
    for a, b in spans:
        numbers |= set(range(int(a), int(b) + 1))
    assert numbers == set(range(1, view.step_count + 1))  # every step is named, alone or in a sudoku run
    assert md.count("<details>") == sum(len(f.chains) for f in forcing_steps) == md.count("</details>")
    assert max(len(line) for line in md.split("\n")) <= 100
    assert len(md) < len(walkthrough(view, full=True))


def test_markdown_of_a_forcing_9x9_fits_a_forum_post(shared):
    """The set's median is measured by benchmarks/share.py; here one forcing 9x9 must fit too."""
    recs = json.loads((shared / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"]
    view = build(solve(Puzzle.from_record(recs[0]), logic_only=True))
    md = walkthrough(view)
    assert len(md) <= 32_000 and max(len(line) for line in md.split("\n")) <= 100
    full = walkthrough(view, full=True)
    assert full.count("Grid after the pass:") == len(view.passes) and len(full) > 3 * len(md)


def test_grade_counts_the_techniques_of_the_table(forcing):
    from ascent.techniques import TABLE

    view = build(forcing)
    logic = [t for t in TABLE if not t.finisher]
    assert f"(tier {[t.name for t in logic].index('forcing') + 1} of {len(logic)})" in walkthrough(view)
    assert f"of {len(logic)})" in page(view)


def test_headings_in_order_and_svg_labels_say_what_the_grid_holds(forcing):
    view = build(forcing)
    root = parse_html(page(view))
    levels = [int(e.tag[1]) for e in root.iter() if e.tag in ("h1", "h2", "h3", "h4")]
    assert levels[0] == 1 and all(b <= a + 1 for a, b in zip(levels, levels[1:])), levels
    labels = [svg.get("aria-label") for svg in root.iter("svg")]
    assert all("7x7" in x and "heights placed" in x and "cells open" in x for x in labels), labels
    final = ET.fromstring(grid_svg(view.puzzle, view.final, plain=True))
    assert "every height placed" in final.get("aria-label")
    classes = [e.get("class") for e in final.iter(f"{SVG_NS}g")]
    assert not any(c and {"placed", "used", "lost", "broken"} & set(c.split()) for c in classes)  # nothing changed
    assert any(c and "given" in c.split() for c in classes) == any(v for row in view.puzzle.givens for v in row)


def test_ambiguous_puzzle_page_and_markdown_draw_both_solutions(shared):
    rec = json.loads((shared / "external" / "9x9-puzzles.json").read_text())["ambiguous"][0]
    result = solve(Puzzle.from_record(rec, "ambiguous"))
    assert result.status == "ambiguous" and len(result.solutions) == 2
    view = build(result)
    root = parse_html(page(view))
    assert view.step_count > 0  # logic went some way first: the page steps through it, then shows two solutions
    assert len(by_class(root, "button", "step")) == view.step_count + 1 and root.find(".//section[@id='chain']") is not None
    svgs = [s for fig in root.iter("figure") for s in fig.iter("svg")]
    assert len(svgs) == 2
    a, b = result.solutions
    differ = {r * 9 + c for r in range(9) for c in range(9) if a[r][c] != b[r][c]}
    for svg, sol in zip(svgs, (a, b)):
        cells = by_class(svg, "g", "cell")
        assert [int(c.find("text").text) for c in cells] == [h for row in sol for h in row]
        assert {i for i, c in enumerate(cells) if "used" in c.get("class").split()} == differ
    assert "backtracking" not in text_of(root)
    md = walkthrough(view)
    assert md.count("Solution ") == 2 and md.count("*") >= 2 * len(differ) and "backtracking" not in md
    again = result_from_dict(json.loads(json.dumps(result.to_dict())))
    assert build(again).solutions == view.solutions  # a saved trace keeps both


# ---------------------------------------------------------------------------- traces and the CLI
def test_trace_round_trip(easy):
    again = result_from_dict(json.loads(json.dumps(easy.to_dict())))
    assert again.puzzle == easy.puzzle and again.status == easy.status and again.solution == easy.solution
    assert again.steps == easy.steps  # every field: lanes, premises, suppositions, contradictions, chains
    assert build(again).final.masks == easy.masks


def test_trace_round_trip_keeps_forcing_chains_and_their_cross_outs(forcing):
    data = json.loads(json.dumps(forcing.to_dict()))
    links = [link for p in data["passes"] for s in p["steps"] for link in s.get("chain", [])]
    crossed = [link for link in links if "crossed" in link]
    assert crossed and all(set(link["crossed"]) <= set(link["eliminated"]) for link in crossed)
    again = result_from_dict(data)
    assert again.steps == forcing.steps  # chains, contradictions and each link's cross-out
    link = next(link for link in links if "crossed" in link)
    cell = next(iter(link["crossed"]))
    other = next(h for h in range(1, forcing.puzzle.size + 1) if h not in link["eliminated"][cell])
    link["crossed"] = {cell: [other]}  # a cross-out the link does not eliminate
    with pytest.raises(TraceError, match="crossed must be among its eliminations"):
        result_from_dict(data)


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.pop("puzzle"), "not of format 2"),
    (lambda d: d.pop("format"), "not of format 2"),
    (lambda d: d["passes"][0]["steps"][0].update(lane="row 1 from the left"), "lane must be an object"),
    (lambda d: d["passes"][0]["steps"][0].update(cells=["R9C9"]), "R9C9"),
    (lambda d: d["passes"][0]["steps"][0].update(eliminated={"R1C1": [0]}), "not a height"),
    (lambda d: d.update(passes="x"), "passes must be a list"),
    (lambda d: d["puzzle"]["clues"].update(upper=[9] * 7), "puzzle: upper clue"),
])
def test_bad_traces_name_the_field(easy, mutate, words):
    data = json.loads(json.dumps(easy.to_dict()))
    mutate(data)
    with pytest.raises(TraceError, match=re.escape(words)):
        result_from_dict(data)


def test_cli_solve_writes_all_three_and_export_matches(tmp_path):
    html, svg, md, trace = (tmp_path / x for x in ("s.html", "s.svg", "s.md", "t.json"))
    r = runner.invoke(app, ["solve", "--clues", CLUES, "--json", str(trace), "--html", str(html), "--svg", str(svg), "--markdown", str(md)])
    assert r.exit_code == 0, r.output
    assert "HTML written" in r.output and "SVG written" in r.output and "Markdown written" in r.output
    parse_html(html.read_text())
    ET.fromstring(svg.read_text())
    again = tmp_path / "e.html"
    r = runner.invoke(app, ["export", str(trace), "--html", str(again), "--svg", str(tmp_path / "s3.svg"), "--step", "3"])
    assert r.exit_code == 0, r.output
    no_time = re.compile(r"solved in [0-9.]+ ms")
    assert no_time.sub("", again.read_text()) == no_time.sub("", html.read_text())
    assert "after step 3" in (tmp_path / "s3.svg").read_text()


def test_cli_solve_one_writes_html(tmp_path):
    r = runner.invoke(app, ["solve-one", "5", "--diff", "easy", "--store", str(SAMPLES), "--html", str(tmp_path / "p.html")])
    assert r.exit_code == 0, r.output
    parse_html((tmp_path / "p.html").read_text())


@pytest.mark.parametrize("args, code, words", [
    (["export", "{trace}"], 2, "at least one of"),
    (["export", "{trace}", "--html", "x.html", "--step", "2"], 2, "--step goes with --svg"),
    (["export", "{trace}", "--svg", "x.svg", "--step", "999"], 2, "step 999 does not exist"),
    (["export", "{trace}", "--html", "x.html", "--markdown-full"], 2, "--markdown-full goes with --markdown"),
    (["export", "{missing}", "--html", "x.html"], 2, "no such file"),
    (["export", "{garbage}", "--html", "x.html"], 2, "not valid JSON"),  # not a trace file: usage
    (["export", "{old}", "--html", "x.html"], 2, "not of format 2"),
])
def test_cli_export_errors_are_one_line(tmp_path, easy, args, code, words):
    (tmp_path / "t.json").write_text(json.dumps(easy.to_dict()))
    (tmp_path / "g.json").write_text("{nope")
    old = easy.to_dict()
    old.pop("puzzle")
    (tmp_path / "o.json").write_text(json.dumps(old))
    paths = {"trace": tmp_path / "t.json", "missing": tmp_path / "none.json", "garbage": tmp_path / "g.json", "old": tmp_path / "o.json"}
    r = runner.invoke(app, [a.format(**paths) if "{" in a else (str(tmp_path / a) if a.endswith(("html", "svg")) and not a.startswith("--") else a) for a in args])
    assert r.exit_code == code
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and words in lines[0]


def test_impossible_puzzle_found_before_any_step_gets_a_verdict_page():
    p = Puzzle.from_clues("2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3")
    result = Result(p, "contradiction", [], None, {}, False, (15,) * 16, message="no solution: the clues contradict")
    root = parse_html(page(build(result)))
    assert "no solution" in text_of(root) and "the clues contradict" in text_of(root)
    assert len(list(root.iter("svg"))) == 1 and not list(root.iter("script"))
    assert "backtracking" not in text_of(root)


def test_cli_export_names_an_unknown_technique_and_writes_full_markdown(tmp_path, easy):
    data = easy.to_dict()
    data["passes"][0]["steps"][0]["technique"] = "x-wing"
    (tmp_path / "t.json").write_text(json.dumps(data))
    r = runner.invoke(app, ["export", str(tmp_path / "t.json"), "--html", str(tmp_path / "x.html"),
                            "--markdown", str(tmp_path / "x.md"), "--markdown-full"])
    assert r.exit_code == 0, r.output
    (warning,) = [x for x in r.output.splitlines() if x.startswith("warning")]
    assert "x-wing" in warning and "t.json" in warning
    assert "Grid after the pass:" in (tmp_path / "x.md").read_text()
    assert "x-wing" in text_of(parse_html((tmp_path / "x.html").read_text()))


def test_pass_and_result_built_by_hand_render():
    """A trace that names a technique the view does not know still draws (the tag class is made safe)."""
    p = Puzzle.from_clues("2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3")
    step = Step("new idea!", "R1C1 is 1", place_of(_lines(4), "row", 0, "left"), 2, (0,), placements=((0, 1),))
    result = Result(p, "stuck", [Pass(1, "logic", [step])], "new idea!", {"new idea!": 1}, False, ())
    root = parse_html(page(build(result)))
    assert any("t-new-idea" in (e.get("class") or "") for e in root.iter("span"))


def test_markdown_renders_with_chains_nested_and_input_inert(forcing):
    """Rendered by a CommonMark parser (markdown-it, which rich brings): in full, chains nest under their step;
    in short, each chain is a <details> block under its step; no input markup gets through."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    view = build(forcing)
    html = md.render(walkthrough(view, full=True))
    root = ET.fromstring(f"<div>{html}</div>")
    forcing_items = [li for li in root.iter("li") if (li.find("strong") is not None and li.find("strong").text == "forcing"
                                                          and li.find("ul") is not None)]
    assert len(forcing_items) == sum(1 for f in view.frames if f.chains)
    for li in forcing_items:
        assert any(text_of(e).startswith(("contradiction: ", "contradiction, from L")) for e in li.iter("em"))
    short = md.render(walkthrough(view))
    root = ET.fromstring(f"<div>{short}</div>")
    items = [li for li in root.iter("li") if "forcing:" in text_of(li)[:30]]
    assert len(items) == sum(1 for f in view.frames if f.chains)
    for li in items:
        assert li.find("pre") is not None and "<details>" in ET.tostring(li, encoding="unicode").replace("&lt;", "<")
        # the step's sentence names the contradiction; its folded chain ends by pointing to it, once
        assert "contradiction (" in " ".join(text_of(li).split())
        assert any(" ".join(text_of(e).split()) == "the contradiction named above" for e in li.iter("em"))
    hostile = Puzzle.from_record({"url": HOSTILE_URL, "clues": Puzzle.from_clues(CLUES).to_record()["clues"]}, HOSTILE_LABEL)
    for full in (False, True):
        out = md.render(walkthrough(build(solve(hostile)), full=full))
        assert "<script>" not in out and "<img" not in out and "alert(3)" in out


def test_markdown_short_chain_names_placements_not_their_cross_outs(forcing):
    """In the folded chain of a forum post, 'R5C5=7' stands for the placement and its cross-out: the crossed
    cells are not listed one by one, and other eliminations of a link still are."""
    from ascent.export.markdown import short_changes

    view = build(forcing)
    n = forcing.puzzle.size
    seen = 0
    for frame in view.frames:
        for chain in frame.chains:
            for link in chain.frames[1:]:
                if link.step is None or not link.step.crossed:
                    continue
                text = short_changes(link, n, 99)
                own = {c for c, m in link.step.eliminations} - {c for c, m in link.step.crossed}
                assert all(f"{cell_name(c, n)}-" not in text for c, _ in link.step.crossed if c not in own)
                assert all(f"{cell_name(c, n)}={d}" in text for c, d in link.step.placements)
                seen += 1
    assert seen


def test_a_trace_whose_supposition_places_two_heights_is_refused(forcing):
    data = json.loads(json.dumps(forcing.to_dict()))
    step = next(s for p in data["passes"] for s in p["steps"] if s.get("chain"))
    first = step["chain"][0]
    assert first["supposition"]
    other = next(f"R{r}C1" for r in range(1, 8) if f"R{r}C1" not in first["placed"])
    first["placed"][other] = 1
    with pytest.raises(TraceError, match="a supposition places exactly one height"):
        result_from_dict(data)


def big_puzzle(shared, size: int, index: int) -> Puzzle:
    return Puzzle.from_record(json.loads((shared / "big" / f"{size}x{size}-puzzles.json").read_text())["big"][index])


def lines_within(md: str, width: int = 100) -> list[str]:
    return [line for line in md.split("\n") if len(line) > width]


def test_markdown_of_a_12x12_fits_its_lines_and_spells_out_the_letters(shared):
    """A 12x12 with candidates is wider than a post's line: its grids come in blocks of columns; A-C have a key."""
    view = build(solve(big_puzzle(shared, 12, 4), logic_only=True))
    md = walkthrough(view)
    assert len(md) <= 60_000 and lines_within(md) == []
    assert "Heights 10, 11 and 12 are written A, B and C." in md
    assert "columns 1-" in md  # a grid full of candidates before a forcing step, drawn in blocks
    assert lines_within(walkthrough(view, full=True)) == []


def test_markdown_cuts_passes_only_when_the_reasons_alone_pass_the_limit(shared, monkeypatch):
    """Against a limit below what every step's reason takes, the post keeps its first passes whole (each step
    with its reason) within the limit less CUT_ROOM, that room for whole chains of the steps it keeps; it says
    which passes it left out and where they are, and ends with the end grid."""
    from ascent.export import markdown

    recs = json.loads((shared / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"]
    view = build(solve(Puzzle.from_record(recs[0]), logic_only=True))
    core = len(markdown._compose(view, markdown.Plan(), "solve.html"))
    for limit in (core, core - 1, core // 2):
        monkeypatch.setattr(markdown, "LIMIT", limit)
        monkeypatch.setattr(markdown, "TARGET", min(markdown.TARGET, limit))
        md = walkthrough(view, page="solve.html")
        plan = markdown.choose(view, "solve.html")
        assert len(md) <= limit and lines_within(md) == []
        assert md.rstrip().endswith("```") and "## The end" in md  # the end grid always closes the post
        cut = plan.passes is not None
        assert cut == (limit < core)
        if cut:
            rest = view.passes[plan.passes:]
            assert f"passes {rest[0].number}-{rest[-1].number}" in md and "[solve.html](solve.html)" in md
            kept = {f.number for pv in view.passes[: plan.passes] for f in pv.frames}
            assert {k for k, _ in plan.chains} | set(plan.grids) <= kept  # whole chains only of steps it keeps
            bare = len(markdown._compose(view, markdown.Plan(passes=plan.passes), "solve.html"))
            assert bare <= limit - markdown.CUT_ROOM  # room was left for them
    full = walkthrough(view, full=True)
    assert full.count("Grid after the pass:") == len(view.passes)


def test_markdown_numbers_chain_links_as_everywhere(forcing):
    """Links L1..Lk after the supposition; the chain's count is len(chain) - 1, in the short and the full post."""
    view = build(forcing)
    md, full = walkthrough(view), walkthrough(view, full=True)
    for f in (f for f in view.frames if f.chains):
        k = len(f.step.chain) - 1
        assert f"{k} links</summary>" in md and f"({k} links):" in full
        assert f"L{k}" in full and f"L{k + 1}:" not in full


def test_link_heads_name_the_links_they_read():
    """'L7, from L2 and L5' when the engine records what a link read (issue 26's ``reads``); plain 'L7' before."""
    from types import SimpleNamespace

    from ascent.export.chain_links import link_head
    from ascent.show.view import Frame

    def frame(**step):
        return Frame(1, "link", (), (), step=SimpleNamespace(supposition=False, **step))

    assert link_head(7, frame(reads=(2, 5))) == "L7, from L2 and L5"
    assert link_head(3, frame(reads=(0,))) == "L3, from the supposition"
    assert link_head(4, frame()) == "L4"
    assert link_head(0, Frame(1, "s", (), (), step=SimpleNamespace(supposition=True))) == "Suppose"


def test_page_and_post_count_a_chains_links_alike(forcing):
    view = build(forcing)
    html, md = page(view), walkthrough(view)
    for f in (f for f in view.frames if f.chains):
        k = len(f.step.chain) - 1
        assert f': {k} links">' in html and f"{k} links</summary>" in md
        assert (f">L{k}</span>" in html or f">L{k}, from " in html)
        assert f">L{k + 1}</span>" not in html and f">L{k + 1}, from " not in html
