"""The web app (``ascent web build DIR``): a static folder that runs the engine itself in the browser.

The page (static/index.html, app.js, app.css) shows the grid at once; a Web Worker (static/worker.js)
loads Pyodide -- CPython compiled to WebAssembly, from the npm package ``pyodide`` pinned by the
repository's package-lock.json -- unpacks the engine from ``ascent.zip`` (built here, from this
checkout's own modules) and answers the page through ``ascent.web.bridge``. A service worker
(static/sw.js) keeps every file of the site, so a second visit fetches nothing and works offline.
Nothing is loaded from another origin.

Where Node is installed (it is wherever npm is), the build has Pyodide's own Python, run under Node by
``precompile.mjs``, compile the engine's modules and the standard library modules the worker imports
into bytecode, so the browser unmarshals them instead of compiling Python source at every visit (about
half of the engine's load time). Without Node the site ships sources, and the build says so.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
PACKAGE = HERE.parent  # ascent/
ROOT = PACKAGE.parent  # the checkout: package.json, package-lock.json, node_modules/
# Pyodide's files the site needs (the .mjs and .js loaders, the interpreter, its standard library, its lock).
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
# The engine and what the app shows of it: no CLI, no rich (it is not in Pyodide's core).
ZIP_PARTS = ("__init__.py", "model/", "puzzle/", "core/", "techniques/", "solver/", "export/", "store/__init__.py",
             "store/files.py", "store/samples/", "show/__init__.py", "show/gridtext.py", "show/view.py",
             "tools/__init__.py", "tools/hint.py", "tools/check.py", "tools/generate.py", "tools/guide.py",
             "web/__init__.py", "web/bridge.py")
PRECOMPILE = HERE / "precompile.mjs"
SITE_FILES = ("index.html", "app.js", "app.css", "worker.js", "icon.svg", "manifest.webmanifest")


class WebError(Exception):
    """The site cannot be built (no Pyodide and no npm, npm failed, a bad folder): one line, exit 2."""


def pyodide_dir(root: Path | None = None) -> Path:
    return (root or ROOT) / "node_modules" / "pyodide"


def missing_pyodide(root: Path | None = None) -> list[str]:
    where = pyodide_dir(root)
    return [name for name in PYODIDE_FILES if not (where / name).is_file()]


def ensure_pyodide(root: Path | None = None, say: Callable[[str], None] = lambda s: None) -> Path:
    """Pyodide's files, from node_modules; when they are missing, ``npm ci`` from the pinned lockfile."""
    root = root or ROOT
    missing = missing_pyodide(root)
    if not missing:
        return pyodide_dir(root)
    lock = root / "package-lock.json"
    if not lock.is_file():
        raise WebError(f"Pyodide's files are missing and there is no {lock} to fetch them from "
                       "(web build runs from a checkout of the repository)")
    npm = shutil.which("npm")
    if npm is None:
        raise WebError("npm is not installed: web build needs it once, to fetch Pyodide as package-lock.json pins it")
    say(f"Pyodide's files are missing ({', '.join(missing)}): running npm ci in {root} (versions pinned by package-lock.json)")
    try:
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise WebError(f"npm ci could not run: {e}") from None
    if done.returncode != 0:
        last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        raise WebError(f"npm ci failed (exit {done.returncode}): {last[0]}")
    missing = missing_pyodide(root)
    if missing:
        raise WebError(f"npm ci ran but Pyodide's {', '.join(missing)} are still missing from {pyodide_dir(root)}")
    return pyodide_dir(root)


def engine_zip(dest: Path) -> list[str]:
    """``ascent.zip``: the engine's modules (sources; ``precompile`` adds their bytecode) and the samples, stored
    uncompressed: the worker unpacks it in JavaScript (a copy per file), and HTTP compresses it on the way."""
    names = []
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_STORED) as z:
        for part in ZIP_PARTS:
            path = PACKAGE / part
            files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in (".py", ".json")) if part.endswith("/") else [path]
            for f in files:
                if "__pycache__" in f.parts:
                    continue
                name = "ascent/" + f.relative_to(PACKAGE).as_posix()
                info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # the same bytes for the same sources
                z.writestr(info, f.read_bytes())
                names.append(name)
    return names


