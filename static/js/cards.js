// The cards of a hand on the round form and on "My hand" (docs/games.md, "One hand, typed or
// ticked"). The typed box is the hand: typing a card ticks it in the card picker, tapping a card
// in the picker writes it into the box (tapping a ticked card takes it out), and nothing else
// moves a card. A second copy (games of two decks or more) is typed again, shown as "2 × 10♥".
// Under the box, what was read; every code that is not a card of the pack and every card beyond
// the pack of the game's players (scorekeeper/rules/pack_limits.py) is said at once, in the
// page's language, as the server says them on Save (scorekeeper/web/games/forms.py, read_hand).
// Reading the hand's fieldset (templates/games/_hand.html) comes first: its mode, its boxes'
// numbers, the codes typed, and the elements made for it. static/js/games.js,
// static/js/offline_round.js and static/js/hand.js import it; the letters of the cards are
// static/js/card_letters.js's.
import { say, language } from "./say.js";
import { RANKS, englishCode, inLetters, rankInLetters, rankOf, suitOf } from "./card_letters.js";

// A box's whole number, or null when it is empty or not a number.
export function number(input) {
  if (!input || input.value.trim() === "") {
    return null;
  }
  const value = parseInt(input.value, 10);
  return isNaN(value) ? null : value;
}

// How the hand is entered: "values", "cards", "points" or "missing".
export function modeOf(hand) {
  const checked = hand.querySelector(".modes input:checked");
  return checked ? checked.value : "values";
}

// The card value of a by-value box: hands-1-v5 counts the 5-point cards.
export function cardValueOf(box) {
  return box.name.replace(/^.*-v/, "");
}

// The codes typed in a hand's box: "KD, 7h" is ["KD", "7h"].
export function typed(hand) {
  const extra = hand.querySelector("input[name$='-extra']");
  return extra ? extra.value.split(/[\s,]+/).filter(Boolean) : [];
}

// A new element with these properties and attributes.
export function make(tag, props, attrs) {
  const node = Object.assign(document.createElement(tag), props);
  Object.entries(attrs || {}).forEach(([name, value]) => {
    node.setAttribute(name, value);
  });
  return node;
}

const form = document.querySelector("form.round-form");
const pointsOf = JSON.parse((form && form.dataset.cardPoints) || "{}");
const ONE_DECK = "{\"decks\": 1, \"jokers\": 0, \"words\": []}";
const pack = JSON.parse((form && form.dataset.pack) || ONE_DECK);
const hasJokers = pointsOf.JK !== undefined;
// Each suit's code, symbol and whether it is red.
const SUITS = [
  ["S", "\u2660", false],
  ["H", "\u2665", true],
  ["D", "\u2666", true],
  ["C", "\u2663", false],
];

// A card as the page shows it: "10♥", "R♥" on a French page, "Joker".
function face(code) {
  if (code === "JK") {
    return say("Joker");
  }
  let symbol = SUITS.filter(suit => suit[0] === suitOf(code)).map(suit => suit[1]).join("");
  return rankInLetters(rankOf(code), language) + symbol;
}

// "2 × 10♥" for two copies, "10♥" for one.
function times(count, code) {
  return count > 1 ? count + " \u00d7 " + face(code) : face(code);
}

function boxOf(hand) {
  return hand.querySelector("input[name$='-extra']");
}

// What is typed in the box, card by card: { typed: "10h", code: "10H" }; code null when the
// typed text is no card of this pack.
function read(hand) {
  let box = boxOf(hand);
  let typed = box ? box.value.split(/[\s,]+/).filter(Boolean) : [];
  return typed.map(text => {
    let code = englishCode(text, language);
    return { typed: text, code: code === "JK" && !hasJokers ? null : code, joker: code === "JK" };
  });
}

// The English codes of the hand's cards (those that are cards of this pack).
export function codes(hand) {
  return read(hand).filter(card => card.code).map(card => card.code);
}

function counted(list) {
  let counts = {};
  list.forEach(key => {
    counts[key] = (counts[key] || 0) + 1;
  });
  return counts;
}

// Counts up to twelve in the page's words ("four"), larger ones in figures.
function inWords(count) {
  return pack.words[count - 1] || String(count);
}

