/* The engine's worker: Pyodide (copied into pyodide/ by `ascent web build`) runs ascent from ascent.zip.
   Messages in: {id, op, args, stream}; out: {type:"ready"|"failed"|"progress"|"part"|"answer", ...} ("part": the
   walk-through of the steps a running solve has found so far, sent only when the message asked to stream; a part's
   and an answer's data come as JSON text, in "json"). Nothing is fetched
   from another origin: every URL here is relative to this worker's own. */
"use strict";
var T0 = performance.now();
/* The engine's zip is fetched while Pyodide loads (it does not need Python). */
var engineZip = fetch(new URL("ascent.zip", self.location.href).href).then(function (r) {
  if (!r.ok) { throw new Error("ascent.zip: HTTP " + r.status); }
  return r.arrayBuffer();
});
var py = null, call = null, marks = {};
function mark(name) { marks[name] = Math.round(performance.now() - T0); }
/* The interpreter as it stands once the engine is imported, kept in this browser's cache storage (a copy of
   Pyodide's memory, about 21 MB: Pyodide's memory snapshot) by the site's version, which `ascent web build` writes
   here: a later visit starts from it instead of starting Python and importing the engine again. A first visit (or a
   new version) makes it, just before the engine is ready; one the Pyodide loader refuses is said in the marks,
   dropped, and made again. */
var VERSION = /*VERSION*/"";
var SNAPSHOTS = "ascent-snapshot", SNAPSHOT = new URL("snapshot/" + VERSION, self.location.href).href;
function head(data) {  /* the snapshot's header (Pyodide's magic number, offsets and build id), as hex */
  return Array.prototype.map.call(data.subarray(0, 48), function (b) { return (b + 256).toString(16).slice(1); }).join("");
}
async function keptSnapshot() {
  if (!VERSION || !self.caches) { marks.snapshot = "none (no version or no cache storage)"; return null; }
  var hit;
  try { hit = await (await caches.open(SNAPSHOTS)).match(SNAPSHOT); }
  catch (e) { marks.snapshot = "none (the cache storage failed: " + String(e && e.message || e) + ")"; return null; }
  if (!hit) { marks.snapshot = "none kept"; return null; }
  var data = new Uint8Array(await hit.arrayBuffer()), said = hit.headers.get("X-Snapshot") || "";
  if (said !== data.length + ":" + head(data)) {  /* not the one this worker kept (cut short, or something else): the
                                                     loader would take it and never finish */
    marks.snapshot = "refused (not the snapshot kept: " + data.length + " bytes): made again";
    await (await caches.open(SNAPSHOTS)).delete(SNAPSHOT);
    return null;
  }
  marks.snapshot = "kept";
  return data;
}
async function keepSnapshot(data) {
  var c = await caches.open(SNAPSHOTS), keys = await c.keys();
  await Promise.all(keys.filter(function (k) { return k.url !== SNAPSHOT; }).map(function (k) { return c.delete(k); }));
  await c.put(SNAPSHOT, new Response(data, { headers: { "Content-Type": "application/octet-stream",
                                                         "X-Snapshot": data.length + ":" + head(data) } }));
}
var kept = keptSnapshot();  /* read from the cache while the loader's script runs */
importScripts("pyodide/pyodide.js");
mark("loader");


/* Unpack a zip (stored or deflated entries) into Pyodide's file system from JavaScript: much quicker than
   Python's zipfile running in WebAssembly. Returns the number of files written. */
