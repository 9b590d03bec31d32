/* The engine's worker: Pyodide (copied into pyodide/ by `ascent web build`) runs ascent from ascent.zip.
   Messages in: {id, op, args}; out: {type:"ready"|"failed"|"progress"|"answer", ...}. Nothing is fetched
   from another origin: every URL here is relative to this worker's own. */
"use strict";
importScripts("pyodide/pyodide.js");
var py = null, call = null;
var ready = (async function () {
  var t0 = performance.now();
  py = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href });
  var t1 = performance.now();
  var zip = await fetch(new URL("ascent.zip", self.location.href).href);
  if (!zip.ok) { throw new Error("ascent.zip: HTTP " + zip.status); }
  py.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/home/pyodide/app" });
  py.runPython("import sys\nsys.path.insert(0, '/home/pyodide/app')\nimport ascent.web.bridge");
  call = py.runPython(
    "import json\nfrom ascent.web import bridge\n" +
    "def _call(op, args, progress=None):\n" +
    "    args = json.loads(args)\n" +
    "    if op == 'generate':\n" +
    "        return json.dumps(bridge.generate(*args, on_attempt=progress))\n" +
    "    if op in ('read', 'from_record', 'explain'):\n" +
    "        return json.dumps(getattr(bridge, op)(*args, on_tier=progress))\n" +
    "    return json.dumps(getattr(bridge, op)(*args))\n" +
    "_call");
  postMessage({ type: "ready", ms: Math.round(performance.now() - t0), pyodideMs: Math.round(t1 - t0), version: py.version });
})().catch(function (e) {
  postMessage({ type: "failed", error: String(e && e.message || e).split("\n")[0] });
  throw e;
});
var OPS = { read: 1, from_record: 1, hint: 1, explain: 1, generate: 1, guide: 1 };
onmessage = async function (ev) {
  var msg = ev.data || {}, id = msg.id;
  try {
    await ready;
    if (!OPS[msg.op]) { throw new Error("no such operation: " + msg.op); }
    var t0 = performance.now();
    var progress = msg.op === "generate" ? function (k) { postMessage({ type: "progress", id: id, attempts: k }); }
      : function (tier) { postMessage({ type: "progress", id: id, tier: String(tier) }); };  /* the technique a long solve turns to */
    var out = call(msg.op, JSON.stringify(msg.args || []), progress);
    postMessage({ type: "answer", id: id, ok: true, result: JSON.parse(out), ms: performance.now() - t0 });
  } catch (e) {
    var text = String(e && e.message || e), lines = text.trim().split("\n");
    postMessage({ type: "answer", id: id, ok: false, error: lines[lines.length - 1] });
  }
};