def precompile(pyodide: Path, site: Path, root: Path | None = None,
               say: Callable[[str], None] = lambda s: None) -> dict | None:
    """Replace the site's ``pyodide/python_stdlib.zip`` and ``ascent.zip`` by their precompiled forms (see
    precompile.mjs), made by Pyodide's own Python under Node; kept in node_modules/.cache by the hash of their
    inputs, so a rebuild of the same sources reuses them. None (and a line said) where Node is missing."""
    node = shutil.which("node")
    if node is None:
        say("node is not installed: the site ships Python sources, which the browser compiles at every visit (slower to load)")
        return None
    std, asc = site / "pyodide" / "python_stdlib.zip", site / "ascent.zip"
    digest = hashlib.sha256()
    for f in (std, asc, PRECOMPILE, pyodide / "pyodide.asm.wasm"):
        digest.update(hashlib.sha256(f.read_bytes()).digest())
    cache = (root or ROOT) / "node_modules" / ".cache" / "ascent-web" / digest.hexdigest()[:24]
    if not (cache / "info.json").is_file():
        tmp = cache.with_name(cache.name + ".part")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        try:
            done = subprocess.run([node, str(PRECOMPILE), str(pyodide), str(std), str(asc), str(tmp / "python_stdlib.zip"),
                                   str(tmp / "ascent.zip")], capture_output=True, text=True, timeout=900)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise WebError(f"precompiling with Pyodide under node could not run: {e}") from None
        if done.returncode != 0:
            last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            raise WebError(f"precompiling with Pyodide under node failed (exit {done.returncode}): {last[0]}")
        (tmp / "info.json").write_text(done.stdout.strip().splitlines()[-1])
        shutil.rmtree(cache, ignore_errors=True)
        tmp.rename(cache)
    info = json.loads((cache / "info.json").read_text())
    shutil.copyfile(cache / "python_stdlib.zip", std)
    shutil.copyfile(cache / "ascent.zip", asc)
    return info


def build(dest: Path, root: Path | None = None, say: Callable[[str], None] = lambda s: None) -> dict:
    """Write the site into ``dest`` (made if missing; files of ours are replaced). Returns what was written."""
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise WebError(f"{dest} is a file, not a folder")
    src = ensure_pyodide(root, say)
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "pyodide").mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(src / name, dest / "pyodide" / name)
    modules = engine_zip(dest / "ascent.zip")
    compiled = precompile(src, dest, root, say)
    for name in SITE_FILES:
        shutil.copyfile(STATIC / name, dest / name)
    files = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")
                   if p.is_file() and p.name != "sw.js" and not p.name.endswith(".gz"))
    version = hashlib.sha256()
    for name in files:
        version.update(name.encode() + b"\0" + (dest / name).read_bytes())
    worker = (STATIC / "worker.js").read_text()  # the version keys the engine's snapshot the browser keeps
    (dest / "worker.js").write_text(worker.replace("/*VERSION*/\"\"", json.dumps(version.hexdigest()[:16])))
    sw = (STATIC / "sw.js").read_text()
    sw = sw.replace("/*FILES*/[]", json.dumps(["./"] + files)).replace("/*VERSION*/\"\"", json.dumps(version.hexdigest()[:16]))
    (dest / "sw.js").write_text(sw)
    pyodide_version = json.loads((src / "package.json").read_text()).get("version", "?")
    size = sum((dest / f).stat().st_size for f in files) + (dest / "sw.js").stat().st_size
    return {"files": len(files) + 1, "bytes": size, "modules": len(modules), "pyodide": pyodide_version,
            "version": version.hexdigest()[:16], "bytecode": compiled}
