"""The web app (``ascent web build``), run for real: the built site served on 127.0.0.1 and driven in
Debian's Chromium through Playwright (the system browser: no browser download). The engine runs in
Pyodide in the page's worker; these tests check its answers against the same engine here.

Skipped, with the reason, only where Chromium, playwright or Pyodide's files (``npm ci``) are absent.
One build and one browser for this file (module fixtures: Playwright's sync API keeps an event loop running in
the thread while it is open, so it is closed before the worker's next file, which may call asyncio.run); pages
share one browser context, so after the first page the engine's files come from the service worker's cache (as
a returning visitor's would).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import threading
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ascent.cli import app
from ascent.export.html import page as page_of
from ascent.model import cands
from ascent.puzzle import Puzzle
from ascent.show.view import build as build_view
from ascent.solver.engine import solve
from ascent.tools.hint import hint as engine_hint
from ascent.web import ROOT, bridge, missing_pyodide

from tests.test_web_stream import assemble

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
FOUR = "skyscrapers/4/4/k13h4j3g"


def _sample(size: str, label: str, k: int) -> Puzzle:
    data = json.loads(resources.files("ascent.store.samples").joinpath(f"{size}-puzzles.json").read_text())
    return Puzzle.from_record(data[label][k])


# ---------------------------------------------------------------------------- the command (no browser)
def test_web_usage_errors_are_one_line(tmp_path):
    runner = CliRunner()
    r = runner.invoke(app, ["web", "launch"])
    assert r.exit_code == 2 and "unknown action 'launch'" in r.output
    r = runner.invoke(app, ["web", "build"])
    assert r.exit_code == 2 and "needs a folder" in r.output
    (tmp_path / "f").write_text("x")
    r = runner.invoke(app, ["web", "build", str(tmp_path / "f")])
    assert r.exit_code == 2 and "is a file" in r.output and "Traceback" not in r.output


def test_web_build_without_npm_says_so(tmp_path, monkeypatch):
    import ascent.web as web

    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "package-lock.json").write_text("{}")
    monkeypatch.setattr(web, "ROOT", checkout)
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    r = CliRunner().invoke(app, ["web", "build", str(tmp_path / "site")])
    assert r.exit_code == 2
    assert r.output.strip().splitlines() == ["error: npm is not installed: web build needs it once, to fetch Pyodide as "
                                             "package-lock.json pins it"]


def test_engine_modules_import_without_rich():
    """What the worker imports needs no rich (not in Pyodide): checked in a fresh interpreter with it blocked."""
    import subprocess
    import sys

    code = ("import sys\nclass B:\n def find_spec(self, name, path=None, target=None):\n"
            "  if name.split('.')[0] in ('rich', 'typer', 'httpx', 'numpy', 'bs4'): raise ImportError(name)\n"
            "sys.meta_path.insert(0, B())\nfrom ascent.web import bridge\nimport ascent.tools.hint, ascent.tools.check, "
            "ascent.tools.generate, ascent.tools.guide, ascent.export.html\n"
            "r = bridge.read('" + FOUR + "'); print(r['status'], bridge.hint(r['record'], [0]*16, [0]*16, 1)['kind'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["solved", "step"]


def test_warming_the_walk_through_a_turn_at_a_time_gives_the_same_page():
    """``bridge.warm`` works the walk-through out in short turns; the page ``explain`` then gives is the one a cold
    explain gives, and a puzzle not solved yet is left alone."""
    from ascent.export.html import page
    from ascent.web import bridge as b

    puzzle = _sample("6x6", "hard", 0)
    record = b._record(puzzle)
    b._SOLVES.pop(puzzle, None)
    b._VIEWS.pop(puzzle, None)
    assert b.warm(record, 0) == {"done": False, "solved": False}
    assert b.from_record(record)["status"] == "solved"
    turns, said = 0, []
    while True:
        turns += 1
        r = b.warm(record, 0)  # one step a turn
        said.append(r["said"])
        if r["done"]:
            break
    assert said == list(range(1, len(said) + 1)) and turns == len(said)
    heard: list = []
    out = b.explain(record, on_step=lambda k, n: heard.append((k, n)))
    assert out["parts"]["said_ahead"] == out["steps"] == said[-1] and heard == [(said[-1], said[-1])]
    timeless = functools.partial(re.sub, r"solved in [0-9.]+ m?s", "solved in T")  # the page says the solve's time
    assert out["add"] is not None  # a page of the first steps, then the rest
    assert timeless(assemble(out["html"], out["add"])) == timeless(page(build_view(solve(puzzle))))


# ---------------------------------------------------------------------------- the site in the browser
@pytest.fixture(scope="module")
def site(tmp_path_factory):
    missing = missing_pyodide()
    if missing:
        pytest.skip(f"Pyodide's files are absent ({', '.join(missing)}): run npm ci at the repository root")
    from ascent.web import build

    dest = tmp_path_factory.mktemp("site")
    build(dest)
    return dest


def test_the_site_ships_bytecode_compiled_by_pyodides_own_python(site):
    """With node at hand, the engine's modules and the standard library modules the worker imports are .pyc made
    by Pyodide's Python (its cache tag, unchecked hash-based), so the browser does not compile their sources."""
    import zipfile

    if shutil.which("node") is None:
        pytest.skip("node is absent: the site ships sources (the build says so)")
    python = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"]
    tag = "cpython-" + "".join(python.split(".")[:2])
    with zipfile.ZipFile(site / "ascent.zip") as z:
        names = set(z.namelist())
        pyc = z.read(f"ascent/web/__pycache__/bridge.{tag}.pyc")
    assert "ascent/web/bridge.py" in names  # the source stays, for tracebacks
    assert pyc[4:8] == b"\x01\x00\x00\x00"  # flags: hash-based, unchecked (the source is never read to import)
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as z:
        std = set(z.namelist())
        assert z.read("json/__init__.pyc")[:4] == pyc[:4]  # the same magic number: one Python made both
    assert "json/__init__.pyc" in std and "json/__init__.py" not in std
    assert "antigravity.py" in std and "antigravity.pyc" not in std  # what the worker never imports stays source