// "Dan: four 10♥, but 2 decks hold only two" (rules/pack_limits.py, said).
function tooMany(name, key, count, most) {
  let words = { name, count: inWords(count), most: inWords(most), num: pack.decks };
  words.card = face(key);
  let oneDeck = pack.decks === 1;
  if (key === "JK" && oneDeck) {
    return say("%(name)s: %(count)s jokers, but %(num)s deck holds only %(most)s", words);
  }
  if (key === "JK") {
    return say("%(name)s: %(count)s jokers, but %(num)s decks hold only %(most)s", words);
  }
  if (oneDeck) {
    return say("%(name)s: %(count)s %(card)s, but %(num)s deck holds only %(most)s", words);
  }
  return say("%(name)s: %(count)s %(card)s, but %(num)s decks hold only %(most)s", words);
}

// Every problem of a hand of cards: each code that is no card (named as typed), then each card,
// joker count or rank beyond the pack.
function cardProblems(hand, name) {
  let said = [];
  read(hand).filter(card => !card.code).forEach(card => {
    let words = { name: name, value: card.typed };
    if (card.joker) {
      said.push(say(
        "%(name)s: '%(value)s' is not in the pack: this game is played without jokers", words));
    } else {
      said.push(say(
        "%(name)s: '%(value)s' is not a card; a card is A, 2–10, J, Q or K with S, H, D or C, or JK for a joker",
        words));
    }
  });
  let cards = codes(hand);
  let copies = counted(cards.filter(code => suitOf(code) || code === "JK"));
  Object.keys(copies).sort().forEach(code => {
    let most = code === "JK" ? pack.jokers : pack.decks;
    if (copies[code] > most) {
      said.push(tooMany(name, code, copies[code], most));
    }
  });
  let ranks = counted(cards.filter(code => code !== "JK").map(rankOf));
  Object.keys(ranks).sort().forEach(rank => {
    if (ranks[rank] > 4 * pack.decks) {
      said.push(tooMany(name, rank, ranks[rank], 4 * pack.decks));
    }
  });
  return said;
}

// More cards of a value than the pack holds: four a deck for each rank worth it, and the jokers.
function valueProblems(hand, name) {
  let room = {};
  Object.keys(pointsOf).forEach(key => {
    let value = pointsOf[key];
    room[value] = (room[value] || 0) + (key === "JK" ? pack.jokers : 4 * pack.decks);
  });
  let said = [];
  hand.querySelectorAll(".mode-values input").forEach(box => {
    let value = box.name.replace(/^.*-v/, "");
    let count = /^\d+$/.test(box.value.trim()) ? +box.value.trim() : 0;
    if (count > room[value]) {
      let most = inWords(room[value]);
      let words = { name, count: inWords(count), value, most, num: pack.decks };
      if (pack.decks === 1) {
        said.push(say(
          "%(name)s: %(count)s cards worth %(value)s points, but %(num)s deck holds only %(most)s",
          words));
      } else {
        said.push(say(
          "%(name)s: %(count)s cards worth %(value)s points, but %(num)s decks hold only %(most)s",
          words));
      }
    }
  });
  return said;
}

// The problems of the hand as entered in ``mode``, said under its box (or its values), one a
// line; the number of them (the hand shows no running total while there is one).
export function check(hand, mode) {
  let name = hand.querySelector("legend .who").textContent.trim();
  let said = [];
  if (mode === "cards") {
    said = cardProblems(hand, name);
  } else if (mode === "values") {
    said = valueProblems(hand, name);
  }
  let note = hand.querySelector(".card-problem");
  let place = hand.querySelector(mode === "values" ? ".mode-values" : ".mode-cards > input");
  if (!note && said.length) {
    note = document.createElement("p");
    note.className = "field-error card-problem";
    note.setAttribute("role", "alert");
  }
  if (note && place && said.length && note.previousElementSibling !== place) {
    place.after(note);
  }
  if (note) {
    note.textContent = said.join("\n");
    note.hidden = !said.length;
  }
  dropCorrected(hand, said);
  return said.length;
}

