// The scorekeeper's round form (brought by static/js/games.js, which polls): the hands sent from
// the players' phones filled in as if typed; a hand the scorekeeper changed is kept, the one that
// arrived shown beside it to take or leave. Nothing is recorded until Save (docs/games.md).
// A hand as the API has it (docs/api.md) put into a hand's fieldset as if typed, on the round form
// and on "My hand" (static/js/hand.js shows again the hand it sent after a reload).
(() => {
"use strict";
var FR = { K: "R", Q: "D", J: "V" }, SUIT = { S: "P", H: "C", D: "K", C: "T" };
// A card code as the typed box reads it on this page (rules/card_letters.py: French letters on a French page).
var typedCode = c => !window.scorekeeperCode || c === "JK" ? c
 : c.replace(/^(10|.)(.)$/, (m, r, s) => (FR[r] || r) + (SUIT[s] || s));
window.scorekeeperFill = (hand, h, points) => {
 var set = (sel, v) => { var el = hand.querySelector(sel); if (el) { el.value = v; } };
 var mode = h.card_count !== undefined ? null : h.cards ? "cards" : h.values ? "values" : "points";
 var radio = mode && hand.querySelector(".modes input[value='" + mode + "']");
 if (radio) { radio.checked = true; }
 hand.querySelectorAll(".mode-values input").forEach(b => { b.value = ""; });
 hand.querySelectorAll(".suit-row input").forEach(b => { b.checked = false; });
 set("input[name$='-extra']", "");
 set("input[name$='-points']", "");
 if (h.card_count !== undefined) { set("input.count", h.card_count); }
 else if (h.values) { Object.keys(h.values).forEach(v => { set("input[name$='-v" + v + "']", h.values[v]); }); }
 else if (h.cards) {
  var left = [];
  h.cards.forEach(c => { var b = hand.querySelector(".suit-row input[value='" + c + "']:not(:checked)"); if (b) { b.checked = true; } else { left.push(typedCode(c)); } });
  set("input[name$='-extra']", left.join(" "));
 } else { set("input[name$='-points']", h.points !== undefined ? h.points : points); }
 set("input[name$='-missing_cards']", h.missing_cards || 0);
 hand.dispatchEvent(new Event("input", { bubbles: true }));  // the running total and the draft (static/js/games.js)
 return mode;
};
})();

