// Offline rounds: kept on the phone (IndexedDB, else localStorage: no secure context needed) with no
// network, sent to the API in order when it is back (docs/offline.md). Written small: the round form's budget.
(() => {
"use strict";
if (!window.fetch) { return; }
var say = window.scorekeeperSay;
var one = window.scorekeeperOne;
var STORE = "rounds", LOCAL = "scorekeeper-offline-rounds", RETRY = 15000, POSTING_GRACE = 20000;
function open() {
 return new Promise((resolve, reject) => {
  var req = indexedDB.open("scorekeeper-offline", 1);
  req.onupgradeneeded = () => { req.result.createObjectStore(STORE, { keyPath: "key" }).createIndex("game", "game"); };
  req.onsuccess = () => { resolve(req.result); };
  req.onerror = () => { reject(req.error); };
 });
}
function tx(mode, work) {
 return open().then(db => new Promise((resolve, reject) => {
  var t = db.transaction(STORE, mode), result = work(t.objectStore(STORE));
  t.oncomplete = () => { db.close(); resolve(result && "result" in result ? result.result : result); };
  t.onerror = () => { db.close(); reject(t.error); };
 }));
}
function local(work) {  // the entries in localStorage (changed by work)
 var all = {};
 try { all = JSON.parse(localStorage.getItem(LOCAL)) || {}; } catch (e) { /* none */ }
 if (work) { work(all); localStorage[Object.keys(all).length ? "setItem" : "removeItem"](LOCAL, JSON.stringify(all)); }
 return Object.values(all);
}
var usable = new Promise(ok => { ok(open()); }).then(db => { db.close(); return true; }).catch(() => false);
function all() { var mine = local(); return usable.then(ok => ok ? tx("readonly", s => s.getAll()).then(found => found.concat(mine)) : mine); }
function put(entry) { return usable.then(ok => ok ? tx("readwrite", s => { s.put(entry); }) : local(e => { e[entry.key] = entry; })); }
function remove(key) { local(e => { delete e[key]; }); return usable.then(ok => ok ? tx("readwrite", s => { s.delete(key); }) : null); }
function newKey() {
 var bytes = new Uint8Array(16);
 crypto.getRandomValues(bytes);
 return Array.prototype.map.call(bytes, b => ("0" + b.toString(16)).slice(-2)).join("");
}
function called(label, number) { return say(label === "Hand" ? "Hand %(number)s" : "Round %(number)s", { number }); }
function line(entry) {
 var what = called(entry.label, entry.body.round);
 if (entry.state === "refused") {
  return say("%(what)s could not be saved: %(error)s It is still on this phone: enter it again, then dismiss this.", { what, error: entry.error });
 }
 if (entry.state === "sending") { return say("%(what)s is being sent…", { what }); }
 return say("%(what)s is saved on this phone only: it will be sent when the network is back.", { what });
}
function visible(entries) { return entries.filter(e => e.state !== "posting"); }
// Refused or recorded twice: the game's later rounds wait behind it.
function unsettled(e) { return e.state === "refused" || e.state === "conflict"; }
function heldBy(entries, entry) {
 return entries.filter(e => e.game === entry.game && unsettled(e) && e.body.round < entry.body.round)[0] || null;
}
function item(entry, text) {
 var li = el("li", entry.state || "waiting", text || line(entry));
 if (entry.state === "refused") {
  var button = el("button", "secondary", say("Dismiss"));
  button.type = "button";
  button.addEventListener("click", () => { remove(entry.key).then(refreshList); });
  li.append(" ", button);
 }
 return li;
}
function show(entries) {
 entries = visible(entries).sort((a, b) => a.body.round - b.body.round || a.saved_at - b.saved_at);
 document.querySelectorAll("[data-offline-queue]").forEach(list => {
  var game = list.dataset.offlineQueue;
  var mine = entries.filter(e => game === "all" || e.game === game);
  list.textContent = "";
  if (window.scorekeeperList) { window.scorekeeperList(list, mine, game === "all"); } else { mine.forEach(e => { list.append(item(e)); }); }
 });
}
function refreshList() {
 return all().then(entries => {
  show(entries);
  moveFormOn(entries);
  document.dispatchEvent(new CustomEvent("offline:queue", { detail: waitingFor(entries, null) }));
  return entries;
 });
}
// Waiting rounds: the next round's header (shared with static/js/waiting.js)
function plan(el) {
 try { return JSON.parse(el.dataset.offlinePlan || "{}"); } catch (e) { return {}; }
}
function planned(p, number) {
 var rounds = p.rounds || [];
 var found = rounds.filter(r => r.number === number)[0];
 if (found || !p.cycle || !rounds.length || number < rounds[0].number) { return found || null; }
 return Object.assign({}, rounds[(number - rounds[0].number) % p.cycle], { number });
}
function waitingFor(entries, game) {
 return visible(entries).filter(e => (game === null || e.game === game) && !unsettled(e))
  .sort((a, b) => a.body.round - b.body.round);
}
function el(tag, cls, text) {
 var node = document.createElement(tag);
 if (cls) { node.className = cls; }
 if (text !== undefined) { node.textContent = text; }
 return node;
}
function setLine(p, key, text, extra) {  // <p><span class="k">Dealer</span> Ann</p>
 if (!p) { return; }
 p.textContent = "";
 if (key) { p.append(el("span", "k", key)); p.append(" "); }
 p.append(text);
 if (extra) { p.append(" "); p.append(extra); }
}
function showRound(box, p, number) {  // the "Round N · Dealer · Contract" header
 var r = planned(p, number);
 var round = box.querySelector(".now-round");
 if (!round || !r) { return; }
 var of = round.querySelector(".of");
 setLine(round, null, called(p.label, number), of);
 setLine(box.querySelector(".now-dealer"), say("Dealer"), r.dealer);
 if (r.contract) {
  setLine(box.querySelector(".now-contract"), say("Contract"), r.contract, el("span", "min", say("(%(count)s cards)", { count: r.min_cards })));
 }
}
function number(text) { var n = parseInt(String(text).replace(/[^\d-]/g, ""), 10); return isNaN(n) ? 0 : n; }
window.scorekeeperOffline = { plan, planned, showRound, el, number, put, remove, refreshList, flush, sentence, called, heldBy, item };
// A stored round form with rounds waiting: the next round's header.
function moveFormOn(entries) {
 var form = document.querySelector("form.round-form[data-offline-plan]");
 if (!form) { return; }
 var p = plan(form);
 var input = form.querySelector("input[name=round]");
 var first = (p.rounds && p.rounds[0]) ? p.rounds[0].number : number(input.value);
 var next = first;
 waitingFor(entries, form.dataset.game).forEach(e => { if (e.body.round === next) { next += 1; } });
 if (next === first || !planned(p, next) || number(input.value) === next) { return; }
 input.value = String(next);
 // a stored copy used again: its key went with the round it was first used for
 form.querySelector("input[name=key]").value = newKey();
 var box = document.querySelector(".now.compact");
 if (box) { showRound(box, p, next); }
 showSoFar(form, waitingFor(entries, form.dataset.game).filter(e => e.body.round >= first && e.body.round < next));
 form.dispatchEvent(new CustomEvent("round:moved", { detail: { game: form.dataset.game, round: next } }));
}
// "so far": the server's total when the form was stored, plus the rounds waiting
function showSoFar(form, waiting) {
 form.querySelectorAll("legend .who").forEach(who => {
  var name = who.textContent.trim(), small = who.parentNode.querySelector(".sofar");
  if (!small) { small = el("small", "sofar"); who.after(" ", small); }
  if (!("base" in small.dataset)) { small.dataset.base = number(small.textContent); }
  var total = waiting.reduce((t, e) => t + ((e.scores || {})[name] || 0) + ((e.bonus || {})[name] || 0), number(small.dataset.base));
  small.textContent = say("%(points)s so far", { points: total.toLocaleString(document.documentElement.lang) });
 });
}
var sending = false;
var outbox = window.scorekeeperOutbox;
// An entry after an answer (static/js/outbox.js decides): kept with its new state, or removed.
function settleEntry(entry, answer) {
 entry.state = outbox.next(entry.state, answer);
 return entry.state === "gone" ? remove(entry.key) : put(entry);
}
// Send one entry to the API. Resolves true when the server stored it now, "kept" when it had it
// already from this Save's form post (nothing changes on the page), false when it is not taken.
function send(entry) {
 var wasPosting = entry.state === "posting";
 return settleEntry(entry, "sent").then(refreshList).then(() => {
  return fetch(entry.api, { method: "POST", credentials: "omit", cache: "no-store", body: JSON.stringify(entry.body),
   headers: { "Content-Type": "application/json", "Accept": "application/json", "Accept-Language": document.documentElement.lang,
    "Authorization": "Bearer " + entry.token, "Idempotency-Key": entry.key } });
 }).then(response => {
  return response.json().catch(() => { return {}; }).then(body => {
   var answer = outbox.answerOf(response.status, !!response.headers.get("Idempotent-Replayed"), body, entry.body.round);
   if (answer === "recorded-meanwhile" && outbox.next(entry.state, answer) === "conflict") {
    return recordedMeanwhile(entry, body);
   }
   if (answer === "refused" || answer === "recorded-meanwhile") { entry.error = sentence(body, response.status); }
   return settleEntry(entry, answer).then(() => {
    if (entry.state !== "gone") { return false; }
    return wasPosting && answer === "already" ? "kept" : true;
   });
  });
 }).catch(() => settleEntry(entry, "no-answer").then(() => false));
}
function sentence(body, status) {
 return (body && body.error ? body.error.charAt(0).toUpperCase() + body.error.slice(1) : say("the server answered %(status)s", { status })) + ".";
}
// Recorded meanwhile on another phone, with other scores: both versions wait for a choice (waiting.js).
function recordedMeanwhile(entry, refusal) {
 return fetch(entry.api + "/" + entry.body.round, { cache: "no-store", credentials: "omit" }).then(r => r.ok ? r.json() : null).then(theirs => {
  if (theirs && theirs.scores) {
   entry.theirs = { scores: theirs.scores, fetched_at: Date.now() };
   return settleEntry(entry, "recorded-meanwhile");
  }
  entry.error = sentence(refusal, 409);
  return settleEntry(entry, "refused");
 }).then(() => false, () => settleEntry(entry, "no-answer").then(() => false));
}
function flush() {
 if (sending || navigator.onLine === false) { return Promise.resolve(); }
 sending = true;
 var lists = Array.prototype.map.call(document.querySelectorAll("[data-offline-queue]"), l => l.dataset.offlineQueue);
 if (roundForm) { lists.push(roundForm.dataset.game); }
 return all().then(entries => {
  var due = entries.filter(e => {
   return outbox.due(e, Date.now(), POSTING_GRACE) && !heldBy(entries, e) && (lists.indexOf("all") !== -1 || lists.indexOf(e.game) !== -1);
  });
  due.sort((a, b) => a.body.round - b.body.round);
  var sent = 0, stopped = {};  // in round order; a game's later rounds wait behind one not taken
  return due.reduce((chain, entry) => chain.then(() => stopped[entry.game] || send(entry).then(ok => { if (ok === true) { sent += 1; } else if (!ok) { stopped[entry.game] = true; } })),
   Promise.resolve()).then(() => sent);
 }).then(sent => {
  sending = false;
  if (sent && (document.querySelector("[data-live]") || (roundForm && !touched))) {
   window.location.reload();
   return;
  }
  return refreshList();
 }, () => { sending = false; });
}
// The record-a-round form
function nameOf(hand) { return hand.querySelector("legend .who").textContent.trim(); }
function buildBody(form) {
 var F = window.scorekeeperForm, intValue = F.number, roy = form.dataset.roy === "yes";
 var body = { hands: {}, round: parseInt(form.querySelector("input[name=round]").value, 10) }, problems = [];
 var went = form.querySelector(".went-out input:checked"), outSeat = went ? went.value : null;
 if (!went) { problems.push(say("Say who went out.")); } else if (outSeat === "stock") { body.end = "stock_exhausted"; }
 form.querySelectorAll("fieldset.hand").forEach(hand => {
  var seat = hand.dataset.seat, name = nameOf(hand);
  if (seat === outSeat) { body.went_out = name; return; }
  if (roy) {
   var count = intValue(hand.querySelector("input.count"));
   if (count === null) { problems.push(say("How many cards does %(name)s still hold?", { name })); return; }
   body.hands[name] = { card_count: count };
   return;
  }
  var mode = F.modeOf(hand);
  var result;
  if (mode === "missing") {
   result = { missing: true };
  } else if (mode === "values") {
   var counts = {};
   hand.querySelectorAll(".mode-values input").forEach(box => {
    var n = intValue(box);
    if (n) { counts[F.cardValueOf(box)] = n; }
   });
   result = { values: counts };
  } else if (mode === "points") {
   var pointsBox = hand.querySelector("input[name$='-points']");
   var points = intValue(pointsBox);
   if (points === null) { problems.push(say("Type %(name)s's points, or tap the cards left.", { name })); return; }
   var sure = hand.querySelector("label.sure input");
   if (pointsBox.dataset.unlikely === "yes" && !(sure && sure.checked)) {
    problems.push(one(points)
     ? say("%(name)s's %(points)s point: no hand adds up to that; check it, or tick “Yes, these points are right”.", { name, points })
     : say("%(name)s's %(points)s points: no hand adds up to that; check it, or tick “Yes, these points are right”.", { name, points }));
    return;
   }
   result = { points };
  } else {
   var cards = Array.prototype.map.call(hand.querySelectorAll(".suit-row input:checked"), box => box.value);
   result = { cards: cards.concat(F.typed(hand).map(window.scorekeeperCode || (code => code.toUpperCase()))) };
  }
  var missing = intValue(hand.querySelector("input[name$='-missing_cards']"));
  var empty = (result.values && !Object.keys(result.values).length) || (result.cards && !result.cards.length);
  if (empty && !missing) {
   problems.push(say("%(name)s holds no cards: count them by value or tap them, or type the points.", { name }));
   return;
  }
  if (mode !== "missing" && missing) { result.missing_cards = missing; }
  body.hands[name] = result;
 });
 return { body, problems };
}
// Each player's points as games.js shows them (null: no score).
function scoresOf(form, body) {
 var roy = form.dataset.roy === "yes", scores = {}, bonus = {}, win = plan(form).win_bonus;
 form.querySelectorAll("fieldset.hand").forEach(hand => {
  var name = nameOf(hand), out = hand.querySelector("output.running"), text = out ? out.textContent.trim() : "";
  if (body.went_out === name) { scores[name] = roy ? number(text) : 0; if (win) { bonus[name] = -win; } }
  else { scores[name] = roy ? 0 : text === "" ? null : number(text); }
 });
 return { scores, bonus };
}
function newEntry(form, body, key, state) {
 var counted = scoresOf(form, body);
 return {
  key: key, game: form.dataset.game, api: form.dataset.offlineApi, page: form.dataset.gamePage,
  token: localStorage.getItem(tokenKey(form.dataset.game)), label: form.dataset.roy === "yes" ? "Hand" : "Round",
  body: body, scores: counted.scores, bonus: counted.bonus, saved_at: Date.now(), state: state
 };
}
function queueRound(form) {
 var built = buildBody(form);
 var note = form.parentNode.querySelector(".offline-problems");
 if (built.problems.length) {
  if (!note) { note = el("div", "flash flash-error offline-problems"); note.setAttribute("role", "alert"); form.before(note); }
  note.textContent = say("No network, and this round is not complete: %(problems)s", { problems: built.problems.join(" ") });
  note.scrollIntoView({ block: "center" });
  return Promise.resolve();
 }
 var key = form.querySelector("input[name=key]").value || newKey();
 var game = form.dataset.game;
 return all().then(entries => {
  var same = entries.filter(e => e.key === key)[0];
  if (same && JSON.stringify(same.body) === JSON.stringify(built.body)) { return same; }
  if (same) { key = newKey(); }
  var queued = entries.filter(e => e.game === game && e.state !== "refused");
  queued.forEach(e => { if (e.body.round >= built.body.round) { built.body.round = e.body.round + 1; } });
  var entry = newEntry(form, built.body, key, "waiting");
  return put(entry).then(() => entry);
 }).then(entry => {
  form.dispatchEvent(new CustomEvent("round:kept", { bubbles: true, detail: { game, round: entry.body.round } }));
  if (navigator.serviceWorker && navigator.serviceWorker.controller) {
   window.location.href = entry.page;
   return;
  }
  // no service worker (plain http): this page becomes the next round's form
  var list = document.querySelector("[data-offline-queue]");
  if (!list) { list = el("ul", "offline-queue"); list.dataset.offlineQueue = game; list.setAttribute("aria-live", "polite"); form.before(list); }
  emptyForNextRound(form);
  return refreshList().then(() => { window.scrollTo(0, 0); });
 });
}
function emptyForNextRound(form) {
 form.reset();
 form.querySelector("input[name=key]").value = newKey();
 document.querySelectorAll(".offline-problems, .offline-preview").forEach(n => { n.remove(); });
 touched = false;
 form.dispatchEvent(new Event("change"));
}
// No stored page holds the edit token: asked for (docs/offline.md).
function tokenKey(game) { return "scorekeeper-edit-token:" + game; }
function fetchToken(form) {
 var key = tokenKey(form.dataset.game);
 return fetch(form.dataset.editTokenUrl, { cache: "no-store" }).then(r => {
  if (r.status === 403) { localStorage.removeItem(key); }
  return r.ok ? r.json() : null;
 }).then(b => { if (b && b.edit_token) { localStorage.setItem(key, b.edit_token); } }, () => {});
}
function reachable(url) {
 var controller = new AbortController(), timer = setTimeout(() => { controller.abort(); }, 5000);
 return fetch(url, { method: "HEAD", cache: "no-store", signal: controller.signal }).then(() => true, () => false)
  .then(ok => { clearTimeout(timer); return ok; });
}
document.querySelectorAll("[data-edit-token-url][data-game]").forEach(fetchToken);
var form = document.querySelector("form.round-form[data-edit-token-url]");
var roundForm = form;
var touched = false;
if (form) {
 form.addEventListener("input", () => { touched = true; });
 var bypass = false;
 form.addEventListener("submit", event => {
  var submitter = event.submitter;
  if (bypass || !submitter) { return; }
  if (submitter.name === "preview" && navigator.onLine === false) {
   event.preventDefault();
   var hint = form.querySelector(".offline-preview");
   if (!hint) { hint = el("p", "hint offline-preview"); hint.setAttribute("role", "status"); form.querySelector(".submit-row").before(hint); }
   hint.textContent = say("No network: the preview needs it. Save keeps the round on this phone until the network is back.");
   return;
  }
  if (submitter.name !== "save") { return; }
  event.preventDefault();
  var go = navigator.onLine === false ? Promise.resolve(false) : reachable(form.dataset.offlineApi.replace(/\/rounds$/, ""));
  go.then(online => all().then(entries => {
   // rounds still waiting go first: this one joins them
   if (online && waitingFor(entries, form.dataset.game).length) {
    return queueRound(form).then(() => { if (!(navigator.serviceWorker && navigator.serviceWorker.controller)) { return flush(); } });
   }
   if (online) {
    var built = buildBody(form);
    var key = form.querySelector("input[name=key]").value;
    var kept = built.problems.length || !key ? Promise.resolve()
     : put(newEntry(form, built.body, key, "posting")).catch(() => {});
    return kept.then(() => {
     bypass = true;
     form.requestSubmit(submitter);
     bypass = false;
    });
   }
   return queueRound(form);
  }));
 });
}
// The server answered a Save's form post and stored nothing from it (the form again with its
// errors, or templates/games/round_saved.html for a round recorded meanwhile): that answer is
// definitive, and the Save's "posting" copy leaves the outbox.
var settle = Promise.resolve();
var refusedHolder = document.querySelector("[data-outbox-refused]");
var refusedKey = refusedHolder ? refusedHolder.dataset.outboxRefused
 : form && document.getElementById("error-summary") ? form.querySelector("input[name=key]").value : "";
if (refusedKey) {
 settle = all().then(entries => Promise.all(entries.filter(e => e.key === refusedKey).map(e => settleEntry(e, "form-refused"))));
}
// The network dropped on the way of a Save (static/sw.js opened this page).
if (window.location.hash === "#not-sent") {
 history.replaceState(null, "", window.location.pathname + window.location.search);
 settle = settle.then(all).then(entries => {
  return Promise.all(entries.filter(e => e.state === "posting").map(e => settleEntry(e, "network-dropped")));
 });
}
// Store this page and its round form on the phone (static/sw.js).
var worker = navigator.serviceWorker;
function keepPages() {
 var holder = document.querySelector("[data-offline-keep]");
 var urls = holder ? holder.dataset.offlineKeep.split(" ") : form ? [form.dataset.gamePage, location.pathname] : [];
 if (urls.length && worker) { worker.ready.then(reg => { if (reg.active) { reg.active.postMessage({ keep: urls }); } }); }
}
if (worker) {
 worker.addEventListener("message", event => {
  if (event.data && event.data.kept) { document.documentElement.dataset.offlineReady = event.data.stored.every(Boolean) ? "yes" : "partly"; }
 });
 worker.startMessages();
}
keepPages();
document.addEventListener("scoreboard:updated", () => { keepPages(); refreshList(); });
settle.catch(() => {}).then(refreshList).then(flush);
window.addEventListener("online", flush);
window.setInterval(() => { if (navigator.onLine !== false) { flush(); } }, RETRY);
})();