def test_without_node_the_build_says_it_ships_sources(tmp_path, monkeypatch):
    import ascent.web as web

    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    said: list[str] = []
    assert web.precompile(tmp_path, tmp_path, tmp_path, said.append) is None
    assert said == ["node is not installed: the site ships Python sources, which the browser compiles at every visit "
                    "(slower to load)"]


class Server:
    def __init__(self, folder: Path):
        from ascent.cli.web import Handler

        self.hits: list[str] = []
        hits = self.hits

        class Counting(Handler):
            def do_GET(self):
                hits.append(self.path)
                return super().do_GET()

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def server(site):
    s = Server(site)
    yield s
    s.close()


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("no Chromium (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install playwright)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def context(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    outside: list[str] = []
    ctx.on("request", lambda r: outside.append(r.url) if not r.url.startswith((server.url, "data:", "blob:", "about:")) else None)
    ctx.outside = outside
    yield ctx
    assert not outside, f"requests outside the origin: {outside[:5]}"
    ctx.close()


def open_page(context, server, query: str = "", wait_engine: bool = True):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(server.url + "index.html" + (f"?{query}" if query else ""))
    if wait_engine:
        page.wait_for_function("document.documentElement.dataset.engine !== 'loading'", timeout=60000)
        assert page.get_attribute("html", "data-engine") == "ready", page.text_content("#engine")
    return page


def hint_text(page) -> str:
    page.wait_for_function("document.querySelector('[data-hint]').textContent.startsWith('Hint')", timeout=30000)
    return page.text_content("[data-hint]")


def test_play_with_engine_hints_as_the_cli_gives_them(context, server):
    page = open_page(context, server, FOUR)
    assert page.locator("[data-cell]").count() == 16
    assert page.get_attribute('[data-cell="R4C4"]', "data-cell") == "R4C4"
    page.wait_for_function("document.querySelector('[data-status]').textContent === 'playing'")
    puzzle = bridge.parse(FOUR)
    want = engine_hint(puzzle, None, 3).texts
    for level in (1, 2, 3):
        page.click('[data-action="hint"]') if level == 1 else page.click('[data-action="more"]')
        text = hint_text(page)
        assert text.startswith(f"Hint {level} of 3: ")
        assert text[len(f"Hint {level} of 3: "):].rstrip(".").lower() == want[level - 1].rstrip(".").lower()
    # a wrong entry is found first, and its hint goes when the entry is undone
    solution = [h for row in solve(puzzle).solution for h in row]
    page.click('[data-cell="R1C1"]')
    wrong = solution[0] % 4 + 1
    page.click(f'#keypad [data-key="{wrong}"]')
    page.click('[data-action="hint"]')
    assert "R1C1 is wrong" in hint_text(page)
    assert "wrong" in page.get_attribute('[data-cell="R1C1"]', "aria-label")
    page.click('[data-action="undo"]')
    assert page.is_hidden("#hintbox") and "wrong" not in page.get_attribute('[data-cell="R1C1"]', "aria-label")
    # the address carries the puzzle; progress is kept per puzzle
    page.click('[data-cell="R2C1"]')
    page.click('#keypad [data-key="1"]')
    assert page.url.endswith("?" + FOUR)
    again = open_page(context, server, FOUR, wait_engine=False)
    assert again.text_content('[data-cell="R2C1"]') == "1"
    assert not page.errors and not again.errors
    again.close()
    page.close()


def test_paste_bad_ambiguous_and_impossible_input(context, server):
    page = open_page(context, server)
    page.fill("#src", "1 2 3")
    page.click("#open-form button[type=submit]")
    page.wait_for_function("document.getElementById('input-msg').textContent !== ''")
    assert page.text_content("#input-msg") == bridge.read("1 2 3")["error"]
    ambiguous = " ".join(["0"] * 16)
    page.fill("#src", ambiguous)
    page.click("#open-form button[type=submit]")
    page.wait_for_function("document.getElementById('input-msg').textContent.includes('more than one solution')")
    assert "differ at" in page.text_content("#input-msg")
    impossible = "4 0 0 0 4 0 0 0 0 0 0 0 0 0 0 0"
    assert bridge.read(impossible)["status"] == "contradiction"
    page.fill("#src", impossible)
    page.click("#open-form button[type=submit]")
    page.wait_for_function("document.getElementById('input-msg').textContent.includes('no solution')")
    # a Tatham game id opens, and the address then carries its puzz.link code
    pz = _sample("5x5", "easy", 0)
    page.fill("#src", pz.to_tatham())
    page.click("#open-form button[type=submit]")
    page.wait_for_function(f"location.search === '?{bridge.code_of(pz)}'")
    assert page.locator("[data-cell]").count() == 25
    # a puzzle tapped in: size 4, its clues onto an empty grid, then played
    four = bridge.parse(FOUR)
    page.click("#entry summary")
    page.select_option("#blank-size", "4")
    page.click('[data-action="blank"]')
    for side, clues in (("u", four.upper), ("d", four.lower), ("l", four.left), ("r", four.right)):
        for k, v in enumerate(clues):
            if v:
                page.click(f'#board .clue[data-side="{side}"][data-k="{k}"]')
                page.click(f'#keypad [data-key="{v}"]')
    page.click('[data-action="play-typed"]')
    page.wait_for_function(f"location.search === '?{FOUR}'")
    assert page.text_content("[data-status]") == "playing"
    assert not page.errors
    page.close()


def _forcing_state(puzzle: Puzzle):
    view = build_view(solve(puzzle))
    f = next(f for f in view.frames if f.technique == "forcing")
    before = view.frames[f.number - 1]
    n, full = puzzle.size, cands.full(puzzle.size)
    marks = [0 if (before.values[i] or before.masks[i] == full) else before.masks[i] for i in range(n * n)]
    return list(before.values), marks


def test_forcing_hint_draws_its_chain_link_by_link(context, server):
    puzzle = _sample("7x7", "codewars", 0)
    values, marks = _forcing_state(puzzle)
    want = bridge.hint(bridge._record(puzzle), values, marks, 3)
    assert want["technique"] == "forcing" and want["chains"]
    page = _open_with_state(context, server, puzzle, values, marks)
    page.click('[data-action="hint"]')
    hint_text(page)
    page.click('[data-action="more"]')
    page.click('[data-action="more"]')
    assert hint_text(page).endswith(want["texts"][2] + ".")
    assert page.is_visible("#chainnav")
    links = len(want["chains"][0]["f"])
    assert page.get_attribute("#board", "data-link") == "1"
    assert page.locator(".cell.supposed").count() == 1  # the supposition
    page.click('[data-action="link-next"]')
    assert page.get_attribute("#board", "data-link") == "2"
    page.click('[data-action="link-end"]')
    assert page.get_attribute("#board", "data-link") == str(links)
    assert want["chains"][0]["e"] in page.text_content("#link-text")
    # while the player plays, the worker works out the walk-through a little at a time, between requests
    page.wait_for_function("(window.ascentApp.timings.warmed || {}).done === true", timeout=60000)
    # the walk-through of the same puzzle: the exported page's viewer, worked out in the worker
    page.click('nav a[data-view="explain"]')
    page.wait_for_function("document.documentElement.dataset.explain === 'ready'", timeout=60000)
    frame = page.frame_locator("#explain-frame")
    view = build_view(solve(puzzle))
    assert frame.locator("#steps button.step").count() == view.step_count + 1
    # the worker said its progress through the steps' sentences, up to the last
    assert page.evaluate("window.ascentApp.timings.explainStep") == [view.step_count] * 2
    assert page.evaluate("window.ascentApp.timings.explainParts.said_ahead") == view.step_count  # warmed: none left
    assert page.is_hidden("#explain-progress")
    frame.locator("#next").click()
    assert frame.locator("body").get_attribute("data-frame") == "1"
    assert not page.errors
    page.close()




def _parts(puzzle: Puzzle, monkeypatch) -> list[dict]:
    """The parts the worker sends while it solves ``puzzle``, one at every step: the page of the first step, then
    each the step found since (``bridge._Stream``)."""
    monkeypatch.setattr(bridge._Stream, "FIRST", 0.0)
    monkeypatch.setattr(bridge._Stream, "EVERY", 0.0)
    monkeypatch.setattr(bridge._Stream, "SHARE", 1e9)
    bridge._SOLVES.pop(puzzle, None)
    bridge._VIEWS.pop(puzzle, None)
    parts: list = []
    bridge.from_record(bridge._record(puzzle), on_part=parts.append)
    return parts


def test_the_walk_through_grows_under_the_reader(context, server, monkeypatch):
    """Parts of the walk-through (the steps found so far, as the worker sends them while it solves) are added in place
    under the reader, wherever they are: the step, the chain link and the focus stay where they were; End, while steps
    still come, follows the newest step, up to the whole walk-through's last. The parts and the last add make the
    step list and the data of the page the CLI exports."""
    puzzle = _sample("7x7", "codewars", 0)
    view = build_view(solve(puzzle))
    f = next(fr.number for fr in view.frames if fr.technique == "forcing")
    assert f > 20
    parts = _parts(puzzle, monkeypatch)
    assert [p["steps"] for p in parts] == list(range(1, view.step_count + 1))
    whole = bridge.explain(bridge._record(puzzle), view.step_count)  # what follows the last part: the header
    page = open_page(context, server, "#explain", wait_engine=False)
    send = "(ps) => { for (const p of ps) window.ascentApp.showWalk('t', p, p.final); }"
    shown = "(window.ascentApp.timings.walkSwaps || []).slice(-1)[0][2]"  # the steps shown after the last part
    steps = lambda: frame.locator("#steps button.step").count()  # noqa: E731
    page.evaluate(send, parts[:f])
    page.wait_for_function(f"document.documentElement.dataset.explain === 'partial' && {shown} === {f}")
    frame = page.frame_locator("#explain-frame")
    assert steps() == f + 1
    assert "being solved" in frame.locator("h1").text_content()
    assert page.text_content("#explain-msg").startswith(f"Steps 1 to {f} are shown")
    frame.locator('#steps button.step[data-f="3"]').click()
    page.wait_for_function("document.querySelector('#explain-frame').contentWindow.ascentView.current() === 3")
    page.evaluate(send, parts[f:f + 2])  # far from the newest step: added all the same, and nothing moves
    page.wait_for_function(f"{shown} === {f + 2}")
    assert steps() == f + 3 and frame.locator("body").get_attribute("data-frame") == "3"
    assert frame.locator("#pos").text_content() == f"Step 3 / {f + 2}"
    frame.locator(f'#steps button.step[data-f="{f}"]').click()  # the forcing step: its chain opens
    frame.locator("#chain-next").click()
    assert frame.locator("#chain-grid svg").get_attribute("data-link") == "2"
    page.evaluate(send, parts[f + 2:f + 3])
    page.wait_for_function(f"{shown} === {f + 3}")
    assert steps() == f + 4
    assert frame.locator("body").get_attribute("data-frame") == str(f)
    assert frame.locator("#chain-grid svg").get_attribute("data-link") == "2"
    assert frame.locator("#chain-next").evaluate("b => document.activeElement === b")
    frame.locator(f'#steps button.step[data-f="{f}"]').focus()
    page.keyboard.press("End")
    assert frame.locator("body").get_attribute("data-frame") == str(f + 3)
    page.wait_for_function("document.getElementById('explain-msg').textContent.endsWith("
                           "'the next shows here as soon as it is found.')")  # said once the viewer has moved
    page.evaluate(send, parts[f + 3:])
    page.evaluate("(p) => window.ascentApp.showWalk('t', p, true)", whole)
    page.wait_for_function("document.documentElement.dataset.explain === 'ready'")
    assert steps() == view.step_count + 1
    assert frame.locator("body").get_attribute("data-frame") == str(view.step_count)  # End followed the steps
    assert frame.locator(f'#steps button.step[data-f="{view.step_count}"]').evaluate("b => document.activeElement === b")
    assert page.locator("#explain-box iframe").count() == 1
    assert "being solved" not in frame.locator("h1").text_content()
    # the same step list as the exported page's (where each has its reader: the current step and focus order aside)
    exported = context.new_page()
    exported.set_content(page_of(view))
    mark = functools.partial(re.sub, r' tabindex="-?\d+"| aria-current="step"| class="current"| class=""|(?<=class="start) current', "")
    want = exported.evaluate("[document.querySelector('#steps').innerHTML, document.title]")
    got = frame.locator("#steps").evaluate("n => [n.innerHTML, n.ownerDocument.title]")
    assert mark(got[0]) == mark(want[0]) and got[1] == want[1]
    assert frame.locator("body").evaluate("() => window.ascentView.last()") == view.step_count
    exported.close()
    assert not page.errors
    page.close()


def test_a_walk_through_opened_from_explain_is_the_engines(context, server):
    """A puzzle opened at #explain: the worker solves it, sends the steps found so far while it does (how many parts
    depends on the machine's speed, so only what they hold is checked), then the whole walk-through."""
    puzzle = _sample("6x6", "hard", 0)
    view = build_view(solve(puzzle))
    page = open_page(context, server, bridge.code_of(puzzle) + "#explain")
    page.wait_for_function("document.documentElement.dataset.explain === 'ready'", timeout=60000)
    frame = page.frame_locator("#explain-frame")
    assert frame.locator("#steps button.step").count() == view.step_count + 1
    assert "being solved" not in frame.locator("h1").text_content()
    for k, _ in page.evaluate("window.ascentApp.timings.partsMs || []"):
        assert 0 < k < view.step_count
    assert page.evaluate("window.ascentApp.timings.walkParts") >= 1
    if AXE.is_file():  # the app with the walk-through in its frame: axe's landmark and frame rules across both
        page.add_script_tag(content=AXE.read_text())
        next(f for f in page.frames if f.url.startswith("blob:")).add_script_tag(content=AXE.read_text())
        found = page.evaluate("axe.run(document, {runOnly: {type: 'rule', values: ['landmark-unique', "
                              "'landmark-no-duplicate-banner', 'landmark-no-duplicate-main', 'landmark-one-main', "
                              "'region', 'frame-title', 'frame-focusable-content']}}).then(r => r.violations.map("
                              "v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', ')))")
        assert found == []
    assert not page.errors
    page.close()


def _open_with_state(context, server, puzzle: Puzzle, values: list, marks: list):
    """The app on ``puzzle`` with the player's grid as given (kept progress, written before the app opens)."""
    code = bridge.code_of(puzzle)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url + "icon.svg")  # the site's origin, without the app (which would save over the entry on leaving)
    page.evaluate("([k, s]) => localStorage.setItem(k, s)",
                  [f"ascent-web/{code}", json.dumps({"v": values, "m": marks, "t": 0, "done": False, "hints": 0})])
    page.goto(server.url + "index.html?" + code)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=60000)
    page.wait_for_function("document.querySelector('[data-status]').textContent === 'playing'", timeout=60000)
    return page