(() => {
"use strict";
var form = document.querySelector("form.round-form[data-proposals]");
if (!form) { return; }
var say = window.scorekeeperSay;
var one = window.scorekeeperOne;
var lang = document.documentElement.lang;
var hands = Array.prototype.slice.call(form.querySelectorAll("fieldset.hand"));
var key = s => s.normalize("NFC").toLowerCase();
var byName = {};
hands.forEach(h => { byName[key(h.querySelector("legend .who").textContent.trim())] = h; });
// The hands filled in as sent and not changed since, kept on the phone beside the draft (the
// entries themselves come back from the draft, static/js/games.js) so that after a reload, or in
// another tab, a phone's hand is still labelled as the phone's.
var SENT = () => "scorekeeper.sent." + form.dataset.proposals, asSent = {};
try {
 asSent = JSON.parse(localStorage.getItem(SENT())) || {};
 var thisRound = /\/rounds\/(\d+)\//.exec(form.dataset.proposals);
 Object.keys(localStorage).forEach(k => {  // the same game's earlier rounds are saved: theirs go
  var older = /\/rounds\/(\d+)\//.exec(k);
  if (!k.indexOf("scorekeeper.sent.") && older && thisRound && k.split("/rounds/")[0] === SENT().split("/rounds/")[0] && +older[1] < +thisRound[1]) {
   localStorage.removeItem(k);
  }
 });
} catch (err) { /* none */ }
var remember = () => { try { localStorage.setItem(SENT(), JSON.stringify(asSent)); } catch (err) { /* private */ } };
var touched = new Set(), filled = Object.assign({}, asSent);
var touch = e => {
 var h = e.isTrusted && e.target.closest("fieldset.hand");
 if (h) { touched.add(h); if (asSent[h.id]) { delete asSent[h.id]; remember(); } }
};
form.addEventListener("input", touch);
form.addEventListener("change", touch);

function fill(hand, p) {
 var mode = window.scorekeeperFill(hand, p.hand || {}, p.points);
 var sure = hand.querySelector("input[name$='-sure']");
 if (sure && mode === "points") { sure.checked = true; }  // the player's phone sent these points
 filled[hand.id] = asSent[hand.id] = JSON.stringify(p);
 remember();
 touched.delete(hand);
}

function time(at) {
 var d = new Date(at);
 return isNaN(d.getTime()) ? "" : d.toLocaleTimeString(lang, { hour: "numeric", minute: "2-digit" });  // 6:49 AM, 06:49 in French
}
function noteOf(hand) {
 var note = hand.querySelector(".arrived");
 if (!note) {
  note = Object.assign(document.createElement("div"), { className: "arrived computed" });
  note.setAttribute("role", "status");
  hand.querySelector("legend").after(note);
 }
 return note;
}
function arrived(name, hand, p) {
 var seen = JSON.stringify(p);
 var count = (p.hand || {}).card_count, words = { name, points: p.points, count, time: time(p.at) };
 if (filled[hand.id] === seen) {  // (after a reload: said again)
  if (!hand.querySelector(".arrived")) { noteOf(hand).replaceChildren(sentText(words)); }
  return;
 }
 var note = noteOf(hand);
 var entered = hand.querySelector("output.running").textContent.trim() !== "";
 if (touched.has(hand) || (!(hand.id in filled) && entered)) {
  var take = Object.assign(document.createElement("button"), { type: "button", className: "secondary take", textContent: say("Use it") });
  take.addEventListener("click", () => { fill(hand, p); noteOf(hand).replaceChildren(sentText(words)); });
  note.replaceChildren(Object.assign(document.createElement("p"), { className: "hint",
   textContent: count === undefined && one(words.points) ? say("%(name)s's phone sent %(points)s point at %(time)s; your entry is kept.", words)
    : count === undefined ? say("%(name)s's phone sent %(points)s points at %(time)s; your entry is kept.", words)
    : one(count) ? say("%(name)s's phone sent %(count)s card left at %(time)s; your entry is kept.", words)
    : say("%(name)s's phone sent %(count)s cards left at %(time)s; your entry is kept.", words) }), take);
  filled[hand.id] = seen;  // said once; a newer hand from the phone is said again
  return;
 }
 fill(hand, p);
 note.replaceChildren(sentText(words));
}
function sentText(words) {
 return Object.assign(document.createElement("p"), { className: "hint", textContent: words.count === undefined
  ? (one(words.points) ? say("Sent from %(name)s's phone at %(time)s: %(points)s point.", words)
   : say("Sent from %(name)s's phone at %(time)s: %(points)s points.", words))
  : one(words.count) ? say("Sent from %(name)s's phone at %(time)s: %(count)s card left.", words)
  : say("Sent from %(name)s's phone at %(time)s: %(count)s cards left.", words) });
}

// A player's word that they went out: said in their hand, and ticked as who went out when the
// scorekeeper has ticked nobody yet and no other phone says the same.
var wentOutTouched = false;
form.querySelector(".went-out").addEventListener("change", e => { if (e.isTrusted) { wentOutTouched = true; } });
function saidOut(name, hand, p) {
 var seen = JSON.stringify(p);
 if (filled[hand.id] !== seen) {
  filled[hand.id] = asSent[hand.id] = seen;
  remember();
 }
 noteOf(hand).replaceChildren(Object.assign(document.createElement("p"), { className: "hint",
  textContent: say("Sent from %(name)s's phone at %(time)s: %(name)s went out.", { name, time: time(p.at) }) }));
}
function tickWentOut(got) {
 var claims = Object.keys(got).filter(name => got[name].went_out && byName[key(name)]);
 if (claims.length !== 1 || wentOutTouched || form.querySelector(".went-out input:checked")) { return; }
 var radio = form.querySelector(".went-out input[value='" + byName[key(claims[0])].dataset.seat + "']");
 if (radio) {
  radio.checked = true;
  radio.dispatchEvent(new Event("change", { bubbles: true }));
 }
}
// Beside a player, before Save: their phone says they went out and the form says someone else
// did, or the form says they went out and their phone sent a hand.
function showDisagreements() {
 var got = (form.got && form.got.proposals) || {};
 var checked = form.querySelector(".went-out input:checked");
 var out = checked ? checked.value : null;
 var outHand = hands.find(h => h.dataset.seat === out);
 var outName = outHand ? outHand.querySelector("legend .who").textContent.trim() : null;
 hands.forEach(hand => {
  var name = hand.querySelector("legend .who").textContent.trim();
  var sentName = Object.keys(got).find(n => byName[key(n)] === hand);
  var p = sentName ? got[sentName] : null;
  var text = "";
  if (p && p.went_out && out === "stock") {
   text = say("%(name)s's phone says %(name)s went out; this form says nobody went out.", { name });
  } else if (p && p.went_out && outName && outHand !== hand) {
   text = say("%(name)s's phone says %(name)s went out; this form says %(other)s went out.", { name, other: outName });
  } else if (p && !p.went_out && outHand === hand) {
   text = p.hand && p.hand.card_count !== undefined && one(p.hand.card_count)
    ? say("%(name)s's phone sent %(count)s card left; this form says %(name)s went out.", { name, count: p.hand.card_count })
    : p.hand && p.hand.card_count !== undefined
    ? say("%(name)s's phone sent %(count)s cards left; this form says %(name)s went out.", { name, count: p.hand.card_count })
    : one(p.points) ? say("%(name)s's phone sent %(points)s point; this form says %(name)s went out.", { name, points: p.points })
    : say("%(name)s's phone sent %(points)s points; this form says %(name)s went out.", { name, points: p.points });
  }
  var shown = hand.querySelector(".disagree");
  if (!text) {
   if (shown) { shown.remove(); }
   return;
  }
  if (!shown) {
   shown = Object.assign(document.createElement("p"), { className: "field-error disagree" });
   shown.setAttribute("role", "alert");
   noteOf(hand).after(shown);
  }
  if (shown.textContent !== text) { shown.textContent = text; }
 });
}
form.addEventListener("change", showDisagreements);

function take() {
 var got = form.got.proposals;
 Object.keys(got).forEach(name => {
  var hand = byName[key(name)];
  if (!hand) { return; }
  if (got[name].went_out) { saidOut(name, hand, got[name]); } else { arrived(name, hand, got[name]); }
 });
 tickWentOut(got);
 hands.forEach(hand => {  // a hand taken back on the phone: its note goes, the entry stays
  if (!Object.keys(got).some(n => byName[key(n)] === hand)) { var n = hand.querySelector(".arrived"); if (n) { n.remove(); } delete filled[hand.id]; delete asSent[hand.id]; }
 });
}
form.addEventListener("hands", () => { take(); showDisagreements(); });
form.addEventListener("round:moved", () => { asSent = {}; });
take();
showDisagreements();
})();
