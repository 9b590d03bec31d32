/* ascent's web app: the page. It draws the grid at once (a puzz.link code in the address is decoded here
   for the first paint) and asks the engine -- ascent itself, in Pyodide, in worker.js -- for everything
   else: the puzzle's verdict, hints on the player's own grid, the walk-through, new puzzles, the guide.
   Hooks for tests and scripts: <html data-engine="loading|ready|failed">, data-cell="RrCc" on each cell,
   data-action="hint" (and the other tools), data-hint (the hint text), data-status (the game's state),
   <html data-explain="partial|ready"> (the walk-through shows the steps found so far, or the whole). */
(function () {
"use strict";
var root = document.documentElement, $ = function (id) { return document.getElementById(id); };
var board = $("board"), keypad = $("keypad"), statusEl = $("status"), clock = $("clock"), note = $("note");
var hintBox = $("hintbox"), hintText = $("hint"), sayBox = $("say"), engineEl = $("engine");
var P = null;          /* the puzzle: {n, clues:{u,d,l,r}, given, code, record, solution, status, ...} */
var S = null;          /* the player's state: {v: heights, m: pencil marks (bit masks, 0 = none), t, done, hints} */
var undoStack = [], redoStack = [], sel = -1, pencil = false, cells = [], clueEls = {}, t0 = Date.now();
var H = null, wantHint = false;          /* the last hint: {res, key (the grid it was asked on), level, chain: {k, l, st}} */
var editing = null;    /* a puzzle being typed in: {n, clues, given, sel} */
var worker = null, engineReady = false, pending = {}, nextId = 1, engineStart = performance.now();
window.ascentApp = { timings: {} };

/* ---------------------------------------------------------------- the engine (worker) */
function startWorker() {
  engineReady = false; root.setAttribute("data-engine", "loading"); engineEl.textContent = "Engine loading\u2026";
  engineStart = performance.now(); window.ascentApp.timings.workerStartAt = engineStart;
  worker = new Worker("worker.js");
  worker.onmessage = function (ev) {
    var m = ev.data;
    if (m.type === "ready") {
      engineReady = true; root.setAttribute("data-engine", "ready");
      window.ascentApp.timings.engineReady = performance.now() - engineStart;
      window.ascentApp.timings.engineReadyAt = performance.now();  /* from the page's navigation start */
      window.ascentApp.timings.workerMs = m.ms; window.ascentApp.timings.worker = m;
      engineEl.textContent = "Engine ready";
      onEngineReady();
    } else if (m.type === "failed") {
      root.setAttribute("data-engine", "failed");
      engineEl.textContent = "The engine could not load: " + m.error;
      for (var id in pending) { pending[id].reject(new Error("the engine could not load")); }
      pending = {};
    } else if (m.type === "kept") {  /* the engine's snapshot, kept for the next visit (or why not) */
      window.ascentApp.timings.snapshotKept = m;
    } else if (m.type === "progress") {
      var p = pending[m.id]; if (p && p.progress) { p.progress(m); }
    } else if (m.type === "part") {
      var pp = pending[m.id]; if (pp && pp.part) { pp.part(JSON.parse(m.json)); }
    } else if (m.type === "answer") {
      var q = pending[m.id]; delete pending[m.id];
      if (q) { if (m.ok) { q.resolve(JSON.parse(m.json)); } else { q.reject(new Error(m.error)); } }
    }
  };
  worker.onerror = function (e) {
    root.setAttribute("data-engine", "failed"); engineEl.textContent = "The engine could not load: " + (e.message || "worker error");
  };
}
/* part: hears the walk-through of the steps found so far while the worker's solve runs (asked only when given) */
function ask(op, args, progress, part) {
  return new Promise(function (resolve, reject) {
    var id = nextId++;
    pending[id] = { resolve: resolve, reject: reject, progress: progress, part: part };
    worker.postMessage({ id: id, op: op, args: args, stream: !!part });
  });
}
function restartWorker(why) {
  worker.terminate();
  for (var id in pending) { pending[id].reject(new Error(why)); }
  pending = {};
  startWorker();
}

/* ---------------------------------------------------------------- small helpers */
function sym(d) { return d < 10 ? String(d) : String.fromCharCode(55 + d); }
function nm(i) { return "R" + (Math.floor(i / P.n) + 1) + "C" + (i % P.n + 1); }
function bits(m, n) { var o = []; for (var d = 1; d <= n; d++) { if (m & (1 << (d - 1))) { o.push(d); } } return o; }
function say(t) { sayBox.textContent = ""; setTimeout(function () { sayBox.textContent = t; }, 30); }
function clockText(ms) { var s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60; s %= 60;
  return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (s < 10 ? "0" : "") + s; }
function elapsed() { return S ? (S.done ? S.t : S.t + (Date.now() - t0)) : 0; }
function msg(el, text, bad) { el.textContent = text || ""; el.classList.toggle("bad", !!bad); }

/* The first paint of a puzz.link code, before the engine has loaded (the engine's own reader then
   reads the same code and its word is final). Returns null for anything it does not follow. */
var SKIP = "ghijklmnopqrstuvwxyz";
function quickDecode(code) {
  var parts = code.split("/"); if (parts.length < 4 || !/^(skyscrapers|building|skyscraper)$/.test(parts[0])) { return null; }
  var n = +parts[1]; if (parts[1] !== parts[2] || !(n >= 4 && n <= 12)) { return null; }
  var body = parts.slice(3).join("/"), out = [], i = 0;
  while (i < body.length) {
    var ch = body[i];
    if (/[0-9a-f]/.test(ch)) { out.push(parseInt(ch, 16)); i++; }
    else if (ch === "-") { out.push(parseInt(body.substr(i + 1, 2), 16)); i += 3; }
    else if (ch === ".") { out.push(0); i++; }
    else if (SKIP.indexOf(ch) >= 0) { for (var k = 0; k <= SKIP.indexOf(ch); k++) { out.push(0); } i++; }
    else { return null; }
  }
  if (out.length !== 4 * n && out.length !== 4 * n + n * n) { return null; }
  var given = out.length > 4 * n ? out.slice(4 * n) : new Array(n * n).fill(0);
  return { n: n, clues: { u: out.slice(0, n), d: out.slice(n, 2 * n), l: out.slice(2 * n, 3 * n), r: out.slice(3 * n, 4 * n) },
           given: given, code: code, record: null, solution: null, status: "reading", label: n + "x" + n };
}

/* ---------------------------------------------------------------- storage: one entry per puzzle */
function key() { return "ascent-web/" + P.code; }
function fresh() { var m = []; for (var i = 0; i < P.n * P.n; i++) { m.push(0); } return { v: P.given.slice(), m: m, t: 0, done: false, hints: 0 }; }
function load() {
  try {
    var s = JSON.parse(localStorage.getItem(key()) || "null"), N2 = P.n * P.n;
    if (s && s.v && s.v.length === N2 && s.m && s.m.length === N2) {
      for (var i = 0; i < N2; i++) { if (P.given[i]) { s.v[i] = P.given[i]; s.m[i] = 0; } }
      return s;
    }
  } catch (e) { /* a malformed entry: a fresh game */ }
  return fresh();
}
function save() { if (!P || !S) { return; } S.t = elapsed(); t0 = Date.now(); try { localStorage.setItem(key(), JSON.stringify(S)); } catch (e) { /* full or private */ } }

/* ---------------------------------------------------------------- drawing the grid */
function clueButton(side, k, v) {
  var el = document.createElement(editing ? "button" : "div");
  el.className = "clue"; el.setAttribute("data-side", side); el.setAttribute("data-k", k);
  if (editing) { el.type = "button"; el.setAttribute("aria-label", { u: "top", d: "bottom", l: "left", r: "right" }[side] + " clue " + (k + 1) + (v ? ", " + v : ", none")); }
  var wordy = { u: "column " + (k + 1) + " from the top", d: "column " + (k + 1) + " from the bottom", l: "row " + (k + 1) + " from the left", r: "row " + (k + 1) + " from the right" }[side];
  if (!editing && v) { var h = document.createElement("span"); h.className = "vh"; h.textContent = "clue for " + wordy + ": "; el.appendChild(h); }
  el.appendChild(document.createTextNode(v ? String(v) : ""));
  if (!editing && v) { el._said = document.createElement("span"); el._said.className = "vh"; el.appendChild(el._said); }  /* what is wrong with it, spoken */
  clueEls[side + k] = el;
  return el;
}
function drawBoard(n, clues, given) {
  board.textContent = ""; cells = []; clueEls = {};
  board.className = "board n" + n + (editing ? " edit" : ""); board.style.setProperty("--n", n);
  keypad.style.setProperty("--kc", n <= 6 ? n + (editing ? 1 : 0) : Math.ceil(n / 2));
  var corner = function () { var c = document.createElement("div"); c.className = "corner"; c.setAttribute("aria-hidden", "true"); return c; };
  board.appendChild(corner());
  for (var c = 0; c < n; c++) { board.appendChild(clueButton("u", c, clues.u[c])); }
  board.appendChild(corner());
  for (var r = 0; r < n; r++) {
    board.appendChild(clueButton("l", r, clues.l[r]));
    for (c = 0; c < n; c++) {
      var b = document.createElement("button"); b.type = "button"; b.className = "cell";
      b.setAttribute("data-cell", "R" + (r + 1) + "C" + (c + 1)); b.setAttribute("data-i", r * n + c); b.tabIndex = -1;
      board.appendChild(b); cells.push(b);
    }
    board.appendChild(clueButton("r", r, clues.r[r]));
  }
  board.appendChild(corner());
  for (c = 0; c < n; c++) { board.appendChild(clueButton("d", c, clues.d[c])); }
  board.appendChild(corner());
  keypad.textContent = "";
  for (var d = 1; d <= n; d++) {
    var k = document.createElement("button"); k.type = "button"; k.setAttribute("data-key", d);
    k.textContent = sym(d);
    if (d >= 10) { var sm = document.createElement("small"); sm.textContent = String(d); k.appendChild(sm); }
    keypad.appendChild(k);
  }
  if (editing) { var z = document.createElement("button"); z.type = "button"; z.setAttribute("data-key", "0"); z.textContent = "Clear"; keypad.appendChild(z); }
  if (sel < 0 || sel >= n * n) { sel = 0; }
  cells[sel].tabIndex = 0;
}
/* What a chain link or a hint shows over the player's grid: {st: {v, m}, spec, base} */
var overlay = null;
function clashes() {
  var n = P.n, bad = {};
  for (var i = 0; i < n * n; i++) {
    if (!S.v[i]) { continue; }
    for (var j = i + 1; j < n * n; j++) {
      if (S.v[j] === S.v[i] && (Math.floor(i / n) === Math.floor(j / n) || i % n === j % n)) { bad[i] = 1; bad[j] = 1; }
    }
  }
  return bad;
}
/* A full lane its clue does not hold: {"l0": what the lane sees, ...} (shown and spoken at once, as on the play page) */
function laneOf(side, k) {
  var n = P.n, o = [];
  for (var j = 0; j < n; j++) { o.push(side === "u" ? j * n + k : side === "d" ? (n - 1 - j) * n + k : side === "l" ? k * n + j : k * n + (n - 1 - j)); }
  return o;
}
function badClues(v) {
  var out = {};
  ["u", "d", "l", "r"].forEach(function (side) {
    for (var k = 0; k < P.n; k++) {
      var want = P.clues[side][k]; if (!want) { continue; }
      var lane = laneOf(side, k), top = 0, seen = 0;
      for (var j = 0; j < lane.length; j++) { var h = v[lane[j]]; if (!h) { seen = -1; break; } if (h > top) { top = h; seen++; } }
      if (seen >= 0 && seen !== want) { out[side + k] = seen; }
    }
  });
  return out;
}
function clueWords(key) {  /* the words of the clue's own screen-reader text (clueButton) */
  var k = +key.slice(1) + 1;
  return "the clue for " + { u: "column " + k + " from the top", d: "column " + k + " from the bottom", l: "row " + k + " from the left", r: "row " + k + " from the right" }[key[0]];
}
/* What a placement at cell i breaks, in words: a repeat in its row or column, a clue its full lane does not hold. */
function trouble(i) {
  var out = [], bad = badClues(S.v), n = P.n, r = Math.floor(i / n), c = i % n;
  if (clashes()[i]) { out.push("it repeats a height in its row or column"); }
  ["u" + c, "d" + c, "l" + r, "r" + r].forEach(function (key) {
    if (bad[key] !== undefined) { out.push(clueWords(key) + " (" + P.clues[key[0]][+key.slice(1)] + ") is broken: its lane sees " + bad[key]); }
  });
  return out.length ? "; " + out.join("; ") : "";
}
function render() {
  if (editing) { return renderEdit(); }
  if (!P || !S) { return; }
  var n = P.n, N2 = n * n, bad = clashes(), look = {}, lane = {}, gone = {}, put = {}, broken = {};
  var wrong = H && H.res && (H.res.kind === "wrong" || H.res.kind === "wrong marks") && H.key === stateKey() ? H.res.cell : -1;
  var spec = overlay ? overlay.spec : (H && H.key === stateKey() && H.res && H.res.spec && H.level >= 1 ? H.res.spec : null);
  var st = overlay ? overlay.st : null;
  if (spec) {
    (spec.c || []).forEach(function (c) { look[c] = 1; });
    (spec.l || []).forEach(function (c) { lane[c] = 1; });
    if (overlay || H.level >= 3) {
      var e = spec.e || [], p = spec.p || [], b = spec.b || [];
      for (var x = 0; x < e.length; x += 2) { gone[e[x]] = (gone[e[x]] || 0) | e[x + 1]; }
      for (x = 0; x < p.length; x += 2) { put[p[x]] = p[x + 1]; }
      for (x = 0; x < b.length; x++) { broken[b[x]] = 1; }
    }
  }
  var hot = spec && spec.s ? { upper: "u", lower: "d", left: "l", right: "r" }[spec.s] + spec.k : null, badClue = badClues(st ? st.v : S.v);
  for (var cl in clueEls) {
    var ce = clueEls[cl], said = "";
    ce.classList.toggle("hot", cl === hot); ce.classList.toggle("bad", badClue[cl] !== undefined);
    if (badClue[cl] !== undefined) { said += ", broken: its lane sees " + badClue[cl]; }
    if (cl === hot) { said += st ? ", read by this link" : ", the hint points here"; }
    if (ce._said && ce._said.textContent !== said) { ce._said.textContent = said; }
  }
  for (var i = 0; i < N2; i++) {
    var v = st ? st.v[i] : S.v[i], m = st ? st.m[i] : S.m[i], el = cells[i];
    var supposed = st && overlay.base && st.v[i] && !overlay.base.v[i];
    var cls = "cell" + (P.given[i] ? " given" : "") + (i === sel ? " sel" : "") + (look[i] ? " look" : "") + (lane[i] ? " lane" : "") +
      (put[i] ? " put" : "") + (supposed ? " supposed" : "") + (broken[i] ? " broken" : "") +
      (bad[i] && !st ? " clash" : "") + (i === wrong ? " wrong" : "");
    el.className = cls;
    el.textContent = "";
    var label = nm(i) + ", ";
    if (v) { el.textContent = sym(v); label += (P.given[i] ? "given " : supposed ? "supposed " : "") + v; }
    else {
      var shown = m, full = (1 << n) - 1;
      if (st && !shown) { shown = full; }
      if (shown || gone[i]) {
        var box = document.createElement("span"); box.className = "m"; box.setAttribute("aria-hidden", "true");
        for (var d = 1; d <= n; d++) {
          var it = document.createElement("i"), bit = 1 << (d - 1);
          if (gone[i] & bit) { it.className = "x"; it.textContent = sym(d); }
          else if (shown & bit) { it.textContent = sym(d); }
          box.appendChild(it);
        }
        el.appendChild(box);
        label += "empty, marks " + bits(shown & ~(gone[i] || 0), n).join(" ");
      } else { label += "empty"; }
    }
    if (gone[i]) { label += "; the step removes " + bits(gone[i], n).join(" "); }
    if (put[i] && !supposed) { label += "; the step places " + put[i]; }
    if (supposed) { label += "; only supposed, to see where it leads"; }
    if (broken[i]) { label += "; broken"; }
    if (bad[i] && !st) { label += "; clashes with its row or column"; }
    if (i === wrong) { label += "; wrong"; }
    if (lane[i]) { label += overlay && overlay.end ? "; in the line the contradiction breaks" : "; in the line the step reads"; }
    if (look[i]) { label += "; look here"; }
    el.setAttribute("aria-label", label);
  }
  board.classList.toggle("solved", !!S.done);
  $("title").textContent = P.label || "";
  document.querySelector('[data-action="pencil"]').setAttribute("aria-pressed", pencil ? "true" : "false");
  document.body.classList.toggle("pencil", pencil);
  document.querySelector('[data-action="undo"]').disabled = !undoStack.length;
  document.querySelector('[data-action="redo"]').disabled = !redoStack.length;
}
function stateKey() { return S ? S.v.join(",") + "|" + S.m.join(",") : ""; }
function setStatus(text, cls) { statusEl.textContent = text; statusEl.className = cls || ""; }
function playingStatus() {
  if (!P) { return; }
  if (S && S.done) { setStatus("solved in " + clockText(S.t) + (S.hints ? " with " + S.hints + " hint" + (S.hints > 1 ? "s" : "") : ""), "solved"); return; }
  if (P.status === "reading") { setStatus("playing (the engine is reading the puzzle)"); return; }
  if (P.status === "solved") { setStatus("playing"); return; }
  setStatus(P.status === "ambiguous" ? "this puzzle has more than one solution" : P.status === "contradiction" ? "this puzzle has no solution" : "the engine is stuck on this puzzle");
}

/* ---------------------------------------------------------------- opening a puzzle */
function showPuzzle(p) {
  editing = null; $("editbar").hidden = true; document.querySelector(".tools").hidden = false;
  var same = P && P.code === p.code && S;
  P = p; undoStack = []; redoStack = []; H = null; overlay = null; hideHint();
  if (!same) { S = load(); t0 = Date.now(); drawBoard(P.n, P.clues, P.given); }
  $("play").classList.remove("nopuzzle");
  /* the address carries the puzzle (its puzz.link code), so a link shares it */
  if (location.search.slice(1) !== P.code && history.replaceState) { history.replaceState(null, "", "?" + P.code + location.hash); }
  document.title = "ascent: Skyscrapers " + (P.label || P.n + "x" + P.n);
  $("entry").open = false;
  playingStatus(); render();
}
function verdictText(v) {
  if (v.status === "ambiguous") {
    var a = v.solutions[0], b = v.solutions[1], n = v.n, rows = function (s) { var o = []; for (var r = 0; r < n; r++) { o.push(s.slice(r * n, r * n + n).map(sym).join("")); } return o.join("/"); };
    return "This puzzle has more than one solution: they differ at " + (v.differ || []).join(", ") + ". One is " + rows(a) + ", another " + rows(b) + ".";
  }
  if (v.status === "contradiction") { return "This puzzle has no solution: " + (v.message || "the clues contradict each other") + "."; }
  if (v.status !== "solved") { return "The engine could not finish this puzzle: " + (v.message || v.status) + "."; }
  return "";
}
function openVerdict(v) {
  if (v.error) { msg($("input-msg"), v.error, true); return false; }
  msg($("input-msg"), verdictText(v), v.status !== "solved");
  if (P && P.code === v.code && P.status === "reading") {
    var keep = S; P = v; S = keep; playingStatus(); render();
    if (wantHint) { wantHint = false; hint(); }
    warm();
    return true;
  }
  if (v.status !== "solved") { $("entry").open = true; return false; }  /* said above; nothing to play */
  showPuzzle(v);
  warm();
  return true;
}
/* A long reading (a hard 12x12 can take the engine many seconds) says which technique the engine has reached. */
var reading = null;  /* the engine reading a puzzle: {t: when it began, tier: the technique it has reached} */
function readProgress(m) {
  if (!m.tier) { return; }
  if (reading) { reading.tier = m.tier; }
  if (P && P.status === "reading") { setStatus("playing (the engine is reading the puzzle: now " + m.tier + ")"); }
  else { msg($("input-msg"), "The engine is solving it, to check it has one solution: now " + m.tier + "\u2026"); }
}
function openText(text) {
  if (!engineReady) { msg($("input-msg"), "The engine is still loading: the puzzle opens as soon as it is ready."); pendingText = text; return; }
  reading = { t: performance.now(), tier: "", part: null };
  var r = reading;  /* the walk-through is shown as the solve finds it when Explain is open as the reading starts */
  ask("read", [text], readProgress, currentView() === "explain" ? function (m) {
    r.part = true; (window.ascentApp.timings.partsMs = window.ascentApp.timings.partsMs || []).push([m.steps, m.ms]);
    if (reading === r) { readPart(m); } } : null).then(function (v) { reading = null; openVerdict(v); if (currentView() === "explain") { showExplain(); } },
    function (e) { reading = null; msg($("input-msg"), "The engine could not read it: " + e.message, true); });
}
var pendingText = null;
function onEngineReady() {
  var typed = pendingText, text = typed || (location.search.length > 1 ? decodeURIComponent(location.search.slice(1)) : null);
  pendingText = null;
  if (text) { openText(text); }
  if (currentView() === "guide") { showGuide(); }
}

/* ---------------------------------------------------------------- playing */
function snapshot() { return { v: S.v.slice(), m: S.m.slice() }; }
function change(fn) {
  if (!P || !S) { return; }
  var before = snapshot(); fn();
  if (before.v.join() === S.v.join() && before.m.join() === S.m.join()) { return; }
  undoStack.push(before); redoStack = []; afterChange();
}
function afterChange() {
  overlay = null;
  if (H && H.key !== stateKey()) { hideHint(); }
  var n = P.n, N2 = n * n, full = true;
  for (var i = 0; i < N2; i++) { if (!S.v[i]) { full = false; break; } }
  if (full && P.solution && S.v.join() === P.solution.join() && !S.done) {
    S.t = elapsed(); S.done = true; say("Solved in " + clockText(S.t) + "!");
  }
  playingStatus(); save(); render();
}
function place(d) {
  if (sel < 0 || P.given[sel] || S.done) { return; }
  change(function () {
    if (pencil) { if (!S.v[sel]) { S.m[sel] ^= 1 << (d - 1); } }
    else { S.v[sel] = S.v[sel] === d ? 0 : d; }
  });
  say(nm(sel) + (S.v[sel] ? " is " + S.v[sel] + trouble(sel) : pencil ? " marks " + bits(S.m[sel], P.n).join(" ") : " is empty"));
}
function erase() { if (sel < 0 || P.given[sel] || S.done) { return; } change(function () { if (S.v[sel]) { S.v[sel] = 0; } else { S.m[sel] = 0; } }); }
function undo() { if (!undoStack.length) { return; } redoStack.push(snapshot()); var s = undoStack.pop(); S.v = s.v; S.m = s.m; S.done = false; afterChange(); }
function redo() { if (!redoStack.length) { return; } undoStack.push(snapshot()); var s = redoStack.pop(); S.v = s.v; S.m = s.m; afterChange(); }
function fillAll() {
  change(function () {
    var n = P.n;
    for (var i = 0; i < n * n; i++) {
      if (S.v[i]) { continue; }
      var m = (1 << n) - 1, r = Math.floor(i / n), c = i % n;
      for (var k = 0; k < n; k++) { var a = S.v[r * n + k], b = S.v[k * n + c]; if (a) { m &= ~(1 << (a - 1)); } if (b) { m &= ~(1 << (b - 1)); } }
      S.m[i] = m;
    }
  });
  note.textContent = "Every open cell now holds every height its row and column still allow.";
}
function check() {
  if (!P.solution) { note.textContent = engineReady ? verdictText(P) || "No unique solution to check against." : "Check needs the engine: it is still loading."; return; }
  var wrong = [], open = 0;
  for (var i = 0; i < P.n * P.n; i++) { if (!S.v[i]) { open++; } else if (S.v[i] !== P.solution[i]) { wrong.push(nm(i)); } }
  var text = wrong.length ? "Wrong: " + wrong.join(", ") + "." : open ? "Everything placed so far is right; " + open + " cells to go." : "Solved!";
  note.textContent = text; say(text);
}
function restart() { S = fresh(); t0 = Date.now(); undoStack = []; redoStack = []; H = null; hideHint(); afterChange(); }
function select(i, focus) {
  if (i < 0 || i >= cells.length) { return; }
  if (cells[sel]) { cells[sel].tabIndex = -1; }
  sel = i; cells[sel].tabIndex = 0; if (focus) { cells[sel].focus(); }
  render();
}

/* ---------------------------------------------------------------- hints from the engine */
function hideHint() { hintBox.hidden = true; hintText.textContent = ""; $("chainnav").hidden = true; overlay = null; document.body.classList.remove("chain"); }
function hint(more) {
  if (!P) { return; }
  if (!engineReady) { showHintText("The engine is still loading: ask again in a moment."); return; }
  if (S.done) { showHintText("The puzzle is solved: no hint needed."); return; }
  if (P.status === "reading") { wantHint = true; showHintText("The engine is reading the puzzle: the hint follows."); return; }
  if (P.status !== "solved") { showHintText(verdictText(P) || "No hint: the puzzle has no unique solution."); return; }
  var k = stateKey();
  if (H && H.key === k) {
    if (H.level >= 3) { showHint(); return; }
    H.level++; showHint(); return;
  }
  var asked = performance.now(), state = k;
  showHintText("Thinking\u2026");
  ask("hint", [P.record, S.v, S.m, 3]).then(function (res) {
    window.ascentApp.timings.lastHint = performance.now() - asked;
    if (stateKey() !== state) { return; }
    if (res.error) { showHintText(res.error); return; }
    S.hints++; save();
    H = { res: res, key: state, level: 1, chain: null };
    showHint();
  }, function (e) { showHintText("No hint: " + e.message); });
}
function showHintText(text) { hintBox.hidden = false; hintText.textContent = text; $("chainnav").hidden = true; document.querySelector('[data-action="more"]').hidden = true; document.querySelector('[data-action="apply"]').hidden = true; }
function showHint() {
  var r = H.res, lv = H.level;
  hintBox.hidden = false;
  hintText.textContent = "Hint " + lv + " of 3: " + r.texts[lv - 1] + ".";  /* the engine's words as they are */
  hintBox.setAttribute("data-level", lv); hintBox.setAttribute("data-kind", r.kind);
  document.querySelector('[data-action="more"]').hidden = lv >= 3 || r.kind === "solved";
  var ap = document.querySelector('[data-action="apply"]');
  ap.hidden = !(lv >= 3 && (r.kind === "step" || r.kind === "wrong"));
  ap.textContent = r.kind === "wrong" ? "Take it out" : "Apply";
  overlay = null;
  if (lv >= 3 && r.chains && r.chains.length) { startChain(0); } else { $("chainnav").hidden = true; }
  /* while a chain is drawn, its controls take the keypad's place (a phone shows the grid and the chain together) */
  document.body.classList.toggle("chain", !$("chainnav").hidden);
  render();
}
function applyHint() {
  var r = H.res;
  if (r.kind === "wrong") { var c = r.cell; change(function () { S.v[c] = 0; }); return; }
  var e = r.spec.e || [], p = r.spec.p || [], full = (1 << P.n) - 1;
  change(function () {
    for (var x = 0; x < e.length; x += 2) { if (!S.v[e[x]]) { S.m[e[x]] = (S.m[e[x]] || full) & ~e[x + 1]; } }
    for (x = 0; x < p.length; x += 2) { S.v[p[x]] = p[x + 1]; S.m[p[x]] = 0; }
  });
}
/* A forcing hint: its chain drawn on the player's grid, link by link, from the supposition to the contradiction. */
function applySpec(st, spec) {
  var m = st.m.slice(), v = st.v.slice(), e = spec.e || [], p = spec.p || [];
  for (var x = 0; x < e.length; x += 2) { m[e[x]] &= ~e[x + 1]; }
  for (x = 0; x < p.length; x += 2) { m[p[x]] = 1 << (p[x + 1] - 1); v[p[x]] = p[x + 1]; }
  return { m: m, v: v };
}
function startChain(b) {
  var ch = H.res.chains[b], full = (1 << P.n) - 1, base = { v: S.v.slice(), m: [] };
  for (var i = 0; i < P.n * P.n; i++) { base.m.push(S.v[i] ? 1 << (S.v[i] - 1) : (S.m[i] || full)); }
  var st = [base];
  for (var l = 0; l < ch.f.length; l++) { st.push(applySpec(st[l], ch.f[l])); }
  H.chain = { b: b, ch: ch, st: st, l: 1 };
  $("chainnav").hidden = false;
  $("chain-title").textContent = "The chain: " + ch.t + " (" + ch.k + " link" + (ch.k === 1 ? "" : "s") + " after it)";
  link(1);
}
function link(l) {
  var c = H.chain, top = c.ch.f.length; l = Math.max(1, Math.min(top, l)); c.l = l;
  var f = c.ch.f[l - 1], spec = (l === top && c.ch.z) ? c.ch.z : f;
  overlay = { st: c.st[l], spec: spec, base: c.st[0], end: spec === c.ch.z };
  $("link-pos").textContent = (l === 1 ? "supposition" : f.h.split(",")[0]) + " (" + l + "/" + top + ")";
  var text = f.h + ": " + (f.q ? f.q + " " : "") + (f.w ? f.w + ": " : "") + f.t + (f.x ? " [" + f.x + "]" : "");
  if (l === top) { text += " \u2014 " + c.ch.e; }
  $("link-text").textContent = text;
  document.querySelector('[data-action="link-prev"]').disabled = l === 1;
  document.querySelector('[data-action="link-next"]').disabled = l === top;
  document.querySelector('[data-action="link-end"]').disabled = l === top;
  board.setAttribute("data-link", l);
  render();
}

/* ---------------------------------------------------------------- typing a puzzle in */
function startTyping(n) {
  editing = { n: n, clues: { u: [], d: [], l: [], r: [] }, given: [], at: null };
  for (var k = 0; k < n; k++) { editing.clues.u.push(0); editing.clues.d.push(0); editing.clues.l.push(0); editing.clues.r.push(0); }
  for (k = 0; k < n * n; k++) { editing.given.push(0); }
  P = null; S = null; H = null; hideHint(); sel = 0;
  drawBoard(n, editing.clues, editing.given);
  editing.at = "u0";
  $("editbar").hidden = false; document.querySelector(".tools").hidden = true; $("entry").open = false;
  setStatus("typing a " + n + "x" + n + " puzzle: tap a clue or a cell, then a height");
  renderEdit();
}
function renderEdit() {
  var n = editing.n;
  for (var s in clueEls) {
    var el = clueEls[s], side = s[0], k = +s.slice(1), v = editing.clues[side][k];
    el.lastChild.textContent = v ? String(v) : "";
    el.setAttribute("aria-label", { u: "top", d: "bottom", l: "left", r: "right" }[side] + " clue " + (k + 1) + ", " + (v ? v : "none"));
    el.classList.toggle("sel", editing.at === s);
  }
  for (var i = 0; i < n * n; i++) {
    var g = editing.given[i];
    cells[i].className = "cell" + (g ? " given" : "") + (editing.at === "c" + i ? " sel" : "");
    cells[i].textContent = g ? sym(g) : "";
    cells[i].setAttribute("aria-label", "R" + (Math.floor(i / n) + 1) + "C" + (i % n + 1) + ", " + (g ? "given " + g : "empty"));
  }
}
function typeKey(d) {
  var at = editing.at; if (!at) { return; }
  if (at[0] === "c") { editing.given[+at.slice(1)] = d; } else { editing.clues[at[0]][+at.slice(1)] = d; }
  renderEdit();
}
function playTyped() {
  var e = editing, n = e.n, rows = [];
  for (var r = 0; r < n; r++) { rows.push(e.given.slice(r * n, r * n + n)); }
  var rec = { size: n, clues: { upper: e.clues.u, lower: e.clues.d, left: e.clues.l, right: e.clues.r }, cells: rows };
  if (!engineReady) { msg($("input-msg"), "The engine is still loading: try again in a moment.", true); return; }
  ask("from_record", [rec], readProgress).then(function (v) { openVerdict(v); }, function (err) { msg($("input-msg"), err.message, true); });
}

/* ---------------------------------------------------------------- views: play, explain, make, guide */
function currentView() { var h = location.hash.slice(1).split("/")[0]; return ["explain", "make", "guide"].indexOf(h) >= 0 ? h : "play"; }
function route() {
  var v = currentView();
  ["play", "explain", "make", "guide"].forEach(function (name) {
    $(name).hidden = name !== v;
    var a = document.querySelector('nav a[data-view="' + name + '"]');
    if (name === v) { a.setAttribute("aria-current", "page"); } else { a.removeAttribute("aria-current"); }
  });
  if (v === "explain") { showExplain(); }
  if (v === "guide") { showGuide(); }
}
var explained = null;
/* The walk-through is shown as it is worked out: while the engine reads (solves) the puzzle, the page of the first steps
   it has found (a "part"), then, now and then, the steps found since, which the viewer adds in place (ascentView.add, a
   piece of the list per task, so the page never stalls), then what the whole lacks. Nothing the reader reads moves.
   The whole, asked at once, comes the same way: the page of its first steps, then the rest. A part that is a page
   loads in a second frame under the one shown and takes its place once drawn, at the step, chain link, view, scroll
   and focus the reader had. */
var walk = null;  /* {code, steps: shown, received: the steps of the parts received, final, busy: a page loading or
                     steps being added, queue: the parts to show, in order, follow: End pressed} */
function walkFrame() { return $("explain-frame"); }
function walkState(fr) {  /* where the reader is in the walk-through shown */
  try {
    var d = fr.contentDocument, v = fr.contentWindow.ascentView; if (!v) { return null; }
    var app = d.getElementById("app"), a = d.activeElement, st = { f: v.current(), grid: app.classList.contains("show-grid") };
    st.last = d.querySelectorAll("#steps button.step").length - 1;
    if (app.classList.contains("forcing")) {
      var on = d.querySelector("#branches button.on"); st.b = on ? +on.getAttribute("data-b") : 0;
      st.l = +(d.querySelector("#chain-grid svg").getAttribute("data-link") || 1);
    }
    st.scroll = [d.getElementById("steps").scrollTop, d.getElementById("chain-steps").scrollTop, d.documentElement.scrollTop];
    st.key = d.getElementById("key").open;
    if (document.activeElement === fr && a && a !== d.body) {
      st.focus = a.id ? "#" + a.id : a.matches("button.step") ? '#steps button.step[data-f="' + a.getAttribute("data-f") + '"]' :
        a.matches("button.link") ? '#chain-steps button.link[data-l="' + a.getAttribute("data-l") + '"]' : null;
    }
    return st;
  } catch (e) { return null; }
}
/* The new page at the reader's place (drawn while still hidden); what had the focus, to focus once it shows. */
function walkRestore(fr, st) {
  var d = fr.contentDocument, v = fr.contentWindow.ascentView; if (!v || !st) { return null; }
  var last = d.querySelectorAll("#steps button.step").length - 1, f = walk.follow && st.f === st.last ? last : st.f;
  if (v.current() !== f) { v.go(f); }
  if (st.b !== undefined && f === st.f) { v.branch(st.b); v.link(st.l); }
  if (st.grid) { v.show("grid"); }
  d.getElementById("key").open = st.key;
  if (f === st.f) { d.getElementById("steps").scrollTop = st.scroll[0]; d.getElementById("chain-steps").scrollTop = st.scroll[1]; d.documentElement.scrollTop = st.scroll[2]; }
  return st.focus && d.querySelector(f === st.f ? st.focus : st.focus.replace(/data-f="\d+"/, 'data-f="' + f + '"'));
}
/* The reader who jumps to the end (End, or the next step from the newest) while steps still come is taken to the
   newest step each time more arrive; any other move stops that. */
function walkKeys(fr) {
  var d = fr.contentDocument, v = fr.contentWindow.ascentView;
  d.addEventListener("keydown", function (ev) {
    if (!walk || walk.final) { return; }
    var atLast = v.current() === d.querySelectorAll("#steps button.step").length - 1;
    if (ev.key === "End" || ((ev.key === "ArrowRight" || ev.key === "ArrowDown") && atLast)) { walk.follow = true; }
    else if (["ArrowLeft", "ArrowUp", "Home", "ArrowRight", "ArrowDown"].indexOf(ev.key) >= 0) { walk.follow = false; }
    setTimeout(walkSay, 0);  /* after the viewer has moved */
  }, true);
  d.addEventListener("click", function (ev) {
    if (walk && ev.target.closest("button.step, #prev, #next")) { walk.follow = false; setTimeout(walkSay, 0); }
  }, true);
}
function showWalk(code, part, final, shown) {  /* part: {html, add, steps}; shown: called once this part shows */
  if (!walk || walk.code !== code) {
    if (walk && walk.busy && walk.busy.remove) { walk.busy.remove(); }
    walk = { code: code, steps: 0, received: 0, final: false, busy: null, queue: [], follow: false };
    walkFrame().hidden = true; root.removeAttribute("data-explain");
  }
  walk.received = part.steps;
  walk.queue.push({ part: part, final: final, shown: shown });
  walkPump();
}
/* The next part, once the one before is in: a page loads only while Explain shows (a hidden frame has no layout to
   draw in); steps are added to the page shown at any time. */
function walkPump() {
  var w = walk;
  if (!w || w.busy || !w.queue.length) { return; }
  var q = w.queue[0];
  if (q.part.html) {
    if (currentView() !== "explain") { return; }
    w.queue.shift(); walkLoad(w, q);
  } else if (!walkFrame().hidden) {
    w.queue.shift(); walkAdd(w, q);
  }
}
function walkLoad(w, q) {
  var old = walkFrame(), fr = document.createElement("iframe");
  fr.title = old.title; fr.className = "incoming";
  /* a blob: address, not srcdoc: the viewer keeps its step in the address (#N), which about:srcdoc cannot */
  var st = old.hidden ? null : walkState(old), url = URL.createObjectURL(new Blob([q.part.html], { type: "text/html" }));
  fr.src = url + (st ? "#" + st.f : "");
  w.busy = fr; w.asked = performance.now();
  fr.onload = function () {
    if (walk !== w) { fr.remove(); URL.revokeObjectURL(url); return; }
    if (w.busy !== fr || fr.contentDocument.URL.indexOf("blob:") !== 0) { return; }  /* the empty document a new frame opens with */
    var focus = walkRestore(fr, st && walkState(old) || st);  /* where the reader is now: they may have moved while this loaded */
    walkKeys(fr);
    if (old.src.indexOf("blob:") === 0) { URL.revokeObjectURL(old.src.split("#")[0]); }
    old.remove(); fr.id = "explain-frame"; fr.className = ""; w.busy = null;
    w.steps = fr.contentWindow.ascentView ? fr.contentWindow.ascentView.last() : q.part.steps;
    if (focus) { fr.focus(); focus.focus({ preventScroll: true }); }
    if (q.part.add) { walkAdd(w, { part: { add: q.part.add, steps: q.part.steps }, final: q.final, shown: q.shown }, true); }
    else { walkShown(w, q); }
  };
  $("explain-box").appendChild(fr);
}
function walkAdd(w, q, loaded) {
  var fr = walkFrame(), v = fr.contentWindow.ascentView, was = v.last(), had = v.current() === was;
  w.busy = true; w.asked = loaded ? w.asked : performance.now();
  v.add(q.part.add, function () {
    if (walk !== w) { return; }
    w.busy = null; w.steps = v.last();
    if (w.follow && had && v.current() === was) { v.go(w.steps); }  /* End pressed: the newest step, as it comes */
    walkShown(w, q);
  });
}
function walkShown(w, q) {
  var t = window.ascentApp.timings, now = performance.now();
  w.final = q.final;
  if (!t.walkFirstAt) { t.walkFirstAt = now; t.walkFirstSteps = w.steps; }
  t.walkParts = (t.walkParts || 0) + 1;
  (t.walkSwaps = t.walkSwaps || []).push([Math.round(w.asked), Math.round(now), w.steps]);  /* asked, shown, steps */
  if (q.final) { t.explainDrawn = now - (t.explainAsked || now); t.explainDrawnAt = now; root.setAttribute("data-explain", "ready"); }
  else { root.setAttribute("data-explain", "partial"); }
  walkSay();
  if (q.shown) { q.shown(); }
  walkPump();
}
/* The line over the walk-through while it is worked out: how far the engine has got, and where the reader is. */
var walkNote = "";
function walkSay() {
  var box = $("explain-msg"), fr = walkFrame(), v = null;
  try { v = !fr.hidden && fr.contentWindow.ascentView; } catch (e) { v = null; }
  if (!walk || walk.final || !walk.steps || !v) { return false; }
  var at = v.current(), text = "Steps 1 to " + walk.steps + " are shown as the engine found them; " +
    (walkNote || "the engine is still working out the rest.") +
    (at === walk.steps ? " You are at the newest step: the next shows here as soon as it is found." : "");
  if (box.textContent !== text) { box.textContent = text; }
  return true;
}
function showExplain() {
  var box = $("explain-msg"), frame = walkFrame(), bar = $("explain-progress");
  if (!P || !P.code) { box.textContent = "Open a puzzle first (Play), then its walk-through shows here."; frame.hidden = true; bar.hidden = true; return; }
  if (explained === P.code) { return; }
  var mine = walk && walk.code === P.code;
  if (!mine) { frame.hidden = true; }
  if (!engineReady || !P.record) {  /* the engine loads, or reads the puzzle: the walk-through follows, or comes as it is found */
    var solving = reading ? ((performance.now() - reading.t) / 1000).toFixed(1) + " s" + (reading.tier ? " (now: " + reading.tier + ")" : "") : "";
    walkNote = "the engine is still solving, " + solving + ", and the steps it finds next follow.";
    walkPump();  /* back in Explain: the parts kept while it was away */
    if (!walkSay()) {
      box.textContent = !engineReady ? "The engine is still loading; the walk-through follows." : !reading ? "The engine is reading the puzzle; the walk-through follows." :
        "The engine is solving the puzzle\u2026 " + solving + "; the walk-through follows" + (reading.part === null ? "." : " as it is found.");
    }
    bar.hidden = !engineReady; bar.removeAttribute("value");
    setTimeout(function () { if (currentView() === "explain") { showExplain(); } }, 300); return;
  }
  if (P.status !== "solved" && P.status !== "ambiguous") { box.textContent = verdictText(P); frame.hidden = true; bar.hidden = true; return; }
  /* progress: the technique the solve has reached, then the steps whose sentences are written, k of N */
  var code = P.code, t = performance.now(), tier = "", step = null, timer = setInterval(function () {
    var doing = (step ? "writing out step " + step.step + " of " + step.of : "working out every step of the solve") + "\u2026 " +
      ((performance.now() - t) / 1000).toFixed(1) + " s" + (!step && tier ? " (now: " + tier + ")" : "");
    walkNote = "the engine has found every step and is " + doing + ".";
    if (!walkSay()) { box.textContent = doing.charAt(0).toUpperCase() + doing.slice(1); } }, 200);
  if (!walkSay()) { box.textContent = "Working out every step of the solve\u2026"; }
  bar.hidden = false; bar.removeAttribute("value");
  explained = code;
  window.ascentApp.timings.explainAsked = t;
  walkPump();
  /* the page shows the parts sent while the solve ran: only what follows them comes */
  ask("explain", [P.record, mine && walk.received ? walk.received : null], function (m) {
    if (m.tier) { tier = m.tier; }
    if (m.step) { step = m; bar.max = m.of; bar.value = m.step; window.ascentApp.timings.explainStep = [m.step, m.of]; }
  }, function (m) { if (P && P.code === code) { showWalk(code, m, false); } }).then(function (res) {
    clearInterval(timer); bar.hidden = true;
    window.ascentApp.timings.explain = performance.now() - t;
    window.ascentApp.timings.explainParts = res.parts;
    if (!P || P.code !== code) { return; }
    var took = ((performance.now() - t) / 1000).toFixed(1);
    walkNote = "the engine has worked out all " + res.steps + " steps, and they show in a moment.";
    if (!walkSay()) { box.textContent = "All " + res.steps + " steps are worked out: drawing them\u2026"; }
    showWalk(code, res, true, function () { box.textContent = res.steps + " steps, worked out here in " + took + " s."; });
  }, function (e) { clearInterval(timer); bar.hidden = true; explained = null; box.textContent = "No walk-through: " + e.message; });
}
/* a part of the walk-through while the engine reads the puzzle (asked when Explain was open as the reading began) */
function readPart(m) {
  if (P && P.code) { showWalk(P.code, m, false); }
}
/* While the player plays, the worker works out the walk-through a little at a time (about 0.1 s a turn, and only
   while nothing else is asked), so Explain opens at once later. */
var warming = null;  /* the code of the puzzle being warmed: one turn at a time */
function warm(turn) {
  if (!P || !P.record || P.status !== "solved" || explained === P.code || (warming === P.code && !turn)) { return; }
  var code = warming = P.code;
  var again = function (ms) { setTimeout(function () { if (P && P.code === code && warming === code) { warm(true); } else if (warming === code) { warming = null; } }, ms); };
  if (Object.keys(pending).length || currentView() === "explain") { again(300); return; }
  ask("warm", [P.record, 100]).then(function (r) {
    window.ascentApp.timings.warmed = r;
    if (!r.done && r.solved) { again(20); } else if (warming === code) { warming = null; }
  }, function () { if (warming === code) { warming = null; } });  /* a restarted worker: nothing kept, nothing lost */
}
var making = null;
function make(ev) {
  ev.preventDefault();
  if (!engineReady) { $("make-msg").textContent = "The engine is still loading: try again in a moment."; return; }
  var n = +$("make-size").value, level = $("make-level").value, t = performance.now();
  var seed = String(Date.now() % 1000000007), cancel = document.querySelector('[data-action="cancel-make"]');
  cancel.disabled = false; making = true;
  $("make-msg").textContent = "Making a " + n + "x" + n + " " + level + " puzzle\u2026";
  ask("generate", [n, level, seed], function (m) {
    $("make-msg").textContent = "Making a " + n + "x" + n + " " + level + " puzzle: attempt " + m.attempts + ", " + ((performance.now() - t) / 1000).toFixed(1) + " s";
  }).then(function (v) {
    cancel.disabled = true; making = null;
    if (v.error) { $("make-msg").textContent = v.error; return; }
    $("make-msg").textContent = "Made in " + v.attempts + " attempt" + (v.attempts > 1 ? "s" : "") + ", " + v.made_seconds + " s: now in Play.";
    openVerdict(v); location.hash = "play";
  }, function (e) { cancel.disabled = true; making = null; $("make-msg").textContent = e.message; });
}
function cancelMake() {
  if (!making) { return; }
  making = null; document.querySelector('[data-action="cancel-make"]').disabled = true;
  restartWorker("cancelled");
  $("make-msg").textContent = "Cancelled. The engine restarts (a few seconds).";
}
var guideData = null;
function showGuide() {
  var body = $("guide-body"), which = decodeURIComponent(location.hash.split("/")[1] || "");
  if (!guideData) {
    if (!engineReady) { return; }
    body.textContent = "Reading the guide from the engine\u2026";
    ask("guide", []).then(function (g) { guideData = g; showGuide(); }, function (e) { body.textContent = "No guide: " + e.message; });
    return;
  }
  body.textContent = "";
  var t = guideData.filter(function (x) { return x.name === which; })[0];
  if (!t) {
    var p = document.createElement("p"); p.textContent = "The techniques the engine uses, easiest first. Each page has the idea, the lane picture and a puzzle to practise on."; body.appendChild(p);
    var ul = document.createElement("ul");
    guideData.forEach(function (x) {
      var li = document.createElement("li"), a = document.createElement("a"); a.href = "#guide/" + encodeURIComponent(x.name);
      a.textContent = x.name; li.appendChild(a); li.appendChild(document.createTextNode(" (" + x.level + "): " + x.idea)); ul.appendChild(li);
    });
    body.appendChild(ul); return;
  }
  var h = document.createElement("h3"); h.textContent = t.name + " \u2014 level " + t.level; body.appendChild(h);
  var idea = document.createElement("p"); idea.textContent = t.idea.charAt(0).toUpperCase() + t.idea.slice(1) + "."; body.appendChild(idea);
  if (t.names.length) {
    var nl = document.createElement("ul");
    t.names.forEach(function (x) { var li = document.createElement("li"); li.textContent = x.name + ": " + x.covers; nl.appendChild(li); });
    var cap = document.createElement("p"); cap.textContent = "Other names for it:"; body.appendChild(cap); body.appendChild(nl);
  }
  var pre = null;
  t.blocks.forEach(function (b) {
    if (b[0]) { if (!pre) { pre = document.createElement("pre"); pre.className = "pic"; pre.tabIndex = 0; body.appendChild(pre); } pre.textContent += b[1] + "\n"; }
    else { pre = null; var q = document.createElement("p"); q.textContent = b[1]; body.appendChild(q); }
  });
  if (t.practice) {
    var pr = document.createElement("p"), a = document.createElement("a");
    a.href = "?" + t.practice.code + "#play"; a.textContent = "Practise on " + t.practice.label;
    pr.appendChild(a); pr.appendChild(document.createTextNode(" (" + t.practice.where + "): its solve uses " + t.name + "."));
    body.appendChild(pr);
  }
  if (t.practice_error) { var pe = document.createElement("p"); pe.className = "msg bad"; pe.textContent = "No practice puzzle: " + t.practice_error; body.appendChild(pe); }
  var back = document.createElement("p"), ba = document.createElement("a"); ba.href = "#guide"; ba.textContent = "All techniques"; back.appendChild(ba); body.appendChild(back);
}

/* ---------------------------------------------------------------- events */
board.addEventListener("click", function (ev) {
  var cl = ev.target.closest(".clue");
  if (editing && cl) { editing.at = cl.getAttribute("data-side") + cl.getAttribute("data-k"); renderEdit(); return; }
  var c = ev.target.closest(".cell"); if (!c) { return; }
  if (editing) { editing.at = "c" + c.getAttribute("data-i"); select(+c.getAttribute("data-i")); renderEdit(); return; }
  select(+c.getAttribute("data-i"));
});
keypad.addEventListener("click", function (ev) {
  var k = ev.target.closest("[data-key]"); if (!k) { return; }
  var d = +k.getAttribute("data-key");
  if (editing) { typeKey(d); return; }
  place(d);
});
document.addEventListener("click", function (ev) {
  var b = ev.target.closest("[data-action]"); if (!b) { return; }
  var a = b.getAttribute("data-action");
  if (a === "pencil") { pencil = !pencil; render(); }
  else if (a === "erase") { erase(); }
  else if (a === "undo") { undo(); }
  else if (a === "redo") { redo(); }
  else if (a === "hint") { hint(); }
  else if (a === "more") { hint(true); }
  else if (a === "close") { hideHint(); render(); }
  else if (a === "apply") { applyHint(); }
  else if (a === "check") { check(); }
  else if (a === "fill") { fillAll(); }
  else if (a === "restart") { restart(); }
  else if (a === "share") { var url = location.href.split("#")[0]; if (navigator.clipboard) { navigator.clipboard.writeText(url).then(function () { note.textContent = "Link copied: " + url; }, function () { note.textContent = url; }); } else { note.textContent = url; } }
  else if (a === "blank") { startTyping(+$("blank-size").value); }
  else if (a === "play-typed") { playTyped(); }
  else if (a === "clear-typed") { startTyping(editing.n); }
  else if (a === "link-prev") { link(H.chain.l - 1); }
  else if (a === "link-next") { link(H.chain.l + 1); }
  else if (a === "link-end") { link(H.chain.ch.f.length); }
  else if (a === "cancel-make") { cancelMake(); }
});
$("open-form").addEventListener("submit", function (ev) { ev.preventDefault(); openText($("src").value); });
$("make-form").addEventListener("submit", make);
document.addEventListener("keydown", function (ev) {
  if (currentView() !== "play" || ev.altKey || ev.metaKey) { return; }
  var t = ev.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) { return; }
  if (ev.ctrlKey) {
    if (ev.key === "z" || ev.key === "Z") { ev.preventDefault(); if (ev.shiftKey) { redo(); } else { undo(); } }
    else if (ev.key === "y" || ev.key === "Y") { ev.preventDefault(); redo(); }
    return;
  }
  if (!P && !editing) { return; }
  var n = editing ? editing.n : P.n, move = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n }[ev.key];
  var onBoard = board.contains(t);
  if (move !== undefined && onBoard) {
    ev.preventDefault();
    var i = sel + move;
    if ((ev.key === "ArrowLeft" && sel % n === 0) || (ev.key === "ArrowRight" && sel % n === n - 1)) { return; }
    if (i >= 0 && i < n * n) { select(i, true); if (editing) { editing.at = "c" + i; renderEdit(); } }
    return;
  }
  var k = ev.key.length === 1 ? ev.key.toUpperCase() : ev.key, d = /^[1-9]$/.test(k) ? +k : "ABC".indexOf(k) >= 0 && k.length === 1 ? 10 + "ABC".indexOf(k) : 0;
  if (d && d <= n && (onBoard || t === document.body)) { ev.preventDefault(); if (editing) { typeKey(d); } else { place(d); } return; }
  if (editing) { if ((k === "Backspace" || k === "Delete" || k === "0") && onBoard) { ev.preventDefault(); typeKey(0); } return; }
  if ((k === "Backspace" || k === "Delete") && onBoard) { ev.preventDefault(); erase(); }
  else if (k === "P" && onBoard) { pencil = !pencil; render(); }
  else if (k === "H" && onBoard) { hint(); }
});
window.addEventListener("hashchange", route);
setInterval(function () { if (S && !S.done && P) { clock.textContent = clockText(elapsed()); } }, 1000);
document.addEventListener("visibilitychange", function () { if (document.hidden) { save(); } else { t0 = Date.now(); } });
window.addEventListener("pagehide", save);

