// Loaded by the round form only on the page the language switch returns to (data-from: the language
// left; scorekeeper/web/language.py), after static/js/games.js has put back what was typed: the
// typed cards are rewritten in this page's letters ("3T" on a French page is "3C" on an English
// one: docs/rulings.md, "Card codes on French pages"); a card read alike on both pages (7♥, JK, 5S)
// stays as typed, and what cannot be read stays, flagged.
(() => {
"use strict";
var say = window.scorekeeperSay;
var LANG = (document.documentElement.lang || "en").slice(0, 2);
var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
var SYMBOL = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C", "\u2664": "S", "\u2661": "H", "\u2662": "D", "\u2667": "C" };
var FR_RANK = { R: "K", D: "Q", V: "J" }, FR_SUIT = { P: "S", C: "H", K: "D", T: "C" };
function englishCode(t, lang) {  // the English code of a card typed on a page in lang, or null
 var c = t.trim().replace(/[\ufe0e\ufe0f]/g, "").toUpperCase();
 if (c === "JK" || c === "JOKER" || (lang === "fr" && c === "JO")) { return "JK"; }
 var rank = r => lang === "fr" ? FR_RANK[r] || r : r.replace(/^T$/, "10");
 if (RANKS.includes(rank(c))) { return rank(c); }  // a rank alone
 var s = SYMBOL[c.slice(-1)] || (lang === "fr" ? FR_SUIT[c.slice(-1)] : "SHDC".includes(c.slice(-1)) && c.slice(-1));
 return s && RANKS.includes(rank(c.slice(0, -1))) ? rank(c.slice(0, -1)) + s : null;
}
function inLetters(code, lang) {  // an English code as a page in lang writes it
 if (lang !== "fr" || code === "JK") { return code; }
 return code.replace(/^(10|.)/, r => ({ K: "R", Q: "D", J: "V" })[r] || r).replace(/[SHDC]$/, s => ({ S: "P", H: "C", D: "K", C: "T" })[s]);
}
var from = document.currentScript.dataset.from, form = document.querySelector("form.round-form");
if (!form || !from || from === LANG) { return; }
form.querySelectorAll("input[name$='-extra']").forEach(box => {
 if (!box.value.trim()) { return; }
 var moved = [], unread = [];
 box.value = box.value.split(/[\s,]+/).filter(Boolean).map(t => {
  var code = englishCode(t, from);
  if (!code) { unread.push(t); return t; }
  if (englishCode(t, LANG) === code) { return t; }
  var now = inLetters(code, LANG);
  moved.push(t + " → " + now);
  return now;
 }).join(" ");
 var said = [moved.length && say("Typed on a page in the other language, rewritten in this page's letters: %(cards)s.", { cards: moved.join(", ") }),
             unread.length && say("Not read as cards, check them: %(cards)s.", { cards: unread.join(" ") })].filter(Boolean);
 if (said.length) {
  var note = Object.assign(document.createElement("p"), { className: "hint retyped", textContent: said.join(" ") });
  note.setAttribute("role", "status");
  box.after(note);
 }
 box.dispatchEvent(new Event("input", { bubbles: true }));  // the running total, and the draft kept in these letters
});
})();
