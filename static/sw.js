// scorekeeper service worker (docs/offline.md).
// - The app shell (CSS, JS, icons, the offline page) is stored at install and served from the
//   cache, refreshed in the background (stale-while-revalidate).
// - Pages are network first: a fresh copy when the network answers (stored for later), the stored
//   copy when it does not, else the offline page. So a game page, its scoreboard and the
//   record-a-round form open at the table with no network if they were opened before.
// - The JSON API and every POST go straight to the network (offline rounds are queued by
//   static/js/offline.js, not here).
// - A page that holds or takes an edit token is never stored: the server sends it
//   "Cache-Control: no-store" (never stored below), and the edit link, the share page and the
//   token itself are left to the network whatever they are sent with.
"use strict";

var VERSION = "scorekeeper-v3";  // bump when the shell changes: old stores are dropped on activate
// (v3: drops the pages v2 stored, which could hold an edit token)
var SHELL = "shell-" + VERSION;
var PAGES = "pages-" + VERSION;
var OFFLINE_URL = "/offline";
var SHELL_URLS = [
  OFFLINE_URL,
  "/manifest.webmanifest",
  "/static/css/app.css",
  "/static/css/games.css",
  "/static/css/offline.css",
  "/static/js/games.js",
  "/static/js/live.js",
  "/static/js/offline.js",
  "/static/js/pwa.js",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png",
  "/static/icons/icon-512.png",
  "/static/icons/maskable-512.png",
  "/static/icons/apple-touch-icon.png"
];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL)
      .then(function (cache) { return cache.addAll(SHELL_URLS); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name !== SHELL && name !== PAGES;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function storable(response) {
  if (!response || !response.ok || response.type !== "basic") { return false; }
  var cc = response.headers.get("Cache-Control") || "";
  return cc.indexOf("no-store") === -1;
}

function fromShell(request) {
  return caches.open(SHELL).then(function (cache) {
    return cache.match(request, { ignoreSearch: true }).then(function (hit) {
      var fresh = fetch(request).then(function (response) {
        if (storable(response)) { cache.put(request, response.clone()); }
        return response;
      });
      if (hit) {
        fresh.catch(function () { /* offline: the stored copy stands */ });
        return hit;
      }
      return fresh;
    });
  });
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    var type = response.headers.get("Content-Type") || "";
    if (storable(response) && type.indexOf("text/html") === 0) {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) { return cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || caches.match(OFFLINE_URL);
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf("/api/") === 0 || url.pathname === "/sw.js") { return; }
  if (/\/(edit|edit-token|share)$/.test(url.pathname) || url.searchParams.has("token")) { return; }
  if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/manifest.webmanifest") {
    event.respondWith(fromShell(request));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request));
  }
});
