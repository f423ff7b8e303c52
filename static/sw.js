// scorekeeper service worker (docs/offline.md).
// - The app shell (CSS, JS, icons, the offline page) is stored at install and served from the
//   cache, refreshed in the background (stale-while-revalidate).
// - Pages are network first: a fresh copy when the network answers (stored for later), the stored
//   copy when it does not, else the offline page. So a game page, its scoreboard and the
//   record-a-round form open at the table with no network if they were opened before.
// - A game page asks (message {keep: [urls]}) for itself and its record-a-round form to be stored,
//   so that the next rounds can be recorded with no network (static/js/offline.js).
// - The JSON API and every POST go straight to the network (offline rounds are queued by
//   static/js/offline.js, not here), except that a round form's Save whose network drops on the
//   way opens the stored game page, where the round waits on the phone.
// - A page that holds or takes an edit token is never stored: the server sends it
//   "Cache-Control: no-store" (never stored below), and the edit link, the share page and the
//   token itself are left to the network whatever they are sent with.
// - Languages: the sentences of the scripts (/words/<code>.js, scorekeeper/web/script_words.py)
//   are part of the shell; every page tells the worker its language (static/js/pwa.js), and the
//   stored offline page is fetched again when it is in another one (its Content-Language).
// - Every answer is found in the stores whatever the request's headers (ignoreVary): the server
//   sends all of them with "Vary: Accept-Language, Cookie", and a real request carries an
//   Accept-Language that the stored copy (fetched by the worker) was not asked with. Pages are
//   stored under their address alone (pageKey): this phone's latest copy of a page is the one to
//   show.
"use strict";

var VERSION = "scorekeeper-v14";  // bump when the shell changes: old stores are dropped on activate
// (v4: drops stores that could hold a page with an edit token; v6: static/css/scores.css;
// v7: the French words, the offline page in the reader's language; v8: pages keyed by address;
// v9: hands from the players' phones: the round form's static/js/proposals.js, "My hand"'s files;
// v10: static/js/retype.js, a draft's cards after the language switch;
// v11: static/js/outbox.js, the outbox's rule; pages served from the phone's copy say from when;
// v12: static/js/cards.js, the cards of a hand;
// v13: the scripts as ES modules, each page's modules and the modules they import;
// v14: one stylesheet for every page, app.css (games.css and offline.css were merged into it);
// fewer, larger modules: drafts.js and hands_poll.js in games.js, hand_form.js in cards.js,
// outbox_store.js in offline.js)
var SHELL = "shell-" + VERSION;
var PAGES = "pages-" + VERSION;
var OFFLINE_URL = "/offline";
// The scripts: every module a stored page loads or imports (static/js/*.js: docs/performance.md,
// "Scripts as modules"); a page names their versions, and these copies stand in with no network.
var SHELL_URLS = [
  OFFLINE_URL,
  "/manifest.webmanifest",
  "/static/css/app.css",
  "/static/css/scores.css",
  "/static/js/say.js",
  "/static/js/card_letters.js",
  "/static/js/cards.js",
  "/static/js/games.js",
  "/static/js/retype.js",
  "/static/js/awake.js",
  "/static/js/live.js",
  "/static/js/outbox.js",
  "/static/js/offline.js",
  "/static/js/offline_round.js",
  "/static/js/waiting.js",
  "/static/js/fill_hand.js",
  "/static/js/proposals.js",
  "/static/js/hand.js",
  "/static/css/hands.css",
  "/static/js/pwa.js",
  "/words/fr.js",
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

// A static file's address names its version (?v=, scorekeeper/static_files.py): the copy stored
// under that very address is served (refreshed in the background); a file first asked for at a new
// version comes from the network, and only with no network does a copy of another version (the
// one stored at install, unversioned) stand in for it.
function fromShell(request) {
  return caches.open(SHELL).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (hit) {
      var fresh = fetch(request).then(function (response) {
        if (storable(response)) { cache.put(request, response.clone()); }
        return response;
      });
      if (hit) {
        fresh.catch(function () { /* offline: the stored copy stands */ });
        return hit;
      }
      return fresh.catch(function (error) {
        return cache.match(request, { ignoreSearch: true, ignoreVary: true }).then(function (other) {
          if (other) { return other; }
          throw error;
        });
      });
    });
  });
}

