// The round form's Save with no network (docs/offline.md): the round is checked as the server
// would, kept on this phone and sent later by static/js/offline.js;
// with the network up, a copy is kept while the form post is on its way ("posting"), so that a
// Save lost on the way is not lost. A stored form opened again moves on past the rounds waiting.
import { one, say } from "./say.js";
import { codeToSend } from "./card_letters.js";
import {
  afterRefresh,
  all,
  el,
  flush,
  formUntouched,
  newKey,
  number,
  plan,
  planned,
  put,
  refreshList,
  showRound,
  spend,
  spent,
  tokenKey,
  waitingFor,
} from "./offline.js";
import * as handForm from "./cards.js";
import "./games.js";  // (the form's own helpers first: the running totals this reads)

const form = document.querySelector("form.round-form[data-edit-token-url]");

function nameOf(hand) {
  return hand.querySelector("legend .who").textContent.trim();
}

function hasWorker() {
  return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
}

// One hand as the API takes it, or a problem (a sentence) when it is not complete.
function handOf(hand, name) {
  if (form.dataset.roy === "yes") {
    const count = handForm.number(hand.querySelector("input.count"));
    if (count === null) {
      return { problem: say("How many cards does %(name)s still hold?", { name }) };
    }
    return { hand: { card_count: count } };
  }
  const mode = handForm.modeOf(hand);
  let result;
  if (mode === "missing") {
    result = { missing: true };
  } else if (mode === "values") {
    const counts = {};
    hand.querySelectorAll(".mode-values input").forEach(box => {
      const count = handForm.number(box);
      if (count) {
        counts[handForm.cardValueOf(box)] = count;
      }
    });
    result = { values: counts };
  } else if (mode === "points") {
    const pointsBox = hand.querySelector("input[name$='-points']");
    const points = handForm.number(pointsBox);
    if (points === null) {
      return { problem: say("Type %(name)s's points, or tap the cards left.", { name }) };
    }
    const sure = hand.querySelector("label.sure input");
    if (pointsBox.dataset.unlikely === "yes" && !(sure && sure.checked)) {
      if (one(points)) {
        const problem = say(
          "%(name)s's %(points)s point: no hand adds up to that; check it, or tick “Yes, these points are right”.",
          { name, points });
        return { problem };
      }
      const problem = say(
        "%(name)s's %(points)s points: no hand adds up to that; check it, or tick “Yes, these points are right”.",
        { name, points });
      return { problem };
    }
    result = { points };
  } else {
    const ticked = Array.from(hand.querySelectorAll(".suit-row input:checked"), box => box.value);
    const typed = handForm.typed(hand).map(card => codeToSend(card, document.documentElement.lang));
    result = { cards: ticked.concat(typed) };
  }
  const missing = handForm.number(hand.querySelector("input[name$='-missing_cards']"));
  const noValues = result.values && !Object.keys(result.values).length;
  const noCards = result.cards && !result.cards.length;
  if ((noValues || noCards) && !missing) {
    const problem = say(
      "%(name)s holds no cards: count them by value or tap them, or type the points.", { name });
    return { problem };
  }
  if (mode !== "missing" && missing) {
    result.missing_cards = missing;
  }
  return { hand: result };
}

// The round as the API takes it, and what keeps it from being complete.
function buildBody() {
  const body = { hands: {}, round: parseInt(form.querySelector("input[name=round]").value, 10) };
  const problems = [];
  const went = form.querySelector(".went-out input:checked");
  const outSeat = went ? went.value : null;
  if (!went) {
    problems.push(say("Say who went out."));
  } else if (outSeat === "stock") {
    body.end = "stock_exhausted";
  }
  form.querySelectorAll("fieldset.hand").forEach(hand => {
    const name = nameOf(hand);
    if (hand.dataset.seat === outSeat) {
      body.went_out = name;
      return;
    }
    const found = handOf(hand, name);
    if (found.problem) {
      problems.push(found.problem);
    } else {
      body.hands[name] = found.hand;
    }
  });
  return { body, problems };
}

// Each player's points as static/js/games.js shows them (null: no score).
function scoresOf(body) {
  const roy = form.dataset.roy === "yes";
  const scores = {};
  const bonus = {};
  const win = plan(form).win_bonus;
  form.querySelectorAll("fieldset.hand").forEach(hand => {
    const name = nameOf(hand);
    const output = hand.querySelector("output.running");
    const text = output ? output.textContent.trim() : "";
    if (body.went_out === name) {
      scores[name] = roy ? number(text) : 0;
      if (win) {
        bonus[name] = -win;
      }
    } else if (roy) {
      scores[name] = 0;
    } else {
      scores[name] = text === "" ? null : number(text);
    }
  });
  return { scores, bonus };
}

function newEntry(body, key, state) {
  const counted = scoresOf(body);
  spend(key);
  return {
    key,
    game: form.dataset.game,
    api: form.dataset.offlineApi,
    page: form.dataset.gamePage,
    token: localStorage.getItem(tokenKey(form.dataset.game)),
    label: form.dataset.roy === "yes" ? "Hand" : "Round",
    body,
    scores: counted.scores,
    bonus: counted.bonus,
    saved_at: Date.now(),
    state,
  };
}

function sayIncomplete(problems) {
  let note = form.parentNode.querySelector(".offline-problems");
  if (!note) {
    note = el("div", "flash flash-error offline-problems");
    note.setAttribute("role", "alert");
    form.before(note);
  }
  note.textContent = say("No network, and this round is not complete: %(problems)s",
    { problems: problems.join(" ") });
  note.scrollIntoView({ block: "center" });
}

