// A hand as the API has it (docs/api.md) put into a hand's fieldset as if typed: on the round form
// (static/js/proposals.js, the hands from the players' phones) and on "My hand" (static/js/hand.js
// shows again the hand it sent after a reload). The cards go into the typed box in the page's
// letters (static/js/card_letters.js).
import { language } from "./say.js";
import { inLetters } from "./card_letters.js";

// The way the hand was filled in ("cards", "values", "points"; null for ROY's count of cards).
export function fillHand(hand, sent, points) {
  const set = (selector, value) => {
    const box = hand.querySelector(selector);
    if (box) {
      box.value = value;
    }
  };
  let mode = "points";
  if (sent.card_count !== undefined) {
    mode = null;
  } else if (sent.cards) {
    mode = "cards";
  } else if (sent.values) {
    mode = "values";
  }
  const radio = mode && hand.querySelector(".modes input[value='" + mode + "']");
  if (radio) {
    radio.checked = true;
  }
  hand.querySelectorAll(".mode-values input").forEach(box => {
    box.value = "";
  });
  hand.querySelectorAll(".suit-row input").forEach(box => {
    box.checked = false;
  });
  set("input[name$='-extra']", "");
  set("input[name$='-points']", "");
  if (sent.card_count !== undefined) {
    set("input.count", sent.card_count);
  } else if (sent.values) {
    Object.keys(sent.values).forEach(value => {
      set("input[name$='-v" + value + "']", sent.values[value]);
    });
  } else if (sent.cards) {
    const typed = [];
    sent.cards.forEach(code => {
      const box = hand.querySelector(".suit-row input[value='" + code + "']:not(:checked)");
      if (box) {
        box.checked = true;
      } else {
        typed.push(inLetters(code, language));
      }
    });
    set("input[name$='-extra']", typed.join(" "));
  } else {
    set("input[name$='-points']", sent.points !== undefined ? sent.points : points);
  }
  set("input[name$='-missing_cards']", sent.missing_cards || 0);
  // the running total and the draft (static/js/games.js)
  hand.dispatchEvent(new Event("input", { bubbles: true }));
  return mode;
}
