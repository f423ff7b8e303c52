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
function showWaiting(entries) {
  let live = document.querySelector("[data-live][data-offline-plan]");
  if (!live) { return; }
  let game = live.dataset.game;
  document.querySelectorAll(".waiting-row, .waiting-grid").forEach(function (n) { n.remove(); });
  const hiddenForWaiting = ".no-rounds[hidden], .live .now[hidden], nav.actions a.button[hidden]";
  document.querySelectorAll(hiddenForWaiting).forEach(function (n) {
    n.hidden = false;
  });
  document.querySelectorAll("[data-server-total]").forEach(function (td) {
    td.textContent = td.dataset.serverTotal;
    td.classList.remove("waiting");
    delete td.dataset.serverTotal;
  });
  let mine = entries.filter(function (e) { return e.game === game; });
  if (!mine.length) {
    rankStandings(live);
    return;
  }
  let p = plan(live);
  let players = JSON.parse(live.dataset.players || "[]");
  let grid = live.querySelector("table.grid");
  // no round reached the server yet: the grid starts with the waiting ones
  if (!grid) {
    let wrap = el("div", "grid-wrap waiting-grid");
    grid = el("table", "grid");
    let head = grid.createTHead().insertRow();
    head.appendChild(el("th", "rnd", p.label === "Hand" ? say("Hand") : say("Rd")));
    players.forEach(function (name) { head.appendChild(el("th", "num", name)); });
    grid.appendChild(el("tbody"));
    let foot = grid.createTFoot().insertRow();
    foot.appendChild(el("th", "rnd", say("Total")));
    players.forEach(function () { foot.appendChild(el("td", "num total", "–")); });
    wrap.appendChild(grid);
    let hint = live.querySelector(".no-rounds");
    if (hint) { hint.hidden = true; hint.after(wrap); } else { live.appendChild(wrap); }
  }
  let added = players.map(function () { return 0; });
  let body = grid.tBodies[0];
  mine.forEach(function (entry) {
    let row = el("tr", "waiting-row");
    let th = el("th", "rnd", String(entry.body.round));
    th.appendChild(el("span", "waiting-tag", say("waiting")));
    row.appendChild(th);
    players.forEach(function (name, i) {
      let scores = entry.scores || {};
      let td = el("td", "num");
      if (!(name in scores)) { td.textContent = "–"; td.classList.add("na"); }
      else if (scores[name] === null) { td.textContent = "?"; }
      else {
        td.textContent = shown(scores[name]);
        added[i] += scores[name];
        if (entry.bonus && entry.bonus[name]) {
          td.appendChild(el("span", "bonus", shown(entry.bonus[name])));
          added[i] += entry.bonus[name];
        }
      }
      row.appendChild(td);
    });
    body.appendChild(row);
  });
  let totals = {};
  grid.querySelectorAll("tfoot td.total").forEach(function (td, i) {
    td.dataset.serverTotal = td.textContent;
    let total = number(td.textContent) + added[i];
    totals[players[i]] = total;
    td.textContent = shown(total);
    td.classList.add("waiting");
  });
  live.querySelectorAll(".standings tbody tr").forEach(function (tr) {
    let nameCell = tr.cells[1];
    let who = nameCell && nameCell.firstChild ? nameCell.firstChild.textContent.trim() : "";
    let td = tr.querySelector("td.total");
    if (td && who in totals) {
      td.dataset.serverTotal = td.textContent;
      td.textContent = shown(totals[who]);
      td.classList.add("waiting");
    }
  });
  rankStandings(live);
  let rounds = mine.map(function (e) {
    if (p.label === "Hand") {
      return say("hand %(number)s", { number: e.body.round });
    }
    return say("round %(number)s", { number: e.body.round });
  }).join(", ");
  let included = say("† Totals include %(rounds)s, waiting on this phone to be sent.", { rounds: rounds });
  let note = el("p", "hint waiting-row", included);
  grid.parentNode.after(note);
  let next = mine[mine.length - 1].body.round + 1;
  let now = live.querySelector(".now");
  let record = live.querySelector("nav.actions a.button");
  if (now && planned(p, next)) {
    showRound(now, p, next);
    if (record) {
      if (p.label === "Hand") {
        record.textContent = say("Record hand %(number)s", { number: next });
      } else {
        record.textContent = say("Record round %(number)s", { number: next });
      }
    }
  } else if (p.last && next > p.last) {
    // the game's last round waits: nothing more to record
    if (now) { now.hidden = true; }
    if (record) { record.hidden = true; }
  }
}

// The standings in the order of the totals they show, by the variant's rule (the table's
// data-lowest-wins), as scorekeeper/rules/game.py ranks them: ties share a place (1, 1, 3), players
// who withdrew after the others, and a tie keeps the order the server gave.
function rankStandings(live) {
  let table = live.querySelector("table.standings");
  if (!table) { return; }
  let lowestWins = table.dataset.lowestWins !== "no";
  let body = table.tBodies[0];
  let rows = Array.prototype.slice.call(body.rows);
  rows.forEach(function (tr, i) {
    if (!("serverOrder" in tr.dataset)) { tr.dataset.serverOrder = String(i); }
  });
  rows.sort(function (a, b) { return a.dataset.serverOrder - b.dataset.serverOrder; });
  function totalOf(tr) {
    let td = tr.querySelector("td.total");
    let digits = "";
    if (td) {
      // the total's own text, without the mark of a total that includes rounds waiting
      let text = td.firstChild && td.firstChild.nodeType === 3 ? td.firstChild : td;
      digits = text.textContent;
    }
    digits = digits.replace(/[^\d-]/g, "");
    return digits === "" || digits === "-" ? null : parseInt(digits, 10);
  }
  let ordered = [];
  [false, true].forEach(function (withdrew) {
    let group = rows.filter(function (tr) { return tr.classList.contains("out") === withdrew; });
    let ranked = group.filter(function (tr) { return totalOf(tr) !== null; }).sort(function (a, b) {
      return lowestWins ? totalOf(a) - totalOf(b) : totalOf(b) - totalOf(a);
    });
    let offset = ordered.length;
    ranked.forEach(function (tr, i) {
      let previous = ranked[i - 1];
      let tied = previous && totalOf(previous) === totalOf(tr);
      let place = tied ? previous.cells[0].textContent : String(offset + i + 1);
      tr.cells[0].textContent = place;
      tr.classList.toggle("leader", !withdrew && place === "1");
      ordered.push(tr);
    });
    group.filter(function (tr) { return totalOf(tr) === null; }).forEach(function (tr) {
      tr.cells[0].textContent = String(ordered.length + 1);
      ordered.push(tr);
    });
  });
  ordered.forEach(function (tr) { body.appendChild(tr); });
}

