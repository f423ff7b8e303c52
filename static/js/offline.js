// Rounds kept on this phone with no network (docs/offline.md): listed on the page, sent to the API
// in order when the network is back, each answer settled by the outbox's rule
// (static/js/outbox.js); the edit token asked for, and this page and its round form stored by the
// service worker (static/sw.js). On the game page, the offline page, the round form (with
// static/js/offline_round.js) and the round-saved page.
import { say } from "./say.js";
import * as outbox from "./outbox.js";

// Where the rounds kept on this phone live (docs/offline.md, "The outbox"): IndexedDB, else
// localStorage (no secure context needed). Each entry is a round's body for the API with its
// idempotency key, its game, its state (static/js/outbox.js) and what the page shows of it.
const DATABASE = "scorekeeper-offline";
const STORE = "rounds";
const LOCAL = "scorekeeper-offline-rounds";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: "key" }).createIndex("game", "game");
    };
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error);
    };
  });
}

// `work` done on the store in one transaction; resolves with its request's result.
function inTransaction(mode, work) {
  return open().then(database => new Promise((resolve, reject) => {
    const transaction = database.transaction(STORE, mode);
    const result = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => {
      database.close();
      resolve(result && "result" in result ? result.result : result);
    };
    transaction.onerror = () => {
      database.close();
      reject(transaction.error);
    };
  }));
}

// The entries in localStorage, changed first by `work` when given.
function local(work) {
  let entries = {};
  try {
    entries = JSON.parse(localStorage.getItem(LOCAL)) || {};
  } catch (error) {
    // none
  }
  if (work) {
    work(entries);
    if (Object.keys(entries).length) {
      localStorage.setItem(LOCAL, JSON.stringify(entries));
    } else {
      localStorage.removeItem(LOCAL);
    }
  }
  return Object.values(entries);
}

const usable = new Promise(resolve => {
  resolve(open());
}).then(database => {
  database.close();
  return true;
}).catch(() => false);

export function all() {
  const kept = local();
  return usable.then(ok => {
    if (!ok) {
      return kept;
    }
    return inTransaction("readonly", store => store.getAll()).then(found => found.concat(kept));
  });
}

export function put(entry) {
  return usable.then(ok => {
    if (!ok) {
      return local(entries => {
        entries[entry.key] = entry;
      });
    }
    return inTransaction("readwrite", store => {
      store.put(entry);
    });
  });
}

export function remove(key) {
  local(entries => {
    delete entries[key];
  });
  return usable.then(ok => {
    if (!ok) {
      return null;
    }
    return inTransaction("readwrite", store => {
      store.delete(key);
    });
  });
}

// A new idempotency key: 32 hex characters.
export function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, byte => ("0" + byte.toString(16)).slice(-2)).join("");
}

// The keys this phone gave its Saves (the last SPENT_KEPT of them). A stored copy of the round
// form opened again after its round left the outbox still carries that round's key; kept with other
// scores under it, the round would be taken by the server for the first Save's and lost.
const SPENT = "scorekeeper.keys.spent";
const SPENT_KEPT = 200;

function spentKeys() {
  try {
    return JSON.parse(localStorage.getItem(SPENT) || "[]");
  } catch (error) {
    return [];
  }
}

export function spend(key) {
  const keys = spentKeys().filter(other => other !== key);
  keys.push(key);
  try {
    localStorage.setItem(SPENT, JSON.stringify(keys.slice(-SPENT_KEPT)));
  } catch (error) {
    // storage full or refused: the outbox's own entries still guard the keys of rounds waiting
  }
}

export function spent(key) {
  return spentKeys().includes(key);
}

// The rounds ahead of a game (its data-offline-plan: each round's dealer and contract) and the
// "Round N · Dealer · Contract" header drawn from it, for a page that moves on past rounds kept
// on this phone (static/js/offline_round.js on the round form, static/js/waiting.js on the game
// page).
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

const RETRY = 15000;
const POSTING_GRACE = 20000;

const roundForm = document.querySelector("form.round-form[data-edit-token-url]");
let touched = false;  // something typed on the round form since it opened (no reload after sending)
const listeners = { drawList: null, afterRefresh: [] };

// How the lists of waiting rounds are drawn (static/js/waiting.js), instead of a line each.
export function drawListsWith(draw) {
  listeners.drawList = draw;
}

// Called with the entries after every refresh (static/js/offline_round.js moves its form on).
export function afterRefresh(work) {
  listeners.afterRefresh.push(work);
}

// The round form was emptied for the next round: a round sent may reload it again.
export function formUntouched() {
  touched = false;
}

// The token of a game's edit link, kept by this phone (no stored page holds it: docs/offline.md).
export function tokenKey(game) {
  return "scorekeeper-edit-token:" + game;
}

function line(entry) {
  const what = called(entry.label, entry.body.round);
  if (entry.state === "refused") {
    return say(
      "%(what)s could not be saved: %(error)s It is still on this phone: enter it again, then dismiss this.",
      { what, error: entry.error });
  }
  if (entry.state === "sending") {
    return say("%(what)s is being sent…", { what });
  }
  return say("%(what)s is saved on this phone only: it will be sent when the network is back.",
    { what });
}

