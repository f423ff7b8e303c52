// Offline rounds (docs/offline.md). On the record-a-round page: when Save is tapped with no
// network, the round is built into the API's JSON body, kept in this phone's IndexedDB with the
// form's idempotency key and the game's edit token, and the game page says so. When the network
// is back (here, on the game page or on the offline page) every waiting round is POSTed to
// /api/v1/games/<id>/rounds with "Authorization: Bearer <token>" and "Idempotency-Key: <key>":
// sending one twice stores it once (the server answers the first answer again).
(function () {
  "use strict";
  if (!window.indexedDB || !window.fetch) { return; }
  var DB = "scorekeeper-offline";
  var STORE = "rounds";
  var RETRY = 15000;

  // ----- the queue (IndexedDB) -----------------------------------------------------------------
  function open() {
    return new Promise(function (resolve, reject) {
      var req = indexedDB.open(DB, 1);
      req.onupgradeneeded = function () {
        var store = req.result.createObjectStore(STORE, { keyPath: "key" });
        store.createIndex("game", "game");
      };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }
  function tx(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction(STORE, mode);
        var result = work(t.objectStore(STORE));
        t.oncomplete = function () { db.close(); resolve(result && "result" in result ? result.result : result); };
        t.onerror = function () { db.close(); reject(t.error); };
      });
    });
  }
  function all() { return tx("readonly", function (s) { return s.getAll(); }); }
  function put(entry) { return tx("readwrite", function (s) { s.put(entry); }); }
  function remove(key) { return tx("readwrite", function (s) { s.delete(key); }); }

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // ----- messages --------------------------------------------------------------------------------
  function line(entry) {
    var what = entry.label + " " + entry.body.round;
    if (entry.state === "refused") {
      return what + " could not be saved: " + entry.error + " It is still on this phone: enter it again, then dismiss this.";
    }
    if (entry.state === "sending") { return what + " is being sent…"; }
    return what + " is saved on this phone only: it will be sent when the network is back.";
  }

  function show(entries) {
    document.querySelectorAll("[data-offline-queue]").forEach(function (list) {
      var game = list.dataset.offlineQueue;
      var mine = entries.filter(function (e) { return game === "all" || e.game === game; });
      mine.sort(function (a, b) { return a.body.round - b.body.round || a.saved_at - b.saved_at; });
      list.textContent = "";
      mine.forEach(function (entry) {
        var li = document.createElement("li");
        li.className = entry.state || "waiting";
        li.appendChild(document.createTextNode(line(entry)));
        if (game === "all" && entry.page) {
          li.appendChild(document.createTextNode(" "));
          var a = document.createElement("a");
          a.href = entry.page;
          a.textContent = "Open the game";
          li.appendChild(a);
        }
        if (entry.state === "refused") {
          var button = document.createElement("button");
          button.type = "button";
          button.className = "secondary";
          button.textContent = "Dismiss";
          button.addEventListener("click", function () { remove(entry.key).then(refreshList); });
          li.appendChild(document.createTextNode(" "));
          li.appendChild(button);
        }
        list.appendChild(li);
      });
    });
  }

  function refreshList() { return all().then(function (entries) { show(entries); return entries; }); }

  // ----- sending ---------------------------------------------------------------------------------
  var sending = false;

  function send(entry) {
    entry.state = "sending";
    return put(entry).then(refreshList).then(function () {
      return fetch(entry.api, {
        method: "POST",
        credentials: "omit",
        cache: "no-store",
        headers: {
          "Content-Type": "application/json",
          "Accept": "application/json",
          "Authorization": "Bearer " + entry.token,
          "Idempotency-Key": entry.key
        },
        body: JSON.stringify(entry.body)
      });
    }).then(function (response) {
      if (response.ok) { return remove(entry.key).then(function () { return true; }); }
      return response.json().catch(function () { return {}; }).then(function (body) {
        if (response.status >= 500 || response.status === 429) { throw new Error("later"); }
        entry.state = "refused";
        entry.error = (body && body.error ? body.error.charAt(0).toUpperCase() + body.error.slice(1) : "the server answered " + response.status) + ".";
        return put(entry).then(function () { return false; });
      });
    }).catch(function () {
      entry.state = "waiting";  // no network (or the server is busy): keep it for later
      return put(entry).then(function () { return false; });
    });
  }

  function flush() {
    if (sending || navigator.onLine === false) { return Promise.resolve(); }
    sending = true;
    var lists = Array.prototype.map.call(document.querySelectorAll("[data-offline-queue]"), function (l) {
      return l.dataset.offlineQueue;
    });
    return all().then(function (entries) {
      var due = entries.filter(function (e) {
        return e.state !== "refused" && (lists.indexOf("all") !== -1 || lists.indexOf(e.game) !== -1);
      });
      due.sort(function (a, b) { return a.body.round - b.body.round; });
      var sent = 0;
      // One after the other, in round order.
      return due.reduce(function (chain, entry) {
        return chain.then(function () { return send(entry).then(function (ok) { if (ok) { sent += 1; } }); });
      }, Promise.resolve()).then(function () { return sent; });
    }).then(function (sent) {
      sending = false;
      if (sent && document.querySelector("[data-live]")) {
        window.location.reload();  // show the scoreboard with the rounds just stored
        return;
      }
      return refreshList();
    }, function () { sending = false; });
  }

  // ----- the record-a-round form -----------------------------------------------------------------
  function intValue(input) {
    if (!input || input.value.trim() === "") { return null; }
    var n = parseInt(input.value, 10);
    return isNaN(n) ? null : n;
  }

  function cardValueOf(box) { return box.name.replace(/^.*-v/, ""); }  // hands-1-v5: 5-point cards

  function buildBody(form) {
    var roy = form.dataset.roy === "yes";
    var body = { hands: {} };
    var problems = [];
    body.round = parseInt(form.querySelector("input[name=round]").value, 10);
    var went = form.querySelector(".went-out input:checked");
    var names = {};
    form.querySelectorAll("fieldset.hand").forEach(function (hand) {
      names[hand.dataset.seat] = hand.querySelector("legend .who").textContent.trim();
    });
    var outSeat = null;
    if (!went) {
      problems.push("Say who went out.");
    } else if (went.value === "stock") {
      body.end = "stock_exhausted";
    } else {
      outSeat = went.value;
      body.went_out = names[outSeat];
    }
    form.querySelectorAll("fieldset.hand").forEach(function (hand) {
      var seat = hand.dataset.seat;
      var name = names[seat];
      if (seat === outSeat) { return; }
      if (roy) {
        var count = intValue(hand.querySelector("input.count"));
        if (count === null) { problems.push("How many cards does " + name + " still hold?"); return; }
        body.hands[name] = { card_count: count };
        return;
      }
      var checked = hand.querySelector(".modes input:checked");
      var mode = checked ? checked.value : "values";
      var result;
      if (mode === "missing") {
        result = { missing: true };
      } else if (mode === "values") {
        var counts = {};
        hand.querySelectorAll("input.vcount").forEach(function (box) {
          var n = intValue(box);
          if (n) { counts[cardValueOf(box)] = n; }
        });
        result = { values: counts };
      } else if (mode === "points") {
        var points = intValue(hand.querySelector("input[name$='-points']"));
        if (points === null) { problems.push("Type " + name + "'s points, or tap the cards left."); return; }
        result = { points: points };
      } else {
        var cards = Array.prototype.map.call(hand.querySelectorAll(".suit-row input:checked"), function (box) { return box.value; });
        var extra = hand.querySelector("input[name$='-extra']");
        if (extra && extra.value.trim()) {
          extra.value.replace(/,/g, " ").split(/\s+/).forEach(function (code) { if (code) { cards.push(code.toUpperCase()); } });
        }
        result = { cards: cards };
      }
      var missing = intValue(hand.querySelector("input[name$='-missing_cards']"));
      var empty = (result.values && !Object.keys(result.values).length) || (result.cards && !result.cards.length);
      if (empty && !missing) {  // as on the server: only the player who went out holds nothing
        problems.push(name + " holds no cards: count them by value or tap them, or type the points.");
        return;
      }
      if (mode !== "missing" && missing) { result.missing_cards = missing; }
      body.hands[name] = result;
    });
    return { body: body, problems: problems };
  }

  function queueRound(form) {
    var built = buildBody(form);
    var note = form.parentNode.querySelector(".offline-problems");
    if (built.problems.length) {
      if (!note) {
        note = document.createElement("div");
        note.className = "flash flash-error offline-problems";
        note.setAttribute("role", "alert");
        form.parentNode.insertBefore(note, form);
      }
      note.textContent = "No network, and this round is not complete: " + built.problems.join(" ");
      note.scrollIntoView({ block: "center" });
      return Promise.resolve();
    }
    var key = form.querySelector("input[name=key]").value || newKey();
    var game = form.dataset.game;
    return all().then(function (entries) {
      var same = entries.filter(function (e) { return e.key === key; })[0];
      if (same && JSON.stringify(same.body) === JSON.stringify(built.body)) { return same; }  // a double tap
      if (same) { key = newKey(); }  // a stored copy of the form used for another round
      var queued = entries.filter(function (e) { return e.game === game && e.state !== "refused"; });
      queued.forEach(function (e) { if (e.body.round >= built.body.round) { built.body.round = e.body.round + 1; } });
      var entry = {
        key: key, game: game, api: form.dataset.offlineApi, page: form.dataset.gamePage,
        token: localStorage.getItem(tokenKey(game)), label: form.dataset.roy === "yes" ? "Hand" : "Round",
        body: built.body, saved_at: Date.now(), state: "waiting"
      };
      return put(entry).then(function () { return entry; });
    }).then(function (entry) {
      if (navigator.serviceWorker && navigator.serviceWorker.controller) {
        window.location.href = entry.page;  // the stored game page, with the message
        return;
      }
      var list = document.querySelector("[data-offline-queue]");
      if (!list) {
        list = document.createElement("ul");
        list.className = "offline-queue";
        list.dataset.offlineQueue = game;
        list.setAttribute("aria-live", "polite");
        form.parentNode.insertBefore(list, form);
      }
      refreshList();
      list.scrollIntoView({ block: "center" });
    });
  }

  // No stored page holds the edit token: asked for (docs/offline.md).
  function tokenKey(game) { return "scorekeeper-edit-token:" + game; }
  function fetchToken(form) {
    var key = tokenKey(form.dataset.game);
    return fetch(form.dataset.editTokenUrl, { cache: "no-store" }).then(function (r) {
      if (r.status === 403) { localStorage.removeItem(key); }
      return r.ok ? r.json() : null;
    }).then(function (b) { if (b && b.edit_token) { localStorage.setItem(key, b.edit_token); } }, function () {});
  }

  function reachable(url) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? window.setTimeout(function () { controller.abort(); }, 5000) : null;
    return fetch(url, { method: "HEAD", cache: "no-store", signal: controller ? controller.signal : undefined })
      .then(function () { return true; }, function () { return false; })
      .then(function (ok) { if (timer) { window.clearTimeout(timer); } return ok; });
  }

  var form = document.querySelector("form.round-form[data-edit-token-url]");
  if (form) {
    fetchToken(form);
    var bypass = false;
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (bypass || !submitter) { return; }
      if (submitter.name === "preview" && navigator.onLine === false) {
        event.preventDefault();
        var hint = form.querySelector(".offline-preview");
        if (!hint) {
          hint = document.createElement("p");
          hint.className = "hint offline-preview";
          hint.setAttribute("role", "status");
          form.querySelector(".submit-row").before(hint);
        }
        hint.textContent = "No network: the preview needs it. Save keeps the round on this phone until the network is back.";
        return;
      }
      if (submitter.name !== "save") { return; }
      event.preventDefault();
      var go = navigator.onLine === false ? Promise.resolve(false) : reachable(form.dataset.offlineApi.replace(/\/rounds$/, ""));
      go.then(function (online) {
        if (online) {
          bypass = true;
          form.requestSubmit(submitter);  // the ordinary form post
          bypass = false;
          return;
        }
        return queueRound(form);
      });
    });
  }

  refreshList().then(flush);
  window.addEventListener("online", flush);
  window.setInterval(function () { if (navigator.onLine !== false) { flush(); } }, RETRY);
})();
