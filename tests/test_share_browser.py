"""The HTML step-through in a real browser: headless Chromium, driven over the DevTools pipe.

Skipped only when no Chromium is installed (.ci/run installs Debian's ``chromium`` when it can).
"""

import json
import re

import pytest

from ascent.solver.engine import solve
from ascent.model.grid import cell_name
from ascent.export import page
from ascent.puzzle import Puzzle
from ascent.show.view import build

from .browser import Browser, chromium
from .test_share import CLUES, shared_puzzle

pytestmark = pytest.mark.skipif(chromium() is None, reason="no chromium installed (apt-get install -y chromium)")

READ = """(function(sel){
  return Array.prototype.map.call(document.querySelectorAll(sel+" svg g.cell"), function(g){
    var v=g.querySelector("text.v").textContent, ks=g.querySelectorAll("g.k"), on=0, st=0;
    for(var d=0;d<ks.length;d++){var c=ks[d].getAttribute("class"); if(c==="k on"){on|=1<<d;} if(c==="k struck"){st|=1<<d;}}
    return [v?parseInt(v,36):0, on, st, g.getAttribute("class")];
  });
})(%s)"""


@pytest.fixture(scope="module")
def browser():
    with Browser(width=1280, height=900) as b:
        yield b


def state(b: Browser, where: str = "#main-grid"):
    return b.eval(READ % json.dumps(where))


def expected(frame, n):
    """What a frame should look like in the DOM: height, shown candidates, struck candidates, placed."""
    out = []
    for i in range(n * n):
        struck = 0 if frame.values[i] else sum(m for c, m in frame.eliminated if c == i)  # a placed height hides them
        out.append([frame.values[i], 0 if frame.values[i] else frame.masks[i], struck,
                    i in {c for c, _ in frame.placed}])
    return out


def seen(cells):
    return [[v, on, st, "placed" in cls.split()] for v, on, st, cls in cells]


def write(tmp_path, result, name="solve.html"):
    view = build(result)
    path = tmp_path / name
    path.write_text(page(view), encoding="utf-8")
    return view, path


def test_click_through_every_step_then_keys_and_buttons(browser, tmp_path):
    result = solve(Puzzle.from_clues(CLUES))
    view, path = write(tmp_path, result)
    n = view.puzzle.size
    b = browser
    b.open(path)
    assert b.eval("document.body.getAttribute('data-frame')") == "0"
    assert seen(state(b)) == expected(view.start, n)
    for f in view.frames[1:]:
        b.click(f'#steps button.step[data-f="{f.number}"]')  # a real mouse click on the list
        assert b.eval("document.body.getAttribute('data-frame')") == str(f.number)
        assert seen(state(b)) == expected(f, n), f.title
        assert f.sentence in b.eval("document.getElementById('caption').textContent")
    final = [v for v, *_ in state(b)]
    assert final == [h for row in result.solution for h in row]  # the grid after the last step is the solution
    assert b.eval("document.getElementById('next').disabled") is True
    b.key("Home", 36)
    assert b.eval("document.body.getAttribute('data-frame')") == "0"
    for _ in range(view.step_count):
        b.key("ArrowRight", 39)
    assert [v for v, *_ in state(b)] == final
    b.click("#prev")
    assert seen(state(b)) == expected(view.frames[-2], n)
    b.click("#next")
    assert seen(state(b)) == expected(view.frames[-1], n)
    b.key("ArrowLeft", 37)  # the focus is on the Next button, not in the list: the arrow is the page's own
    assert b.eval("document.body.getAttribute('data-frame')") == str(view.step_count)
    b.eval("document.getElementById('main-grid').focus()")
    b.key("ArrowLeft", 37)  # on the grid, it steps
    assert b.eval("document.body.getAttribute('data-frame')") == str(view.step_count - 1)
    b.click('#steps button.step[data-f="3"]')
    b.key("ArrowDown", 40)  # in the list: it steps, and the focus follows the current step
    assert b.eval("document.activeElement.getAttribute('data-f')") == "4"
    assert b.eval("document.activeElement.getAttribute('aria-current')") == "step"
    assert b.eval("document.querySelectorAll('#steps [aria-current]').length") == 1
    assert b.wait_until("location.hash==='#4'")  # the address follows the step
    b.eval("location.hash='#9'")  # an edited address moves to its step, and Back moves back
    assert b.wait_until("document.body.getAttribute('data-frame')==='9'")
    b.eval("history.back()")
    assert b.wait_until("document.body.getAttribute('data-frame')==='4'")
    assert b.errors() == []
    assert b.requests() == [path.resolve().as_uri()]  # the page asked for nothing but itself