def _seen(line) -> int:
    top = seen = 0
    for h in line:
        if h > top:
            top, seen = h, seen + 1
    return seen


def _a_row_that_breaks_when_reversed():
    """A 6x6 sample, its truth, and a row with no givens whose left or right clue its reversed truth breaks."""
    for k in range(6):
        puzzle = _sample("6x6", "easy", k)
        truth = [list(row) for row in solve(puzzle).solution]
        for r in range(6):
            back = truth[r][::-1]
            if any(puzzle.givens[r]) if puzzle.givens else False:
                continue
            for side, clue in (("l", puzzle.left[r]), ("r", puzzle.right[r])):
                if clue and _seen(back if side == "l" else back[::-1]) != clue:
                    return puzzle, truth, r, side, clue, _seen(back if side == "l" else back[::-1])
    raise AssertionError("no 6x6 sample row breaks its clue when reversed")


def test_a_broken_clue_is_shown_and_spoken(context, server):
    """A full lane its clue does not hold: the clue turns red and says so (screen-reader text), and the
    placement that broke it is spoken in the live region with the clue and what its lane sees."""
    puzzle, truth, r, side, clue, sees = _a_row_that_breaks_when_reversed()
    values = [h for row in truth for h in row]
    values[r * 6:(r + 1) * 6] = truth[r][::-1]
    last = values[r * 6 + 5]
    values[r * 6 + 5] = 0  # the row's last cell is placed in the test
    page = _open_with_state(context, server, puzzle, values, [0] * 36)
    clue_el = f'#board .clue[data-side="{side}"][data-k="{r}"]'
    assert "bad" not in page.get_attribute(clue_el, "class")
    page.click(f'[data-cell="R{r + 1}C6"]')
    page.click(f'#keypad [data-key="{last}"]')
    assert "bad" in page.get_attribute(clue_el, "class")
    assert page.text_content(clue_el).endswith(f"{clue}, broken: its lane sees {sees}")
    where = {"l": "left", "r": "right"}[side]
    assert page.text_content(clue_el).startswith(f"clue for row {r + 1} from the {where}: ")
    page.wait_for_function("document.getElementById('say').textContent !== ''")
    said = page.text_content("#say")
    assert page.get_attribute("#say", "aria-live") == "polite"
    assert said.startswith(f"R{r + 1}C6 is {last}")
    assert f"the clue for row {r + 1} from the {where} ({clue}) is broken: its lane sees {sees}" in said, said
    page.click('[data-action="undo"]')
    assert "bad" not in page.get_attribute(clue_el, "class") and "broken" not in page.text_content(clue_el)
    assert not page.errors
    page.close()


