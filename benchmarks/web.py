"""The web app, measured in Debian's Chromium over 127.0.0.1 (Playwright drives the system browser).

    nice python benchmarks/web.py                      # everything; about two minutes on an idle machine
    python benchmarks/web.py --quick                   # 5 of the 30 9x9 answers, 10 hint states

It builds the site into a temporary folder (``ascent web build``), serves it with the command's own
handler (counting each request and its bytes), and measures, against the issue's targets:

- grid usable after opening (the page's script ran and the cells are drawn; a cell click lands);
- engine ready (``data-engine="ready"``) on a first visit and on a repeat visit (service worker cache);
- the longest main-thread task (PerformanceObserver 'longtask') while the worker solves, hints and
  works out walk-throughs;
- hint latency (page -> worker -> page) over 50 random part-filled states of a 9x9 unreasonable;
- the walk-through of two 9x9 unreasonable and three 12x12, opened at #explain on a fresh load: the first steps
  shown (the worker sends the steps found so far while it solves) and the whole walk-through drawn, both from the
  engine ready;
- the same answers as CPython's engine here (status, solution, step count, grade) on the 30 9x9
  unreasonable of ../shared/tatham and 10 puzzles of ../shared/big;
- the bytes of a first visit (as served, and gzip -6 of each file: what a host that compresses sends)
  and of a repeat visit;
- with ``--only cache``: Chrome's trace of a first visit and a repeat at once, which says whether the repeat
  reused the WebAssembly compiled on the first (``wasm.Deserialize``).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ascent.cli.web import Handler  # noqa: E402
from ascent.puzzle import Puzzle  # noqa: E402
from ascent.solver.engine import solve  # noqa: E402
from ascent.solver.grade import level_of  # noqa: E402
from ascent.web import bridge, build  # noqa: E402

SHARED = Path(__file__).resolve().parents[2] / "shared"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def serve(folder: Path):
    log: list[tuple[str, int]] = []

    class Counting(Handler):
        def do_GET(self):
            path = self.path.split("?", 1)[0]
            f = folder / path.lstrip("/")
            if path.endswith("/"):
                f = f / "index.html"
            log.append((path, f.stat().st_size if f.is_file() else 0))
            return super().do_GET()

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/", log


def gz(folder: Path, path: str) -> int:
    f = folder / (path.lstrip("/") or "index.html")
    if f.is_dir():
        f = f / "index.html"
    return len(gzip.compress(f.read_bytes(), 6)) if f.is_file() else 0


def wait_ready(page) -> None:
    page.wait_for_function("document.documentElement.dataset.engine !== 'loading'", timeout=120000)
    if page.get_attribute("html", "data-engine") != "ready":
        raise SystemExit(f"the engine failed: {page.text_content('#engine')}")


LONGTASKS = """window.__long = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push(e.duration); })
 .observe({type: 'longtask', buffered: true});"""


def native(pz) -> str:
    """The same walk-through in CPython on this machine, for scale: the solve, then the sentences and the page."""
    from ascent.export.html import page
    from ascent.show.view import build as build_view

    t = time.perf_counter()
    result = solve(pz)
    t1 = time.perf_counter()
    page(build_view(result))
    return f"{t1 - t:.2f} s, view, sentences and page {time.perf_counter() - t1:.2f} s"


def ready_runs(url: str, chromium: str, code: str, runs: int, log: list, args_later: int = 20) -> None:
    """Engine ready on a first visit (a fresh browser profile), a repeat visit at once, and another ``args_later``
    seconds after that one (by then Chrome has kept the compiled WebAssembly), ``runs`` times: the medians."""
    from playwright.sync_api import sync_playwright

    first, again, later, marks, again_marks, later_marks, kept = [], [], [], [], [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        for _ in range(runs):
            ctx = browser.new_context(viewport={"width": 390, "height": 844})
            page = ctx.new_page()
            page.goto(url + "index.html?" + code)
            wait_ready(page)
            first.append(page.evaluate("window.ascentApp.timings.engineReadyAt"))
            marks.append({"started": round(page.evaluate("window.ascentApp.timings.workerStartAt")),
                          **page.evaluate("window.ascentApp.timings.worker.marks")})
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
            page.wait_for_function("window.ascentApp.timings.snapshotKept", timeout=30000)  # the engine's snapshot kept
            kept.append(page.evaluate("window.ascentApp.timings.snapshotKept"))
            page.wait_for_timeout(1000)
            page.close()
            before = len(log)
            page = ctx.new_page()
            page.goto(url + "index.html?" + code)
            wait_ready(page)
            again.append(page.evaluate("window.ascentApp.timings.engineReadyAt"))
            again_marks.append({"started": round(page.evaluate("window.ascentApp.timings.workerStartAt")),
                                **page.evaluate("window.ascentApp.timings.worker.marks")})
            page.wait_for_timeout(args_later * 1000)  # Chrome keeps Pyodide's optimized code a few seconds after it is made
            page.close()
            page = ctx.new_page()
            page.goto(url + "index.html?" + code)
            wait_ready(page)
            later.append(page.evaluate("window.ascentApp.timings.engineReadyAt"))
            later_marks.append({"started": round(page.evaluate("window.ascentApp.timings.workerStartAt")),
                                **page.evaluate("window.ascentApp.timings.worker.marks")})
            fetched = [pth for pth, _ in log[before:] if pth != "/sw.js"]
            if fetched:
                print(f"  the repeat visits fetched {fetched}")
            page.close()
            ctx.close()
        browser.close()
    print(f"engine ready over {runs} fresh profiles: first visit median {statistics.median(first) / 1000:.2f} s "
          f"({', '.join(f'{x / 1000:.2f}' for x in first)}), repeat visit median {statistics.median(again) / 1000:.2f} s "
          f"({', '.join(f'{x / 1000:.2f}' for x in again)}), a visit {args_later} s after that median "
          f"{statistics.median(later) / 1000:.2f} s ({', '.join(f'{x / 1000:.2f}' for x in later)})")
    print("  the engine's snapshot kept on the first visits: " + "; ".join(
        f"{k['bytes'] / 1e6:.1f} MB" if "bytes" in k else f"not kept: {k.get('error')}" for k in kept))
    for what, ms in (("first visits", marks), ("repeats at once", again_marks), (f"visits {args_later} s later", later_marks)):
        print(f"  the worker's marks on the {what} (ms; started: when the page started the worker, from navigation start; the rest from the worker's start): " + "; ".join(
            ", ".join(f"{k} {v}" for k, v in m.items()) for m in ms))


def cache_trace(url: str, chromium: str, code: str) -> None:
    """Whether a repeat visit at once reuses the compiled WebAssembly: Chrome's trace of the first visit (kept one
    second after the service worker took it over, as ``ready_runs`` keeps it) and of the repeat visit straight after.
    A visit that found Chromium's kept code deserializes it (``wasm.Deserialize``) and compiles few functions lazily."""
    from collections import Counter

    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        for visit in ("first visit", "repeat at once"):
            page = ctx.new_page()
            browser.start_tracing(categories=["v8.wasm", "disabled-by-default-v8.wasm.detailed"])
            page.goto(url + "index.html?" + code)
            wait_ready(page)
            ready = page.evaluate("window.ascentApp.timings.engineReadyAt")
            if visit == "first visit":
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
                page.wait_for_timeout(1000)
            data = json.loads(browser.stop_tracing())
            names = Counter(e["name"] for e in (data["traceEvents"] if isinstance(data, dict) else data))
            print(f"{visit}: engine ready {ready / 1000:.2f} s; Chrome's trace: wasm.Deserialize {names['wasm.Deserialize']}, "
                  f"functions compiled lazily {names['wasm.CompileLazy']}")
            page.close()
        browser.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    ap.add_argument("--ready-runs", type=int, default=3, help="fresh profiles for the engine-ready median (default 3)")
    ap.add_argument("--later", type=int, default=20, help="seconds before the third visit of each ready run (default 20)")
    ap.add_argument("--only", choices=("ready", "walk", "cache"),
                    help="only the engine-ready runs, only the walk-throughs, or only the trace of the compiled code kept")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    tatham = json.loads((SHARED / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"]
    big = []
    for n, k in ((10, 4), (11, 3), (12, 3)):
        big += [Puzzle.from_record(r) for r in json.loads((SHARED / "big" / f"{n}x{n}-puzzles.json").read_text())["big"][:k]]
    nines = [Puzzle.from_tatham(r["id"]) for r in tatham][: 5 if args.quick else 30]
    hint_states = 10 if args.quick else 50

    tmp = Path(tempfile.mkdtemp(prefix="ascent-web-bench-"))
    site = tmp / "site"
    t = time.perf_counter()
    info = build(site)
    print(f"site built in {time.perf_counter() - t:.1f} s: {info['files']} files, {info['bytes'] / 1e6:.2f} MB, Pyodide {info['pyodide']}")
    httpd, url, log = serve(site)
    out: dict = {}
    if args.only == "cache":
        cache_trace(url, args.chromium, bridge.code_of(nines[0]))
        httpd.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)
        return
    if args.only != "walk":
        ready_runs(url, args.chromium, bridge.code_of(nines[0]), args.ready_runs, log, args.later)
        log.clear()
    if args.only == "ready":
        httpd.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)
        return
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        outside: list[str] = []
        ctx.on("request", lambda r: outside.append(r.url) if not r.url.startswith((url, "data:", "blob:")) else None)
        first = nines[0]
        code = bridge.code_of(first)
        # ---- first visit
        page = ctx.new_page()
        page.add_init_script(LONGTASKS)
        page.goto(url + "index.html?" + code)
        page.wait_for_selector('[data-cell="R9C9"]')
        page.click('[data-cell="R5C5"]')
        grid_ms = page.evaluate("window.ascentApp.timings.gridShown")
        usable_ms = page.evaluate("performance.now()")
        wait_ready(page)
        ready_first = page.evaluate("window.ascentApp.timings.engineReadyAt")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
        page.wait_for_timeout(500)
        first_files = list(log)
        out["first visit"] = {"requests": len(first_files), "bytes": sum(b for _, b in first_files),
                              "gzip bytes": sum(gz(site, pth) for pth, _ in first_files)}
        print(f"grid drawn {grid_ms:.0f} ms after navigation start; a cell click landed at {usable_ms:.0f} ms")
        print(f"engine ready, first visit: {ready_first / 1000:.2f} s after navigation start")
        print(f"first visit: {len(first_files)} requests, {out['first visit']['bytes'] / 1e6:.2f} MB as served, "
              f"{out['first visit']['gzip bytes'] / 1e6:.2f} MB gzip -6")
        if args.only != "walk":
            # ---- hints on 50 random part-filled states
            rng = random.Random(2026)
            truth = [h for row in solve(first).solution for h in row]
            record = bridge._record(first)
            times, same = [], 0
            for _ in range(hint_states):
                keep = rng.random() * 0.8
                values = [h if (first.givens and first.givens[i // 9][i % 9]) or rng.random() < keep else 0 for i, h in enumerate(truth)]
                marks = [0] * 81
                t = page.evaluate("""async ([r, v, m]) => { const t = performance.now(); const h = await window.ascentApp.ask('hint', [r, v, m, 3]);
                                     return [performance.now() - t, h.texts[2]]; }""", [record, values, marks])
                times.append(t[0])
                same += t[1] == bridge.hint(record, values, marks, 3)["texts"][2]
            print(f"hint latency over {hint_states} part-filled states of a 9x9 unreasonable: median {statistics.median(times):.0f} ms, "
                  f"max {max(times):.0f} ms; {same}/{hint_states} hint texts the same as CPython's")
        # ---- walk-throughs: from the engine ready to the viewer drawn, which includes the reading's solve
        twelves = [pz for pz in big if pz.size == 12]
        walks = [("9x9 unreasonable 1", first)] + [(f"12x12 big {k + 1}", pz) for k, pz in enumerate(twelves)]
        if not args.quick:
            walks.insert(1, ("9x9 unreasonable 2", nines[1]))
        for label, pz in walks:
            page.goto("about:blank")  # a fresh load each time: nothing read or worked out ahead
            page.goto(url + "index.html?" + bridge.code_of(pz) + "#explain")
            wait_ready(page)
            # the page stays usable while the steps come: a reader taps Next every half second, and each tap is timed
            # from the click to the next step shown (Playwright's own round trips included)
            page.wait_for_function("window.ascentApp.timings.walkFirstAt > 0", timeout=600000)
            taps: list[float] = []
            missed: list[str] = []  # taps that did not show the next step within 10 s: the step before and after
            shown = "document.querySelector('#explain-frame').contentDocument.body.getAttribute('data-frame')"
            while page.get_attribute("html", "data-explain") != "ready":
                at = page.evaluate(shown)
                if page.evaluate("document.querySelector('#explain-frame').contentDocument.getElementById('next').disabled"):
                    page.wait_for_timeout(200)  # at the newest step shown
                    continue
                t0 = time.perf_counter()
                page.frame_locator("#explain-frame").locator("#next").click()
                try:
                    page.wait_for_function(f"{shown} === '{int(at or 0) + 1}'", timeout=10000)
                    taps.append(time.perf_counter() - t0)
                except Exception:  # noqa: BLE001 -- said below, with where the reader was
                    missed.append(f"{at} -> {page.evaluate(shown)}")
                page.wait_for_timeout(500)
            page.frame_locator("#explain-frame").locator("#steps button.step").first.wait_for()
            t = page.evaluate("window.ascentApp.timings")
            verdict = page.evaluate("window.ascentApp.state().puzzle")
            read, streamed = verdict["seconds"], verdict.get("streamed") or {"parts": 0, "sentences": 0, "page": 0}
            own = read - (streamed["sentences"] + streamed["page"]) / 1000  # the parts are made inside the solve's time
            parts, ready = t["explainParts"], t["engineReadyAt"]
            first = (t["walkFirstAt"] - ready) / 1000
            whole = (t["explainDrawnAt"] - ready) / 1000
            sent = t.get("partsMs") or []
            print(f"walk-through of {label}: first steps shown {first:.2f} s after the engine was ready "
                  f"({t['walkFirstSteps']} steps{'' if sent else ': the whole walk-through, no part came first'}), "
                  f"the whole walk-through {whole:.2f} s; the engine's own solve {own:.2f} s; {streamed['parts']} parts "
                  f"while it solved (their sentences {streamed['sentences'] / 1000:.2f} s and their pages "
                  f"{streamed['page'] / 1000:.2f} s of the worker's time, inside the solve's {read:.2f} s), then the last "
                  f"sentences {parts['sentences'] / 1000:.2f} s, view {parts['view'] / 1000:.2f} s and page "
                  f"{parts['page'] / 1000:.2f} s; longest main-thread task {page.evaluate('Math.max(0, ...window.__long)'):.0f} ms"
                  f" (at 390x844); {len(taps)} taps on Next while the steps came: "
                  f"{'none' if not taps else f'median {statistics.median(taps) * 1000:.0f} ms, max {max(taps) * 1000:.0f} ms'}"
                  f" to the next step shown{f' (NOT shown within 10 s: {missed})' if missed else ''}; CPython here: solve {native(pz)}")
        # ---- a walk-through asked after some play: the worker has worked it out between requests
        for label, pz in [(f"12x12 big {k + 1}", pz) for k, pz in enumerate(twelves)][:1 if args.quick else 3]:
            page.goto(url + "index.html?" + bridge.code_of(pz))
            wait_ready(page)
            t0 = time.perf_counter()
            page.wait_for_function("(window.ascentApp.timings.warmed || {}).done === true", timeout=600000)
            played = time.perf_counter() - t0
            t0 = time.perf_counter()
            page.evaluate("location.hash = 'explain'")
            page.wait_for_function("window.ascentApp.timings.explainDrawn > 0", timeout=600000)
            print(f"walk-through of {label} asked after {played:.1f} s of play (the worker read it and worked it out "
                  f"between requests): drawn in {time.perf_counter() - t0:.2f} s")
        if args.only != "walk":
            # ---- same answers as the CLI
            page.goto(url + "index.html")
            page.evaluate(LONGTASKS)
            wait_ready(page)
            agree, worst = 0, 0.0
            everything = [(f"tatham 9x9 unreasonable {k + 1}", pz) for k, pz in enumerate(nines)] + \
                         [(f"big {pz.size}x{pz.size} {k + 1}", pz) for k, pz in enumerate(big)]
            page.evaluate("window.__long = []")
            for name, pz in everything:
                t = time.perf_counter()
                got = page.evaluate("async r => await window.ascentApp.ask('from_record', [r])", bridge._record(pz))
                worst = max(worst, time.perf_counter() - t)
                res = solve(pz)
                want = (res.status, [h for row in res.solution for h in row] if res.solution else None,
                        sum(len(p.steps) for p in res.passes), level_of(res))
                mine = (got["status"], got["solution"], got["steps"], got["grade"])
                if mine == want:
                    agree += 1
                else:
                    print(f"  DIFFERS: {name}: browser {mine[0]}, {mine[2]} steps, {mine[3]}; CPython {want[0]}, {want[2]} steps, {want[3]}")
            long_solve = page.evaluate("Math.max(0, ...window.__long)")
            print(f"same answers as CPython (status, solution, steps, grade): {agree}/{len(everything)} "
                  f"(slowest round trip {worst:.2f} s)")
            print(f"longest main-thread task while the worker solved those {len(everything)}: {long_solve:.0f} ms")
            page.close()
            # ---- repeat visit
            before = len(log)
            page = ctx.new_page()
            page.goto(url + "index.html?" + code)
            wait_ready(page)
            ready_again = page.evaluate("window.ascentApp.timings.engineReadyAt")
            again = log[before:]
            print(f"engine ready, repeat visit (service worker cache): {ready_again / 1000:.2f} s after navigation start")
            print(f"repeat visit: {len(again)} requests to the server ({', '.join(p for p, _ in again) or 'none'}), "
                  f"{sum(b for _, b in again)} bytes")
            page.close()
            # ---- offline
            ctx.set_offline(True)
            page = ctx.new_page()
            page.goto(url + "index.html?" + code)
            wait_ready(page)
            print("offline: the page and the engine load with the network off")
            print(f"requests outside the origin: {len(outside)}")
        browser.close()
    httpd.shutdown()
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
