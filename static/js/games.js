// The round form (templates/games/round.html, the correction form, and "My hand"'s hand): helpers
// that save taps, each hand's running total and the points no hand can score; below them, what
// was typed kept on the phone until saved, and the hands sent from the players' phones followed.
// Every form works without it (docs/games.md).
import { one, say, shown } from "./say.js";
import * as cards from "./cards.js";
import { cardValueOf, make, modeOf, number } from "./cards.js";

// Hidden parts of a hand (by mode) show only with this script (static/css/app.css).
document.documentElement.classList.add("js");

const HIGHEST_POINTS = 10000;
const MOST_CARDS = 120;
const MOST_MISSING = 60;

// A box's whole number as the server takes it: null if empty, NaN if refused.
function whole(input, high) {
  const raw = input ? input.value.trim() : "";
  if (raw === "") {
    return null;
  }
  return /^\d+$/.test(raw) && Number(raw) <= high ? Number(raw) : NaN;
}

// The points no hand can make from the variant's card values (and the penalty per missing card).
function scorablePoints(values, penalty) {
  const worth = Object.values(values).concat(penalty ? [penalty] : []).filter(value => value > 0);
  const possible = [true];
  for (let points = 1; points <= HIGHEST_POINTS; points += 1) {
    possible[points] = worth.some(value => value <= points && possible[points - value]);
  }
  return points => points > HIGHEST_POINTS || possible[points] === true;
}

