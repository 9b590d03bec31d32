"""Sharing and playing a solve: sizes of the HTML pages and the Markdown post, pencil-mark sizes, screenshots.

    python benchmarks/share.py --count 30          # the 9x9 unreasonable set: page and post sizes (needs ../shared)
    python benchmarks/share.py --big 12            # the same for ../shared/big's 12x12 (or 10, 11)
    python benchmarks/share.py --fonts             # pencil-mark font sizes in the share page (needs chromium)
    python benchmarks/share.py --play              # sizes of the play page (ascent play --html) at 6x6, 9x9, 12x12
    python benchmarks/share.py --screens docs      # screenshots of the share and play pages (needs chromium)

Targets (issues 28 and 29): the Markdown post at most 60,000 characters for any solve up to 12x12 (median at
most 32,000 at 9x9), no line over 100; pencil marks at least 10 CSS px on a 390 px phone at 9x9 and 8 px at
12x12, at every step; the play page at most 150 kB for a 9x9.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ascent.solver.engine import solve  # noqa: E402
from ascent.export import page, walkthrough  # noqa: E402
from ascent.export.play import play_page  # noqa: E402
from ascent.puzzle import Puzzle  # noqa: E402
from ascent.show.view import build  # noqa: E402

SHARED = ROOT.parent / "shared"


def records(kind: str) -> list[dict]:
    """'9' (the 9x9 unreasonable set), '10', '11', '12' (../shared/big), '6' (generated 6x6 hard)."""
    if kind == "9":
        return json.loads((SHARED / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"]
    if kind == "6":
        return json.loads((SHARED / "generated" / "6x6-puzzles.json").read_text())["hard"]
    return json.loads((SHARED / "big" / f"{kind}x{kind}-puzzles.json").read_text())["big"]


def measure(puzzle: Puzzle) -> dict:
    t = time.perf_counter()
    result = solve(puzzle, logic_only=True)
    solve_s = time.perf_counter() - t
    view = build(result)
    t = time.perf_counter()
    html = page(view)
    html_s = time.perf_counter() - t
    t = time.perf_counter()
    md = walkthrough(view)
    md_s = time.perf_counter() - t
    full = walkthrough(view, full=True)
    return {"id": puzzle.to_tatham(), "status": result.status, "steps": result.step_count,
            "forcing": result.counts.get("forcing", 0), "links": sum(len(s.links) for s in result.steps),
            "solve_s": solve_s, "html_bytes": len(html.encode()), "html_s": html_s,
            "md_chars": len(md), "md_line": max(len(x) for x in md.split("\n")), "md_s": md_s,
            "full_chars": len(full), "full_line": max(len(x) for x in full.split("\n"))}


def sizes(kind: str, count: int, max_solve: float) -> None:
    print(f"{'puzzle':<24} {'steps':>5} {'forcing':>7} {'links':>5} {'solve s':>7} {'HTML kB':>8} {'MD chars':>8} "
          f"{'line':>4} {'full MD':>8} {'line':>4}")
    rows = []
    for rec in records(kind)[:count]:
        row = measure(Puzzle.from_record(rec))
        if row["solve_s"] > max_solve:
            continue
        rows.append(row)
        print(f"{row['id'][:24]:<24} {row['steps']:>5} {row['forcing']:>7} {row['links']:>5} {row['solve_s']:>7.2f} "
              f"{row['html_bytes'] / 1024:>8.0f} {row['md_chars']:>8} {row['md_line']:>4} {row['full_chars']:>8} "
              f"{row['full_line']:>4}", flush=True)
    if rows:
        md = [r["md_chars"] for r in rows]
        print(f"{len(rows)} puzzles. Markdown post: median {statistics.median(md):,.0f} characters, max {max(md):,} "
              f"(targets: max <= 60,000, median <= 32,000 at 9x9), longest line {max(r['md_line'] for r in rows)} "
              f"(full form: {max(r['full_line'] for r in rows)}; target <= 100)")


def play_sizes() -> None:
    for kind, label in (("6", "6x6 generated hard"), ("9", "9x9 tatham unreasonable"), ("12", "12x12 big")):
        got = []
        for rec in records(kind)[:30]:
            puzzle = Puzzle.from_record(rec)
            got.append(len(play_page(puzzle, solve(puzzle)).encode()))
        print(f"play page, {label} ({len(got)} puzzles): median {statistics.median(got) / 1024:.0f} kB, "
              f"max {max(got) / 1024:.0f} kB")


PENCIL = """(function(sel){var m=null, ts=document.querySelectorAll(sel+' g.k.on text, '+sel+' g.k.struck text');
  for(var i=0;i<ts.length;i++){var t=ts[i];if(!t.getClientRects().length){continue;}
    var px=parseFloat(getComputedStyle(t).fontSize)*t.ownerSVGElement.getScreenCTM().a; m=m===null?px:Math.min(m,px);}
  return m;})(%s)"""


def goto(b, html: Path, frame: int) -> None:
    b.send("Page.navigate", url="about:blank")
    b.send("Page.navigate", url=f"{html.resolve().as_uri()}#{frame}")
    b.wait_until(f"document.body && document.body.getAttribute('data-frame')==='{frame}'")
    # the viewer shows a big grid's cells a few rows a frame: wait until every cell is drawn (#app.drawn)
    b.wait_until("!window.ascentView || document.getElementById('app').classList.contains('drawn')")
    b.eval("window.scrollTo(0, document.getElementById('app').getBoundingClientRect().top + pageYOffset)")


def fonts() -> None:
    """The smallest pencil mark drawn (font size x the grid's scale, CSS px) on the main and chain grids."""
    from tests.browser import Browser

    print(f"{'grid':<6} {'window':>9} {'step':>5} {'kind':<8} {'main px':>7} {'chain px':>8}")
    with tempfile.TemporaryDirectory() as tmp, Browser(1366, 900, timeout=120) as b:
        for kind in ("9", "12"):
            view = build(solve(Puzzle.from_record(records(kind)[0]), logic_only=True))
            html = Path(tmp) / f"{kind}.html"
            html.write_text(page(view), encoding="utf-8")
            forcing = next(f.number for f in view.frames if f.chains)
            for w, h in ((390, 844), (844, 390), (1366, 900)):
                b.resize(w, h, mobile=w < 900)
                for frame in (1, forcing):
                    goto(b, html, frame)
                    shown = b.eval(PENCIL % json.dumps("#main-grid"))
                    if shown is None:  # a phone shows the chain first: the step's grid is one tap away
                        b.eval("window.ascentView.show('grid')")
                        shown = b.eval(PENCIL % json.dumps("#main-grid"))
                        b.eval("window.ascentView.show('chain')")
                    chain = b.eval(PENCIL % json.dumps("#chain-grid")) if frame == forcing else None
                    print(f"{kind + 'x' + kind:<6} {w:>4}x{h:<4} {frame:>5} {'forcing' if frame == forcing else 'ordinary':<8} "
                          f"{shown:>7.1f} {chain if chain is None else round(chain, 1)!s:>8}", flush=True)


def small(png: Path) -> None:
    """When pngquant is installed, fewer colours: flat pages stay legible at a fraction of the size."""
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--force", "--ext", ".png", "96", str(png)], check=True)
    print(f"{png}: {png.stat().st_size // 1024} kB")


def screens(folder: Path) -> None:
    from tests.browser import Browser

    folder.mkdir(parents=True, exist_ok=True)
    nine = build(solve(Puzzle.from_record(records("9")[0]), logic_only=True))
    twelve = build(solve(Puzzle.from_record(records("12")[0]), logic_only=True))
    ambiguous = solve(Puzzle.from_record(json.loads((SHARED / "external" / "9x9-puzzles.json").read_text())["ambiguous"][0]))
    impossible = solve(Puzzle.from_keys("4000" "0000" "0000" "0000", state="2" + "-" * 15), logic_only=True)
    windows = {"desktop": (1366, 900), "phone": (390, 844), "landscape": (844, 390)}
    with tempfile.TemporaryDirectory() as tmp, Browser(1366, 900, timeout=120) as b:
        pages = {}
        for name, view in (("9", nine), ("12", twelve), ("amb", build(ambiguous)), ("imp", build(impossible))):
            pages[name] = Path(tmp) / f"{name}.html"
            pages[name].write_text(page(view), encoding="utf-8")
        shots = [("share-9x9-forcing-last-link", "9", next(f.number for f in nine.frames if f.chains), True),
                 ("share-12x12-step", "12", 40, False),
                 ("share-12x12-forcing", "12", next(f.number for f in twelve.frames if f.chains), True),
                 ("share-ambiguous", "amb", 0, False), ("share-impossible", "imp", 0, False)]
        for stem, key, frame, to_end in shots:
            for label, (w, h) in windows.items():
                b.resize(w, h, mobile=w < 900)
                if key in ("amb", "imp"):
                    b.open(pages[key])
                else:
                    goto(b, pages[key], frame)
                    if to_end:
                        while b.eval("!document.getElementById('chain-next').disabled"):
                            b.eval("document.getElementById('chain-next').click()")
                        b.eval("window.scrollTo(0, document.getElementById('app').getBoundingClientRect().top + pageYOffset)")
                png = folder / f"{stem}-{label}.png"
                b.screenshot(png, full_page=key in ("amb", "imp"))
                small(png)
        printed(b, nine, pages["9"], folder, Path(tmp))
        play_screens(b, folder, Path(tmp))


def printed(b, view, html: Path, folder: Path, tmp: Path) -> None:
    """The 9x9 printed to A4: its pages counted, the third saved as share-print.png (when pdftoppm is here)."""
    b.resize(1366, 900)
    b.open(html)
    b.eval("window.ascentView.buildPrint()")
    start = time.perf_counter()
    pdf = b.pdf(tmp / "print.pdf")
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    print(f"print: {pages} A4 pages for {view.step_count} steps in {len(view.passes)} passes "
          f"({time.perf_counter() - start:.1f} s to make the PDF)")
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "3", "-l", "3", "-singlefile", str(tmp / "print.pdf"),
                        str(folder / "share-print")], check=True)
        small(folder / "share-print.png")