function visible(entries) {
  return entries.filter(entry => entry.state !== "posting");
}

// Refused or recorded twice: the game's later rounds kept on this phone wait behind it.
function unsettled(entry) {
  return entry.state === "refused" || entry.state === "conflict";
}

// A Save's "posting" copy is never held: its form post went to the server in its turn. Sent again
// with its key, it is confirmed if it arrived; if not, the server takes it only as the game's next
// round (docs/api.md), so it cannot arrive out of order.
export function heldBy(entries, entry) {
  if (entry.state === "posting") {
    return null;
  }
  const before = entries.filter(other => {
    return other.game === entry.game && unsettled(other) && other.body.round < entry.body.round;
  });
  return before[0] || null;
}

// The rounds of `game` (every game: null) waiting to be sent, in round order.
export function waitingFor(entries, game) {
  return visible(entries)
    .filter(entry => (game === null || entry.game === game) && !unsettled(entry))
    .sort((a, b) => a.body.round - b.body.round);
}

// An entry's line in a list; a refusal with Dismiss.
export function item(entry, text) {
  const li = el("li", entry.state || "waiting", text || line(entry));
  if (entry.state === "refused") {
    const button = el("button", "secondary", say("Dismiss"));
    button.type = "button";
    button.addEventListener("click", () => {
      remove(entry.key).then(refreshList);
    });
    li.append(" ", button);
  }
  return li;
}

function show(entries) {
  const inOrder = (a, b) => a.body.round - b.body.round || a.saved_at - b.saved_at;
  const shown = visible(entries).sort(inOrder);
  document.querySelectorAll("[data-offline-queue]").forEach(list => {
    const game = list.dataset.offlineQueue;
    const mine = shown.filter(entry => game === "all" || entry.game === game);
    list.textContent = "";
    if (listeners.drawList) {
      listeners.drawList(list, mine, game === "all");
      return;
    }
    mine.forEach(entry => {
      list.append(item(entry));
    });
  });
}

export function refreshList() {
  return all().then(entries => {
    show(entries);
    listeners.afterRefresh.forEach(work => {
      work(entries);
    });
    document.dispatchEvent(new CustomEvent("offline:queue", { detail: waitingFor(entries, null) }));
    return entries;
  });
}

// An entry after an answer (static/js/outbox.js decides): kept with its new state, or removed.
export function settleEntry(entry, answer) {
  entry.state = outbox.next(entry.state, answer);
  return entry.state === "gone" ? remove(entry.key) : put(entry);
}

// The server's refusal as a sentence.
export function sentence(body, status) {
  if (body && body.error) {
    return body.error.charAt(0).toUpperCase() + body.error.slice(1) + ".";
  }
  return say("the server answered %(status)s", { status }) + ".";
}

// Recorded meanwhile on another phone, with other scores: both versions wait for a choice
// (static/js/waiting.js).
function recordedMeanwhile(entry, refusal) {
  return fetch(entry.api + "/" + entry.body.round, { cache: "no-store", credentials: "omit" })
    .then(response => (response.ok ? response.json() : null))
    .then(theirs => {
      if (theirs && theirs.scores) {
        entry.theirs = { scores: theirs.scores, fetched_at: Date.now() };
        return settleEntry(entry, "recorded-meanwhile");
      }
      entry.error = sentence(refusal, 409);
      return settleEntry(entry, "refused");
    })
    .then(() => false, () => settleEntry(entry, "no-answer").then(() => false));
}

function post(entry) {
  return fetch(entry.api, {
    method: "POST",
    credentials: "omit",
    cache: "no-store",
    body: JSON.stringify(entry.body),
    headers: {
      "Content-Type": "application/json",
      "Accept": "application/json",
      "Accept-Language": document.documentElement.lang,
      "Authorization": "Bearer " + entry.token,
      "Idempotency-Key": entry.key,
    },
  });
}

// Send one entry to the API. Resolves true when the server stored it now, "kept" when it had it
// already from this Save's form post (nothing changes on the page), false when it is not taken.
function send(entry) {
  const wasPosting = entry.state === "posting";
  return settleEntry(entry, "sent").then(refreshList).then(() => post(entry)).then(response => {
    return response.json().catch(() => ({})).then(body => {
      const replayed = Boolean(response.headers.get("Idempotent-Replayed"));
      const answer = outbox.answerOf(response.status, replayed, body, entry.body.round);
      if (answer === "recorded-meanwhile" && outbox.next(entry.state, answer) === "conflict") {
        return recordedMeanwhile(entry, body);
      }
      if (answer === "refused" || answer === "recorded-meanwhile") {
        entry.error = sentence(body, response.status);
      }
      return settleEntry(entry, answer).then(() => {
        if (entry.state !== "gone") {
          return false;
        }
        return wasPosting && answer === "already" ? "kept" : true;
      });
    });
  }).catch(() => settleEntry(entry, "no-answer").then(() => false));
}

