"""ascent play --html: the page to play in a browser, in headless Chromium (a phone with touch, and a desktop
with the keyboard). Skipped only when no Chromium is installed."""

import json
import re

import pytest
from typer.testing import CliRunner

from ascent.cli import app
from ascent.solver.engine import solve
from ascent.export.play import PlayError, play_page
from ascent.model.grid import cell_name
from ascent.puzzle import Puzzle
from ascent.show.view import build

from .browser import Browser, chromium
from .test_share import CLUES, parse_html

runner = CliRunner()
needs_chromium = pytest.mark.skipif(chromium() is None, reason="no chromium installed (apt-get install -y chromium)")


def sym(d: int) -> str:
    return str(d) if d < 10 else chr(55 + d)


def record(shared, folder: str, size: int, label: str, index: int = 0) -> Puzzle:
    return Puzzle.from_record(json.loads((shared / folder / f"{size}x{size}-puzzles.json").read_text())[label][index])


def write(tmp_path, puzzle: Puzzle, name: str = "play.html"):
    result = solve(puzzle)
    path = tmp_path / name
    path.write_text(play_page(puzzle, result), encoding="utf-8")
    return result, path


def cells(b: Browser) -> list[str]:
    return b.eval("Array.prototype.map.call(document.querySelectorAll('[data-cell]'),function(c){"
                  "return c.querySelector('.m')?'':c.textContent;})")


def fresh(b: Browser, path) -> None:
    """Open the page and restart it (its button asks twice): no progress saved from an earlier test."""
    b.open(path)
    b.eval("document.querySelector('[data-action=\"restart\"]').click()")
    assert b.eval("document.querySelector('[data-action=\"restart\"]').textContent") == "Really restart?"
    b.eval("document.querySelector('[data-action=\"restart\"]').click()")


# ---------------------------------------------------------------------------- without a browser
def test_page_is_one_strict_file_with_the_contract(tmp_path):
    puzzle = Puzzle.from_clues(CLUES)
    result, path = write(tmp_path, puzzle)
    text = path.read_text()
    root = parse_html(text)  # polyglot: parses as XML
    assert "default-src 'none'" in text and not re.search(r"\bsrc\s*=|\bhref\s*=|https?://", text)
    assert root.find(".//*[@data-action='hint']") is not None and root.find(".//*[@data-hint]") is not None
    assert root.find(".//*[@data-status]") is not None
    assert [k.get("data-key") for k in root.iter("button") if k.get("data-key")] == [str(d) for d in range(1, 8)]
    data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', text, re.S).group(1))
    assert data["sol"] == [h for row in result.solution for h in row]
    assert len(data["plan"]) == result.step_count and all(len(s["h"]) == 3 for s in data["plan"])


def test_page_escapes_hostile_text_and_refuses_an_ambiguous_puzzle(shared):
    rec = json.loads((shared / "external" / "9x9-puzzles.json").read_text())["ambiguous"][0]
    puzzle = Puzzle.from_record(rec)
    with pytest.raises(PlayError):
        play_page(puzzle, solve(puzzle))
    hostile = Puzzle.from_record({"url": 'https://x.example/"><script>alert(1)</script>', "clues": Puzzle.from_clues(CLUES).to_record()["clues"]})
    text = play_page(hostile, solve(hostile))
    assert "<script>alert" not in text and "&lt;script&gt;alert(1)" in text


def test_cli_play_html_writes_the_page_and_checks_its_options(tmp_path, shared):
    out = tmp_path / "p.html"
    r = runner.invoke(app, ["play", "--clues", CLUES, "--html", str(out)])
    assert r.exit_code == 0 and "HTML written" in r.output and out.read_text().startswith("<!DOCTYPE html>")
    r = runner.invoke(app, ["play", "--clues", CLUES, "--html", str(out), "--save", str(tmp_path / "s.json")])
    assert r.exit_code == 2 and "--html" in r.output
    rec = json.loads((shared / "external" / "9x9-puzzles.json").read_text())["ambiguous"][0]
    (tmp_path / "a.json").write_text(json.dumps(rec))
    r = runner.invoke(app, ["play", "--file", str(tmp_path / "a.json"), "--html", str(tmp_path / "a.html")])
    assert r.exit_code == 1 and "no unique solution" in r.output and not (tmp_path / "a.html").exists()


def test_a_9x9_page_stays_under_150_kb(shared):
    puzzle = record(shared, "tatham", 9, "unreasonable")
    assert len(play_page(puzzle, solve(puzzle)).encode()) <= 150 * 1024


