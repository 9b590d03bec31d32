"""ascent web: build the static web app (the engine in the browser) and serve it on 127.0.0.1."""

from __future__ import annotations

import functools
import http.server
import threading
import webbrowser
from pathlib import Path
from typing import Optional

import typer

from ..show.console import console
from .base import EXIT_USAGE, Usage, app

ACTIONS = ("build", "serve")
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
         ".zip": "application/zip", ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
         ".html": "text/html; charset=utf-8", ".css": "text/css"}


def default_dir() -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("ascent")) / "web"


def build_site(folder: Path) -> dict:
    from ..web import WebError, build

    try:
        info = build(folder, say=lambda s: console.print(s, markup=False, highlight=False))
    except WebError as e:
        raise Usage(str(e)) from None
    console.print(f"web app written: {folder} ({info['files']} files, {info['bytes'] / 1e6:.1f} MB; Pyodide "
                  f"{info['pyodide']}; {info['modules']} engine files in ascent.zip)", markup=False, highlight=False)
    if info.get("bytecode"):
        b = info["bytecode"]
        console.print(f"bytecode: {b['ascent_compiled']} engine modules and the {b['stdlib_compiled']} standard library modules "
                      f"the worker imports, compiled by Pyodide's Python {b['python']} under node", markup=False, highlight=False)
    return info


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        if self.path.split("?", 1)[0].endswith(("sw.js", "/", ".html")):
            self.send_header("Cache-Control", "no-cache")  # the service worker and the page look for updates
        super().end_headers()

    def log_message(self, format, *args) -> None:  # one quiet line per request is noise in a terminal
        pass


def serve(folder: Path, port: int, open_browser: bool) -> None:
    handler = functools.partial(Handler, directory=str(folder))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        raise Usage(f"cannot serve on 127.0.0.1:{port}: {e.strerror or e}") from None
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    console.print(f"serving {folder} at {url} (Ctrl-C to stop)", markup=False, highlight=False)
    if open_browser:
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:
        server.serve_forever()
    finally:
        server.server_close()


@app.command("web")
def web_cmd(
    action: str = typer.Argument(..., help="build: write the site into DIR; serve: serve DIR (built first when it has no site)."),
    dir: Optional[Path] = typer.Argument(None, help="The site's folder (serve: default, a folder in your cache, built on first use)."),
    port: int = typer.Option(8000, "--port", help="serve: the port on 127.0.0.1 (0: any free port)."),
    no_open: bool = typer.Option(False, "--no-open", help="serve: do not open a browser."),
) -> None:
    """The web app: the engine itself runs in the browser (Pyodide in a Web Worker), offline after one visit.

    'web build' writes the site (npm fetches Pyodide the first time); 'web serve site/' then serves
    the folder at http://127.0.0.1:8000/ and opens it. Any static host serves it as well.

    \b
    Examples:
      ascent web build site/
      ascent web build /tmp/ascent-site
    """
    if action not in ACTIONS:
        raise Usage(f"unknown action {action!r}: use 'ascent web build DIR' or 'ascent web serve [DIR]'")
    if not 0 <= port <= 65535:
        raise Usage(f"--port {port}: a port is 0 to 65535")
    folder = dir
    if action == "build":
        if folder is None:
            raise Usage("web build needs a folder: ascent web build DIR")
        build_site(folder)
        return
    folder = folder or default_dir()
    if not (folder / "index.html").is_file() or not (folder / "pyodide" / "pyodide.asm.wasm").is_file():
        console.print(f"{folder} holds no built site: building it first", markup=False, highlight=False)
        build_site(folder)
    serve(folder, port, not no_open)


__all__ = ["web_cmd", "EXIT_USAGE"]