async function unzipInto(buf, dir) {
  var dv = new DataView(buf), u8 = new Uint8Array(buf), end = -1;
  for (var i = buf.byteLength - 22; i >= 0 && i >= buf.byteLength - 22 - 65535; i--) {
    if (dv.getUint32(i, true) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) { throw new Error("ascent.zip is not a zip"); }
  var count = dv.getUint16(end + 10, true), at = dv.getUint32(end + 16, true), dec = new TextDecoder(), written = 0;
  for (var k = 0; k < count; k++) {
    if (dv.getUint32(at, true) !== 0x02014b50) { throw new Error("ascent.zip: a broken directory"); }
    var method = dv.getUint16(at + 10, true), size = dv.getUint32(at + 20, true), nlen = dv.getUint16(at + 28, true);
    var elen = dv.getUint16(at + 30, true), clen = dv.getUint16(at + 32, true), local = dv.getUint32(at + 42, true);
    var name = dec.decode(u8.subarray(at + 46, at + 46 + nlen));
    at += 46 + nlen + elen + clen;
    if (name.endsWith("/")) { continue; }
    var from = local + 30 + dv.getUint16(local + 26, true) + dv.getUint16(local + 28, true), data = u8.subarray(from, from + size);
    if (method === 8) {
      data = new Uint8Array(await new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
    } else if (method !== 0) { throw new Error("ascent.zip: " + name + " is packed by method " + method); }
    var path = dir + "/" + name;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, data);
    written++;
  }
  return written;
}

var ready = (async function () {
  var indexURL = new URL("pyodide/", self.location.href).href, snap = await kept;
  mark("looked");
  if (snap) {
    try { py = await loadPyodide({ indexURL: indexURL, _loadSnapshot: snap }); }
    catch (e) {
      marks.snapshot = "refused (" + String(e && e.message || e).split("\n")[0] + "): made again";
      snap = null; await (await caches.open(SNAPSHOTS)).delete(SNAPSHOT);
    }
  }
  if (!snap) { py = await loadPyodide({ indexURL: indexURL, _makeSnapshot: !!VERSION }); }
  mark("pyodide");
  var buf = await engineZip;
  mark("fetched");
  await unzipInto(buf, "/home/pyodide/app");  /* the files, for what the engine imports later (a snapshot holds no files) */
  mark("unpacked");
  py.runPython("import sys\nif '/home/pyodide/app' not in sys.path: sys.path.insert(0, '/home/pyodide/app')\nimport ascent.web.bridge");
  mark("imported");
  var made = !snap && VERSION ? py.makeMemorySnapshot() : null;  /* before any Python object is handed to JavaScript */
  if (made) { mark("snapshot made"); }
  call = py.runPython(
    "import json\nfrom ascent.web import bridge\n" +
    "def _call(op, args, progress=None, steps=None, part=None):\n" +
    "    args = json.loads(args)\n" +
    "    on_part = None if part is None else (lambda p: part(json.dumps(p)))\n" +
    "    if op == 'generate':\n" +
    "        return json.dumps(bridge.generate(*args, on_attempt=progress))\n" +
    "    if op == 'explain':\n" +
    "        return json.dumps(bridge.explain(*args, on_tier=progress, on_step=steps, on_part=on_part))\n" +
    "    if op in ('read', 'from_record'):\n" +
    "        return json.dumps(getattr(bridge, op)(*args, on_tier=progress, on_part=on_part))\n" +
    "    return json.dumps(getattr(bridge, op)(*args))\n" +
    "_call");
  mark("ready");
  postMessage({ type: "ready", ms: marks.ready, marks: marks, version: py.version });
  if (made) {
    keepSnapshot(made).then(function () { postMessage({ type: "kept", bytes: made.length }); },
      function (e) { postMessage({ type: "kept", error: String(e && e.message || e) }); });
  }
})().catch(function (e) {
  postMessage({ type: "failed", error: String(e && e.message || e).split("\n")[0] });
  throw e;
});
var OPS = { read: 1, from_record: 1, hint: 1, explain: 1, generate: 1, guide: 1, warm: 1 };
onmessage = async function (ev) {
  var msg = ev.data || {}, id = msg.id;
  try {
    await ready;
    if (!OPS[msg.op]) { throw new Error("no such operation: " + msg.op); }
    var t0 = performance.now();
    var progress = msg.op === "generate" ? function (k) { postMessage({ type: "progress", id: id, attempts: k }); }
      : function (tier) { postMessage({ type: "progress", id: id, tier: String(tier) }); };  /* the technique a long solve turns to */
    var steps = function (k, of) { postMessage({ type: "progress", id: id, step: k, of: of }); };  /* the walk-through's sentences */
    /* the walk-through of the steps found so far, while a solve runs (asked with stream: the page shows it) */
    /* answers and parts go as their JSON text, which the page parses: one string to copy across, not the thousands
       of small objects of a big walk-through's data */
    var part = msg.stream ? function (text) { postMessage({ type: "part", id: id, json: text }); } : undefined;
    var out = call(msg.op, JSON.stringify(msg.args || []), progress, steps, part);
    postMessage({ type: "answer", id: id, ok: true, json: out, ms: performance.now() - t0 });
  } catch (e) {
    var text = String(e && e.message || e), lines = text.trim().split("\n");
    postMessage({ type: "answer", id: id, ok: false, error: lines[lines.length - 1] });
  }
};
