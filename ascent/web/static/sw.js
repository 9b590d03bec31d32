/* The service worker: the app's own files are kept at install; Pyodide's and the engine's are kept the
   first time the page's worker fetches them. Every later request is answered from the cache, so a
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
        if (res.ok && res.type === "basic") { c.put(new Request(url.origin + url.pathname), res.clone()); }
        return res;
      });
    });
  }));
});
