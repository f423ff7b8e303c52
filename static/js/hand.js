// A player's "My hand" page (templates/games/hand.html): who this phone is (asked once, kept per
// game; saying it claims the player's seat, POST /api/v1/.../seats/<name>/claim with the hand-in
// token read after # in the address), the hand sent to the scorekeeper as a proposal
// (PUT /api/v1/.../proposals/<name> with the seat's token), kept on the phone while there is no network, and the
// round followed (GET /games/<id>/hand/now with If-None-Match: 304 while nothing changed). The
// hand itself is the round form's (static/js/games.js builds its keypad and card picker).
(() => {
"use strict";
var box = document.querySelector(".hand-in");
if (!box) { return; }
var say = window.scorekeeperSay;
var one = window.scorekeeperOne;
var game = box.dataset.game, roy = box.dataset.roy === "yes";
var form = box.querySelector("form.hand-form"), who = box.querySelector(".who-are-you");
var problem = box.querySelector(".hand-problem"), note = form.querySelector(".sent-note");
var round = +box.dataset.round || null, players = JSON.parse(box.dataset.players || "[]");
var etag = box.dataset.etag, KEY = "scorekeeper.hand." + game, api = box.dataset.api;
var last = JSON.parse(box.dataset.last || "null");  // the last round saved: {round, scores}
var over = box.querySelector(".round-over");
var holding = false;  // the saved round is being said: the next round waits for a tap

function load() { try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch (err) { return {}; } }
var kept = load();
function keep() { try { localStorage.setItem(KEY, JSON.stringify(kept)); } catch (err) { /* private: kept in the page */ } }
// The link carries the hand-in token after "#token=" (docs/api.md), which browsers never send. It is
// read once and taken out of the address bar (so out of the history, as static/js/edit_link.js does),
// and kept only in this tab (sessionStorage) until the seat is claimed; what stays on the phone
// (localStorage) is the seat's token, which can send this one player's hand and nothing else.
var LINK = "scorekeeper.handlink." + game, linkInPage = null;
function link() { try { return sessionStorage.getItem(LINK) || linkInPage; } catch (err) { return linkInPage; } }
function keepLink(token) { linkInPage = token; try { sessionStorage.setItem(LINK, token); } catch (err) { /* kept in the page */ } }
var found = /(?:^#|&)token=([^&]+)/.exec(location.hash);
if (found) {
 try { keepLink(decodeURIComponent(found[1])); } catch (err) { keepLink(found[1]); }
 history.replaceState(history.state, "", location.pathname + location.search);
}
if (kept.token) { if (!link()) { keepLink(kept.token); } delete kept.token; keep(); }  // (kept by an older page)
var seatToken = name => kept.seat && name && same(kept.seat.name, name) ? kept.seat.token : null;
var bearer = name => "Bearer " + (seatToken(name) || link());

// ROY: the cards left are what the player sends (the points go to whoever went out).
function sentSaid(s) {
 if (s.went_out) {
  sent(say("Sent: you went out. Waiting for the scorekeeper."));
  return;
 }
 sent(roy && one(s.count) ? say("Sent: %(count)s card left. Waiting for the scorekeeper.", { count: s.count })
  : roy ? say("Sent: %(count)s cards left. Waiting for the scorekeeper.", { count: s.count })
  : one(s.points) ? say("Sent: %(points)s point. Waiting for the scorekeeper.", { points: s.points })
  : say("Sent: %(points)s points. Waiting for the scorekeeper.", { points: s.points }));
}
function tell(text) { problem.textContent = text || ""; problem.hidden = !text; }
function sent(text) { note.textContent = text || ""; note.hidden = !text; }
function same(a, b) { return a.normalize("NFC").toLowerCase() === b.normalize("NFC").toLowerCase(); }
var mine = () => kept.name && players.find(p => same(p, kept.name));

// Who are you? Once per game; the buttons are the players of the round shown.
function drawButtons() {
 var row = who.querySelector(".who-buttons");
 if (row.children.length === players.length && players.every((p, i) => row.children[i].value === p)) { return; }
 row.replaceChildren(...players.map(p => Object.assign(document.createElement("button"),
  { type: "button", className: "big who-button", value: p, textContent: p })));
}
function show() {
 var me = mine();
 drawButtons();
 who.hidden = holding || !round || !!me;
 form.hidden = holding || !round || !me;
 if (me) { form.querySelector("legend .who").textContent = me; }
 if (me && round && !holding && kept.showing !== round) {
  kept.showing = round;  // the round this phone shows (said when it is saved, even after a reload)
  keep();
 }
}
who.addEventListener("click", e => {
 var b = e.target.closest("button.who-button");
 if (!b) { return; }
 kept.name = b.value;
 keep();
 show();
 claim();
});
var sentence = text => text ? text.charAt(0).toUpperCase() + text.slice(1) : null;  // (the API's, as a sentence)
var linkGone = () => say("This hand-in link no longer works: ask the scorekeeper for the new one.");
// Claim the seat of the name chosen (once): true when this phone holds it. Without network the
// claim is made again before the hand is sent (flush).
function claim() {
 var name = mine();
 if (!name || seatToken(name)) { return Promise.resolve(!!name); }
 if (!link()) { tell(say("This page needs the hand-in link: scan the QR code on the scorekeeper's phone.")); return Promise.resolve(false); }
 return fetch(api + "/seats/" + encodeURIComponent(name) + "/claim", { method: "POST", cache: "no-store", credentials: "omit",
  headers: { "Accept": "application/json", "Authorization": "Bearer " + link() } })
  .then(r => r.json().catch(() => ({})).then(body => {
   if (r.status === 201) { kept.seat = { name: body.player, token: body.token }; keep(); tell(""); return true; }
   if (r.status === 409) { kept.name = kept.pending = null; keep(); sent(""); show(); }
   tell(r.status === 401 || r.status === 403 ? linkGone()
    : sentence(body.error) || say("The hand was not accepted (the server answered %(status)s).", { status: r.status }));
   return false;
  }), () => false);
}
// Not you? A hand sent under the wrong name is taken back from the scorekeeper's form, and the
// seat is given back (with its own token) for the right phone to claim.
form.querySelector(".not-me").addEventListener("click", () => {
 var s = kept.sent, seat = kept.seat, auth = seat ? "Bearer " + seat.token : bearer(null);
 var back = s && s.round === round && s.name ? fetch(api + "/rounds/" + s.round + "/proposals/" + encodeURIComponent(s.name),
  { method: "DELETE", credentials: "omit", headers: { "Authorization": auth } }) : Promise.resolve();
 back.then(() => seat && fetch(api + "/seats/" + encodeURIComponent(seat.name) + "/claim",
  { method: "DELETE", credentials: "omit", headers: { "Authorization": auth } }))
  .catch(() => { /* no network: the scorekeeper sees the name and can free the seat */ });
 kept.name = kept.sent = kept.pending = kept.seat = null;
 keep();
 sent("");
 form.reset();
 form.dispatchEvent(new Event("change"));
 show();
});

// The hand as the API takes it (null: nothing entered yet).
function hand() {
 var F = window.scorekeeperForm, fs = form.querySelector("fieldset.hand");
 if (roy) { var count = F.number(fs.querySelector("input.count")); return count === null ? null : { card_count: count }; }
 var mode = F.modeOf(fs), out = {}, missing = F.number(fs.querySelector("input[name$='-missing_cards']"));
 if (mode === "points") {
  var points = F.number(fs.querySelector("input[name$='-points']"));
  if (points === null) { return null; }
  out.points = points;
 } else if (mode === "cards") {
  var code = window.scorekeeperCode || (c => c.toUpperCase());
  out.cards = Array.prototype.map.call(fs.querySelectorAll(".suit-row input:checked"), b => b.value)
   .concat(F.typed(fs).map(code));
  if (!out.cards.length && !missing) { return null; }
 } else {
  var values = {};
  fs.querySelectorAll(".mode-values input").forEach(b => { var n = F.number(b); if (n) { values[F.cardValueOf(b)] = n; } });
  if (!Object.keys(values).length && !missing) { return null; }
  out.values = values;
 }
 if (missing) { out.missing_cards = missing; }
 return out;
}

function put(p) {
 return fetch(api + "/rounds/" + p.round + "/proposals/" + encodeURIComponent(p.name), {
  method: "PUT", cache: "no-store", credentials: "omit", body: JSON.stringify(p.hand),
  headers: { "Content-Type": "application/json", "Accept": "application/json", "Authorization": bearer(p.name) },
 }).then(r => r.json().catch(() => ({})).then(body => [r.status, body]));
}
var label = n => roy ? say("Hand %(number)s", { number: n }) : say("Round %(number)s", { number: n });
var sending = false;
// Send the hand waiting on the phone, if any; a round saved meanwhile is said, never sent.
function flush() {
 var p = kept.pending;
 if (!p || sending) { return; }
 if (round && p.round < round) { return dropped(p); }
 sending = true;
 if (!seatToken(p.name)) {  // the seat is claimed first (a choice made without network)
  claim().then(ok => { sending = false; if (ok) { flush(); } });
  return;
 }
 put(p).then(([status, body]) => {
  if (status === 200) {
   kept.pending = null;
   kept.sent = { round: p.round, points: body.points, name: p.name, count: p.hand.card_count, hand: p.hand, went_out: !!body.went_out };
   tell("");
   sentSaid(kept.sent);
  } else if (status === 409) {
   dropped(p);
   poll();
  } else if (status === 401 || status === 403) {
   kept.pending = kept.seat = null;  // (a seat freed by the scorekeeper, or a new link: ask again)
   tell(body.error && body.player ? sentence(body.error) : linkGone());
   sent("");
  } else {
   kept.pending = null;
   tell(body.error || say("The hand was not accepted (the server answered %(status)s).", { status }));
   sent("");
  }
  keep();
 }, () => {
  sent(say("No network: your hand is kept on this phone and will be sent when the network is back."));
 }).then(() => { sending = false; });
}
function dropped(p) {
 kept.pending = null;
 keep();
 sent("");
 tell(say("%(what)s was saved by the scorekeeper before your hand could be sent: it was not sent.", { what: label(p.round) }));
}

form.addEventListener("submit", e => {
 e.preventDefault();
 if (!link() && !seatToken(mine())) { return tell(say("This page needs the hand-in link: scan the QR code on the scorekeeper's phone.")); }
 var h = hand();
 if (!h) { return tell(say("Enter your cards first.")); }
 tell("");
 kept.pending = { round, name: mine(), hand: h };
 keep();
 sent(say("Sending…"));
 flush();
});
form.addEventListener("input", () => {
 if (!note.hidden && kept.sent) { sent(say("Changed since it was sent: tap Send again.")); }
});
// "I went out": the player's word instead of a hand (the scorekeeper's form shows it).
form.querySelector(".went-out-button").addEventListener("click", () => {
 if (!link() && !seatToken(mine())) {
  tell(say("This page needs the hand-in link: scan the QR code on the scorekeeper's phone."));
  return;
 }
 tell("");
 form.reset();
 form.dispatchEvent(new Event("change"));
 kept.pending = { round, name: mine(), hand: { went_out: true } };
 keep();
 sent(say("Sending…"));
 flush();
});

// The round followed. When the round this phone shows is saved, the phone says so with the points
// recorded for this player, clears what was entered, and only then offers the next round: a hand
// always belongs to the round it was entered for (docs/offline.md, "A hand belongs to its round").
function moved(now) {
 box.querySelector(".hand-now").innerHTML = now.now;  // the server's own page part
 players = now.players;
 last = now.last;
 if (now.round !== round) {
  var shown = round;
  if (kept.pending && kept.pending.round < (now.round || Infinity)) { dropped(kept.pending); }
  round = now.round;
  kept.sent = null;
  keep();
  if (shown && mine() && kept.showing === shown) { roundSaved(shown); }
 }
 show();
}
// Say that round `saved` was saved, with this player's recorded points; what was entered is cleared.
function roundSaved(saved) {
 var me = mine();
 var scores = last && last.round === saved ? last.scores : {};
 var recorded = Object.keys(scores).find(name => same(name, me || ""));
 var what = label(saved);
 over.querySelector(".round-over-text").textContent = recorded === undefined
  ? say("%(what)s was saved by the scorekeeper.", { what })
  : one(scores[recorded]) ? say("%(what)s was saved by the scorekeeper: %(points)s point recorded for you.", { what, points: scores[recorded] })
  : say("%(what)s was saved by the scorekeeper: %(points)s points recorded for you.", { what, points: scores[recorded] });
 var next = over.querySelector("button.next-round");
 next.hidden = !round;
 next.textContent = !round ? "" : roy ? say("Go on to hand %(number)s", { number: round }) : say("Go on to round %(number)s", { number: round });
 form.reset();
 form.dispatchEvent(new Event("change"));
 sent("");
 holding = true;
 over.hidden = false;
}
over.querySelector("button.next-round").addEventListener("click", () => {
 holding = false;
 over.hidden = true;
 tell("");
 show();
 window.scrollTo(0, 0);
});
var asking = false;
function poll() {
 if (asking || document.visibilityState === "hidden") { return; }
 asking = true;
 fetch(box.dataset.now, { cache: "no-store", credentials: "same-origin",
  headers: Object.assign({ "Accept": "application/json" }, etag ? { "If-None-Match": '"' + etag + '"' } : {}) })
  .then(r => {
   if (r.status !== 200) { return; }
   etag = (r.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
   return r.json().then(moved);
  })
  .catch(() => { /* no network: next tick */ })
  .then(() => { asking = false; flush(); });
}
setInterval(poll, 2000);
addEventListener("online", poll);
document.addEventListener("visibilitychange", poll);

if (!link() && !seatToken(mine())) { tell(say("This page needs the hand-in link: scan the QR code on the scorekeeper's phone.")); }
// After a reload: the hand waiting to be sent, or the one sent for this round, shown again; a
// round this phone showed that was saved meanwhile is said first.
var held = [kept.pending, kept.sent].find(h => h && h.round === round && h.hand && same(h.name || "", mine() || ""));
if (held && !held.hand.went_out) { window.scorekeeperFill(form.querySelector("fieldset.hand"), held.hand, held.points); }
if (mine() && kept.showing && round !== kept.showing && last && last.round === kept.showing) { roundSaved(kept.showing); }
if (kept.sent && kept.sent.round === round) { sentSaid(kept.sent); }
if (held && held === kept.pending) { sent(say("Sending…")); }
show();
flush();
})();