function startRoundForm(form) {
  const values = JSON.parse(form.dataset.cardPoints || "{}");
  const penalty = parseInt(form.dataset.penalty || "0", 10);
  const roy = form.dataset.roy === "yes";
  const hands = Array.from(form.querySelectorAll("fieldset.hand"));
  let canScore = null;  // made at the first points typed

  function wentOut() {
    const checked = form.querySelector(".went-out input:checked");
    return checked ? checked.value : null;
  }

  // The hand's points, or null: nothing entered, or the server would refuse it.
  function handTotal(hand) {
    const mode = modeOf(hand);
    const missing = whole(hand.querySelector("input[name$='-missing_cards']"), MOST_MISSING);
    let total = missing * penalty;
    let any = missing > 0;
    if (mode === "missing") {
      return null;
    }
    if (mode === "points") {
      const points = whole(hand.querySelector("input[name$='-points']"), HIGHEST_POINTS);
      if (points === null || Number.isNaN(points + total)) {
        return null;
      }
      return points + total;
    }
    if (mode === "values") {
      hand.querySelectorAll(".mode-values input").forEach(box => {
        const count = whole(box, MOST_CARDS);
        total += count * cardValueOf(box);
        any = any || count > 0;
      });
    } else {
      cards.codes(hand).forEach(code => {
        total += cards.points(code);
        any = true;
      });
    }
    return any && !Number.isNaN(total) ? total : null;
  }

  // Points no hand can score: "are you sure?", as the server renders it.
  function checkPoints(hand) {
    const box = hand.querySelector("input[name$='-points']");
    if (!box) {
      return;
    }
    const points = modeOf(hand) === "points" ? number(box) : null;
    if (points !== null && !canScore) {
      canScore = scorablePoints(values, penalty);
    }
    const odd = points !== null && points >= 0 && !canScore(points);
    box.dataset.unlikely = odd ? "yes" : "no";
    let doubt = hand.querySelector(".points-doubt");
    let sure = hand.querySelector("label.sure");
    if (!odd && !doubt) {
      return;
    }
    if (!doubt) {
      const tick = box.name.replace(/points$/, "sure");
      doubt = make("p", { className: "points-doubt field-error" }, { role: "alert" });
      sure = make("label", { className: "check sure" });
      const yes = make("input", { type: "checkbox", name: tick, id: tick, value: "y" });
      sure.append(yes, " " + say("Yes, these points are right"));
      box.after(doubt, sure);
    }
    if (odd && one(points)) {
      doubt.textContent = say(
        "%(points)s point: no hand adds up to %(points)s with these card values. " +
        "Check it, or tick “Yes, these points are right”.",
        { points });
    } else if (odd) {
      doubt.textContent = say(
        "%(points)s points: no hand adds up to %(points)s with these card values. " +
        "Check it, or tick “Yes, these points are right”.",
        { points });
    }
    doubt.hidden = !odd;
    sure.hidden = !odd && !sure.querySelector("input").checked;
  }

  // "No score": the rule goes under the last hand that chose it.
  const noScore = form.querySelector(".no-score-rule");
  function placeRule() {
    if (!noScore) {
      return;
    }
    const missing = hands.filter(hand => {
      return modeOf(hand) === "missing" && !hand.classList.contains("is-out");
    });
    if (missing.length) {
      const last = missing[missing.length - 1];
      if (noScore.parentNode !== last) {
        last.append(noScore);
      }
    }
    noScore.hidden = !missing.length;
  }

  // The pressed count of each value row, and "3" growing with the count on the third button.
  function showCounts(hand) {
    hand.querySelectorAll(".vrow").forEach(row => {
      const count = number(row.querySelector("input")) || 0;
      row.querySelectorAll("button.vp").forEach(button => {
        const more = button.matches(".m3");
        const on = String(count) === button.value || (more && count > 3);
        if ((button.getAttribute("aria-pressed") === "true") !== on) {
          button.setAttribute("aria-pressed", on ? "true" : "false");
        }
        if (more) {
          button.textContent = Math.max(count, 3);
        }
      });
    });
  }

  function update() {
    const out = wentOut();
    let royTotal = 0;
    let winner = null;
    hands.forEach(hand => {
      const isOut = out !== null && hand.dataset.seat === out;
      if (hand.classList.contains("is-out") !== isOut) {
        hand.classList.toggle("is-out", isOut);
      }
      const output = hand.querySelector("output.running");
      if (isOut) {
        winner = output;
        return;
      }
      if (roy) {
        royTotal += number(hand.querySelector("input.count")) || 0;
        return;
      }
      const mode = modeOf(hand);
      if (hand.dataset.mode !== mode) {
        hand.dataset.mode = mode;
      }
      checkPoints(hand);
      cards.show(hand);
      const total = cards.check(hand, mode) ? null : handTotal(hand);
      const text = total === null ? "" : shown(total);
      if (output && output.textContent !== text) {
        output.textContent = text;
      }
      showCounts(hand);
    });
    if (roy && winner && winner.textContent !== shown(royTotal)) {
      winner.textContent = shown(royTotal);
    }
    placeRule();
  }

  hands.forEach(hand => {
    labelHand(hand, roy);
  });
  if (!roy) {
    hands.forEach(hand => {
      cards.build(hand);
      buildPills(hand);
      pickModeAsTyped(hand);
    });
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
  sendOnce(form);
  followHands(form);
  keepDrafts(form, update);
}

// Each hand's roles, labels, total and "went out" line.
function labelHand(hand, roy) {
  const name = hand.querySelector("legend .who").textContent.trim();
  const modes = hand.querySelector(".modes");
  const byValue = hand.querySelector(".mode-values");
  if (modes) {
    modes.setAttribute("role", "radiogroup");
    modes.setAttribute("aria-label", say("How %(name)s's score is entered", { name }));
  }
  if (byValue) {
    byValue.setAttribute("role", "group");
    byValue.setAttribute("aria-label", say("%(name)s's cards by value", { name }));
  }
  hand.querySelector("output.running").setAttribute("aria-live", "polite");
  let ifOut = say("Went out: 0 points.");
  if (roy) {
    ifOut = say("Went out: scores the cards left in the other hands.");
  }
  hand.querySelector("legend").after(make("p", { className: "if-out hint", textContent: ifOut }));
}

// Tapping a card, a count or points picks that way of entering the hand.
function pickModeAsTyped(hand) {
  function pick(mode) {
    const radio = hand.querySelector(".modes input[value='" + mode + "']");
    if (radio && !radio.checked) {
      radio.checked = true;
    }
  }
  hand.addEventListener("input", event => {
    const box = event.target;
    if (box.matches("input[name$='-extra']")) {
      pick("cards");
    } else if (box.matches(".mode-values input")) {
      pick("values");
    } else if (box.matches("input[name$='-points']")) {
      pick("points");
    }
  });
}

// By value: buttons 1-4 (the pressed one again: none); many values: 1-3 (3 again: one more).
function buildPills(hand) {
  const boxes = hand.querySelectorAll(".mode-values input");
  const two = boxes.length > 6;
  const last = two ? 3 : 4;
  if (two) {
    hand.querySelector(".mode-values").classList.add("two");
  }
  boxes.forEach(box => {
    const row = make("div", { className: "vrow" });
    const label = box.parentNode;
    label.before(row);
    row.append(label);
    const pills = make("span", { className: "vpills" });
    for (let count = 1; count <= last; count++) {
      const className = two && count === 3 ? "vp m3" : "vp";
      const props = { type: "button", className, value: String(count), textContent: String(count) };
      const attrs = { "aria-pressed": "false", "aria-label": timesPoints(count, cardValueOf(box)) };
      pills.append(make("button", props, attrs));
    }
    pills.addEventListener("click", event => {
      const button = event.target.closest("button.vp");
      if (!button) {
        return;
      }
      const before = box.value;
      if (button.matches(".m3") && Number(box.value) >= 3) {
        box.value = Number(box.value) + 1;
      } else if (box.value === button.value) {
        box.value = "";
      } else {
        box.value = button.value;
      }
      box.dispatchEvent(new Event("input", { bubbles: true }));
      sayCleared(hand, box, before);
    });
    row.append(pills);
    if (!two) {
      box.id = box.id || box.name;
      label.htmlFor = box.id;
      row.append(box);
    }
  });
}

// A tap on the pressed count clears it: said under the row, with Undo, never silently.
function sayCleared(hand, box, before) {
  hand.querySelectorAll(".count-cleared").forEach(note => {
    note.remove();
  });
  if (box.value !== "" || before === "") {
    return;
  }
  const note = make("p", { className: "hint count-cleared" }, { role: "status" });
  const undo = make("button", { type: "button", className: "secondary undo" });
  undo.textContent = say("Undo");
  undo.addEventListener("click", () => {
    box.value = before;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    note.remove();
  });
  note.append(cleared(before, cardValueOf(box)), " ", undo);
  hand.querySelector(".mode-values").after(note);
}

// "3 × 5 points" on a count's button, "3 × 1 point" for cards of one point: the points are one
// card's, so its value, not the count, takes the singular or the plural.
function timesPoints(count, value) {
  const words = { count, value };
  if (one(Number(value))) {
    return say("%(count)s × %(value)s point", words);
  }
  return say("%(count)s × %(value)s points", words);
}

// "3 × 5 points cleared.", "3 × 1 point cleared." (as timesPoints).
function cleared(count, value) {
  const words = { count, value };
  if (one(Number(value))) {
    return say("%(count)s × %(value)s point cleared.", words);
  }
  return say("%(count)s × %(value)s points cleared.", words);
}

// One tap, one post; Back from the page cache shows the current round.
function sendOnce(form) {
  let sending = false;
  form.addEventListener("submit", event => {
    if (sending) {
      event.preventDefault();
      return;
    }
    sending = true;
    setTimeout(() => {
      sending = !event.defaultPrevented;
    });
  });
  addEventListener("pageshow", event => {
    sending = false;
    if (event.persisted) {
      location.replace(location.href);
    }
  });
}

// What is typed on the round form, kept on the phone per game and round until saved
// (docs/games.md): put back after a reload (said at the top of the form, with Discard), dropped
// when the round is kept by static/js/offline_round.js or saved, and anything two weeks old.

const PREFIX = "scorekeeper.round.";
const TWO_WEEKS = 14 * 24 * 3600 * 1000;

// The form's own fields, never kept: the token, the round, the key, hidden fields and buttons.
function own(field) {
  if (!field.name) {
    return true;
  }
  if (/^(csrf_token|round|key|version|hands-\d+-seat)$/.test(field.name)) {
    return true;
  }
  return /hidden|submit|button/.test(field.type);
}

function ticks(field) {
  return /radio|checkbox/.test(field.type);
}

function changed(field) {
  if (ticks(field)) {
    return field.checked !== field.defaultChecked;
  }
  return field.value !== field.defaultValue;
}

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch (error) {
    return null;
  }
}

