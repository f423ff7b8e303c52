// Rounds waiting on this phone (static/js/offline.js keeps them), drawn into the game page at once:
// rows in the grid marked "waiting", the grid's and the standings' totals with them (marked †),
// the next round's header and its "Record round N" button; and the choice when a round was recorded
// on two phones. Loaded on the game page and the offline page (not the round form: its budget);
// it brings static/js/offline.js, which keeps and sends the rounds.
import { say, shown } from "./say.js";
import {
  called,
  drawListsWith,
  el,
  flush,
  heldBy,
  item,
  number,
  plan,
  planned,
  put,
  refreshList,
  remove,
  sentence,
  showRound,
} from "./offline.js";

// What the page hides while rounds wait, shown again before they are drawn afresh.
const HIDDEN_FOR_WAITING = ".no-rounds[hidden], .live .now[hidden], nav.actions a.button[hidden]";

// The page as the server sent it: no waiting rows, notes or totals.
function undrawWaiting() {
  document.querySelectorAll(".waiting-row, .waiting-grid").forEach(node => {
    node.remove();
  });
  document.querySelectorAll(HIDDEN_FOR_WAITING).forEach(node => {
    node.hidden = false;
  });
  document.querySelectorAll("[data-server-total]").forEach(td => {
    td.textContent = td.dataset.serverTotal;
    td.classList.remove("waiting");
    delete td.dataset.serverTotal;
  });
}

// The grid of a game no round of which reached the server yet: a header, an empty body, a foot of
// totals; placed where the page says "no rounds yet".
function newGrid(live, label, players) {
  const wrap = el("div", "grid-wrap waiting-grid");
  const grid = el("table", "grid");
  const head = grid.createTHead().insertRow();
  if (label === "Hand") {
    head.appendChild(el("th", "rnd", say("Hand")));
  } else {
    head.appendChild(el("th", "rnd", say("Rd")));
  }
  players.forEach(name => {
    head.appendChild(el("th", "num", name));
  });
  grid.appendChild(el("tbody"));
  const foot = grid.createTFoot().insertRow();
  foot.appendChild(el("th", "rnd", say("Total")));
  players.forEach(() => {
    foot.appendChild(el("td", "num total", "–"));
  });
  wrap.appendChild(grid);
  const hint = live.querySelector(".no-rounds");
  if (hint) {
    hint.hidden = true;
    hint.after(wrap);
  } else {
    live.appendChild(wrap);
  }
  return grid;
}

// A waiting round's row; each player's points (and bonus) added to `added`.
function waitingRow(entry, players, added) {
  const row = el("tr", "waiting-row");
  const th = el("th", "rnd", String(entry.body.round));
  th.appendChild(el("span", "waiting-tag", say("waiting")));
  row.appendChild(th);
  const scores = entry.scores || {};
  players.forEach((name, i) => {
    const td = el("td", "num");
    if (!(name in scores)) {
      td.textContent = "–";
      td.classList.add("na");
    } else if (scores[name] === null) {
      td.textContent = "?";
    } else {
      td.textContent = shown(scores[name]);
      added[i] += scores[name];
      if (entry.bonus && entry.bonus[name]) {
        td.appendChild(el("span", "bonus", shown(entry.bonus[name])));
        added[i] += entry.bonus[name];
      }
    }
    row.appendChild(td);
  });
  return row;
}

// The grid's totals and the standings' with the waiting rounds' points, marked.
function addToTotals(live, grid, players, added) {
  const totals = {};
  grid.querySelectorAll("tfoot td.total").forEach((td, i) => {
    td.dataset.serverTotal = td.textContent;
    const total = number(td.textContent) + added[i];
    totals[players[i]] = total;
    td.textContent = shown(total);
    td.classList.add("waiting");
  });
  live.querySelectorAll(".standings tbody tr").forEach(tr => {
    const nameCell = tr.cells[1];
    let who = "";
    if (nameCell && nameCell.firstChild) {
      who = nameCell.firstChild.textContent.trim();
    }
    const td = tr.querySelector("td.total");
    if (td && who in totals) {
      td.dataset.serverTotal = td.textContent;
      td.textContent = shown(totals[who]);
      td.classList.add("waiting");
    }
  });
}

// "round 3" or "hand 3".
function roundName(label, round) {
  if (label === "Hand") {
    return say("hand %(number)s", { number: round });
  }
  return say("round %(number)s", { number: round });
}