// The form emptied for the next round (no service worker: this page goes on being the form).
function emptyForNextRound() {
  form.reset();
  form.querySelector("input[name=key]").value = newKey();
  document.querySelectorAll(".offline-problems, .offline-preview").forEach(note => {
    note.remove();
  });
  formUntouched();
  form.dispatchEvent(new Event("change"));
}

// Keep the round on this phone, after the rounds of this game already waiting.
function queueRound() {
  const built = buildBody();
  if (built.problems.length) {
    sayIncomplete(built.problems);
    return Promise.resolve();
  }
  let key = form.querySelector("input[name=key]").value || newKey();
  const game = form.dataset.game;
  return all().then(entries => {
    const same = entries.find(entry => entry.key === key);
    if (same && JSON.stringify(same.body) === JSON.stringify(built.body)) {
      return same;
    }
    if (same || spent(key)) {
      // (the form is a stored copy whose key went with an earlier Save)
      key = newKey();
    }
    entries.filter(entry => entry.game === game && entry.state !== "refused").forEach(entry => {
      if (entry.body.round >= built.body.round) {
        built.body.round = entry.body.round + 1;
      }
    });
    const entry = newEntry(built.body, key, "waiting");
    return put(entry).then(() => entry);
  }).then(entry => {
    const detail = { game, round: entry.body.round };
    form.dispatchEvent(new CustomEvent("round:kept", { bubbles: true, detail }));
    if (hasWorker()) {
      window.location.href = entry.page;
      return null;
    }
    // no service worker (plain http): this page becomes the next round's form
    let list = document.querySelector("[data-offline-queue]");
    if (!list) {
      list = el("ul", "offline-queue");
      list.dataset.offlineQueue = game;
      list.setAttribute("aria-live", "polite");
      form.before(list);
    }
    emptyForNextRound();
    return refreshList().then(() => {
      window.scrollTo(0, 0);
    });
  });
}

// "so far": the server's total when the form was stored, plus the rounds waiting.
function showSoFar(waiting) {
  form.querySelectorAll("legend .who").forEach(who => {
    const name = who.textContent.trim();
    let small = who.parentNode.querySelector(".sofar");
    if (!small) {
      small = el("small", "sofar");
      who.after(" ", small);
    }
    if (!("base" in small.dataset)) {
      small.dataset.base = number(small.textContent);
    }
    const points = entry => ((entry.scores || {})[name] || 0) + ((entry.bonus || {})[name] || 0);
    const total = waiting.reduce((sum, entry) => sum + points(entry), number(small.dataset.base));
    const shown = total.toLocaleString(document.documentElement.lang);
    small.textContent = say("%(points)s so far", { points: shown });
  });
}

// A stored round form with rounds waiting: the next round's header, number and key.
function moveFormOn(entries) {
  if (!form.matches("[data-offline-plan]")) {
    return;
  }
  const rounds = plan(form);
  const input = form.querySelector("input[name=round]");
  const first = rounds.rounds && rounds.rounds[0] ? rounds.rounds[0].number : number(input.value);
  let next = first;
  const waiting = waitingFor(entries, form.dataset.game);
  waiting.forEach(entry => {
    if (entry.body.round === next) {
      next += 1;
    }
  });
  if (next === first || !planned(rounds, next) || number(input.value) === next) {
    return;
  }
  input.value = String(next);
  // a stored copy used again: its key went with the round it was first used for
  form.querySelector("input[name=key]").value = newKey();
  const header = document.querySelector(".now.compact");
  if (header) {
    showRound(header, rounds, next);
  }
  showSoFar(waiting.filter(entry => entry.body.round >= first && entry.body.round < next));
  const detail = { game: form.dataset.game, round: next };
  form.dispatchEvent(new CustomEvent("round:moved", { detail }));
}

// Whether the server answers at all (a phone may say it is online with no way through).
function reachable(url) {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, 5000);
  return fetch(url, { method: "HEAD", cache: "no-store", signal: controller.signal })
    .then(() => true, () => false)
    .then(ok => {
      clearTimeout(timer);
      return ok;
    });
}

function sayPreviewNeedsNetwork() {
  let hint = form.querySelector(".offline-preview");
  if (!hint) {
    hint = el("p", "hint offline-preview");
    hint.setAttribute("role", "status");
    form.querySelector(".submit-row").before(hint);
  }
  hint.textContent = say(
    "No network: the preview needs it. Save keeps the round on this phone until the network is back.");
}

let bypass = false;  // the form post let through after its copy was kept

// Save: online, posted as a form with a copy kept meanwhile; rounds waiting, or no network: kept.
function save(submitter) {
  const online = navigator.onLine === false
    ? Promise.resolve(false)
    : reachable(form.dataset.offlineApi.replace(/\/rounds$/, ""));
  return online.then(up => all().then(entries => {
    if (up && waitingFor(entries, form.dataset.game).length) {
      // rounds still waiting go first: this one joins them
      return queueRound().then(() => (hasWorker() ? null : flush()));
    }
    if (!up) {
      return queueRound();
    }
    const built = buildBody();
    const key = form.querySelector("input[name=key]").value;
    let kept = Promise.resolve();
    if (!built.problems.length && key) {
      kept = put(newEntry(built.body, key, "posting")).catch(() => {});
    }
    return kept.then(() => {
      bypass = true;
      form.requestSubmit(submitter);
      bypass = false;
    });
  }));
}

if (form && window.fetch) {
  afterRefresh(moveFormOn);
  form.addEventListener("submit", event => {
    const submitter = event.submitter;
    if (bypass || !submitter) {
      return;
    }
    if (submitter.name === "preview" && navigator.onLine === false) {
      event.preventDefault();
      sayPreviewNeedsNetwork();
      return;
    }
    if (submitter.name !== "save") {
      return;
    }
    event.preventDefault();
    save(submitter);
  });
}