def test_forcing_chain_on_its_own_grid_ends_at_the_contradiction(browser, tmp_path, shared):
    result = solve(shared_puzzle(shared, "generated", "extreme", "gen-7-84"), logic_only=True)
    view, path = write(tmp_path, result, "forcing.html")
    n = view.puzzle.size
    b = browser
    b.open(path)
    assert b.eval("document.getElementById('chain').hidden") is True
    for f in (f for f in view.frames if f.chains):
        b.click(f'#steps button.step[data-f="{f.number}"]')
        assert b.eval("document.getElementById('chain').hidden") is False
        (chain,) = f.chains
        assert seen(state(b, "#chain-grid")) == expected(chain.frames[1], n)  # it opens at the supposition
        while not b.eval("document.getElementById('chain-next').disabled"):
            b.click("#chain-next")
        cells = state(b, "#chain-grid")
        assert [c[:2] for c in seen(cells)] == [c[:2] for c in expected(chain.frames[-1], n)]
        assert b.eval("document.getElementById('chain-end').textContent") == chain.end  # its own line, never clipped
        assert chain.end.startswith("contradiction")
        count = len(f.step.chain) - 1  # the link count, as everywhere: L1..Lk after the supposition
        assert b.eval("document.getElementById('chain-pos').textContent") == f"L{count} of {count}"
        lane = b.eval("document.querySelector('#chain-grid rect.lane').getAttribute('class')")
        assert any("broken" in c[3].split() for c in cells) or lane == "lane"
        b.click("#chain-prev")
        assert seen(state(b, "#chain-grid")) == expected(chain.frames[-2], n)
    b.click(f'#steps button.step[data-f="{view.step_count}"]')
    assert b.eval("document.getElementById('chain').hidden") is True
    assert [v for v, *_ in state(b)] == [h for row in result.solution for h in row]
    assert b.errors() == []


CONTRAST = """(function(){
  function rgb(s){var m=s.match(/[0-9.]+/g);return m?m.map(Number):null;}
  function hex(s){if(!s||s[0]!=='#'){return rgb(s);}s=s.slice(1);if(s.length===3){s=s.replace(/./g,'$&$&');}
    return [0,2,4].map(function(i){return parseInt(s.substr(i,2),16);});}
  function lum(c){var a=c.slice(0,3).map(function(v){v/=255;return v<=0.03928?v/12.92:Math.pow((v+0.055)/1.055,2.4);});
    return 0.2126*a[0]+0.7152*a[1]+0.0722*a[2];}
  function ratio(a,b){var x=lum(a),y=lum(b);return (Math.max(x,y)+0.05)/(Math.min(x,y)+0.05);}
  function bg(e){for(;e;e=e.parentElement){var c=rgb(getComputedStyle(e).backgroundColor);if(c&&(c.length<4||c[3]>0.5)){return c;}}return [255,255,255];}
  var bad=[], seen={};
  function note(what,r){if(r<4.5&&!seen[what]){seen[what]=1;bad.push(what+" "+r.toFixed(2));}}
  var all=document.querySelectorAll('body *:not(svg):not(svg *)');
  for(var i=0;i<all.length;i++){var e=all[i];
    if(!e.getClientRects().length){continue;}
    var own=Array.prototype.some.call(e.childNodes,function(t){return t.nodeType===3&&t.textContent.trim();});
    if(!own){continue;}
    note((e.className||e.tagName)+": "+e.textContent.trim().slice(0,20),ratio(rgb(getComputedStyle(e).color),bg(e)));}
  var texts=document.querySelectorAll('svg text');
  for(var j=0;j<texts.length;j++){var t=texts[j];if(!t.textContent||!t.getClientRects().length){continue;}
    var cell=t.closest('g.cell'), back=cell?rgb(getComputedStyle(cell.querySelector('rect.bg')).fill):[255,255,255];
    note('svg '+(cell?cell.getAttribute('class'):'clue')+' '+t.getAttribute('class')+' '+(t.parentNode.getAttribute('class')||''),
         ratio(rgb(getComputedStyle(t).fill),back));}
  return bad;
})()"""


