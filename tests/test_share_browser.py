"""The HTML step-through in a real browser: headless Chromium, driven over the DevTools pipe.

Skipped only when no Chromium is installed (.ci/run installs Debian's ``chromium`` when it can).
"""

import json

import pytest

from ascent.engine import solve
from ascent.export import page
from ascent.puzzle import Puzzle
from ascent.view import build

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
        struck = sum(m for c, m in frame.eliminated if c == i)
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
    b.key("ArrowLeft", 37)
    assert b.eval("document.body.getAttribute('data-frame')") == str(view.step_count - 1)
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
        assert "contradiction" in b.eval("document.getElementById('chain-caption').textContent")
        lane = b.eval("document.querySelector('#chain-grid rect.lane').getAttribute('class')")
        assert any("broken" in c[3].split() for c in cells) or lane == "lane"
        b.click("#chain-prev")
        assert seen(state(b, "#chain-grid")) == expected(chain.frames[-2], n)
    b.click(f'#steps button.step[data-f="{view.step_count}"]')
    assert b.eval("document.getElementById('chain').hidden") is True
    assert [v for v, *_ in state(b)] == [h for row in result.solution for h in row]
    assert b.errors() == []


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