let sending = false;

// The games whose rounds this page sends: those it lists, and its round form's.
function gamesHere() {
  const lists = Array.from(document.querySelectorAll("[data-offline-queue]"), list => {
    return list.dataset.offlineQueue;
  });
  if (roundForm) {
    lists.push(roundForm.dataset.game);
  }
  return lists;
}

// Send the rounds due, in round order; a game's later rounds wait behind one not taken.
function sendDue(entries) {
  const games = gamesHere();
  const due = entries.filter(entry => {
    const here = games.includes("all") || games.includes(entry.game);
    return here && outbox.due(entry, Date.now(), POSTING_GRACE) && !heldBy(entries, entry);
  });
  due.sort((a, b) => a.body.round - b.body.round);
  let sent = 0;
  const stopped = {};
  const sendOne = entry => {
    if (stopped[entry.game]) {
      return null;
    }
    return send(entry).then(stored => {
      if (stored === true) {
        sent += 1;
      } else if (!stored) {
        stopped[entry.game] = true;
      }
    });
  };
  const inTurn = due.reduce((chain, entry) => chain.then(() => sendOne(entry)), Promise.resolve());
  return inTurn.then(() => sent);
}

export function flush() {
  if (sending || navigator.onLine === false) {
    return Promise.resolve();
  }
  sending = true;
  return all().then(sendDue).then(sent => {
    sending = false;
    // Rounds arrived: the page shows the game as the server has it (unless the form is being
    // typed).
    if (sent && (document.querySelector("[data-live]") || (roundForm && !touched))) {
      window.location.reload();
      return null;
    }
    return refreshList();
  }, () => {
    sending = false;
  });
}

// No stored page holds the edit token: asked for, and kept on the phone (docs/offline.md).
function fetchToken(holder) {
  const key = tokenKey(holder.dataset.game);
  return fetch(holder.dataset.editTokenUrl, { cache: "no-store" }).then(response => {
    if (response.status === 403) {
      localStorage.removeItem(key);
    }
    return response.ok ? response.json() : null;
  }).then(body => {
    if (body && body.edit_token) {
      localStorage.setItem(key, body.edit_token);
    }
  }, () => {
    // no network: the token kept before stands
  });
}

// Store this page and its round form on the phone (static/sw.js).
const worker = navigator.serviceWorker;
function keepPages() {
  const holder = document.querySelector("[data-offline-keep]");
  let urls = [];
  if (holder) {
    urls = holder.dataset.offlineKeep.split(" ");
  } else if (roundForm) {
    urls = [roundForm.dataset.gamePage, location.pathname];
  }
  if (!urls.length || !worker) {
    return;
  }
  worker.ready.then(registration => {
    if (registration.active) {
      registration.active.postMessage({ keep: urls });
    }
  });
}

// The server answered a Save's form post and stored nothing from it (the form again with its
// errors, or templates/games/round_saved.html for a round recorded meanwhile): that answer is
// definitive, and the Save's "posting" copy leaves the outbox. A Save whose network dropped on the
// way (static/sw.js opened this page at #not-sent) waits on the phone.
function settleThisPagesAnswer() {
  let settled = Promise.resolve();
  const refusedHolder = document.querySelector("[data-outbox-refused]");
  let refusedKey = "";
  if (refusedHolder) {
    refusedKey = refusedHolder.dataset.outboxRefused;
  } else if (roundForm && document.getElementById("error-summary")) {
    refusedKey = roundForm.querySelector("input[name=key]").value;
  }
  if (refusedKey) {
    settled = all().then(entries => {
      const refused = entries.filter(entry => entry.key === refusedKey);
      return Promise.all(refused.map(entry => settleEntry(entry, "form-refused")));
    });
  }
  if (window.location.hash === "#not-sent") {
    history.replaceState(null, "", window.location.pathname + window.location.search);
    settled = settled.then(all).then(entries => {
      const posting = entries.filter(entry => entry.state === "posting");
      return Promise.all(posting.map(entry => settleEntry(entry, "network-dropped")));
    });
  }
  return settled;
}

function start() {
  document.querySelectorAll("[data-edit-token-url][data-game]").forEach(fetchToken);
  if (roundForm) {
    roundForm.addEventListener("input", () => {
      touched = true;
    });
  }
  if (worker) {
    worker.addEventListener("message", event => {
      if (event.data && event.data.kept) {
        const whole = event.data.stored.every(Boolean);
        document.documentElement.dataset.offlineReady = whole ? "yes" : "partly";
      }
    });
    worker.startMessages();
  }
  keepPages();
  document.addEventListener("scoreboard:updated", () => {
    keepPages();
    refreshList();
  });
  // (after the modules that import this one have said how to draw and follow the list)
  queueMicrotask(() => {
    settleThisPagesAnswer().catch(() => {}).then(refreshList).then(flush);
  });
  window.addEventListener("online", flush);
  window.setInterval(() => {
    if (navigator.onLine !== false) {
      flush();
    }
  }, RETRY);
}

if (window.fetch) {
  start();
}