def nine_by_nine(shared):
    recs = json.loads((shared / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"]
    return solve(Puzzle.from_record(recs[0]), logic_only=True)  # 7 forcing steps, solved in about 0.2 s


@pytest.mark.parametrize("width, height, mobile", [(390, 844, True), (1366, 900, False)])
def test_forcing_9x9_keeps_next_and_the_grid_in_view(browser, tmp_path, shared, width, height, mobile):
    """Click Next (where it is, never scrolled to) through forcing steps of a 9x9: after every click Next and the
    grid are inside the window and the current step shows in its list; #N opens step N with its chain beside."""
    result = nine_by_nine(shared)
    view, path = write(tmp_path, result, "nine.html")
    forcing = [f.number for f in view.frames if f.chains]
    assert len(forcing) >= 3
    b = browser
    uri = path.resolve().as_uri()
    try:
        b.resize(width, height, mobile=mobile)
        for target in forcing[:3]:  # a link to a forcing step lands on it
            b.send("Page.navigate", url="about:blank")
            b.send("Page.navigate", url=f"{uri}#{target}")
            assert b.wait_until(f"document.readyState==='complete' && document.body.getAttribute('data-frame')==='{target}'")
            assert b.eval("document.querySelector('#steps [aria-current]').getAttribute('data-f')") == str(target)
            assert b.in_window("#next") and b.eval("document.getElementById('chain').hidden") is False
            assert visible_in_window(b, "#chain-grid svg")  # beside the grid on a desktop, instead of it on a phone
            assert visible_in_window(b, "#main-grid svg") == (not mobile)  # one tap away on a phone
            assert b.eval("document.documentElement.scrollWidth") <= width
        start = forcing[0] - 2
        b.eval(f"location.hash='#{start}'")
        assert b.wait_until(f"document.body.getAttribute('data-frame')==='{start}'")
        for k in range(1, forcing[2] - start + 2):
            b.click("#next", scroll=False)
            f = start + k
            assert b.eval("document.body.getAttribute('data-frame')") == str(f)
            assert b.in_window("#next"), f"after step {f}"
            assert visible_in_window(b, "#chain-grid svg" if mobile and f in forcing else "#main-grid svg"), f"after step {f}"
            item = b.rect(f'#steps button.step[data-f="{f}"]')
            box = b.rect("#steps")
            assert box["top"] - 1 <= item["top"] <= box["bottom"], f"step {f} hidden in its list"
            if item["bottom"] - item["top"] <= box["bottom"] - box["top"]:  # one taller than the list shows its start
                assert item["bottom"] <= box["bottom"] + 1, f"step {f} cut off in its list"
            if not mobile:  # the list stands beside the grid: its current step is in the window too
                assert 0 <= item["top"] and item["bottom"] <= item["height"], f"step {f} off the window's edge"
            assert (b.eval("document.getElementById('chain').hidden") is False) == (f in forcing)
            if f in forcing:  # the chain opens in view, and the page did not jump
                assert visible_in_window(b, "#chain-grid svg"), f"chain of step {f} out of view"
        assert b.eval(CONTRAST) == []  # with a chain open: supposed, placed, lost, given cells all drawn
        b.click("#next", scroll=False)  # off the forcing step: the main grid at full width again
        assert pencil_px(b, "#main-grid") >= 10
        assert b.errors() == []
    finally:
        b.resize(1280, 900)


def visible_in_window(b: Browser, selector: str) -> bool:
    r = b.rect(selector)
    return bool(r) and r["right"] > r["left"] and b.in_window(selector)


PENCIL = """(function(sel){var m=null, ts=document.querySelectorAll(sel+' g.k.on text, '+sel+' g.k.struck text');
  for(var i=0;i<ts.length;i++){var t=ts[i];if(!t.getClientRects().length){continue;}
    var px=parseFloat(getComputedStyle(t).fontSize)*t.ownerSVGElement.getScreenCTM().a; m=m===null?px:Math.min(m,px);}
  return m;})(%s)"""


def pencil_px(b: Browser, where: str) -> float:
    """The smallest pencil mark shown in a grid, in CSS px (its font size as drawn); 0 when none shows."""
    return b.eval(PENCIL % json.dumps(where)) or 0.0


def twelve(shared):
    rec = json.loads((shared / "big" / "12x12-puzzles.json").read_text())["big"][6]
    return solve(Puzzle.from_record(rec), logic_only=True)  # 250 steps, 1 forcing (19 links); about 0.1 s


@pytest.mark.parametrize("size, least", [(9, 10.0), (12, 10.0)])
def test_phone_pencil_marks_and_a_chains_contradiction_are_readable(browser, tmp_path, shared, size, least):
    """On a 390 px phone: pencil marks at least 10 px at 9x9 and 12x12, on the main grid and on a forcing
    step's chain grid; at the chain's last link its contradiction, the link's number and the step's caption are
    all inside the window, with the grid; a caption cut short says so and opens in full."""
    result = nine_by_nine(shared) if size == 9 else twelve(shared)
    view, path = write(tmp_path, result, f"phone{size}.html")
    forcing = [f for f in view.frames if f.chains]
    b = browser
    try:
        b.resize(390, 844, mobile=True)
        b.open(path)
        b.eval("window.ascentView.go(1)")
        assert pencil_px(b, "#main-grid") >= least
        for f in forcing[:2]:
            b.eval(f"window.ascentView.go({f.number})")
            assert b.eval("window.ascentView.mode()") == "phone"
            b.eval("window.scrollTo(0, document.getElementById('app').getBoundingClientRect().top + pageYOffset)")
            assert pencil_px(b, "#chain-grid") >= least, f"step {f.number}"
            count = len(f.step.chain or f.step.branches[0]) - 1
            while not b.eval("document.getElementById('chain-next').disabled"):
                b.click("#chain-next", scroll=False)
            assert b.eval("document.getElementById('chain-pos').textContent") == f"L{count} of {count}"
            assert b.eval("document.getElementById('chain-end').textContent") == f.chains[0].end
            for sel in ("#chain-end", "#chain-pos", "#caption", "#chain-caption", "#next", "#chain-grid svg"):
                assert visible_in_window(b, sel), f"{sel} out of the window at step {f.number}"
            assert pencil_px(b, "#chain-grid") >= least
            b.click('#flip button[data-show="grid"]', scroll=False)  # the grid after the step, one tap away
            assert visible_in_window(b, "#main-grid svg") and not visible_in_window(b, "#chain-grid svg")
            assert pencil_px(b, "#main-grid") >= least
        cut = b.eval("(function(){var c=document.getElementById('caption');return c.scrollHeight>c.clientHeight+2;})()")
        more = b.eval("!document.querySelector('#board > .capbox button.more').hidden")
        assert cut == more  # clipped exactly when it says so
        if more:
            b.click("#board > .capbox button.more", scroll=False)
            assert b.eval("(function(){var c=document.getElementById('caption');return c.scrollHeight<=c.clientHeight+2;})()")
        assert b.eval("document.documentElement.scrollWidth") <= 390 and b.errors() == []
    finally:
        b.resize(1280, 900)


def test_landscape_phone_shows_next_and_the_whole_grid_together(browser, tmp_path, shared):
    result = nine_by_nine(shared)
    view, path = write(tmp_path, result, "landscape.html")
    first = next(f.number for f in view.frames if f.chains)
    b = browser
    try:
        b.resize(844, 390, mobile=True)
        b.open(path)
        assert b.eval("window.ascentView.mode()") == "wide"
        b.eval("window.scrollTo(0, document.getElementById('app').getBoundingClientRect().top + pageYOffset)")
        for f in (1, first - 1):
            b.eval(f"window.ascentView.go({f})")
            assert b.in_window("#next") and b.in_window("#prev") and visible_in_window(b, "#main-grid svg")
            assert pencil_px(b, "#main-grid") >= 10
        b.click("#next", scroll=False)
        assert visible_in_window(b, "#chain-grid svg") and b.in_window("#next") and b.in_window("#chain-next")
        assert pencil_px(b, "#chain-grid") >= 10
    finally:
        b.resize(1280, 900)


def test_screen_reader_names_cells_steps_and_controls(browser, tmp_path):
    """Each cell says its height or candidates; Next announces the step's sentence; the step list is one Tab stop;
    no control's name runs a number into a word."""
    result = solve(Puzzle.from_clues(CLUES))
    view, path = write(tmp_path, result, "reader.html")
    n = view.puzzle.size
    b = browser
    b.open(path)
    b.click("#next")
    f = view.frames[1]
    labels = b.eval("Array.prototype.map.call(document.querySelectorAll('#main-grid g.cell'),function(g){return g.getAttribute('aria-label');})")
    for i, said in enumerate(labels):
        name = cell_name(i, n)
        if f.values[i]:
            assert said.startswith(f"{name}, ") and said.split("; ")[0].endswith(str(f.values[i]))
        else:
            assert said.startswith(f"{name}, empty, candidates " + " ".join(str(d) for d in range(1, n + 1) if f.masks[i] >> (d - 1) & 1))
    assert f.sentence in b.eval("document.getElementById('say').textContent")
    assert b.eval("document.getElementById('say').getAttribute('aria-live')") == "polite"
    assert b.eval("document.querySelectorAll('#steps button.step[tabindex=\"0\"]').length") == 1
    assert b.eval("document.querySelector('#steps button.step[tabindex=\"0\"]').getAttribute('data-f')") == "1"
    names = b.eval("Array.prototype.map.call(document.querySelectorAll('button'),function(x){return x.getAttribute('aria-label')||x.textContent;})")
    assert not [x for x in names if re.match(r"^\d+[A-Za-z]", x)], names[:3]
    assert "◀ Previous step" in names and "Next step ▶" in names  # textContent: the words a reader hears, and the arrows


def test_a_9x9_prints_in_tens_of_pages_with_its_chains(browser, tmp_path, shared):
    result = nine_by_nine(shared)
    view, path = write(tmp_path, result, "print.html")
    b = browser
    b.open(path)
    try:
        b.send("Emulation.setEmulatedMedia", media="print")
        assert b.wait_until("document.querySelectorAll('#print section.print-pass svg').length") == len(view.passes) + 1
        links = sum(len(c.frames) - 1 for f in view.frames for c in f.chains)
        assert b.eval("document.querySelectorAll('#print li button, #print ol ol li').length") >= links
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", b.pdf()))
        assert 5 <= pages <= 60, pages
    finally:
        b.send("Emulation.setEmulatedMedia", media="")


def test_ambiguous_puzzle_gets_its_own_page(browser, tmp_path, shared):
    rec = json.loads((shared / "external" / "9x9-puzzles.json").read_text())["ambiguous"][0]
    result = solve(Puzzle.from_record(rec, "ambiguous"))
    assert result.status == "ambiguous"
    view, path = write(tmp_path, result, "ambiguous.html")
    b = browser
    b.open(path)
    assert b.eval("document.querySelectorAll('figure svg').length") == 2
    a, c = result.solutions[0], result.solutions[1]
    differ = sum(1 for r in range(9) for k in range(9) if a[r][k] != c[r][k])
    assert b.eval("document.querySelectorAll('figure svg g.cell.used').length") == 2 * differ
    assert b.eval(CONTRAST) == [] and b.errors() == []


def test_phone_width_and_print(browser, tmp_path):
    result = solve(Puzzle.from_clues(CLUES))
    view, path = write(tmp_path, result, "phone.html")
    b = browser
    try:
        b.resize(390, 844, mobile=True)
        b.open(path)
        assert b.eval("document.documentElement.scrollWidth") <= 390  # nothing sticks out sideways
        width = b.eval("document.querySelector('#main-grid svg').getBoundingClientRect().width")
        assert 300 <= width <= 390
        b.send("Emulation.setEmulatedMedia", media="print")
        # the print view is built when the page learns it is printed: one grid per pass, and the start
        assert b.wait_until("document.querySelectorAll('#print section.print-pass svg').length") == len(view.passes) + 1
        assert b.eval("getComputedStyle(document.querySelector('main')).display") == "none"
        last = b.eval("""Array.prototype.map.call(document.querySelectorAll('#print section.print-pass:last-child g.cell text.v'),
                         function(t){return +t.textContent;})""")
        assert last == [h for row in result.solution for h in row]
    finally:
        b.send("Emulation.setEmulatedMedia", media="")
        b.resize(1280, 900)
