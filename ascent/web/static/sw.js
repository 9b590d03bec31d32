/* The service worker: the app's own files are kept at install; Pyodide's and the engine's are kept the
   first time the page's worker fetches them (the WebAssembly is handed over from the cache: see below). Every later request is answered from the cache, so a
   repeat visit fetches nothing and the app works with the network off. `ascent web build` writes the
   file list and the version (a hash of every file), so a rebuilt site replaces the old cache. */
"use strict";
var FILES = /*FILES*/[];
var VERSION = /*VERSION*/"";
var CACHE = "ascent-web-" + VERSION;
var SMALL = FILES.filter(function (f) { return !/^pyodide\/|\.zip$/.test(f); });
/* The page starts the engine's worker once this service worker controls it, so activation comes first:
   the app's own small files are kept just after (they were fetched before there was a service worker). */
self.addEventListener("install", function (ev) { ev.waitUntil(self.skipWaiting()); });
self.addEventListener("activate", function (ev) {
  ev.waitUntil(self.clients.claim().then(function () {
    return caches.keys();
  }).then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("ascent-web-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () {
    return caches.open(CACHE).then(function (c) { return c.addAll(SMALL); });
  }));
});
self.addEventListener("fetch", function (ev) {
  var req = ev.request, url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) { return; }
  ev.respondWith(caches.open(CACHE).then(function (c) {
    return c.match(req, { ignoreSearch: true }).then(function (hit) {
      if (hit) { return hit; }
      return fetch(req).then(function (res) {
        var key = new Request(url.origin + url.pathname);
        if (res.ok && res.type === "basic" && /\.wasm$/.test(url.pathname)) {
          /* Pyodide's WebAssembly is compiled from the cache's own copy, even on a first visit, so that the code
             Chromium compiles from it can be kept beside that copy for the next visit. Measured (benchmarks/web.py
             --only cache, Chrome's trace): with this, a repeat visit straight after a short first visit
             deserialized the kept code every time (5 of 5); passed straight through, it compiled ~2,500 functions
             again at load 4-5 (engine ready 2.9-4.8 s against 1.9-2.4 s, 3 runs each), but under load 6-9 it
             found kept code too (3 of 3): how soon Chromium keeps it also depends on how long the first visit ran. */
          return c.put(key, res.clone()).then(function () { return c.match(key); })
            .then(function (kept) { return kept || res; }, function () { return res; });  /* not kept (quota): as fetched */
        }
        if (res.ok && res.type === "basic") { c.put(key, res.clone()); }
        return res;
      });
    });
  }));
});
