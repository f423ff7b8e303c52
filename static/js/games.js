// Game pages: helpers that save taps; every form works without them (docs/games.md).
(() => {
"use strict";
document.documentElement.classList.add("js");
var say = window.scorekeeperSay;
var shown = n => n.toLocaleString(document.documentElement.lang);

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

var C = window.scorekeeperCode || (c => c.trim().toUpperCase()), F = window.scorekeeperRanks || {};

function cardValue(code) {
 code = C(code);
 if (code === "JK" || code === "JOKER") { return values.JK; }
 if (code === "T") { code = "10"; }
 // a rank alone: points need no suit
 if (values[code] !== undefined) { return values[code]; }
 var rank = code.slice(0, -1);
 if (rank === "T") { rank = "10"; }
 return values[rank];
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

function handTotal(hand) {
 var mode = modeOf(hand);
 if (hand.dataset.mode !== mode) { hand.dataset.mode = mode; }
 if (mode === "missing") { return null; }
 var missing = number(hand.querySelector("input[name$='-missing_cards']")) || 0;
 if (mode === "points") {
  var pts = number(hand.querySelector("input[name$='-points']"));
  return pts === null ? null : pts + missing * penalty;
 }
 var total = 0;
 var any = missing > 0;
 if (mode === "values") {
  hand.querySelectorAll(".mode-values input").forEach(box => {
   var n = number(box);
   if (n) { total += n * parseInt(cardValueOf(box), 10); any = true; }
  });
  return any ? total + missing * penalty : null;
 }
 hand.querySelectorAll(".suit-row input:checked").forEach(box => {
  total += cardValue(box.value) || 0;
  any = true;
 });
 typed(hand).forEach(code => {
  var v = cardValue(code);
  if (typeof v === "number") { total += v; any = true; }
 });
 return any ? total + missing * penalty : null;
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
  checkPoints(hand);
  var total = handTotal(hand);
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
  RANKS.forEach(rank => { row.append(cardBox(name, rank + suit[0], (F[rank] || rank) + suit[1])); });
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
  var up = C(code).replace(/^T/, "10").replace(/[^0-9A-Z]/g, "");
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
})();
