"""The four screenshots at 390x844 (docs/web-*.png), from a freshly built site in Debian's Chromium:

    python benchmarks/web_shots.py docs
"""
import json, sys, tempfile
from pathlib import Path
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "tests")]
import web as W
from ascent.web import build, bridge
from ascent.puzzle import puzzlink
from ascent.solver.engine import solve
from test_web import _sample, _forcing_state
out = Path(sys.argv[1])
DRAWN = "document.querySelector('#explain-frame').contentDocument.getElementById('app').classList.contains('drawn')"  # every cell shown
site = Path(tempfile.mkdtemp()) / "site"; build(site)
httpd, url, log = W.serve(site)
from playwright.sync_api import sync_playwright
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium", args=W.ARGS)
    ctx = b.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    # 1. a pasted puzz.link puzzle mid-game with a level-2 hint
    pz = _sample("6x6", "hard", 1)
    truth = [h for row in solve(pz).solution for h in row]
    pg = ctx.new_page(); pg.goto(url + "index.html"); W.wait_ready(pg)
    pg.fill("#src", puzzlink.write(pz)); pg.click("#open-form button[type=submit]")
    pg.wait_for_function("document.querySelector('[data-status]').textContent === 'playing'", timeout=60000)
    for i in (0, 7, 14, 21):
        if not (pz.givens and pz.givens[i // 6][i % 6]):
            pg.click(f'[data-cell="R{i // 6 + 1}C{i % 6 + 1}"]'); pg.click(f'#keypad [data-key="{truth[i]}"]')
    pg.click('[data-action="hint"]'); pg.wait_for_function("document.querySelector('[data-hint]').textContent.startsWith('Hint 1')")
    pg.click('[data-action="more"]'); pg.wait_for_function("document.querySelector('[data-hint]').textContent.startsWith('Hint 2')")
    pg.evaluate("window.scrollTo(0, 0)")
    pg.screenshot(path=str(out / "web-hint-level2.png")); print(pg.text_content("[data-hint]")); pg.close()
    # 2. a forcing hint drawn on the grid
    pz = _sample("7x7", "codewars", 0)
    values, marks = _forcing_state(pz)
    code = bridge.code_of(pz)
    pg = ctx.new_page(); pg.goto(url + "icon.svg")
    pg.evaluate("([k, s]) => localStorage.setItem(k, s)", [f"ascent-web/{code}", json.dumps({"v": values, "m": marks, "t": 764000, "done": False, "hints": 0})])
    pg.goto(url + "index.html?" + code); W.wait_ready(pg)
    pg.wait_for_function("document.querySelector('[data-status]').textContent === 'playing'", timeout=60000)
    pg.click('[data-action="hint"]'); pg.wait_for_function("document.querySelector('[data-hint]').textContent.startsWith('Hint 1')")
    pg.click('[data-action="more"]'); pg.click('[data-action="more"]'); pg.wait_for_selector(".cell.supposed")
    pg.click('[data-action="link-next"]'); pg.click('[data-action="link-next"]')
    pg.evaluate("window.scrollTo(0, 0)")
    pg.screenshot(path=str(out / "web-forcing-hint.png")); print(pg.text_content("#link-text"))
    # 3. the walk-through at a forcing step's contradiction
    pg.click('nav a[data-view="explain"]')
    pg.wait_for_function("window.ascentApp.timings.explainDrawn > 0", timeout=120000)
    pg.wait_for_function(DRAWN)
    fr = pg.frame_locator("#explain-frame")
    fr.locator("#steps button.step", has=pg.locator(".t-forcing")).first.click()
    fr.locator("#chain-last").click()
    pg.locator("#explain-frame").scroll_into_view_if_needed()
    pg.evaluate("document.getElementById('explain-frame').scrollIntoView({block: 'start'})")
    pg.screenshot(path=str(out / "web-walkthrough-contradiction.png")); print(pg.text_content("#explain-msg"))
    # 4. a walk-through opened while the engine still solves: the steps found so far, the reader on step 2
    pz = _sample("9x9", "unreasonable", 0)
    pg = ctx.new_page(); pg.goto(url + "index.html?" + bridge.code_of(pz) + "#explain"); W.wait_ready(pg)
    pg.wait_for_function("document.documentElement.dataset.explain === 'partial'", timeout=120000)
    pg.wait_for_function(DRAWN)
    pg.frame_locator("#explain-frame").locator('#steps button.step[data-f="2"]').click()
    pg.wait_for_timeout(400)  # the line above says where the reader is
    state = pg.get_attribute("html", "data-explain")
    pg.evaluate("window.scrollTo(0, 0)")
    pg.screenshot(path=str(out / "web-walkthrough-partial.png")); print(state, pg.text_content("#explain-msg"))
    b.close()