// The next round's header and its "Record round N" button; none after the game's last round.
function showNext(live, rounds, next) {
  const now = live.querySelector(".now");
  const record = live.querySelector("nav.actions a.button");
  if (now && planned(rounds, next)) {
    showRound(now, rounds, next);
    if (!record) {
      return;
    }
    if (rounds.label === "Hand") {
      record.textContent = say("Record hand %(number)s", { number: next });
    } else {
      record.textContent = say("Record round %(number)s", { number: next });
    }
  } else if (rounds.last && next > rounds.last) {
    // the game's last round waits: nothing more to record
    if (now) {
      now.hidden = true;
    }
    if (record) {
      record.hidden = true;
    }
  }
}

function showWaiting(entries) {
  const live = document.querySelector("[data-live][data-offline-plan]");
  if (!live) {
    return;
  }
  undrawWaiting();
  const mine = entries.filter(entry => entry.game === live.dataset.game);
  if (!mine.length) {
    rankStandings(live);
    return;
  }
  const rounds = plan(live);
  const players = JSON.parse(live.dataset.players || "[]");
  let grid = live.querySelector("table.grid");
  if (!grid) {
    // no round reached the server yet: the grid starts with the waiting ones
    grid = newGrid(live, rounds.label, players);
  }
  const added = players.map(() => 0);
  mine.forEach(entry => {
    grid.tBodies[0].appendChild(waitingRow(entry, players, added));
  });
  addToTotals(live, grid, players, added);
  rankStandings(live);
  const names = mine.map(entry => roundName(rounds.label, entry.body.round)).join(", ");
  const included = say("† Totals include %(rounds)s, waiting on this phone to be sent.",
    { rounds: names });
  grid.parentNode.after(el("p", "hint waiting-row", included));
  showNext(live, rounds, mine[mine.length - 1].body.round + 1);
}

// The number a standings row shows as its total (without the mark of a total that includes rounds
// waiting), null when it shows none.
function totalOf(tr) {
  const td = tr.querySelector("td.total");
  let digits = "";
  if (td) {
    let text = td;
    if (td.firstChild && td.firstChild.nodeType === Node.TEXT_NODE) {
      text = td.firstChild;
    }
    digits = text.textContent;
  }
  digits = digits.replace(/[^\d-]/g, "");
  if (digits === "" || digits === "-") {
    return null;
  }
  return parseInt(digits, 10);
}

// The standings in the order of the totals they show, by the variant's rule (the table's
// data-lowest-wins), as scorekeeper/rules/game.py ranks them: ties share a place (1, 1, 3), players
// who withdrew after the others, and a tie keeps the order the server gave.
function rankStandings(live) {
  const table = live.querySelector("table.standings");
  if (!table) {
    return;
  }
  const lowestWins = table.dataset.lowestWins !== "no";
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  rows.forEach((tr, i) => {
    if (!("serverOrder" in tr.dataset)) {
      tr.dataset.serverOrder = String(i);
    }
  });
  rows.sort((a, b) => a.dataset.serverOrder - b.dataset.serverOrder);
  function better(a, b) {
    if (lowestWins) {
      return totalOf(a) - totalOf(b);
    }
    return totalOf(b) - totalOf(a);
  }
  const ordered = [];
  [false, true].forEach(withdrew => {
    const group = rows.filter(tr => tr.classList.contains("out") === withdrew);
    const ranked = group.filter(tr => totalOf(tr) !== null).sort(better);
    const offset = ordered.length;
    ranked.forEach((tr, i) => {
      const previous = ranked[i - 1];
      let place = String(offset + i + 1);
      if (previous && totalOf(previous) === totalOf(tr)) {
        place = previous.cells[0].textContent;
      }
      tr.cells[0].textContent = place;
      tr.classList.toggle("leader", !withdrew && place === "1");
      ordered.push(tr);
    });
    group.filter(tr => totalOf(tr) === null).forEach(tr => {
      tr.cells[0].textContent = String(ordered.length + 1);
      ordered.push(tr);
    });
  });
  ordered.forEach(tr => {
    body.appendChild(tr);
  });
}

document.addEventListener("offline:queue", event => {
  showWaiting(event.detail);
});

// "Rounds 3, 4 are saved on this phone only…" (or hands), for rounds of one game simply waiting.
function sharedLine(label, numbers) {
  if (label === "Hand") {
    return say(
      "Hands %(numbers)s are saved on this phone only: they will be sent when the network is back.",
      { numbers });
  }
  return say(
    "Rounds %(numbers)s are saved on this phone only: they will be sent when the network is back.",
    { numbers });
}

// What a round's line says when it is not simply waiting; undefined: item()'s own sentence.
function entryText(entry, held) {
  const what = called(entry.label, entry.body.round);
  if (entry.state === "conflict") {
    return say(
      "%(what)s was recorded meanwhile on another phone, with other scores. Which one is right?",
      { what });
  }
  if (held) {
    const before = roundName(held.label, held.body.round);
    return say("%(what)s waits on this phone until %(before)s is settled.", { what, before });
  }
  return undefined;
}