# ---------------------------------------------------------------------------- in Chromium
@pytest.fixture(scope="module")
def phone():
    if chromium() is None:
        pytest.skip("no chromium installed")
    with Browser(width=390, height=844, mobile=True) as b:
        b.resize(390, 844, mobile=True, touch=True)
        yield b


@needs_chromium
@pytest.mark.parametrize("size", [6, 12])
def test_phone_wrong_height_hint_solve_and_reload(phone, tmp_path, shared, size):
    """On a 390 px phone with touch, a 6x6 hard puzzle and a 12x12: a wrong height is the hint's first word; the
    solution tapped in says solved; a reload keeps it all; no request leaves the file."""
    puzzle = record(shared, "generated", 6, "hard") if size == 6 else record(shared, "big", 12, "big", 6)
    result, path = write(tmp_path, puzzle, f"phone{size}.html")
    truth = [h for row in result.solution for h in row]
    n = size
    b = phone
    fresh(b, path)
    b.requests()
    b.events.clear()  # from here on: this page's requests only
    assert b.eval("document.documentElement.scrollWidth") <= 390
    open_cells = [i for i in range(n * n) if not puzzle.givens[i // n][i % n]]
    i = open_cells[0]
    wrong = 1 if truth[i] != 1 else 2
    b.tap(f'[data-cell="{cell_name(i, n)}"]')
    b.tap(f'[data-key="{wrong}"]')
    assert cells(b)[i] == sym(wrong)
    saved = b.eval(f"JSON.parse(localStorage.getItem({json.dumps('ascent-play/' + puzzle.to_tatham())}))")
    assert saved["v"][i] == wrong  # kept at once, not only when the page goes away
    assert b.eval(f"document.querySelector('[data-cell=\"{cell_name(i, n)}\"]').getAttribute('aria-label')") == \
        f"{cell_name(i, n)}, {wrong}"
    b.tap('[data-action="hint"]')
    assert b.eval("document.querySelector('[data-hint]').textContent") == f"Hint 1: {cell_name(i, n)} is wrong"
    assert "solved" not in b.eval("document.querySelector('[data-status]').textContent")
    if n > 6:  # a 12x12 by hand is 93 cells: all but the last dozen come from a saved game, as a reload would
        rest = open_cells[-12:]
        v = [0 if i in rest else h for i, h in enumerate(truth)]
        state = json.dumps({"v": v, "m": [0] * (n * n), "t": 0, "done": False, "hints": 1, "auto": False})
        b.eval(f"localStorage.setItem({json.dumps('ascent-play/' + puzzle.to_tatham())}, {json.dumps(state)});"
               "window.ascentPlay.resume()")
        open_cells = rest
    at, keys = b.centres("[data-cell]"), b.centres("[data-key]")  # the layout holds still: look once
    assert all(0 < y < 844 for _, y in at + keys)
    for i in open_cells:
        b.tap_at(*at[i])
        b.tap_at(*keys[truth[i] - 1])
    assert cells(b) == [sym(h) for h in truth]
    assert b.wait_until("document.querySelector('[data-status]').textContent").startswith("solved in ")
    b.open(path)  # reopen: the progress is kept
    assert cells(b) == [sym(h) for h in truth]
    assert b.eval("document.querySelector('[data-status]').textContent").startswith("solved in ")
    assert set(b.requests()) == {path.resolve().as_uri()} and b.errors() == []


@needs_chromium
def test_phone_hints_climb_three_levels_and_apply_walks_the_plan(phone, tmp_path, shared):
    puzzle = record(shared, "generated", 6, "hard")
    result, path = write(tmp_path, puzzle, "levels.html")
    b = phone
    fresh(b, path)
    first = result.steps[0]
    seen = []
    for level in (1, 2, 3):
        b.tap('[data-action="hint"]' if level == 1 else '[data-action="more"]')
        seen.append(b.eval("document.querySelector('[data-hint]').textContent"))
    assert seen[0] == f"Hint 1: look at {first.where(6)}" and first.technique in seen[1] and first.reason in seen[2]
    looked = b.eval("Array.prototype.map.call(document.querySelectorAll('.cell.look'),function(c){return c.getAttribute('data-cell');})")
    want = sorted(first.lane.cells) if first.lane is not None else list(first.cells)
    assert looked == [cell_name(c, 6) for c in want]  # where to look, highlighted
    before = b.eval("window.ascentPlay.state()")
    b.tap('[data-action="apply"]')
    after = b.eval("window.ascentPlay.state()")
    for c, d in first.placements:
        assert after["v"][c] == d
    for c, m in first.eliminations:
        assert after["v"][c] or (after["m"][c] and not after["m"][c] & m)
    assert after != before and b.eval("window.ascentPlay.hint().id") != "s0"  # the next hint is a later step
    b.tap('[data-action="undo"]')
    assert b.eval("window.ascentPlay.state()") == before
    b.tap('[data-action="redo"]')
    assert b.eval("window.ascentPlay.state()") == after
    assert b.errors() == []


@needs_chromium
def test_phone_forcing_hint_shows_its_numbered_chain(phone, tmp_path, shared):
    """A 9x9 whose grid reflects every step before the first forcing step: the hint is that step; at level 3 its
    chain is listed L1..Lk, ending at the contradiction."""
    puzzle = record(shared, "tatham", 9, "unreasonable")
    result, path = write(tmp_path, puzzle, "nine.html")
    view = build(result)
    f = next(f for f in view.frames if f.chains)
    before = view.frames[f.number - 1]
    state = {"v": list(before.values), "m": [0 if v else m for v, m in zip(before.values, before.masks)],
             "t": 0, "done": False, "hints": 0, "auto": False}
    b = phone
    b.open(path)
    b.eval(f"localStorage.setItem({json.dumps('ascent-play/' + puzzle.to_tatham())}, {json.dumps(json.dumps(state))})")
    b.eval("window.ascentPlay.resume()")  # read the saved progress again, as a reload would
    assert b.eval("window.ascentPlay.hint().id") == f"s{f.number - 1}"
    for sel in ('[data-action="hint"]', '[data-action="more"]', '[data-action="more"]'):
        b.tap(sel)
    assert b.eval("document.querySelector('[data-hint]').textContent").startswith("Hint 3: forcing")
    items = b.eval("Array.prototype.map.call(document.querySelectorAll('#chain li'),function(x){return x.textContent;})")
    k = len(f.step.chain) - 1
    assert items[0].endswith(f"({k} links)") and items[1].startswith("Suppose")
    assert items[2].startswith("L1") and items[-2].startswith(f"L{k}") and items[-1].startswith("contradiction")
    assert b.errors() == []


@needs_chromium
def test_desktop_keyboard_12x12_solves_undoes_and_resumes(tmp_path, shared):
    """A 12x12 with the keyboard on a desktop: digits and A-C place, Backspace erases, Ctrl+Z/Ctrl+Y undo and
    redo, P toggles pencil marks; the solution typed in says solved; a reload keeps it."""
    puzzle = record(shared, "big", 12, "big", 6)
    result, path = write(tmp_path, puzzle, "twelve.html")
    truth = [h for row in result.solution for h in row]
    open_cells = [i for i in range(144) if not puzzle.givens[i // 12][i % 12]]
    with Browser(width=1280, height=900) as b:
        fresh(b, path)
        first = open_cells[0]
        b.click(f'[data-cell="{cell_name(first, 12)}"]')
        b.type_key("p")  # pencil marks: the digits toggle marks
        b.type_key("a")
        b.type_key("3")
        assert b.eval(f"window.ascentPlay.state().m[{first}]") == (1 << 9) | (1 << 2)
        b.type_key("p")
        wrong = 1 if truth[first] != 1 else 2
        b.type_key(str(wrong))
        b.type_key("h")
        assert b.eval("document.querySelector('[data-hint]').textContent") == f"Hint 1: {cell_name(first, 12)} is wrong"
        b.key("Backspace", 8)
        assert cells(b)[first] == ""
        b.key("z", 90, modifiers=2)
        assert cells(b)[first] == str(wrong)
        b.key("y", 89, modifiers=2)
        assert cells(b)[first] == ""
        b.key("ArrowRight", 39)  # the arrows move the selection (and the focus)
        assert b.eval("document.activeElement.getAttribute('data-cell')") == cell_name(first + 1, 12)
        for i in open_cells:
            b.eval(f"document.querySelector('[data-cell=\"{cell_name(i, 12)}\"]').click()")
            b.type_key(sym(truth[i]).lower())
        assert cells(b) == [sym(h) for h in truth]
        assert b.wait_until("document.querySelector('[data-status]').textContent").startswith("solved in ")
        b.open(path)
        assert cells(b) == [sym(h) for h in truth]
        assert set(b.requests()) == {path.resolve().as_uri()} and b.errors() == []


@needs_chromium
def test_checks_show_repeats_broken_clues_and_name_wrong_heights(phone, tmp_path):
    puzzle = Puzzle.from_clues(CLUES)
    result, path = write(tmp_path, puzzle, "checks.html")
    truth = [h for row in result.solution for h in row]
    n = puzzle.size
    b = phone
    fresh(b, path)
    row = [truth[k] for k in range(n)]  # row 1 filled in reverse: its clues cannot hold (they did for the truth)
    for k in range(n):
        b.tap(f'[data-cell="R1C{k + 1}"]')
        b.tap(f'[data-key="{row[n - 1 - k]}"]')
    bad = b.eval("document.querySelectorAll('.clue.bad').length")
    assert bad >= 1
    b.tap('[data-cell="R2C1"]')
    b.tap(f'[data-key="{row[-1]}"]')  # R1C1 holds this height too: both show the repeat at once
    assert b.eval("document.querySelector('[data-cell=\"R2C1\"]').classList.contains('clash')")
    assert "repeated" in b.eval("document.querySelector('[data-cell=\"R1C1\"]').getAttribute('aria-label')")
    b.tap('[data-action="check"]')
    wrong = [cell_name(k, n) for k in range(n) if row[n - 1 - k] != truth[k]] + (["R2C1"] if row[-1] != truth[n] else [])
    note = b.eval("document.getElementById('note').textContent")
    assert all(w in note for w in wrong) and note.endswith("wrong.")
    assert b.errors() == []


def test_a_page_over_the_limit_keeps_less_of_each_chain(shared, monkeypatch):
    """Against a small limit the chains lose their links' sentences, then long change lists, then middle links;
    the forcing hint still lists its supposition, its first links, its last link and the contradiction."""
    from ascent.export import play

    puzzle = record(shared, "tatham", 9, "unreasonable")
    result = solve(puzzle)
    sizes = [len(play._page(puzzle, result, d).encode()) for d in range(4)]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] > sizes[3]
    monkeypatch.setattr(play, "LIMIT", sizes[3])
    text = play_page(puzzle, result)
    assert len(text.encode()) == sizes[3] and "links more ..." in text and "contradiction: " in text


@needs_chromium
def test_pencil_help_fills_candidates_and_clears_a_placed_height(phone, tmp_path):
    """Off by default; 'fill' marks every height a cell's row and column still allow; with the option on, a
    placed height leaves its row's and column's marks."""
    puzzle = Puzzle.from_clues(CLUES)
    result, path = write(tmp_path, puzzle, "help.html")
    n = puzzle.size
    b = phone
    fresh(b, path)
    assert b.eval("document.getElementById('auto').checked") is False
    assert b.eval("window.ascentPlay.state().m.every(function(m){return m===0;})")
    b.eval("document.querySelector('[data-action=\"fill\"]').click()")
    assert b.eval("window.ascentPlay.state().m") == [(1 << n) - 1] * (n * n)  # no givens: every height allowed
    b.eval("document.getElementById('auto').click()")
    truth = result.solution[0][0]
    b.tap('[data-cell="R1C1"]')
    b.tap(f'[data-key="{truth}"]')
    m = b.eval("window.ascentPlay.state().m")
    bit = 1 << (truth - 1)
    assert all(not m[k] & bit for k in range(1, n)) and all(not m[k * n] & bit for k in range(1, n))
    assert m[n + 1] & bit  # R2C2 shares neither line: it keeps the mark
    assert b.eval("JSON.parse(localStorage.getItem(%s)).auto" % json.dumps("ascent-play/" + puzzle.to_tatham())) is True
    r2c2 = result.solution[1][1]
    b.tap('[data-action="pencil"]')  # pencil mode: the keypad toggles marks; taking out R2C2's own height is wrong
    assert b.eval("document.querySelector('[data-action=\"pencil\"]').getAttribute('aria-pressed')") == "true"
    b.tap('[data-cell="R2C2"]')
    b.tap(f'[data-key="{r2c2}"]')
    assert not b.eval("window.ascentPlay.state().m")[n + 1] & (1 << (r2c2 - 1))
    b.tap('[data-action="hint"]')
    assert b.eval("document.querySelector('[data-hint]').textContent") == "Hint 1: R2C2's pencil marks are wrong"
    assert b.errors() == []
