// Game pages: helpers that save taps; every form works without them (docs/games.md).
(() => {
"use strict";
document.documentElement.classList.add("js");
var say = window.scorekeeperSay;
var one = window.scorekeeperOne;
var shown = n => n.toLocaleString(document.documentElement.lang);

var form = document.querySelector("form.round-form");
if (!form) { return; }
var values = JSON.parse(form.dataset.cardPoints || "{}");
var penalty = parseInt(form.dataset.penalty || "0", 10);
var roy = form.dataset.roy === "yes";
var hands = Array.prototype.slice.call(form.querySelectorAll("fieldset.hand"));
var Cards = window.scorekeeperCards;  // the cards of a hand: static/js/cards.js

// A new element with these properties and attributes.
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

// A box's whole number as the server takes it: null if empty, NaN if refused.
function whole(input, high) {
 var raw = input ? input.value.trim() : "";
 return raw === "" ? null : /^\d+$/.test(raw) && +raw <= high ? +raw : NaN;
}

// The hand's points, or null: nothing entered, or the server would refuse it.
function handTotal(hand) {
 var mode = modeOf(hand);
 var missing = whole(hand.querySelector("input[name$='-missing_cards']"), 60);
 var total = missing * penalty;
 var any = missing > 0;
 if (mode === "missing") { return null; }
 if (mode === "points") {
  var pts = whole(hand.querySelector("input[name$='-points']"), 10000);
  return pts === null || Number.isNaN(pts + total) ? null : pts + total;
 }
 if (mode === "values") {
  hand.querySelectorAll(".mode-values input").forEach(box => { var n = whole(box, 120); total += n * cardValueOf(box); any = any || n > 0; });
 } else {
  Cards.codes(hand).forEach(code => { total += Cards.points(code); any = true; });
 }
 return any && !Number.isNaN(total) ? total : null;
}

// Points no hand can score: "are you sure?"
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
  doubt.textContent = one(pts)
   ? say("%(points)s point: no hand adds up to %(points)s with these card values. Check it, or tick “Yes, these points are right”.", { points: pts })
   : say("%(points)s points: no hand adds up to %(points)s with these card values. Check it, or tick “Yes, these points are right”.", { points: pts });
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
  Cards.show(hand);
  var total = Cards.check(hand, mode) ? null : handTotal(hand);
  var text = total === null ? "" : shown(total);
  if (output && output.textContent !== text) { output.textContent = text; }
  hand.querySelectorAll(".vrow").forEach(row => {
   var n = number(row.querySelector("input")) || 0;
   row.querySelectorAll("button.vp").forEach(b => {
    var more = b.matches(".m3"), on = String(n) === b.value || more && n > 3;
    if ((b.getAttribute("aria-pressed") === "true") !== on) { b.setAttribute("aria-pressed", on ? "true" : "false"); }
    if (more) { b.textContent = Math.max(n, 3); }
   });
  });
 });
 if (roy && winner && winner.textContent !== shown(royTotal)) { winner.textContent = shown(royTotal); }
 placeRule();
}

// By value: buttons 1-4 (again: none); many values: 1-3 (3 again: +1).
function buildPills(hand) {
 var boxes = hand.querySelectorAll(".mode-values input"), two = boxes.length > 6, last = two ? 3 : 4;
 if (two) { hand.querySelector(".mode-values").classList.add("two"); }
 boxes.forEach(box => {
  var row = make("div", { className: "vrow" });
  var label = box.parentNode;
  label.before(row);
  row.append(label);
  var pills = make("span", { className: "vpills" });
  for (var n = 1; n <= last; n++) {
   pills.append(make("button", { type: "button", className: two && n == 3 ? "vp m3" : "vp", value: String(n), textContent: String(n) },
    { "aria-pressed": "false", "aria-label": say("%(count)s × %(value)s points", { count: n, value: cardValueOf(box) }) }));
  }
  pills.addEventListener("click", event => {
   var b = event.target.closest("button.vp");
   if (!b) { return; }
   var before = box.value;
   box.value = b.matches(".m3") && +box.value >= 3 ? +box.value + 1 : box.value === b.value ? "" : b.value;
   box.dispatchEvent(new Event("input", { bubbles: true }));
   sayCleared(hand, box, before);
  });
  row.append(pills);
  if (!two) { box.id = box.id || box.name; label.htmlFor = box.id; row.append(box); }
 });
}