// The list of rounds kept on the phone (static/js/offline.js): rounds of one game simply waiting
// share one line; a round recorded twice shows both versions; the ones behind it say so.
function drawList(list, entries, everyGame) {
  let group = null;
  entries.forEach(entry => {
    const held = heldBy(entries, entry);
    const plain = (entry.state || "waiting") === "waiting" && !held;
    if (plain && group && group.game === entry.game) {
      group.numbers.push(entry.body.round);
      group.li.firstChild.textContent = sharedLine(entry.label, group.numbers.join(", "));
      return;
    }
    const li = item(entry, entryText(entry, held));
    group = null;
    if (plain) {
      group = { game: entry.game, numbers: [entry.body.round], li };
    }
    if (everyGame && entry.page) {
      const a = el("a", "", say("Open the game"));
      a.href = entry.page;
      li.append(" ", a);
    }
    if (entry.state === "conflict") {
      li.append(choose(entry));
    }
    list.append(li);
  });
}
drawListsWith(drawList);

// A score as the versions' table shows it: "?" not known, "–" not in that version.
function cell(value) {
  if (value === null) {
    return "?";
  }
  if (value === undefined) {
    return "–";
  }
  return String(value);
}

// Both versions of a round, player by player: the saved one, then this phone's.
function versionsTable(entry) {
  const table = el("table", "versions");
  const head = table.createTHead().insertRow();
  head.append(el("th", "", ""), el("th", "num", say("Saved")), el("th", "num", say("This phone")));
  const body = table.createTBody();
  const theirs = (entry.theirs && entry.theirs.scores) || {};
  const mine = entry.scores || {};
  const onlyMine = Object.keys(mine).filter(name => !(name in theirs));
  Object.keys(theirs).concat(onlyMine).forEach(name => {
    const row = body.insertRow();
    row.append(el("th", "", name), el("td", "num", cell(theirs[name])));
    row.append(el("td", "num", cell(mine[name])));
  });
  return table;
}

// "Use this phone's": the saved round corrected to this phone's version through the API. A refusal
// stays on the list with its reason; a server error leaves the choice to make again, and so does
// no network (`noNetwork` is called).
function correctToMine(entry, noNetwork) {
  const reason = say("Entered on two phones: kept the one saved offline.");
  return fetch(entry.api + "/" + entry.body.round, {
    method: "PUT",
    credentials: "omit",
    cache: "no-store",
    headers: {
      "Content-Type": "application/json",
      "Accept": "application/json",
      "Accept-Language": document.documentElement.lang,
      "Authorization": "Bearer " + entry.token,
    },
    body: JSON.stringify(Object.assign({}, entry.body, { reason })),
  }).then(response => {
    if (response.ok) {
      return remove(entry.key);
    }
    return response.json().catch(() => ({})).then(answer => {
      if (response.status >= 500 || response.status === 429) {
        return undefined;
      }
      entry.state = "refused";
      entry.error = sentence(answer, response.status);
      return put(entry);
    });
  }, noNetwork);
}

// A round recorded meanwhile on another phone (static/js/offline.js): both versions, player by
// player, and the person chooses. "Use this phone's" corrects the saved round to it (the old
// scores and the reason stay in the game's corrections). Then the rounds after it go on and the
// page shows the game as the server has it.
function choose(entry) {
  const box = el("div", "both-versions");
  box.append(versionsTable(entry));
  // who entered each version and when; the two choices weigh the same, neither pre-selected
  const entered = new Date(entry.saved_at);
  let at = "?";
  if (!isNaN(entered.getTime())) {
    const clock = { hour: "2-digit", minute: "2-digit" };
    at = entered.toLocaleTimeString(document.documentElement.lang, clock);
  }
  const who = say("Saved: entered on another phone. This phone: entered here at %(time)s.",
    { time: at });
  box.append(el("p", "hint versions-who", who));
  const keepTheirs = el("button", "secondary", say("Keep the saved one"));
  const useMine = el("button", "secondary", say("Use this phone's"));
  keepTheirs.type = "button";
  useMine.type = "button";
  function settled(done) {
    return done.then(refreshList).then(flush).then(() => {
      if (document.querySelector("[data-live]")) {
        window.location.reload();
      }
    });
  }
  keepTheirs.addEventListener("click", () => {
    settled(remove(entry.key));
  });
  useMine.addEventListener("click", () => {
    useMine.disabled = true;
    settled(correctToMine(entry, () => {
      // no network: the choice stays
      useMine.disabled = false;
    }));
  });
  const choices = el("p", "choices");
  choices.append(keepTheirs, " ", useMine);
  box.append(choices);
  return box;
}
