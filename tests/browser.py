"""A small driver for headless Chromium over the DevTools protocol on a pipe (no extra packages).

Chromium started with --remote-debugging-pipe reads commands on fd 3 and writes replies and events
on fd 4, each a JSON object ended by a NUL byte. Used by the browser test and by
benchmarks/share.py (screenshots, timings).
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


class BrowserError(RuntimeError):
    pass


class Browser:
    def __init__(self, width: int = 1280, height: int = 900, mobile: bool = False, timeout: float = 30.0):
        exe = chromium()
        if exe is None:
            raise BrowserError("no chromium installed")
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="ascent-chromium-")
        to_child, self._w = os.pipe()
        self._r, from_child = os.pipe()

        def wire() -> None:  # in the child: our pipe ends become fds 3 and 4 (moved high first: no clobbering)
            a, b = os.dup(to_child), os.dup(from_child)
            a2, b2 = os.dup2(a, 100), os.dup2(b, 101)
            os.dup2(a2, 3)
            os.dup2(b2, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        args = [exe, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
                f"--user-data-dir={self.profile}", "about:blank"]
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, preexec_fn=wire, close_fds=False)
        os.close(to_child)
        os.close(from_child)
        self._buf = b""
        self._id = 0
        self.events: list[dict] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(f"{domain}.enable")
        self.resize(width, height, mobile)

    # ------------------------------------------------------------------ protocol
    def _read_message(self, deadline: float) -> dict:
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("chromium did not answer in time")
            ready, _, _ = select.select([self._r], [], [], left)
            if ready:
                chunk = os.read(self._r, 1 << 16)
                if not chunk:
                    raise BrowserError("chromium closed the pipe")
                self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method: str, session: str | None = None, **params) -> dict:
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def send(self, method: str, **params) -> dict:
        """A command to the page's session."""
        return self.call(method, session=self.session, **params)

    def wait_for(self, method: str) -> dict:
        deadline = time.monotonic() + self.timeout
        for k, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(k)
        while True:
            e = self._read_message(deadline)
            if e.get("method") == method:
                return e
            self.events.append(e)

    # ------------------------------------------------------------------ page
    def resize(self, width: int, height: int, mobile: bool = False, touch: bool = False) -> None:
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)
        self.send("Emulation.setTouchEmulationEnabled", enabled=touch, maxTouchPoints=5 if touch else 1)

    def tap(self, selector: str) -> None:
        """A finger's tap in the middle of the element, which must be inside the window (touch emulation on)."""
        box = self.eval(f"(function(){{var e=document.querySelector({json.dumps(selector)});if(!e){{return null;}}"
                        "var r=e.getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2,r.width,r.height,"
                        "r.top>=0&&r.bottom<=innerHeight&&r.left>=0&&r.right<=innerWidth];})()")
        if box is None or box[2] == 0 or box[3] == 0:
            raise BrowserError(f"no visible element {selector}")
        if not box[4]:
            raise BrowserError(f"element {selector} is outside the window")
        self.tap_at(box[0], box[1])

    def tap_at(self, x: float, y: float) -> None:
        """A finger's tap at a point of the window."""
        self.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
        self.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def centres(self, selector: str) -> list[tuple[float, float]]:
        """The middle of every element the selector finds, in the window (for many taps with one look)."""
        return [tuple(p) for p in self.eval(
            f"Array.prototype.map.call(document.querySelectorAll({json.dumps(selector)}),function(e){{"
            "var r=e.getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2];})")]

    def open(self, path: Path) -> None:
        """Navigate and wait until that very document has loaded (load events can arrive late, so not those), and a
        walk-through page's viewer has drawn its grids (#app.drawn: it shows their cells a few rows a frame)."""
        uri = Path(path).resolve().as_uri()
        self.send("Page.navigate", url=uri)
        ready = self.wait_until(f"document.readyState === 'complete' && location.href.split('#')[0] === {json.dumps(uri)} "
                                "&& (!window.ascentView || document.getElementById('app').classList.contains('drawn'))",
                                self.timeout)
        if not ready:
            raise BrowserError(f"{uri} did not load in {self.timeout} s")

    def eval(self, expression: str):
        r = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise BrowserError(f"{expression[:60]}: {r['exceptionDetails'].get('text')} "
                               f"{r['exceptionDetails'].get('exception', {}).get('description', '')}")
        return r["result"].get("value")

    def wait_until(self, expression: str, seconds: float = 30.0):
        """Evaluate until the expression is truthy (for what the page does after an event); its value. The deadline
        is generous (a loaded machine, two test workers): a page that answers returns at once."""
        deadline = time.monotonic() + seconds
        while True:
            value = self.eval(expression)
            if value or time.monotonic() > deadline:
                return value
            time.sleep(0.02)

    def click(self, selector: str, scroll: bool = True) -> None:
        """A real mouse click in the middle of the element: scrolled into view first, or (scroll=False)
        where it is, which must be inside the window, as a person would tap it."""
        first = "e.scrollIntoView({block:'center'});" if scroll else ""
        box = self.eval(f"(function(){{var e=document.querySelector({json.dumps(selector)});"
                        f"if(!e){{return null;}}{first}"
                        "var r=e.getBoundingClientRect();"
                        "return [r.left+r.width/2,r.top+r.height/2,r.width,r.height,r.top,r.bottom,innerHeight];})()")
        if box is None:
            raise BrowserError(f"no element {selector}")
        if box[2] == 0 or box[3] == 0:
            raise BrowserError(f"element {selector} is not visible")
        if not scroll and (box[4] < 0 or box[5] > box[6]):
            raise BrowserError(f"element {selector} is outside the window (top {box[4]:.0f}, bottom {box[5]:.0f})")
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    def key(self, key: str, code: int, modifiers: int = 0) -> None:
        """A key press; ``modifiers``: 1 Alt, 2 Ctrl, 4 Meta, 8 Shift."""
        for kind in ("rawKeyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code,
                      nativeVirtualKeyCode=code, modifiers=modifiers)

    def type_key(self, key: str) -> None:
        """A printable key (a digit, a letter) as typing it sends it: keydown with its text, then keyup."""
        code = ord(key.upper())
        self.send("Input.dispatchKeyEvent", type="keyDown", key=key, text=key, windowsVirtualKeyCode=code)
        self.send("Input.dispatchKeyEvent", type="keyUp", key=key, windowsVirtualKeyCode=code)

    def screenshot(self, path: Path, full_page: bool = False) -> None:
        params: dict = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
            size = self.eval("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            params["clip"] = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}
        data = self.send("Page.captureScreenshot", **params)["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def rect(self, selector: str) -> dict | None:
        """The element's box in the window (left, top, right, bottom) and the window's size."""
        return self.eval(f"(function(){{var e=document.querySelector({json.dumps(selector)});if(!e){{return null;}}"
                         "var r=e.getBoundingClientRect();return {left:r.left,top:r.top,right:r.right,bottom:r.bottom,"
                         "width:innerWidth,height:innerHeight};})()")

    def in_window(self, selector: str, slack: float = 1.0) -> bool:
        """Whether the whole element is inside the window."""
        r = self.rect(selector)
        return bool(r) and r["top"] >= -slack and r["left"] >= -slack and r["bottom"] <= r["height"] + slack \
            and r["right"] <= r["width"] + slack

    def pdf(self, path: Path | None = None) -> bytes:
        """The page printed to PDF (A4, the page's own print styles)."""
        self.timeout, was = max(self.timeout, 180.0), self.timeout  # a long solve makes a heavy PDF
        try:
            data = base64.b64decode(self.send("Page.printToPDF", paperWidth=8.27, paperHeight=11.69,
                                              printBackground=True)["data"])
        finally:
            self.timeout = was
        if path is not None:
            Path(path).write_bytes(data)
        return data

    def requests(self) -> list[str]:
        """Every URL the page asked for so far (its own file included)."""
        self._drain()
        return [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]

    def errors(self) -> list[str]:
        self._drain()
        out = [e["params"]["exceptionDetails"].get("text", "") for e in self.events if e.get("method") == "Runtime.exceptionThrown"]
        out += [e["params"]["entry"].get("text", "") for e in self.events
                if e.get("method") == "Log.entryAdded" and e["params"]["entry"].get("level") == "error"]
        return out

    def _drain(self) -> None:
        self.eval("1")  # a round trip: every event sent before it has arrived

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._r, self._w):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