// The server's lines atop a hand that this check also said at first go once it no longer says
// them (struck through in the error summary); its other lines stay (docs/games.md).
function dropCorrected(hand, said) {
  let lines = Array.from(hand.querySelectorAll(":scope > .field-errors .field-error"));
  lines.forEach(line => {
    let text = line.textContent.trim();
    line.dataset.mine = line.dataset.mine || (said.includes(text) ? "y" : "n");
    if (line.dataset.mine === "y") {
      line.hidden = !said.includes(text);
      document.querySelectorAll("#error-summary li").forEach(item => {
        if (item.textContent.trim() === text) { item.classList.toggle("corrected", line.hidden); }
      });
    }
  });
  if (lines.length) { lines[0].parentNode.hidden = lines.every(line => line.hidden); }
}

// The card picker: a button per card, pressed while the box holds that card.
function pickerButton(code) {
  let button = document.createElement("button");
  button.type = "button";
  button.value = code;
  button.className = "card";
  button.setAttribute("aria-pressed", "false");
  let text = document.createElement("span");
  text.textContent = face(code);
  button.append(text);
  return button;
}

function pickerRow(label) {
  let row = document.createElement("div");
  row.className = "suit-row";
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", label);
  return row;
}

export function build(hand) {
  let box = boxOf(hand);
  if (!box) {
    return;
  }
  let picker = document.createElement("div");
  picker.className = "picker";
  SUITS.forEach(suit => {
    let row = pickerRow(suit[1]);
    if (suit[2]) {
      row.classList.add("red");
    }
    RANKS.forEach(rank => {
      row.append(pickerButton(rank + suit[0]));
    });
    picker.append(row);
  });
  if (hasJokers) {
    let jokers = pickerRow(say("Jokers"));
    let joker = pickerButton("JK");
    joker.classList.add("joker");
    jokers.append(joker);
    picker.append(jokers);
  }
  hand.querySelector(".mode-cards").prepend(picker);
  let readBack = document.createElement("p");
  readBack.className = "hint read-as";
  readBack.setAttribute("aria-live", "polite");
  box.after(readBack);
  picker.addEventListener("click", event => {
    let button = event.target.closest("button.card");
    if (button) {
      tap(hand, button.value);
    }
  });
}

// A tap on a card: into the box, or (ticked) every copy of it out of the box.
function tap(hand, code) {
  let box = boxOf(hand);
  let cards = read(hand);
  if (cards.some(card => card.code === code)) {
    box.value = cards.filter(card => card.code !== code).map(card => card.typed).join(" ");
  } else {
    box.value = (box.value.trim() + " " + inLetters(code, language)).trim();
  }
  box.dispatchEvent(new Event("input", { bubbles: true }));
}

// The picker and the line under the box show what the box holds: "Read as R♥ 7♠ 2 × 10♥".
export function show(hand) {
  let cards = read(hand);
  let copies = counted(cards.filter(card => card.code).map(card => card.code));
  hand.querySelectorAll(".picker button.card").forEach(button => {
    let count = copies[button.value] || 0;
    let pressed = count > 0 ? "true" : "false";
    if (button.getAttribute("aria-pressed") !== pressed) {
      button.setAttribute("aria-pressed", pressed);
    }
    let badge = count > 1 ? "\u00d7" + count : "";
    if ((button.dataset.copies || "") !== badge) {
      button.dataset.copies = badge;
      button.setAttribute("aria-label", times(count, button.value));
    }
  });
  let readBack = hand.querySelector(".read-as");
  if (!readBack) {
    return;
  }
  let seen = {};
  let words = [];
  cards.forEach(card => {
    if (!card.code) {
      words.push(card.typed + " ?");
    } else if (!seen[card.code]) {
      seen[card.code] = true;
      words.push(times(copies[card.code], card.code));
    }
  });
  let text = words.length ? say("Read as %(cards)s", { cards: words.join(" ") }) : "";
  if (readBack.textContent !== text) {
    readBack.textContent = text;
  }
}

// The points of a card of the hand (a rank alone counts as the rank).
export function points(code) {
  const rank = rankOf(code);
  return pointsOf[rank] !== undefined ? pointsOf[rank] : pointsOf[code];
}
