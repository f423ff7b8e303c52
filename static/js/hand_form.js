// Reading a hand's fieldset (templates/games/_hand.html), shared by the round form
// (static/js/games.js, static/js/offline_round.js) and "My hand" (static/js/hand.js).

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
