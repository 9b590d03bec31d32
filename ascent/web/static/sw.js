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
          /* Pyodide's WebAssembly is compiled from the cache's own copy, even on a first visit: Chromium keeps the
             compiled code beside a cached response only, so the next visit, however soon, skips compiling it
             (passed straight through, the first visit's compile was never kept, and a repeat at once compiled
             it all again: 2.9-4.8 s against 1.9-2.4 s, three runs each, at load 4-5) */
          return c.put(key, res.clone()).then(function () { return c.match(key); })
            .then(function (kept) { return kept || res; }, function () { return res; });  /* not kept (quota): as fetched */
        }
        if (res.ok && res.type === "basic") { c.put(key, res.clone()); }
        return res;
      });
    });
  }));
});