def test_a_wrong_cell_is_shown_and_spoken(context, server):
    """The engine's hint finds a wrong height first: the hint (a live region) names the cell, and the cell's own
    name says it is wrong."""
    puzzle = _sample("6x6", "easy", 2)
    truth = [h for row in solve(puzzle).solution for h in row]
    values = [truth[i] if puzzle.givens and puzzle.givens[i // 6][i % 6] else 0 for i in range(36)]
    i = next(k for k in range(36) if not values[k])
    values[i] = truth[i] % 6 + 1
    page = _open_with_state(context, server, puzzle, values, [0] * 36)
    name = f"R{i // 6 + 1}C{i % 6 + 1}"
    assert "wrong" not in page.get_attribute(f'[data-cell="{name}"]', "aria-label")
    page.click('[data-action="hint"]')
    assert f"{name} is wrong" in hint_text(page)
    assert page.get_attribute("[data-hint]", "aria-live") == "polite"
    assert page.get_attribute(f'[data-cell="{name}"]', "aria-label").endswith("; wrong")
    assert not page.errors
    page.close()


def test_a_supposed_cell_is_shown_and_spoken(context, server):
    """A forcing hint drawn on the grid: the supposed height is named as supposed, while the link's sentence is
    said in a live region."""
    puzzle = _sample("7x7", "codewars", 0)
    values, marks = _forcing_state(puzzle)
    page = _open_with_state(context, server, puzzle, values, marks)
    page.click('[data-action="hint"]')
    hint_text(page)
    page.click('[data-action="more"]')
    page.click('[data-action="more"]')
    page.wait_for_selector(".cell.supposed")
    cell = page.locator(".cell.supposed")
    assert cell.count() == 1
    name = cell.get_attribute("data-cell")
    label = cell.get_attribute("aria-label")
    assert label.startswith(f"{name}, supposed ") and "; only supposed, to see where it leads" in label, label
    assert page.get_attribute("#link-text", "aria-live") == "polite" and page.text_content("#link-text")
    page.click('[data-action="link-next"]')
    assert page.get_attribute(f'[data-cell="{name}"]', "aria-label").startswith(f"{name}, supposed ")
    page.click('[data-action="close"]')
    assert "supposed" not in page.get_attribute(f'[data-cell="{name}"]', "aria-label")
    assert not page.errors
    page.close()


def test_a_6x6_by_keyboard_alone_then_one_by_touch_alone(context, server):
    puzzle = _sample("6x6", "easy", 0)
    solution = [h for row in solve(puzzle).solution for h in row]
    page = open_page(context, server, bridge.code_of(puzzle), wait_engine=True)
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-cell')"):
            break
    assert page.evaluate("document.activeElement.getAttribute('data-cell')") == "R1C1"
    for i, h in enumerate(solution):
        if not puzzle.givens or not puzzle.givens[i // 6][i % 6]:
            page.keyboard.press(str(h))
        if i % 6 < 5:
            page.keyboard.press("ArrowRight")
        elif i < 35:
            page.keyboard.press("ArrowDown")
            for _ in range(5):
                page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('[data-status]').textContent.startsWith('solved')")
    # another 6x6, opened from the paste box and played by taps alone (the same page: the engine stays loaded)
    puzzle = _sample("6x6", "tricky", 1)
    solution = [h for row in solve(puzzle).solution for h in row]
    page.tap("#entry summary")
    page.fill("#src", bridge.puzzlink.write(puzzle))
    page.tap("#open-form button[type=submit]")
    page.wait_for_function(f"location.search === '?{bridge.code_of(puzzle)}'")
    for i, h in enumerate(solution):
        if puzzle.givens and puzzle.givens[i // 6][i % 6]:
            continue
        page.tap(f'[data-cell="R{i // 6 + 1}C{i % 6 + 1}"]')
        page.tap(f'#keypad [data-key="{h}"]')
    page.wait_for_function("document.querySelector('[data-status]').textContent.startsWith('solved')")
    page.tap('[data-action="hint"]')  # after solving: said, not counted
    assert "solved" in page.text_content("[data-hint]")
    assert page.evaluate("window.ascentApp.state().state.hints") == 0
    assert not page.errors
    page.close()


def test_axe_finds_nothing_at_three_sizes(context, server):
    if not AXE.is_file():
        pytest.skip("axe-core is absent: run npm ci at the repository root")
    page = open_page(context, server, FOUR)
    page.click('[data-action="hint"]')
    hint_text(page)
    page.add_script_tag(content=AXE.read_text())
    for width, height in ((390, 844), (844, 390), (1366, 900)):
        page.set_viewport_size({"width": width, "height": height})
        found = page.evaluate("axe.run(document).then(r => r.violations.map(v => v.id + ': ' + "
                              "v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', ')))")
        assert found == [], (width, height)
        # the board and the keypad are on screen together, without scrolling
        box, key = page.locator("#board").bounding_box(), page.locator("#keypad").bounding_box()
        assert box["y"] + box["height"] <= height and key["y"] + key["height"] <= height + 1, (width, height)
    page.close()


def test_make_cancel_and_guide(context, server):
    page = open_page(context, server)
    page.click('nav a[data-view="make"]')
    page.select_option("#make-size", "12")  # a 12x12 takes the generator far longer than this test waits
    page.select_option("#make-level", "unreasonable")
    page.click("#make-form button[type=submit]")
    page.wait_for_function("document.getElementById('make-msg').textContent.startsWith('Making a 12x12')", timeout=10000)
    page.wait_for_timeout(300)
    page.click('[data-action="cancel-make"]')
    assert page.get_attribute("html", "data-engine") == "loading"
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=60000)
    page.select_option("#make-size", "4")
    page.select_option("#make-level", "easy")
    page.click("#make-form button[type=submit]")
    page.wait_for_function("location.hash === '#play' && location.search.startsWith('?skyscrapers/4/4/')", timeout=60000)
    made = bridge.read(page.evaluate("location.search.slice(1)"))
    page.click('nav a[data-view="make"]')
    assert page.text_content("#make-msg").startswith("Made in ")
    assert made["status"] == "solved" and made["grade"] == "easy"
    page.click('nav a[data-view="guide"]')
    page.wait_for_selector('#guide-body a[href="#guide/forcing"]', timeout=30000)
    page.click('#guide-body a[href="#guide/forcing"]')
    page.wait_for_selector("#guide-body pre.pic")
    practice = page.locator('#guide-body a[href^="?skyscrapers/"]')
    assert practice.count() == 1
    assert not page.errors
    page.close()


def test_offline_after_one_visit(context, server):
    """After one visit (this session's context has made several) the service worker holds every file:
    with the network off the page reloads, draws the grid and loads the engine, and the server hears
    nothing but the service worker's update check. (benchmarks/web.py measures a fresh visitor's first and repeat visits.)"""
    page = open_page(context, server, FOUR)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
    before = len(server.hits)
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_function("document.documentElement.dataset.engine !== 'loading'", timeout=60000)
        assert page.get_attribute("html", "data-engine") == "ready", page.text_content("#engine")
        assert page.locator("[data-cell]").count() == 16
        page.click('[data-action="hint"]')
        assert hint_text(page).startswith("Hint 1 of 3: ")
    finally:
        context.set_offline(False)
    # nothing but the service worker's update check (the browser sends it past the offline switch)
    assert [h for h in server.hits[before:] if h != "/sw.js"] == []
    assert not page.errors
    page.close()


def _worker_marks(page) -> dict:
    page.wait_for_function("document.documentElement.dataset.engine !== 'loading'", timeout=60000)
    assert page.get_attribute("html", "data-engine") == "ready", page.text_content("#engine")
    return page.evaluate("window.ascentApp.timings.worker.marks")


def test_a_later_visit_starts_from_the_engines_kept_snapshot(context, server):
    """A visit that finds no snapshot of the engine makes one (Pyodide's memory once the engine is imported) and keeps
    it; the next starts from it and answers as CPython does; a snapshot the loader refuses is said, dropped and made
    again."""
    puzzle = _sample("6x6", "hard", 0)
    code = bridge.code_of(puzzle)
    page = open_page(context, server, code)
    if _worker_marks(page)["snapshot"] != "kept":
        page.wait_for_function("window.ascentApp.timings.snapshotKept", timeout=60000)
        assert page.evaluate("window.ascentApp.timings.snapshotKept.bytes") > 1_000_000
    page.close()
    page = open_page(context, server, code)
    assert _worker_marks(page)["snapshot"] == "kept"
    got = page.evaluate("async r => await window.ascentApp.ask('from_record', [r])", bridge._record(puzzle))
    want = solve(puzzle)
    assert (got["status"], got["steps"], got["solution"]) == (want.status, want.step_count,
                                                               [h for row in want.solution for h in row])
    values, marks = [0] * 36, [0] * 36
    assert page.evaluate("async a => (await window.ascentApp.ask('hint', a)).texts", [bridge._record(puzzle), values, marks, 3]) \
        == bridge.hint(bridge._record(puzzle), values, marks, 3)["texts"]
    # a snapshot of something else under this version's key: the loader refuses it, and the engine starts all the same
    page.evaluate("""async () => { const c = await caches.open('ascent-snapshot'); const keys = await c.keys();
                     await c.put(keys[0].url, new Response(new Uint8Array(64 * 1024))); }""")
    page.close()
    page = open_page(context, server, code)
    said = _worker_marks(page)["snapshot"]
    assert said.startswith("refused (") and said.endswith("): made again"), said
    page.wait_for_function("window.ascentApp.timings.snapshotKept", timeout=60000)
    page.close()
    page = open_page(context, server, code)
    assert _worker_marks(page)["snapshot"] == "kept"
    assert not page.errors
    page.close()


def test_serve_gives_the_right_types(site):
    """``ascent web serve DIR --port 0 --no-open``: on 127.0.0.1, .wasm as application/wasm, .mjs as JavaScript."""
    import subprocess
    import sys
    import urllib.request

    proc = subprocess.Popen([sys.executable, "-m", "ascent", "web", "serve", str(site), "--port", "0", "--no-open"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "COLUMNS": "200"})
    try:
        line = proc.stdout.readline()
        assert line.startswith(f"serving {site} at http://127.0.0.1:"), line
        url = line.split(" at ", 1)[1].split(" ", 1)[0]
        for path, kind in (("index.html", "text/html"), ("pyodide/pyodide.asm.wasm", "application/wasm"),
                           ("pyodide/pyodide.mjs", "text/javascript"), ("ascent.zip", "application/zip")):
            with urllib.request.urlopen(url + path, timeout=30) as r:
                assert r.headers["Content-Type"].split(";")[0] == kind, path
    finally:
        proc.terminate()
        proc.wait(timeout=30)
