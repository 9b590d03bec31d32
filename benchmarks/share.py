"""Sharing a solve: the size of the HTML page and the time to write it, for forcing-heavy 9x9 solves.

    python benchmarks/share.py                     # sizes and times (needs ../shared)
    python benchmarks/share.py --screens docs      # also screenshots at desktop and phone width (needs chromium)

The puzzles are the 9x9 Tatham 'unreasonable' ones of ../shared/tatham that logic solves within
--max-solve seconds (the most forcing steps first), plus the generated 7x7 'extreme' gen-7-84 for
the screenshots.
"""

from __future__ import annotations

import argparse
import json
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
    return {"id": puzzle.to_tatham(), "status": result.status, "steps": result.step_count,
            "forcing": result.counts.get("forcing", 0), "links": sum(len(s.chain) for s in result.steps),
            "solve_s": solve_s, "html_bytes": len(text.encode()), "html_s": write_s,
            "md_bytes": len(md.encode()), "md_s": md_s}


def screenshots(folder: Path) -> None:
    from tests.browser import Browser  # the test suite's DevTools driver

    rec = next(r for r in json.loads((SHARED / "generated" / "7x7-puzzles.json").read_text())["extreme"]
               if r["id"] == "gen-7-84")
    view = build(solve(Puzzle.from_record(rec, "extreme"), logic_only=True))
    forcing = next(f for f in view.frames if f.chains)
    with tempfile.TemporaryDirectory() as tmp:
        html = Path(tmp) / "solve.html"
        html.write_text(page(view), encoding="utf-8")
        with Browser(width=1200, height=1480) as b:
            b.open(html)
            b.click(f'#steps button.step[data-f="{forcing.number}"]')
            for _ in range(len(forcing.chains[0].frames) - 2):
                b.click("#chain-next")  # to the end of the chain: the contradiction
            b.eval("window.scrollTo(0, 0)")
            b.screenshot(folder / "share-desktop.png")
            b.resize(390, 844, mobile=True)
            b.open(html)
            b.eval("window.ascentView.go(42)")  # a sequence step: its lane outlined, its clue marked
            b.eval("document.getElementById('board').scrollIntoView()")
            b.screenshot(folder / "share-phone.png")
    for name in ("share-desktop.png", "share-phone.png"):
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
    print(f"{'puzzle':<24} {'steps':>5} {'forcing':>7} {'links':>5} {'solve s':>7} {'HTML kB':>8} {'write s':>7} {'MD kB':>6}")
    rows = []
    for rec in recs:
        row = measure(Puzzle.from_record(rec))
        if row["solve_s"] > args.max_solve:
            continue
        rows.append(row)
        print(f"{row['id'][:24]:<24} {row['steps']:>5} {row['forcing']:>7} {row['links']:>5} {row['solve_s']:>7.2f} "
              f"{row['html_bytes'] / 1024:>8.0f} {row['html_s']:>7.3f} {row['md_bytes'] / 1024:>6.0f}", flush=True)
    if rows:
        big = max(rows, key=lambda r: r["html_bytes"])
        print(f"largest page: {big['html_bytes'] / 1024:.0f} kB ({big['forcing']} forcing steps, {big['links']} chain links), "
              f"written in {big['html_s']:.3f} s; target under 1024 kB")
    if args.screens:
        args.screens.mkdir(parents=True, exist_ok=True)
        screenshots(args.screens)


if __name__ == "__main__":
    main()
