"""Phones and accessibility of the two exported pages (issue 42, item 7), each defect driven in Chromium:
the walk-through (``ascent export`` / ``solve --html``) and the play page (``ascent play --html``).

axe-core comes from npm (node_modules/axe-core, from the repository's package.json, or
``npm install --no-save axe-core``); its tests skip with that reason where it is absent. One browser for
the module. axe's colour-contrast rule takes 12-20 s a run on a walk-through page (thousands of SVG nodes),
so on the walk-through it runs only with ASCENT_AXE_FULL=1 (every other rule always runs);
test_share_browser.py's CONTRAST measures every text colour of the walk-through at 390 and 1366 px.
"""

import json
import os
from pathlib import Path

import pytest

from ascent.export import page
from ascent.export.play import play_page
from ascent.model.grid import cell_name
from ascent.puzzle import Puzzle
from ascent.show.view import build
from ascent.solver.engine import solve

from .browser import Browser, chromium

ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WINDOWS = [(390, 844), (844, 390), (1366, 900)]
FULL = bool(os.environ.get("ASCENT_AXE_FULL"))

pytestmark = pytest.mark.skipif(chromium() is None, reason="no chromium installed (apt-get install -y chromium)")
needs_axe = pytest.mark.skipif(not AXE.is_file(), reason="axe-core is not installed (npm install, or npm install --no-save axe-core)")


def record(shared, folder: str, size: int, label: str, index: int = 0) -> Puzzle:
    return Puzzle.from_record(json.loads((shared / folder / f"{size}x{size}-puzzles.json").read_text())[label][index])


@pytest.fixture(scope="module")
def pages(tmp_path_factory, shared):
    """The pages under test, written once: a 9x9 forcing walk-through (tatham unreasonable 0: 201 steps, 3 forcing),
    a 12x12 walk-through and play pages for a 6x6 hard and the same 12x12."""
    out = tmp_path_factory.mktemp("pages")
    nine = record(shared, "tatham", 9, "unreasonable")
    twelve = record(shared, "big", 12, "big", 6)
    six = record(shared, "generated", 6, "hard")
    views = {"walk9": build(solve(nine, logic_only=True)), "walk12": build(solve(twelve, logic_only=True))}
    paths = {}
    for name, view in views.items():
        paths[name] = out / f"{name}.html"
        paths[name].write_text(page(view), encoding="utf-8")
    solved = {}
    for name, puzzle in (("play6", six), ("play12", twelve)):
        solved[name] = solve(puzzle)
        paths[name] = out / f"{name}.html"
        paths[name].write_text(play_page(puzzle, solved[name]), encoding="utf-8")
    return {"paths": paths, "views": views, "solved": solved, "puzzles": {"play6": six, "play12": twelve}}


@pytest.fixture(scope="module")
def browser():
    with Browser(width=1366, height=900, timeout=90) as b:
        yield b


def window(b: Browser, w: int, h: int) -> None:
    b.resize(w, h, mobile=w < 900, touch=w < 900)


def goto(b: Browser, path: Path, frame: int) -> None:
    """Open the walk-through at step ``frame`` as a link to it would (#N)."""
    b.send("Page.navigate", url="about:blank")
    b.send("Page.navigate", url=f"{path.resolve().as_uri()}#{frame}")
    assert b.wait_until(f"document.readyState==='complete' && document.body.getAttribute('data-frame')==='{frame}'")


def fresh_play(b: Browser, path: Path) -> None:
    b.open(path)
    b.eval("localStorage.clear()")
    b.open(path)


def forcing_frames(view) -> list[int]:
    return [f.number for f in view.frames if f.chains]


def axe(b: Browser, contrast: bool = True) -> list[str]:
    b.eval(AXE.read_text())
    rules = "" if contrast else ",rules:{'color-contrast':{enabled:false}}"
    return b.eval("axe.run(document,{resultTypes:['violations']%s}).then(function(r){return r.violations.map("
                  "function(v){return v.id+': '+v.nodes.slice(0,3).map(function(n){return n.target.join(' ');})"
                  ".join(', ');});})" % rules)