function drop(key) {
  try {
    localStorage.removeItem(key);
  } catch (error) {
    // no storage
  }
}

// Rounds of this game saved since (before `round`), and anything two weeks old.
function dropOld(prefix, round) {
  Object.keys(localStorage).forEach(key => {
    if (!key.startsWith(PREFIX)) {
      return;
    }
    const kept = read(key);
    const old = kept && kept[0] < Date.now() - TWO_WEEKS;
    const saved = key.startsWith(prefix) && Number(key.slice(prefix.length)) < round;
    if (kept && (old || saved)) {
      localStorage.removeItem(key);
    }
  });
}

// `update` shows the running totals again (startRoundForm's).
function keepDrafts(form, update) {
  const game = form.dataset.draft;
  const note = form.querySelector(".draft-note");
  if (!game || !note) {
    return;
  }
  const prefix = PREFIX + game + ".";
  let round = Number(form.dataset.round);
  const fields = () => Array.from(form.elements).filter(field => !own(field));

  function keep() {
    const dirty = Boolean(form.querySelector(".went-out input:checked")) || fields().some(changed);
    note.hidden = !dirty;
    try {
      if (dirty) {
        const values = fields().map(field => {
          return [field.name, field.value, ticks(field) ? field.checked : null];
        });
        localStorage.setItem(prefix + round, JSON.stringify([Date.now(), values]));
      } else {
        localStorage.removeItem(prefix + round);
      }
    } catch (error) {
      // full, or private
    }
  }

  function restore(values) {
    // twice: the first pass shows the tick for odd points
    for (let pass = 0; pass < 2; pass += 1) {
      values.forEach(([name, value, checked]) => {
        fields().forEach(field => {
          if (field.name !== name) {
            return;
          }
          if (!ticks(field)) {
            field.value = value;
          } else if (field.value === value) {
            field.checked = checked;
          }
        });
      });
      update();
    }
  }

  function sayRestored() {
    const notice = make("p", { className: "flash draft-restored" }, { role: "status" });
    const discard = make("button", { type: "button", className: "secondary" });
    discard.textContent = say("Discard");
    discard.addEventListener("click", () => {
      note.querySelector("button").click();
    });
    notice.append(say("Restored what you entered before the reload"), " · ", discard);
    form.before(notice);
  }

  try {
    dropOld(prefix, round);
    const mine = read(prefix + round);
    if (mine && form.hasAttribute("data-draft-fresh")) {
      restore(mine[1]);
      sayRestored();
    }
  } catch (error) {
    // no storage
  }
  keep();
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  // static/js/offline_round.js kept this round, or moved a stored form past rounds waiting.
  form.addEventListener("round:kept", () => {
    drop(prefix + round);
  });
  form.addEventListener("round:moved", event => {
    drop(prefix + round);
    round = event.detail.round;
    form.reset();
    const mine = read(prefix + round);
    if (mine) {
      restore(mine[1]);
    }
    update();
    keep();
  });
  note.querySelector("button").addEventListener("click", () => {
    document.querySelectorAll(".draft-restored").forEach(notice => {
      notice.remove();
    });
    fields().forEach(field => {
      if (ticks(field)) {
        field.checked = /-mode$/.test(field.name) && field.defaultChecked;
      } else {
        field.value = /missing_cards$/.test(field.name) ? "0" : "";
      }
    });
    form.querySelectorAll(".field-errors, .computed, .preview, .card-problem").forEach(part => {
      part.remove();
    });
    update();
    keep();
  });
}