// A tap on the pressed count clears it: said under the row, with Undo, never silently.
function sayCleared(hand, box, before) {
 hand.querySelectorAll(".count-cleared").forEach(n => { n.remove(); });
 if (box.value !== "" || before === "") {
  return;
 }
 var note = make("p", { className: "hint count-cleared" }, { role: "status" });
 var undo = make("button", { type: "button", className: "secondary undo", textContent: say("Undo") });
 undo.addEventListener("click", () => {
  box.value = before;
  box.dispatchEvent(new Event("input", { bubbles: true }));
  note.remove();
 });
 note.append(say("%(count)s × %(value)s points cleared.", { count: before, value: cardValueOf(box) }), " ", undo);
 hand.querySelector(".mode-values").after(note);
}

// Each hand's roles, labels, total and "went out" line.
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

// Tapping a card, a count or points picks that way.
hands.forEach(hand => {
 if (roy) { return; }
 Cards.build(hand);
 buildPills(hand);
 function pick(mode) {
  var radio = hand.querySelector(".modes input[value='" + mode + "']");
  if (radio && !radio.checked) { radio.checked = true; }
 }
 hand.addEventListener("input", event => {
  var el = event.target;
  if (el.matches("input[name$='-extra']")) { pick("cards"); }
  else if (el.matches(".mode-values input")) { pick("values"); }
  else if (el.matches("input[name$='-points']")) { pick("points"); }
 });
});

form.addEventListener("input", update);
form.addEventListener("change", update);
update();

// One tap, one post; Back from the page cache: the current round.
var sending = false;
form.addEventListener("submit", e => {
 if (sending) { e.preventDefault(); } else { sending = true; setTimeout(() => { sending = !e.defaultPrevented; }); }
});
addEventListener("pageshow", e => { sending = false; if (e.persisted) { location.replace(location.href); } });

// Hands sent from phones: polled (304 while none) into form.got and a "hands" event; the first
// loads proposals.js. Every answer is handled: 403, 404 and 409 stop the poll and say why above
// the form; 5xx, 429 and no network are asked again at the next tick.
var proposalsScript = document.currentScript.src.replace("games", "proposals");
var handsTag = "";
var handsStopped = false;
var STOPPED = [403, 404, 409];
function whyStopped(status) {
 if (status === 403) {
  return say("Hands from the players' phones no longer arrive here: this phone can no longer change the game (its edit link was renewed, or it was never given).");
 }
 if (status === 404) {
  return say("Hands from the players' phones no longer arrive here: this round is not in the game.");
 }
 return say("Hands from the players' phones no longer arrive here: round %(number)s was saved meanwhile (on another phone or tab), or the game is over.",
  { number: form.querySelector("input[name=round]").value });
}
function stopHands(status) {
 handsStopped = true;
 var note = document.querySelector(".hands-stopped");
 if (!note) {
  note = make("p", { className: "flash flash-error hands-stopped" }, { role: "status" });
  form.before(note);
 }
 note.textContent = whyStopped(status);
}
function handsArrived(body) {
 form.got = body;
 if (!proposalsScript) {
  form.dispatchEvent(new Event("hands"));
 } else if (Object.keys(body.proposals).length) {
  document.head.append(make("script", { src: proposalsScript }));
  proposalsScript = "";
 }
}
function pollHands() {
 if (handsStopped || document.hidden) {
  return;
 }
 fetch(form.dataset.proposals, { headers: { "If-None-Match": handsTag } }).then(response => {
  if (STOPPED.includes(response.status)) {
   stopHands(response.status);
   return null;
  }
  if (response.status !== 200) {
   return null;  // 304: nothing new; 5xx or 429: asked again at the next tick
  }
  handsTag = response.headers.get("ETag") || "";
  return response.json();
 }).then(body => {
  if (body && body.proposals && typeof body.proposals === "object") {
   handsArrived(body);
  }
 }, () => { /* no network: asked again at the next tick */ });
}
if (form.dataset.proposals) {
 setInterval(pollHands, 1000);
}
form.addEventListener("round:moved", e => {
 handsTag = "";
 handsStopped = false;
 document.querySelectorAll(".hands-stopped").forEach(n => { n.remove(); });
 if (form.dataset.proposals) {
  form.dataset.proposals = form.dataset.proposals.replace(/\d+(?=\/p)/, e.detail.round);
 }
});