# ---------------------------------------------------------------------------- axe
@needs_axe
@pytest.mark.parametrize("w, h", WINDOWS)
def test_axe_finds_nothing_on_the_play_pages(browser, pages, w, h):
    b = browser
    window(b, w, h)
    for name in ("play6", "play12"):
        fresh_play(b, pages["paths"][name])
        b.eval("document.querySelector('[data-action=\"fill\"]').click()")  # marks in every open cell
        b.eval("document.querySelector('[data-action=\"hint\"]').click()")  # and the hint box open
        assert axe(b) == [], f"{name} at {w}x{h}"


@needs_axe
@pytest.mark.parametrize("w, h", WINDOWS)
def test_axe_finds_nothing_on_a_forcing_walk_through(browser, pages, w, h):
    """At a forcing step, its chain open: the controls' names hold their words (Prev is 'Previous step', more is
    'more of the caption'), the jumps, both grids."""
    b = browser
    window(b, w, h)
    view = pages["views"]["walk9"]
    goto(b, pages["paths"]["walk9"], forcing_frames(view)[0])
    assert axe(b, contrast=FULL) == [], f"at {w}x{h}"


# ---------------------------------------------------------------------------- the play page
def test_play_page_in_phone_landscape_has_board_keypad_and_tools_in_view(browser, pages):
    """844x390: the whole board, every key and the tools inside the window at once; a tap on a cell then a key
    places the height without any scrolling; the hint opens in view."""
    b = browser
    window(b, 844, 390)
    truth = [h for row in pages["solved"]["play12"].solution for h in row]
    puzzle = pages["puzzles"]["play12"]
    fresh_play(b, pages["paths"]["play12"])
    board = b.rect("#board")
    assert board["bottom"] - board["top"] <= 390 and b.in_window("#board")
    for sel in ['[data-key="1"]', '[data-key="12"]', '[data-action="hint"]', '[data-action="undo"]', '[data-status]']:
        assert b.in_window(sel), sel
    i = next(k for k in range(144) if not puzzle.givens[k // 12][k % 12])
    b.tap(f'[data-cell="{cell_name(i, 12)}"]')
    b.tap(f'[data-key="{truth[i]}"]')
    assert b.eval(f"window.ascentPlay.state().v[{i}]") == truth[i]
    for _ in range(3):
        b.tap('[data-action="hint"]' if b.eval("document.getElementById('hintbox').hidden") else '[data-action="more"]')
    assert b.in_window("#hint") and b.in_window("#board") and b.eval("scrollY") == 0
    assert b.eval("document.documentElement.scrollWidth") <= 844 and b.errors() == []


def test_play_page_on_a_desktop_opens_the_hint_in_view(browser, pages):
    b = browser
    window(b, 1366, 900)
    fresh_play(b, pages["paths"]["play12"])
    b.click('[data-action="hint"]', scroll=False)
    assert b.in_window("#hintbox") and b.in_window("#board")


def play6_on_a_phone(b: Browser, pages) -> tuple:
    """The 6x6 play page, fresh, at 390x844: its puzzle and its solution as flat heights."""
    window(b, 390, 844)
    fresh_play(b, pages["paths"]["play6"])
    return pages["puzzles"]["play6"], [h for row in pages["solved"]["play6"].solution for h in row]


def test_a_checks_verdict_goes_when_the_wrong_height_is_undone(browser, pages):
    b = browser
    puzzle, truth = play6_on_a_phone(b, pages)
    i = next(k for k in range(36) if not puzzle.givens[k // 6][k % 6])
    name = cell_name(i, 6)
    b.tap(f'[data-cell="{name}"]')
    b.tap(f'[data-key="{1 if truth[i] != 1 else 2}"]')
    b.tap('[data-action="check"]')
    assert b.eval("document.getElementById('note').textContent") == f"{name} is wrong."
    assert b.eval(f"document.querySelector('[data-cell=\"{name}\"]').getAttribute('aria-label')").endswith(", wrong")
    b.tap('[data-action="undo"]')
    assert b.eval("document.getElementById('note').textContent") == ""
    assert b.eval("document.querySelectorAll('.cell.wrong').length") == 0


def test_a_hint_asked_after_solving_is_not_counted(browser, pages):
    b = browser
    puzzle, truth = play6_on_a_phone(b, pages)
    last = next(k for k in range(36) if not puzzle.givens[k // 6][k % 6])
    v = [0 if k == last else h for k, h in enumerate(truth)]
    state = json.dumps({"v": v, "m": [0] * 36, "t": 1000, "done": False, "hints": 2, "auto": False})
    b.eval(f"localStorage.setItem({json.dumps('ascent-play/' + puzzle.to_tatham())}, {json.dumps(state)});"
           "window.ascentPlay.resume()")
    b.tap(f'[data-cell="{cell_name(last, 6)}"]')
    b.tap(f'[data-key="{truth[last]}"]')
    status = b.eval("document.querySelector('[data-status]').textContent")
    assert status.startswith("solved in ") and status.endswith("with 2 hints")
    b.tap('[data-action="hint"]')
    assert b.eval("document.querySelector('[data-hint]').textContent") == "Hint 1: the grid is complete and correct"
    b.tap('[data-action="close"]')
    b.tap('[data-action="hint"]')
    assert b.eval("window.ascentPlay.state().hints") == 2
    assert b.eval("document.querySelector('[data-status]').textContent") == status
    saved = b.eval(f"JSON.parse(localStorage.getItem({json.dumps('ascent-play/' + puzzle.to_tatham())})).hints")
    assert saved == 2


GAPS = """(function(){
  /* every pencil mark's glyph box; the least gap between marks of side-by-side cells, and within a cell */
  var ctx=document.createElement('canvas').getContext('2d');
  function boxes(cell){return Array.prototype.map.call(cell.querySelectorAll('.m i'),function(it){
    var d=it.getAttribute('data-d');if(!d){return null;}  /* the mark's advance box, centred in its slot as drawn */
    var s=getComputedStyle(it,'::before');ctx.font=s.fontWeight+' '+s.fontSize+' '+s.fontFamily;
    if(parseFloat(s.fontStretch)<100){ctx.fontStretch='condensed';}
    var w=ctx.measureText(d).width, b=it.getBoundingClientRect(), x=(b.left+b.right)/2;
    return {l:x-w/2,r:x+w/2};});}
  var cells=document.querySelectorAll('[data-cell]'), n=Math.round(Math.sqrt(cells.length)), across=1e9, inside=1e9, font=1e9;
  for(var i=0;i<cells.length;i++){
    var a=boxes(cells[i]);if(!a.length){continue;}
    font=Math.min(font,parseFloat(getComputedStyle(cells[i].querySelector('.m')).fontSize));
    for(var k=1;k<a.length;k++){if(a[k]&&a[k-1]&&k%4){inside=Math.min(inside,a[k].l-a[k-1].r);}}
    if(i%n<n-1){var c=boxes(cells[i+1]);
      for(var row=0;row<3&&c.length;row++){var x=a[row*4+3], y=c[row*4];if(x&&y){across=Math.min(across,y.l-x.r);}}}
  }
  return [font,across,inside];})()"""


def test_12x12_pencil_marks_on_a_phone_are_10px_and_kept_apart(browser, pages):
    """Every height marked in every open cell of the 12x12 play page on a 390 px phone: the marks 10 px or more,
    3 px or more between the marks of side-by-side cells, and no two glyph boxes overlapping inside a cell."""
    b = browser
    window(b, 390, 844)
    fresh_play(b, pages["paths"]["play12"])
    puzzle = pages["puzzles"]["play12"]
    m = [0 if puzzle.givens[k // 12][k % 12] else 4095 for k in range(144)]
    v = [puzzle.givens[k // 12][k % 12] for k in range(144)]
    state = json.dumps({"v": v, "m": m, "t": 0, "done": False, "hints": 0, "auto": False})
    b.eval(f"localStorage.setItem({json.dumps('ascent-play/' + puzzle.to_tatham())}, {json.dumps(state)});"
           "window.ascentPlay.resume()")
    font, across, inside = b.eval(GAPS)
    assert font >= 10 and across >= 3 and inside >= 0, (font, across, inside)  # glyph boxes: none overlap
    assert b.eval("document.documentElement.scrollWidth") <= 390


def test_play_page_speaks_a_broken_clue_and_the_wrong_cell_a_hint_names(browser, pages):
    b = browser
    window(b, 390, 844)
    puzzle = pages["puzzles"]["play6"]
    truth = [h for row in pages["solved"]["play6"].solution for h in row]
    fresh_play(b, pages["paths"]["play6"])
    v = list(truth)
    v[0:6] = truth[5::-1]  # row 1 reversed: its left or right clue cannot hold
    state = json.dumps({"v": [x if not puzzle.givens[k // 6][k % 6] else puzzle.givens[k // 6][k % 6]
                              for k, x in enumerate(v)], "m": [0] * 36, "t": 0, "done": False, "hints": 0, "auto": False})
    b.eval(f"localStorage.setItem({json.dumps('ascent-play/' + puzzle.to_tatham())}, {json.dumps(state)});"
           "window.ascentPlay.resume()")
    bad = b.eval("Array.prototype.map.call(document.querySelectorAll('.clue.bad'),function(c){return c.getAttribute('aria-label');})")
    assert bad and all(", broken: its lane sees " in x for x in bad), bad
    b.tap('[data-action="hint"]')
    wrong = b.eval("window.ascentPlay.hint()")
    assert wrong["kind"] == "wrong"
    said = b.eval(f"document.querySelector('[data-cell=\"{cell_name(wrong['cell'], 6)}\"]').getAttribute('aria-label')")
    assert said.endswith(", wrong, the hint points here"), said


# ---------------------------------------------------------------------------- the walk-through
def test_phone_jumps_to_a_chains_contradiction_in_one_tap_and_back(browser, pages):
    b = browser
    window(b, 390, 844)
    view = pages["views"]["walk9"]
    path = pages["paths"]["walk9"]
    for number in forcing_frames(view):
        f = view.frames[number]
        goto(b, path, number)
        count = len(f.step.chain or f.step.branches[0]) - 1
        assert b.eval("document.getElementById('chain-last').textContent").startswith("Contradiction")
        b.tap("#chain-last")
        assert b.eval("document.getElementById('chain-pos').textContent") == f"L{count} of {count}"
        assert b.eval("document.getElementById('chain-end').textContent") == f.chains[0].end
        for sel in ("#chain-end", "#chain-grid svg", "#chain-first"):
            assert b.in_window(sel), f"{sel} at step {number}"
        b.tap("#chain-first")
        assert b.eval("document.getElementById('chain-pos').textContent") == "the supposition"
        assert b.eval("document.getElementById('chain-first').disabled") is True
    assert b.errors() == []


def test_landscape_tapping_steps_keeps_the_grid_in_view(browser, pages):
    """844x390: the step list stands beside the grid; taps on steps (ordinary and forcing) never move the grid."""
    b = browser
    window(b, 844, 390)
    view = pages["views"]["walk9"]
    first = forcing_frames(view)[0]
    goto(b, pages["paths"]["walk9"], first - 3)
    assert b.eval("window.ascentView.mode()") == "wide"
    app_top = b.eval("scrollY")
    assert app_top > 0 and abs(b.rect("#app")["top"]) < 1  # a link to a step opens with the grid at the top
    for _ in range(3):  # two ordinary steps, then the forcing step
        target = b.eval("(function(){var c=document.querySelector('#steps li.current');var n=c.nextElementSibling;"
                        "if(!n){n=c.parentNode.closest('li').nextElementSibling.querySelector('li');}"
                        "return +n.querySelector('button.step').getAttribute('data-f');})()")
        b.eval(f"document.querySelector('#steps button.step[data-f=\"{target}\"]').scrollIntoView({{block:'nearest'}})")
        assert b.eval("scrollY") == app_top  # the list scrolled, not the page
        b.tap(f'#steps button.step[data-f="{target}"]')
        assert b.eval("document.body.getAttribute('data-frame')") == str(target)
        grid = "#chain-grid svg" if target == first else "#main-grid svg"
        assert b.in_window(grid) and b.in_window("#next"), f"step {target}"
        if target != first:  # a forcing step's chain controls fill the column: its list has little room left
            assert b.in_window(f'#steps button.step[data-f="{target}"]') and b.in_window("#caption"), f"step {target}"
        assert b.eval("scrollY") == app_top
    assert b.errors() == []


@pytest.mark.parametrize("name", ["walk9", "walk12"])
def test_desktop_opens_a_step_with_its_caption_and_a_chains_end_above_the_fold(browser, pages, name):
    b = browser
    window(b, 1366, 900)
    view = pages["views"][name]
    path = pages["paths"][name]
    goto(b, path, 40)
    assert b.eval("scrollY") == 0
    assert b.in_window("#caption") and b.in_window("#main-grid svg") and b.in_window("#next")
    number = forcing_frames(view)[0]
    goto(b, path, number)
    b.click("#chain-last", scroll=False)
    for sel in ("#caption", "#chain-caption", "#chain-end", "#chain-grid svg", "#main-grid svg"):
        assert b.in_window(sel), f"{sel} of {name} step {number}"
    assert b.eval("scrollY") == 0


SVG_GAPS = """(function(sel){ /* the least size of a mark, and gap between marks of side-by-side cells */
  var cells=document.querySelectorAll(sel+' g.cell'), n=Math.round(Math.sqrt(cells.length)), across=1e9, font=1e9;
  function marks(g){return Array.prototype.filter.call(g.querySelectorAll('g.k'),function(k){return k.getClientRects().length;})
    .map(function(k){var t=k.querySelector('text'), r=t.getBoundingClientRect();
      font=Math.min(font,parseFloat(getComputedStyle(t).fontSize)*t.ownerSVGElement.getScreenCTM().a);return r;});}
  for(var i=0;i<cells.length;i++){
    if(i%n===n-1){continue;}
    var a=marks(cells[i]), b=marks(cells[i+1]);
    for(var x=0;x<a.length;x++){for(var y=0;y<b.length;y++){
      if(Math.abs(a[x].top-b[y].top)<2){across=Math.min(across,b[y].left-a[x].right);}}}
  }
  return [font,across];})(__SEL__)"""


def test_12x12_walk_through_marks_on_a_phone_are_10px_and_apart(browser, pages):
    b = browser
    window(b, 390, 844)
    goto(b, pages["paths"]["walk12"], 1)
    font, across = b.eval(SVG_GAPS.replace("__SEL__", json.dumps("#main-grid")))
    assert font >= 10 and across >= 2, (font, across)


def test_walk_through_cells_read_placed_lost_and_supposed_differ_by_more_than_tint(browser, pages):
    """Each kind of cell has its own outline (dash pattern or width, not only its colour), the key shows them,
    and its aria-label says it."""
    b = browser
    window(b, 1366, 900)
    view = pages["views"]["walk9"]
    number = forcing_frames(view)[0]
    goto(b, pages["paths"]["walk9"], number)
    b.click("#chain-last", scroll=False)
    looks = b.eval("""(function(){var o={};['used','lost','placed','supposed','broken'].forEach(function(k){
        var g=document.querySelector('#chain-grid g.cell.'+k+', #main-grid g.cell.'+k);if(!g){return;}
        var s=getComputedStyle(g.querySelector('rect.bg'));o[k]=[s.strokeDasharray,s.strokeWidth,g.getAttribute('aria-label')];});
        return o;})()""")
    assert {"used", "supposed"} <= set(looks), looks
    frames = {}  # a step that shows each kind alone (placed wins over lost, lost over read, as drawn)
    for f in view.frames[1:]:
        put = {c for c, _ in f.placed}
        lost = {c for c, _ in f.eliminated} - put
        for kind, shown in (("placed", put), ("lost", lost), ("used", set(f.cells) - lost - put)):
            if shown:
                frames.setdefault(kind, f.number)
    more = b.eval("""(function(at){var o={}, pick={used:'.used:not(.lost):not(.placed)',lost:'.lost:not(.placed)',placed:'.placed'};
        Object.keys(at).forEach(function(k){window.ascentView.go(at[k]);
          var g=document.querySelector('#main-grid g.cell'+pick[k]);
          if(g){var s=getComputedStyle(g.querySelector('rect.bg'));o[k]=[s.strokeDasharray,s.strokeWidth,g.getAttribute('aria-label')];}});
        return o;})(%s)""" % json.dumps(frames))
    assert set(more) == {"used", "lost", "placed"}, more
    looks.update(more)
    outlines = {k: tuple(v[:2]) for k, v in looks.items()}
    assert len(set(outlines.values())) == len(outlines), outlines  # no two kinds drawn alike but for their tint
    words = {"used": "read by the step", "lost": "removed", "placed": "placed by the step", "supposed": "supposed",
             "broken": "broken"}
    for k, (_, _, said) in looks.items():
        assert words[k] in said, (k, said)
    key = b.eval("document.getElementById('key').textContent")
    assert "dotted" in key and "dashed red" in key and "solid green" in key
