"""Sharing a solve: the sizes of the HTML page and the Markdown post, for forcing-heavy 9x9 solves.

    python benchmarks/share.py --count 30          # sizes and times over the 9x9 unreasonable set (needs ../shared)
    python benchmarks/share.py --screens docs      # also screenshots: desktop, phone, a printed page (needs chromium)

The puzzles are the 9x9 Tatham 'unreasonable' ones of ../shared/tatham that logic solves within
--max-solve seconds. Targets: the Markdown post's median at most 32,000 characters with no line over
100 (a forum post); a 9x9 printed in tens of pages. With --screens the first puzzle is also printed
to PDF and its pages counted.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ascent.engine import solve  # noqa: E402
from ascent.export import page, walkthrough  # noqa: E402
from ascent.puzzle import Puzzle  # noqa: E402
from ascent.store import write_atomic  # noqa: E402
from ascent.view import build  # noqa: E402

SHARED = ROOT.parent / "shared"


def measure(puzzle: Puzzle) -> dict:
    t = time.perf_counter()
    result = solve(puzzle, logic_only=True)
    solve_s = time.perf_counter() - t
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        text = page(build(result))
        write_atomic(Path(tmp) / "solve.html", text)
        write_s = time.perf_counter() - t
        t = time.perf_counter()
        md = walkthrough(build(result))
        md_s = time.perf_counter() - t
        full = walkthrough(build(result), full=True)
    return {"id": puzzle.to_tatham(), "status": result.status, "steps": result.step_count,
            "forcing": result.counts.get("forcing", 0), "links": sum(len(s.links) for s in result.steps),
            "solve_s": solve_s, "html_bytes": len(text.encode()), "html_s": write_s,
            "md_chars": len(md), "md_line": max(len(x) for x in md.split("\n")), "md_s": md_s,
            "full_chars": len(full)}


def screenshots(folder: Path) -> None:
    from tests.browser import Browser  # the test suite's DevTools driver

    rec = json.loads((SHARED / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"][0]
    view = build(solve(Puzzle.from_record(rec), logic_only=True))
    forcing = [f for f in view.frames if f.chains][1]
    with tempfile.TemporaryDirectory() as tmp:
        html = Path(tmp) / "solve.html"
        html.write_text(page(view), encoding="utf-8")
        with Browser(width=1366, height=900, timeout=180) as b:
            b.send("Page.navigate", url=f"{html.resolve().as_uri()}#{forcing.number}")  # a forcing step, by its link
            b.wait_until(f"document.body && document.body.getAttribute('data-frame')==='{forcing.number}'")
            for _ in range(4):
                b.click("#chain-next", scroll=False)  # a few links along: supposed heights on the chain's grid
            b.screenshot(folder / "share-desktop.png")
            b.resize(390, 844, mobile=True)
            b.send("Page.navigate", url="about:blank")
            b.send("Page.navigate", url=f"{html.resolve().as_uri()}#{forcing.number - 2}")
            b.wait_until(f"document.body && document.body.getAttribute('data-frame')==='{forcing.number - 2}'")
            for _ in range(2):
                b.click("#next", scroll=False)  # onto the forcing step: its chain opens under the grid
            b.click("#chain-next", scroll=False)
            b.screenshot(folder / "share-phone.png")
            b.resize(1366, 900)
            b.eval("window.ascentView.buildPrint()")
            start = time.perf_counter()
            pdf = b.pdf(Path(tmp) / "print.pdf")
            pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
            print(f"print: {pages} A4 pages for {view.step_count} steps in {len(view.passes)} passes "
                  f"({time.perf_counter() - start:.1f} s to make the PDF)")
            if shutil.which("pdftoppm"):
                subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "3", "-l", "3", "-singlefile",
                                str(Path(tmp) / "print.pdf"), str(folder / "share-print")], check=True)
    for name in ("share-desktop.png", "share-phone.png", "share-print.png"):
        if not (folder / name).exists():
            continue
        if shutil.which("pngquant"):  # when installed: 128 colours keep the PNGs small
            subprocess.run(["pngquant", "--force", "--ext", ".png", "128", str(folder / name)], check=True)
        print(f"{folder / name}: {(folder / name).stat().st_size // 1024} kB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10, help="How many 9x9 puzzles to try.")
    ap.add_argument("--max-solve", type=float, default=15.0, help="Skip puzzles whose solve takes longer (s).")
    ap.add_argument("--screens", type=Path, help="Save screenshots here.")
    args = ap.parse_args()
    if not SHARED.is_dir():
        sys.exit("../shared is not beside the project")
    recs = json.loads((SHARED / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"][: args.count]
    print(f"{'puzzle':<24} {'steps':>5} {'forcing':>7} {'links':>5} {'solve s':>7} {'HTML kB':>8} {'write s':>7} "
          f"{'MD chars':>8} {'line':>4} {'full MD':>8}")
    rows = []
    for rec in recs:
        row = measure(Puzzle.from_record(rec))
        if row["solve_s"] > args.max_solve:
            continue
        rows.append(row)
        print(f"{row['id'][:24]:<24} {row['steps']:>5} {row['forcing']:>7} {row['links']:>5} {row['solve_s']:>7.2f} "
              f"{row['html_bytes'] / 1024:>8.0f} {row['html_s']:>7.3f} {row['md_chars']:>8} {row['md_line']:>4} "
              f"{row['full_chars']:>8}", flush=True)
    if rows:
        md = [r["md_chars"] for r in rows]
        html = [r["html_bytes"] for r in rows]
        print(f"{len(rows)} puzzles. Markdown post: median {statistics.median(md):,.0f} characters, max {max(md):,} "
              f"(target: median <= 32,000), longest line {max(r['md_line'] for r in rows)} (target <= 100)")
        print(f"HTML page: median {statistics.median(html) / 1024:,.0f} kB, max {max(html) / 1024:,.0f} kB, "
              f"slowest write {max(r['html_s'] for r in rows):.3f} s")
    if args.screens:
        args.screens.mkdir(parents=True, exist_ok=True)
        screenshots(args.screens)


if __name__ == "__main__":
    main()