/* ---------------------------------------------------------------- start: the grid first, then the engine */
var first = location.search.length > 1 ? decodeURIComponent(location.search.slice(1)) : "";
var quick = first ? quickDecode(first.replace(/^https?:\/\/[^?]*\?/, "")) : null;
if (quick) { showPuzzle(quick); } else { $("play").classList.add("nopuzzle"); $("entry").open = true; if (first) { pendingText = first; } }
window.ascentApp.timings.gridShown = performance.now();
route();
function boot() { startWorker(); }
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  /* The worker starts once the service worker controls the page (at once on a repeat visit), so on a
     first visit the engine's files pass through it and are kept; never more than a second's wait. */
  var started = false, go = function () { if (!started) { started = true; boot(); } };
  navigator.serviceWorker.register("sw.js").catch(function () { go(); });
  if (navigator.serviceWorker.controller) { go(); }
  else { navigator.serviceWorker.addEventListener("controllerchange", go); setTimeout(go, 1000); }
} else { boot(); }
window.ascentApp.state = function () { return { puzzle: P, state: S, hint: H, engineReady: engineReady }; };
window.ascentApp.ask = function (op, args) { return ask(op, args); };
window.ascentApp.showWalk = showWalk;  /* a part of the walk-through (final: false) or the last, as the worker sends them */
})();