// The round form follows the hands sent from the players' phones: polled every second (304 while
// none) into form.got and a "hands" event; the first hand that arrives loads
// static/js/proposals.js, which fills them in. Every answer is handled: 403, 404 and 409 stop the
// poll and say why above the form; 5xx, 429 and no network are asked again at the next tick.

const EVERY = 1000;
const STOPPED = [403, 404, 409];

function whyStopped(form, status) {
  if (status === 403) {
    return say(
      "Hands from the players' phones no longer arrive here: " +
      "this phone can no longer change the game (its edit link was renewed, or it was never given).");
  }
  if (status === 404) {
    return say(
      "Hands from the players' phones no longer arrive here: this round is not in the game.");
  }
  const number = form.querySelector("input[name=round]").value;
  return say(
    "Hands from the players' phones no longer arrive here: " +
    "round %(number)s was saved meanwhile (on another phone or tab), or the game is over.",
    { number });
}

function followHands(form) {
  let tag = "";
  let stopped = false;
  let proposals = null;  // the module that fills the hands in, once the first arrived

  function stop(status) {
    stopped = true;
    let note = document.querySelector(".hands-stopped");
    if (!note) {
      note = make("p", { className: "flash flash-error hands-stopped" }, { role: "status" });
      // Beside Save, so that the hands do not move under the fingers of someone typing.
      const submitRow = form.querySelector(".submit-row");
      if (submitRow) {
        submitRow.before(note);
      } else {
        form.before(note);
      }
    }
    note.textContent = whyStopped(form, status);
  }

  function arrived(body) {
    form.got = body;
    if (proposals) {
      form.dispatchEvent(new Event("hands"));
    } else if (Object.keys(body.proposals).length) {
      proposals = import("./proposals.js").then(module => {
        module.fillHandsIn(form);
      });
    }
  }

  function poll() {
    if (stopped || document.hidden) {
      return;
    }
    fetch(form.dataset.proposals, { headers: { "If-None-Match": tag } }).then(response => {
      if (STOPPED.includes(response.status)) {
        stop(response.status);
        return null;
      }
      if (response.status !== 200) {
        return null;  // 304: nothing new; 5xx or 429: asked again at the next tick
      }
      tag = response.headers.get("ETag") || "";
      return response.json();
    }).then(body => {
      if (body && body.proposals && typeof body.proposals === "object") {
        arrived(body);
      }
    }, () => {
      // no network: asked again at the next tick
    });
  }

  if (form.dataset.proposals) {
    setInterval(poll, EVERY);
  }
  // static/js/offline.js moved a stored form on to the next round: its hands are asked for.
  form.addEventListener("round:moved", event => {
    tag = "";
    stopped = false;
    document.querySelectorAll(".hands-stopped").forEach(note => {
      note.remove();
    });
    if (form.dataset.proposals) {
      form.dataset.proposals = form.dataset.proposals.replace(/\d+(?=\/p)/, event.detail.round);
    }
  });
}

const roundForm = document.querySelector("form.round-form");
if (roundForm) {
  startRoundForm(roundForm);
}