def play_screens(b, folder: Path, tmp: Path) -> None:
    """The play page on a phone: the keypad mid-game, a level-2 hint, a level-3 forcing hint, solved."""
    puzzle = Puzzle.from_record(records("9")[0])
    result = solve(puzzle)
    html = tmp / "play.html"
    html.write_text(play_page(puzzle, result), encoding="utf-8")
    view = build(result)
    b.resize(390, 844, mobile=True, touch=True)
    b.open(html)
    key = json.dumps("ascent-play/" + puzzle.to_tatham())

    def state_at(frame, marks: bool) -> None:
        v = list(frame.values)
        m = [0 if x or not marks else y for x, y in zip(frame.values, frame.masks)]
        b.eval(f"localStorage.setItem({key}, {json.dumps(json.dumps({'v': v, 'm': m, 't': 754000, 'done': False, 'hints': 2}))});"
               "window.ascentPlay.resume()")

    state_at(view.frames[40], True)
    b.eval("document.querySelector('[data-cell=\"R5C5\"]').click()")
    b.screenshot(folder / "play-9x9-keypad.png")
    small(folder / "play-9x9-keypad.png")
    for _ in range(2):
        b.eval("document.querySelector('[data-action=\"hint\"]').click()")
    b.eval("document.getElementById('hintbox').scrollIntoView({block:'end'})")
    b.screenshot(folder / "play-9x9-hint-level2.png")
    small(folder / "play-9x9-hint-level2.png")
    forcing = next(f for f in view.frames if f.chains)
    state_at(view.frames[forcing.number - 1], True)
    for _ in range(3):
        b.eval("document.querySelector('[data-action=\"hint\"]').click()")
    b.eval("document.getElementById('hintbox').scrollIntoView({block:'start'})")
    b.screenshot(folder / "play-9x9-hint-level3-forcing.png")
    small(folder / "play-9x9-hint-level3-forcing.png")
    state_at(view.frames[-2], False)
    last = next(i for i in range(81) if not b.eval(f"window.ascentPlay.state().v[{i}]"))
    b.eval(f"document.querySelector('[data-cell]:nth-of-type(1)');document.querySelectorAll('[data-cell]')[{last}].click()")
    b.eval(f"document.querySelector('[data-key=\"{result.solution[last // 9][last % 9]}\"]').click()")
    b.eval("window.scrollTo(0,0)")
    b.screenshot(folder / "play-9x9-solved.png")
    small(folder / "play-9x9-solved.png")
    print("play status:", b.eval("document.querySelector('[data-status]').textContent"), b.errors())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10, help="How many puzzles of the set to try.")
    ap.add_argument("--big", choices=("10", "11", "12"), help="Measure ../shared/big's NxN instead of the 9x9 set.")
    ap.add_argument("--max-solve", type=float, default=30.0, help="Skip puzzles whose solve takes longer (s).")
    ap.add_argument("--fonts", action="store_true", help="Measure the pencil marks' font sizes in Chromium.")
    ap.add_argument("--play", action="store_true", help="Sizes of the play page.")
    ap.add_argument("--screens", type=Path, help="Save screenshots here.")
    args = ap.parse_args()
    if not SHARED.is_dir():
        sys.exit("../shared is not beside the project")
    if args.fonts:
        fonts()
    elif args.play:
        play_sizes()
    elif args.screens:
        screens(args.screens)
    else:
        sizes(args.big or "9", args.count, args.max_solve)


if __name__ == "__main__":
    main()