document.addEventListener("offline:queue", function (event) { showWaiting(event.detail); });

// The list of rounds kept on the phone (static/js/offline.js): rounds of one game simply waiting
// share one line; a round recorded twice shows both versions; the ones behind it say so.
function drawList(list, entries, everyGame) {
  let group = null;
  entries.forEach(function (entry) {
    let held = heldBy(entries, entry);
    let plain = (entry.state || "waiting") === "waiting" && !held;
    if (plain && group && group.game === entry.game) {
      group.numbers.push(entry.body.round);
      let numbers = group.numbers.join(", ");
      group.li.firstChild.textContent = say(entry.label === "Hand" ? "Hands %(numbers)s are saved on this phone only: they will be sent when the network is back." : "Rounds %(numbers)s are saved on this phone only: they will be sent when the network is back.", { numbers: numbers });
      return;
    }
    let what = called(entry.label, entry.body.round);
    let text = entry.state === "conflict" ? say("%(what)s was recorded meanwhile on another phone, with other scores. Which one is right?", { what: what })
      : held ? say("%(what)s waits on this phone until %(before)s is settled.", { what: what,
        before: say(held.label === "Hand" ? "hand %(number)s" : "round %(number)s", { number: held.body.round }) })
      : undefined;
    let li = item(entry, text);
    group = plain ? { game: entry.game, numbers: [entry.body.round], li: li } : null;
    if (everyGame && entry.page) {
      let a = el("a", "", say("Open the game"));
      a.href = entry.page;
      li.append(" ", a);
    }
    if (entry.state === "conflict") { li.append(choose(entry)); }
    list.append(li);
  });
}
drawListsWith(drawList);

// A round recorded meanwhile on another phone (static/js/offline.js): both versions, player by
// player, and the person chooses. "Use this phone's" corrects the saved round to it (the old
// scores and the reason stay in the game's corrections). Then the rounds after it go on and the
// page shows the game as the server has it.
function choose(entry) {
  let box = el("div", "both-versions");
  let table = el("table", "versions");
  let head = table.createTHead().insertRow();
  head.append(el("th", "", ""), el("th", "num", say("Saved")), el("th", "num", say("This phone")));
  let body = table.createTBody();
  let theirs = (entry.theirs && entry.theirs.scores) || {};
  let mine = entry.scores || {};
  let cell = function (v) { return v === null ? "?" : v === undefined ? "–" : String(v); };
  let onlyMine = Object.keys(mine).filter(function (n) {
    return !(n in theirs);
  });
  Object.keys(theirs).concat(onlyMine).forEach(function (name) {
    let row = body.insertRow();
    row.append(el("th", "", name), el("td", "num", cell(theirs[name])));
    row.append(el("td", "num", cell(mine[name])));
  });
  box.append(table);
  // who entered each version and when; the two choices weigh the same, neither pre-selected
  let entered = new Date(entry.saved_at);
  let at = "?";
  if (!isNaN(entered.getTime())) {
    let clock = { hour: "2-digit", minute: "2-digit" };
    at = entered.toLocaleTimeString(document.documentElement.lang, clock);
  }
  box.append(el("p", "hint versions-who", say("Saved: entered on another phone. This phone: entered here at %(time)s.", { time: at })));
  let keepTheirs = el("button", "secondary", say("Keep the saved one"));
  let useMine = el("button", "secondary", say("Use this phone's"));
  keepTheirs.type = useMine.type = "button";
  function settled(done) {
    return done.then(refreshList).then(flush).then(function () {
      if (document.querySelector("[data-live]")) { window.location.reload(); }
    });
  }
  keepTheirs.addEventListener("click", function () { settled(remove(entry.key)); });
  useMine.addEventListener("click", function () {
    useMine.disabled = true;
    settled(fetch(entry.api + "/" + entry.body.round, {
      method: "PUT", credentials: "omit", cache: "no-store",
      headers: { "Content-Type": "application/json", "Accept": "application/json",
        "Accept-Language": document.documentElement.lang,
        "Authorization": "Bearer " + entry.token },
      body: JSON.stringify(Object.assign({}, entry.body, { reason: say("Entered on two phones: kept the one saved offline.") }))
    }).then(function (response) {
      if (response.ok) { return remove(entry.key); }
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (response.status >= 500 || response.status === 429) { return; }
        entry.state = "refused";
        entry.error = sentence(answer, response.status);
        return put(entry);
      });
    }, function () { useMine.disabled = false; /* no network: the choice stays */ }));
  });
  let choices = el("p", "choices");
  choices.append(keepTheirs, " ", useMine);
  box.append(choices);
  return box;
}
