// The rounds ahead of a game (its data-offline-plan: each round's dealer and contract) and the
// "Round N · Dealer · Contract" header drawn from it, for a page that moves on past rounds kept on
// this phone (static/js/offline_round.js on the round form, static/js/waiting.js on the game page).
import { say } from "./say.js";

export function plan(element) {
  try {
    return JSON.parse(element.dataset.offlinePlan || "{}");
  } catch (error) {
    return {};
  }
}

// Round `number` of the plan (the plan's rounds repeat every `cycle`), or null.
export function planned(rounds, number) {
  const list = rounds.rounds || [];
  const found = list.find(round => round.number === number);
  if (found || !rounds.cycle || !list.length || number < list[0].number) {
    return found || null;
  }
  return Object.assign({}, list[(number - list[0].number) % rounds.cycle], { number });
}

export function called(label, number) {
  if (label === "Hand") {
    return say("Hand %(number)s", { number });
  }
  return say("Round %(number)s", { number });
}

// A new element of this class and text.
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) {
    node.className = className;
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

// The number a text shows ("1 250", "−5"), 0 if none.
export function number(text) {
  const value = parseInt(String(text).replace(/[^\d-]/g, ""), 10);
  return isNaN(value) ? 0 : value;
}

// <p><span class="k">Dealer</span> Ann</p>
function setLine(line, key, text, extra) {
  if (!line) {
    return;
  }
  line.textContent = "";
  if (key) {
    line.append(el("span", "k", key), " ");
  }
  line.append(text);
  if (extra) {
    line.append(" ", extra);
  }
}

// The "Round N · Dealer · Contract" header of round `number`.
export function showRound(box, rounds, number) {
  const round = planned(rounds, number);
  const title = box.querySelector(".now-round");
  if (!title || !round) {
    return;
  }
  const of = title.querySelector(".of");
  setLine(title, null, called(rounds.label, number), of);
  setLine(box.querySelector(".now-dealer"), say("Dealer"), round.dealer);
  if (round.contract) {
    const cards = el("span", "min", say("(%(count)s cards)", { count: round.min_cards }));
    setLine(box.querySelector(".now-contract"), say("Contract"), round.contract, cards);
  }
}