// A page's key in the store: its address (no fragment), with none of the request's headers.
function pageKey(address) {
  var url = new URL(address, self.location.origin);
  url.hash = "";
  return new Request(url.href);
}

// The header a stored page carries with the time it was stored (milliseconds since 1970): the time
// a copy is said to be from, whatever headers the server's answer had.
var STORED_AT = "X-Scorekeeper-Stored-At";

// A page as it goes into the store: the same body and headers, stamped with the time it was stored.
// (The body is read already decoded, so its length and encoding are the stored answer's no longer.)
function stamped(response) {
  var headers = new Headers(response.headers);
  headers.set(STORED_AT, String(Date.now()));
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: headers
  });
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    var type = response.headers.get("Content-Type") || "";
    if (storable(response) && type.indexOf("text/html") === 0) {
      var copy = stamped(response.clone());
      caches.open(PAGES).then(function (cache) { return cache.put(pageKey(request.url), copy); });
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(pageKey(request.url), { ignoreVary: true }).then(function (hit) {
        return hit ? markedAsCopy(hit) : caches.match(OFFLINE_URL, { ignoreVary: true });
      });
    });
  });
}

// A page served from the phone's copy says from when (static/js/pwa.js shows "as of 20:41,
// offline"): the time it was stored, on its <html> element (a copy stored by an older worker,
// without the stamp, gives the server's Date if it can be read).
function markedAsCopy(stored) {
  var made = Number(stored.headers.get(STORED_AT) || Date.parse(stored.headers.get("Date") || ""));
  return stored.text().then(function (html) {
    var marked = html.replace(/<html\b/i, '<html data-offline-copy="' + (isNaN(made) ? "" : made) + '"');
    // the body is new: its length and encoding are no longer the stored answer's
    var headers = new Headers(stored.headers);
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    return new Response(marked, { status: stored.status, statusText: stored.statusText, headers: headers });
  });
}

function keep(urls) {
  return caches.open(PAGES).then(function (cache) {
    return Promise.all(urls.map(function (address) {
      var url = new URL(address, self.location.origin);
      if (url.origin !== self.location.origin) { return false; }
      return fetch(url.href, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (response.redirected || !storable(response) || type.indexOf("text/html") !== 0) { return false; }
        return cache.put(pageKey(url.href), stamped(response)).then(function () { return true; });
      }).catch(function () { return false; });
    }));
  });
}

// The offline page in the language of the pages being read (their <html lang>).
function offlinePageIn(language) {
  return caches.open(SHELL).then(function (cache) {
    return cache.match(OFFLINE_URL, { ignoreVary: true }).then(function (hit) {
      if (hit && hit.headers.get("Content-Language") === language) { return; }
      return fetch(OFFLINE_URL, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
        if (storable(response) && response.headers.get("Content-Language") === language) {
          return cache.put(OFFLINE_URL, response);
        }
      }).catch(function () { /* no network: the stored one stays */ });
    });
  });
}

self.addEventListener("message", function (event) {
  if (event.data && typeof event.data.language === "string") {
    event.waitUntil(offlinePageIn(event.data.language));
    return;
  }
  var urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) { return; }
  event.waitUntil(keep(urls).then(function (done) {
    if (event.source) { event.source.postMessage({ kept: urls, stored: done }); }
  }));
});

var ROUND_FORM = /^\/games\/[^/]+\/round$/;

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method === "POST" && request.mode === "navigate" && url.origin === self.location.origin
      && ROUND_FORM.test(url.pathname)) {
    // Save tapped, and the network dropped on the way: the stored game page, where static/js/offline.js
    // shows the round (kept on the phone just before) as waiting.
    event.respondWith(fetch(request).catch(function () {
      return Response.redirect(url.pathname.replace(/\/round$/, "") + "#not-sent", 303);
    }));
    return;
  }
  if (request.method !== "GET") { return; }
  if (url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf("/api/") === 0 || url.pathname === "/sw.js") { return; }
  if (/\/(edit|edit-token|share)$/.test(url.pathname) || url.searchParams.has("token")) { return; }
  if (url.pathname.indexOf("/static/") === 0 || url.pathname.indexOf("/words/") === 0
      || url.pathname === "/manifest.webmanifest") {
    event.respondWith(fromShell(request));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request));
  }
});
