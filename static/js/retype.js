// Loaded by the round form only on the page the language switch returns to (its script element's
// data-from: the language left; scorekeeper/web/language.py), after static/js/games.js has put
// back what was typed: the typed cards are rewritten in this page's letters ("3T" on a French page
// is "3C" on an English one: docs/rulings.md, "Card codes on French pages"); a card read alike on
// both pages (7♥, JK, 5S) stays as typed, and what cannot be read stays, flagged.
import { language, say } from "./say.js";
import { englishCode, inLetters } from "./card_letters.js";
import "./games.js";  // (the draft is put back first)

const page = language.slice(0, 2);
const script = document.querySelector("script[data-from]");
const from = script ? script.dataset.from : "";
const form = document.querySelector("form.round-form");

function retype(box) {
  const moved = [];
  const unread = [];
  const cards = box.value.split(/[\s,]+/).filter(Boolean).map(typed => {
    const code = englishCode(typed, from);
    if (!code) {
      unread.push(typed);
      return typed;
    }
    if (englishCode(typed, page) === code) {
      return typed;
    }
    const now = inLetters(code, page);
    moved.push(typed + " → " + now);
    return now;
  });
  box.value = cards.join(" ");
  const said = [];
  if (moved.length) {
    said.push(say(
      "Typed on a page in the other language, rewritten in this page's letters: %(cards)s.",
      { cards: moved.join(", ") }));
  }
  if (unread.length) {
    said.push(say("Not read as cards, check them: %(cards)s.", { cards: unread.join(" ") }));
  }
  if (said.length) {
    const note = document.createElement("p");
    note.className = "hint retyped";
    note.textContent = said.join(" ");
    note.setAttribute("role", "status");
    box.after(note);
  }
  // the running total, and the draft kept in these letters
  box.dispatchEvent(new Event("input", { bubbles: true }));
}

if (form && from && from !== page) {
  form.querySelectorAll("input[name$='-extra']").forEach(box => {
    if (box.value.trim()) {
      retype(box);
    }
  });
}
