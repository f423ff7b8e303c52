// Game pages: helpers that save taps; every form works without them (docs/games.md).
(() => {
"use strict";
document.documentElement.classList.add("js");
var say = window.scorekeeperSay;
var shown = n => n.toLocaleString(document.documentElement.lang);

// Share links: tap the box to select the whole link.
document.querySelectorAll("input.copy").forEach(box => {
 box.addEventListener("focus", () => { box.select(); });
});

var form = document.querySelector("form.round-form");
if (!form) { return; }
var values = JSON.parse(form.dataset.cardPoints || "{}");
var penalty = parseInt(form.dataset.penalty || "0", 10);
var roy = form.dataset.roy === "yes";
var hands = Array.prototype.slice.call(form.querySelectorAll("fieldset.hand"));
var SUITS = [["S", "\u2660", false], ["H", "\u2665", true], ["D", "\u2666", true], ["C", "\u2663", false]];
var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
// one tap sets 1 to 4 cards of a value
var PILLS = 4;

var SUIT_OF = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C",
 "\u2664": "S", "\u2661": "H", "\u2662": "D", "\u2667": "C" };

// A card code read as the server reads it (scorekeeper/rules/cards.py, parse_card: a rank alone
// is a card where only points count); its points, or undefined when it is not a card of this pack.
function cardValue(code) {
 code = code.trim().replace(/[\ufe0e\ufe0f]/g, "").toUpperCase();
 if (code === "JK" || code === "JOKER") { return values.JK; }
 if (code.length >= 2) {
  var rank = code.slice(0, -1);
  var suit = SUIT_OF[code.slice(-1)] || code.slice(-1);
  if (rank === "T") { rank = "10"; }
  if (RANKS.indexOf(rank) >= 0 && "SHDC".indexOf(suit) >= 0) { return values[rank]; }
 }
 var alone = code === "T" ? "10" : code;
 return RANKS.indexOf(alone) >= 0 ? values[alone] : undefined;
}

// A new element with these properties (className, type, textContent...) and attributes (role, aria-*).
function make(tag, props, attrs) {
 var node = Object.assign(document.createElement(tag), props);
 Object.keys(attrs || {}).forEach(k => { node.setAttribute(k, attrs[k]); });
 return node;
}

// hands-1-v5: 5-point cards
function cardValueOf(box) { return box.name.replace(/^.*-v/, ""); }

function modeOf(hand) {
 var checked = hand.querySelector(".modes input:checked");
 return checked ? checked.value : "values";
}

function number(input) {
 if (!input || input.value.trim() === "") { return null; }
 var n = parseInt(input.value, 10);
 return isNaN(n) ? null : n;
}

// The codes typed in a hand's box: "KD, 7h" is ["KD", "7h"].
function typed(hand) {
 var extra = hand.querySelector("input[name$='-extra']");
 return extra ? extra.value.split(/[\s,]+/).filter(Boolean) : [];
}

window.scorekeeperForm = { number, modeOf, cardValueOf, typed };

function wentOut() {
 var checked = form.querySelector(".went-out input:checked");
 return checked ? checked.value : null;
}

// The typed codes that are not cards of this game: the hand is not counted until they are fixed
// (the server refuses it), and the hand says which code and what a card is.
function badCodes(hand) {
 return modeOf(hand) === "cards" ? typed(hand).filter(code => typeof cardValue(code) !== "number") : [];
}
function showBadCodes(hand, bad) {
 var note = hand.querySelector(".card-problem");
 var who = { name: hand.querySelector("legend .who").textContent.trim(), value: bad[0] };
 var joker = /^(JK|JOKER)$/i.test(bad[0] || "");
 var text = !bad.length ? ""
  : joker ? say("%(name)s: '%(value)s' is not in the pack: this game is played without jokers", who)
  : say("%(name)s: '%(value)s' is not a card; a card is A, 2–10, J, Q or K with S, H, D or C, or JK for a joker", who);
 if (!note && !text) { return; }
 if (!note) {
  note = make("p", { className: "field-error card-problem" }, { role: "alert" });
  hand.querySelector(".mode-cards > input").after(note);
 }
 if (note.textContent !== text) { note.textContent = text; }
 note.hidden = !text;
}

// A whole number from low to high as the server takes it (web/games/forms.py): null when the
// box is empty, NaN when the server would refuse it.
function whole(input, low, high) {
 var raw = input ? input.value.trim() : "";
 if (raw === "") { return null; }
 var n = /^[0-9]+$/.test(raw) ? parseInt(raw, 10) : NaN;
 return n >= low && n <= high ? n : NaN;
}

// The hand's points as the server will count them; null when nothing is entered yet or when the
// server would refuse the hand (then the running total shows nothing).
function handTotal(hand) {
 var mode = modeOf(hand);
 if (mode === "missing") { return null; }
 var missing = whole(hand.querySelector("input[name$='-missing_cards']"), 0, 60);
 if (Number.isNaN(missing)) { return null; }
 missing = missing || 0;
 if (mode === "points") {
  var pts = whole(hand.querySelector("input[name$='-points']"), 0, 10000);
  return pts === null || Number.isNaN(pts) ? null : pts + missing * penalty;
 }
 var total = 0;
 var any = missing > 0;
 var refused = false;
 if (mode === "values") {
  hand.querySelectorAll(".mode-values input").forEach(box => {
   var n = whole(box, 0, 120);
   if (Number.isNaN(n)) { refused = true; }
   else if (n) { total += n * parseInt(cardValueOf(box), 10); any = true; }
  });
  return any && !refused ? total + missing * penalty : null;
 }
 hand.querySelectorAll(".suit-row input:checked").forEach(box => {
  total += cardValue(box.value) || 0;
  any = true;
 });
 typed(hand).forEach(code => {
  var v = cardValue(code);
  if (typeof v === "number") { total += v; any = true; } else { refused = true; }
 });
 return any && !refused ? total + missing * penalty : null;
}

// Points no hand can score: "are you sure?" (web/games/forms.py).
var possible = null;
function canScore(points) {
 if (!possible) {
  var worth = Object.keys(values).map(k => values[k]).concat(penalty ? [penalty] : [])
   .filter(v => v > 0);
  possible = [true];
  for (var n = 1; n <= 10000; n += 1) {
   possible[n] = worth.some(v => v <= n && possible[n - v]);
  }
 }
 return points > 10000 || possible[points] === true;
}
function checkPoints(hand) {
 var box = hand.querySelector("input[name$='-points']");
 if (!box) { return; }
 var pts = modeOf(hand) === "points" ? number(box) : null;
 var odd = pts !== null && pts >= 0 && !canScore(pts);
 box.dataset.unlikely = odd ? "yes" : "no";
 var doubt = hand.querySelector(".points-doubt");
 var sure = hand.querySelector("label.sure");
 if (!odd && !doubt) { return; }
 if (!doubt) {  // as the server renders them
  var tick = box.name.replace(/points$/, "sure");
  doubt = make("p", { className: "points-doubt field-error" }, { role: "alert" });
  sure = make("label", { className: "check sure" });
  sure.append(make("input", { type: "checkbox", name: tick, id: tick, value: "y" }), " " + say("Yes, these points are right"));
  box.after(doubt, sure);
 }
 if (odd) {
  doubt.textContent = say("%(points)s points: no hand adds up to %(points)s with these card values. Check it, or tick “Yes, these points are right”.", { points: pts });
 }
 doubt.hidden = !odd;
 sure.hidden = !odd && !sure.querySelector("input").checked;
}

// "No score": the rule goes under the hand that chose it.
var noScore = form.querySelector(".no-score-rule");
function placeRule() {
 var missing = hands.filter(hand => modeOf(hand) === "missing" && !hand.classList.contains("is-out"));
 if (!noScore) { return; }
 if (missing.length) {
  var last = missing[missing.length - 1];
  if (noScore.parentNode !== last) { last.append(noScore); }
 }
 noScore.hidden = !missing.length;
}

function update() {
 var out = wentOut();
 var royTotal = 0;
 var winner = null;
 hands.forEach(hand => {
  var isOut = out !== null && hand.dataset.seat === out;
  if (hand.classList.contains("is-out") !== isOut) { hand.classList.toggle("is-out", isOut); }
  var output = hand.querySelector("output.running");
  if (isOut) { winner = output; return; }
  if (roy) {
   royTotal += number(hand.querySelector("input.count")) || 0;
   return;
  }
  var mode = modeOf(hand);
  if (hand.dataset.mode !== mode) { hand.dataset.mode = mode; }
  checkPoints(hand);
  var bad = badCodes(hand);
  showBadCodes(hand, bad);
  var total = bad.length ? null : handTotal(hand);
  var text = total === null ? "" : shown(total);
  if (output && output.textContent !== text) { output.textContent = text; }
  hand.querySelectorAll(".vrow").forEach(row => {
   var n = number(row.querySelector("input")) || 0;
   row.querySelectorAll("button.vp").forEach(b => {
    var on = String(n) === b.value;
    if ((b.getAttribute("aria-pressed") === "true") !== on) { b.setAttribute("aria-pressed", on ? "true" : "false"); }
   });
  });
 });
 if (roy && winner && winner.textContent !== shown(royTotal)) { winner.textContent = shown(royTotal); }
 placeRule();
}

// The card picker; cards typed in the box are ticked (first copies).
function cardBox(name, code, text) {
 var label = make("label");
 label.append(make("input", { type: "checkbox", name, value: code }), make("span", { textContent: text }));
 return label;
}
function suitRow(cls, label) { return make("div", { className: cls }, { role: "group", "aria-label": label }); }

function buildPicker(hand) {
 var slot = hand.querySelector(".picker");
 var extra = hand.querySelector("input[name$='-extra']");
 if (!slot || !extra || slot.firstChild) { return; }
 var name = extra.name.replace(/extra$/, "cards");
 SUITS.forEach(suit => {
  var row = suitRow("suit-row" + (suit[2] ? " red" : ""), suit[1]);
  RANKS.forEach(rank => { row.append(cardBox(name, rank + suit[0], rank + suit[1])); });
  slot.append(row);
 });
 if (values.JK !== undefined) {
  var jokers = suitRow("suit-row", say("Jokers"));
  var joker = cardBox(name, "JK", say("Joker"));
  joker.className = "joker";
  jokers.append(joker);
  slot.append(jokers);
 }
 if (!extra.value.trim()) { return; }
 var left = [];
 typed(hand).forEach(code => {
  var up = code.toUpperCase().replace(/^T/, "10").replace(/[^0-9A-Z]/g, "");
  var box = slot.querySelector("input[value='" + up + "']");
  if (box && !box.checked) { box.checked = true; } else { left.push(code); }
 });
 extra.value = left.join(" ");
}

// By value: buttons 1-4 beside each count box (a second tap clears it).
function buildPills(hand) {
 hand.querySelectorAll(".mode-values input").forEach(box => {
  var row = make("div", { className: "vrow" });
  var label = box.parentNode;
  label.before(row);
  row.append(label);
  box.id = box.id || box.name;
  label.htmlFor = box.id;
  var pills = make("span", { className: "vpills" });
  for (var n = 1; n <= PILLS; n += 1) {
   pills.append(make("button", { type: "button", className: "vp", value: String(n), textContent: String(n) },
    { "aria-pressed": "false", "aria-label": say("%(count)s × %(value)s points", { count: n, value: cardValueOf(box) }) }));
  }
  pills.addEventListener("click", event => {
   var b = event.target.closest("button.vp");
   if (!b) { return; }
   box.value = box.value === b.value ? "" : b.value;
   box.dispatchEvent(new Event("input", { bubbles: true }));
  });
  row.append(pills);
  row.append(box);
 });
}

// Each hand's roles, labels, live total and "went out" line.
hands.forEach(hand => {
 var name = hand.querySelector("legend .who").textContent.trim();
 var modes = hand.querySelector(".modes");
 var byValue = hand.querySelector(".mode-values");
 if (modes) { modes.setAttribute("role", "radiogroup"); modes.setAttribute("aria-label", say("How %(name)s's score is entered", { name })); }
 if (byValue) { byValue.setAttribute("role", "group"); byValue.setAttribute("aria-label", say("%(name)s's cards by value", { name })); }
 hand.querySelector("output.running").setAttribute("aria-live", "polite");
 hand.querySelector("legend").after(make("p", { className: "if-out hint",
  textContent: roy ? say("Went out: scores the cards left in the other hands.") : say("Went out: 0 points.") }));
});

// Tapping a card, a count or typing points picks that way of scoring.
hands.forEach(hand => {
 if (roy) { return; }
 buildPicker(hand);
 buildPills(hand);
 function pick(mode) {
  var radio = hand.querySelector(".modes input[value='" + mode + "']");
  if (radio && !radio.checked) { radio.checked = true; }
 }
 hand.addEventListener("input", event => {
  var el = event.target;
  if (el.matches(".suit-row input, input[name$='-extra']")) { pick("cards"); }
  else if (el.matches(".mode-values input")) { pick("values"); }
  else if (el.matches("input[name$='-points']")) { pick("points"); }
 });
});

form.addEventListener("input", update);
form.addEventListener("change", update);
update();

// One tap, one submission: a second tap while the first is on its way is ignored (unless
// another script, static/js/offline.js, kept the round on the phone instead of sending it).
var sending = false;
form.addEventListener("submit", event => {
 if (sending) { event.preventDefault(); return; }
 sending = true;
 setTimeout(() => { if (event.defaultPrevented) { sending = false; } }, 0);
});

// Entries live on the phone until saved: who went out, each hand and its way of entry, kept per
// game and round (localStorage) as they are typed; back after a reload, a language switch,
// Back/Forward or the browser being killed. A round form for round N means rounds before N are
// saved: their entries go. "Discard" empties the form and forgets them.
var game = form.dataset.draft;
var roundNumber = parseInt(form.dataset.round, 10);
if (!game || !roundNumber) { return; }
var PREFIX = "scorekeeper.round." + game + ".";
var draftKey = PREFIX + roundNumber;
var KEEP_DAYS = 14;
var store = (() => { try { return window.localStorage; } catch (e) { return null; } })();
var note = form.querySelector(".draft-note");
// hidden inputs and buttons are the page's, not the person's
var OWN = /^(csrf_token|round|key|version|hands-\d+-seat)$/;

function entries() {
 return Array.prototype.filter.call(form.elements, el => el.name && !OWN.test(el.name) &&
  el.type !== "hidden" && el.type !== "submit" && el.type !== "button");
}
function changed(el) {
 return el.type === "radio" || el.type === "checkbox" ? el.checked !== el.defaultChecked : el.value !== el.defaultValue;
}
function read(key) {
 try { return JSON.parse(store.getItem(key)); } catch (e) { return null; }
}
function forget(key) { try { store.removeItem(key); } catch (e) { /* private mode */ } }
function keep() {
 if (!store) { return; }
 var els = entries();
 var dirty = els.some(changed) || !!wentOut();
 if (note) { note.hidden = !dirty; }
 if (!dirty) { forget(draftKey); return; }
 var fields = els.map(el => el.type === "radio" || el.type === "checkbox" ? [el.name, el.value, el.checked] : [el.name, el.value]);
 try { store.setItem(draftKey, JSON.stringify({ at: Date.now(), fields })); } catch (e) { /* full */ }
}
function apply(draft) {
 draft.fields.forEach(f => {
  var els = Array.prototype.filter.call(form.elements, el => el.name === f[0]);
  els.forEach(el => {
   if (el.type === "radio" || el.type === "checkbox") {
    if (el.value === f[1] && el.checked !== f[2]) { el.checked = f[2]; }
   } else if (f.length === 2 && el.value !== f[1]) { el.value = f[1]; }
  });
 });
}
function restore() {
 var draft = read(draftKey);
 if (!draft || !Array.isArray(draft.fields)) { return; }
 // twice: the first pass shows boxes (the "points are right" tick) that the second fills
 apply(draft);
 update();
 apply(draft);
 update();
}
function tidy() {  // rounds already saved in this game, and entries older than two weeks
 var old = Date.now() - KEEP_DAYS * 864e5;
 for (var i = store.length - 1; i >= 0; i -= 1) {
  var key = store.key(i);
  if (!key || key.indexOf("scorekeeper.round.") !== 0) { continue; }
  var n = key.indexOf(PREFIX) === 0 ? parseInt(key.slice(PREFIX.length), 10) : NaN;
  var draft = read(key);
  if (n < roundNumber || !draft || draft.at < old) { forget(key); }
 }
}

if (store) {
 tidy();
 // A fresh form takes the entries kept; a form shown again after Preview or with errors holds
 // what was posted, which is kept in their place.
 if (form.hasAttribute("data-draft-fresh")) { restore(); }
 keep();
 form.addEventListener("input", keep);
 form.addEventListener("change", keep);
}
// static/js/offline.js kept this round on the phone with no network, or moved a stored copy of
// the form on to the next round (the ones before wait on the phone): their entries are done with.
form.addEventListener("round:kept", () => { forget(draftKey); });
form.addEventListener("round:moved", event => {
 forget(draftKey);
 draftKey = PREFIX + event.detail.round;
 form.reset();
 if (store) { restore(); keep(); }
 update();
});
if (note) {
 note.querySelector("button.discard").addEventListener("click", () => {
  entries().forEach(el => {
   if (el.type === "radio" || el.type === "checkbox") { el.checked = el.name.slice(-5) === "-mode" && el.defaultChecked; }
   else { el.value = el.name.slice(-14) === "-missing_cards" ? "0" : ""; }
  });
  form.querySelectorAll(".field-errors, .computed, .preview, .card-problem").forEach(el => { el.remove(); });
  forget(draftKey);
  update();
  note.hidden = true;
  var first = form.querySelector(".went-out input");
  if (first) { first.focus(); }
 });
}

// Back or Forward to a page kept whole by the browser (back-forward cache): its form may be for a
// round saved since; ask the server for the current one (the entries come back from the phone).
window.addEventListener("pageshow", event => {
 sending = false;
 if (event.persisted) { location.replace(location.href); }  // (a GET, even after a post)
});
})();