// Entries kept on the phone per game and round until saved (docs/games.md).
var game = form.dataset.draft;
var at = +form.dataset.round;
var note = form.querySelector(".draft-note");
if (!game || !note) { return; }
var pre = "scorekeeper.round." + game + ".";
var store = localStorage;
var own = el => !el.name || /^(csrf_token|round|key|version|hands-\d+-seat)$/.test(el.name) || /hidden|submit|button/.test(el.type);
var ticks = el => /radio|checkbox/.test(el.type);
var els = () => Array.prototype.filter.call(form.elements, el => !own(el));
function keep() {
 var dirty = !!wentOut() || els().some(el => ticks(el) ? el.checked !== el.defaultChecked : el.value !== el.defaultValue);
 note.hidden = !dirty;
 try {
  if (dirty) { store.setItem(pre + at, JSON.stringify([Date.now(), els().map(el => [el.name, el.value, ticks(el) ? el.checked : null])])); }
  else { store.removeItem(pre + at); }
 } catch (err) { /* full, or private */ }
}
// A draft put back after a reload is said at the top of the form, with Discard.
function sayRestored() {
 var notice = make("p", { className: "flash draft-restored" }, { role: "status" });
 var discard = make("button", { type: "button", className: "secondary", textContent: say("Discard") });
 discard.addEventListener("click", () => { note.querySelector("button").click(); });
 notice.append(say("Restored what you entered before the reload"), " · ", discard);
 form.before(notice);
}
function restore(fields) {
 for (var pass = 0; pass < 2; pass += 1) {  // twice: the first pass shows the tick for odd points
  fields.forEach(f => els().forEach(el => {
   if (el.name !== f[0]) { return; }
   if (!ticks(el)) { el.value = f[1]; } else if (el.value === f[1]) { el.checked = f[2]; }
  }));
  update();
 }
}
try {
 Object.keys(store).forEach(k => {  // rounds saved since, and anything two weeks old
  var kept = k.indexOf("scorekeeper.round.") ? null : JSON.parse(store.getItem(k));
  if (kept && (kept[0] < Date.now() - 12096e5 || (!k.indexOf(pre) && +k.slice(pre.length) < at))) { store.removeItem(k); }
 });
 var mine = JSON.parse(store.getItem(pre + at));
 if (mine && form.hasAttribute("data-draft-fresh")) {
  restore(mine[1]);
  sayRestored();
 }
} catch (err) { /* no storage */ }
keep();
form.addEventListener("input", keep);
form.addEventListener("change", keep);
// offline.js kept this round, or moved a stored form past rounds waiting: theirs go.
var drop = () => { try { store.removeItem(pre + at); } catch (err) { /* no storage */ } };
form.addEventListener("round:kept", drop);
form.addEventListener("round:moved", e => {
 drop();
 at = e.detail.round;
 form.reset();
 try { var mine = JSON.parse(store.getItem(pre + at)); if (mine) { restore(mine[1]); } } catch (err) { /* no storage */ }
 update();
 keep();
});
note.querySelector("button").addEventListener("click", () => {
 document.querySelectorAll(".draft-restored").forEach(n => { n.remove(); });
 els().forEach(el => {
  if (ticks(el)) { el.checked = /-mode$/.test(el.name) && el.defaultChecked; } else { el.value = /missing_cards$/.test(el.name) ? "0" : ""; }
 });
 form.querySelectorAll(".field-errors, .computed, .preview, .card-problem").forEach(el => { el.remove(); });
 update();
 keep();
});
})();
