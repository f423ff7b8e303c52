// Rounds waiting on this phone (static/js/offline.js keeps them), drawn into the game page at once:
// rows in the grid marked "waiting", the grid's and the standings' totals with them (marked †), the
// next round's header and its "Record round N" button; and the choice when a round was recorded
// on two phones. Loaded on the game page and the offline page (not the round form: its budget).
(function () {
  "use strict";
  var say = window.scorekeeperSay;
  function shown(n) { return n.toLocaleString(document.documentElement.lang); }
  function showWaiting(entries) {
    var live = document.querySelector("[data-live][data-offline-plan]");
    if (!live) { return; }
    var game = live.dataset.game;
    var off = window.scorekeeperOffline;
    var plan = off.plan, planned = off.planned, showRound = off.showRound, el = off.el, number = off.number;
    document.querySelectorAll(".waiting-row, .waiting-grid").forEach(function (n) { n.remove(); });
    document.querySelectorAll(".no-rounds[hidden], .live .now[hidden], nav.actions a.button[hidden]").forEach(function (n) { n.hidden = false; });
    document.querySelectorAll("[data-server-total]").forEach(function (td) {
      td.textContent = td.dataset.serverTotal;
      td.classList.remove("waiting");
      delete td.dataset.serverTotal;
    });
    var mine = entries.filter(function (e) { return e.game === game; });
    if (!mine.length) {
      rankStandings(live);
      return;
    }
    var p = plan(live);
    var players = JSON.parse(live.dataset.players || "[]");
    var grid = live.querySelector("table.grid");
    // no round reached the server yet: the grid starts with the waiting ones
    if (!grid) {
      var wrap = el("div", "grid-wrap waiting-grid");
      grid = el("table", "grid");
      var head = grid.createTHead().insertRow();
      head.appendChild(el("th", "rnd", p.label === "Hand" ? say("Hand") : say("Rd")));
      players.forEach(function (name) { head.appendChild(el("th", "num", name)); });
      grid.appendChild(el("tbody"));
      var foot = grid.createTFoot().insertRow();
      foot.appendChild(el("th", "rnd", say("Total")));
      players.forEach(function () { foot.appendChild(el("td", "num total", "–")); });
      wrap.appendChild(grid);
      var hint = live.querySelector(".no-rounds");
      if (hint) { hint.hidden = true; hint.after(wrap); } else { live.appendChild(wrap); }
    }
    var added = players.map(function () { return 0; });
    var body = grid.tBodies[0];
    mine.forEach(function (entry) {
      var row = el("tr", "waiting-row");
      var th = el("th", "rnd", String(entry.body.round));
      th.appendChild(el("span", "waiting-tag", say("waiting")));
      row.appendChild(th);
      players.forEach(function (name, i) {
        var scores = entry.scores || {};
        var td = el("td", "num");
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
    var totals = {};
    grid.querySelectorAll("tfoot td.total").forEach(function (td, i) {
      td.dataset.serverTotal = td.textContent;
      var total = number(td.textContent) + added[i];
      totals[players[i]] = total;
      td.textContent = shown(total);
      td.classList.add("waiting");
    });
    live.querySelectorAll(".standings tbody tr").forEach(function (tr) {
      var who = tr.cells[1] && tr.cells[1].firstChild ? tr.cells[1].firstChild.textContent.trim() : "";
      var td = tr.querySelector("td.total");
      if (td && who in totals) {
        td.dataset.serverTotal = td.textContent;
        td.textContent = shown(totals[who]);
        td.classList.add("waiting");
      }
    });
    rankStandings(live);
    var rounds = mine.map(function (e) {
      return p.label === "Hand" ? say("hand %(number)s", { number: e.body.round }) : say("round %(number)s", { number: e.body.round });
    }).join(", ");
    var note = el("p", "hint waiting-row", say("† Totals include %(rounds)s, waiting on this phone to be sent.", { rounds: rounds }));
    grid.parentNode.after(note);
    var next = mine[mine.length - 1].body.round + 1;
    var now = live.querySelector(".now");
    var record = live.querySelector("nav.actions a.button");
    if (now && planned(p, next)) {
      showRound(now, p, next);
      if (record) {
        record.textContent = p.label === "Hand" ? say("Record hand %(number)s", { number: next }) : say("Record round %(number)s", { number: next });
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
    var table = live.querySelector("table.standings");
    if (!table) { return; }
    var lowestWins = table.dataset.lowestWins !== "no";
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.forEach(function (tr, i) {
      if (!("serverOrder" in tr.dataset)) { tr.dataset.serverOrder = String(i); }
    });
    rows.sort(function (a, b) { return a.dataset.serverOrder - b.dataset.serverOrder; });
    function totalOf(tr) {
      var td = tr.querySelector("td.total");
      var digits = td ? td.firstChild && td.firstChild.nodeType === 3 ? td.firstChild.textContent : td.textContent : "";
      digits = digits.replace(/[^\d-]/g, "");
      return digits === "" || digits === "-" ? null : parseInt(digits, 10);
    }
    var ordered = [];
    [false, true].forEach(function (withdrew) {
      var group = rows.filter(function (tr) { return tr.classList.contains("out") === withdrew; });
      var ranked = group.filter(function (tr) { return totalOf(tr) !== null; }).sort(function (a, b) {
        return lowestWins ? totalOf(a) - totalOf(b) : totalOf(b) - totalOf(a);
      });
      var offset = ordered.length;
      ranked.forEach(function (tr, i) {
        var previous = ranked[i - 1];
        var place = previous && totalOf(previous) === totalOf(tr) ? previous.cells[0].textContent : String(offset + i + 1);
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
  window.scorekeeperList = function (list, entries, everyGame) {
    var off = window.scorekeeperOffline, group = null;
    entries.forEach(function (entry) {
      var held = off.heldBy(entries, entry);
      var plain = (entry.state || "waiting") === "waiting" && !held;
      if (plain && group && group.game === entry.game) {
        group.numbers.push(entry.body.round);
        var numbers = group.numbers.join(", ");
        group.li.firstChild.textContent = say(entry.label === "Hand" ? "Hands %(numbers)s are saved on this phone only: they will be sent when the network is back." : "Rounds %(numbers)s are saved on this phone only: they will be sent when the network is back.", { numbers: numbers });
        return;
      }
      var what = off.called(entry.label, entry.body.round);
      var text = entry.state === "conflict" ? say("%(what)s was recorded meanwhile on another phone, with other scores. Which one is right?", { what: what })
        : held ? say("%(what)s waits on this phone until %(before)s is settled.", { what: what,
          before: say(held.label === "Hand" ? "hand %(number)s" : "round %(number)s", { number: held.body.round }) })
        : undefined;
      var li = off.item(entry, text);
      group = plain ? { game: entry.game, numbers: [entry.body.round], li: li } : null;
      if (everyGame && entry.page) {
        var a = off.el("a", "", say("Open the game"));
        a.href = entry.page;
        li.append(" ", a);
      }
      if (entry.state === "conflict") { li.append(choose(entry)); }
      list.append(li);
    });
  };

  // A round recorded meanwhile on another phone (static/js/offline.js): both versions, player by
  // player, and the person chooses. "Use this phone's" corrects the saved round to it (the old
  // scores and the reason stay in the game's corrections). Then the rounds after it go on and the
  // page shows the game as the server has it.
  function choose(entry) {
    var off = window.scorekeeperOffline, el = off.el;
    var box = el("div", "both-versions");
    var table = el("table", "versions");
    var head = table.createTHead().insertRow();
    head.append(el("th", "", ""), el("th", "num", say("Saved")), el("th", "num", say("This phone")));
    var body = table.createTBody();
    var theirs = (entry.theirs && entry.theirs.scores) || {};
    var mine = entry.scores || {};
    var shown = function (v) { return v === null ? "?" : v === undefined ? "–" : String(v); };
    Object.keys(theirs).concat(Object.keys(mine).filter(function (n) { return !(n in theirs); })).forEach(function (name) {
      body.insertRow().append(el("th", "", name), el("td", "num", shown(theirs[name])), el("td", "num", shown(mine[name])));
    });
    box.append(table);
    // who entered each version and when; the two choices weigh the same, neither pre-selected
    var entered = new Date(entry.saved_at);
    var at = isNaN(entered.getTime()) ? "?" : entered.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
    box.append(el("p", "hint versions-who", say("Saved: entered on another phone. This phone: entered here at %(time)s.", { time: at })));
    var keepTheirs = el("button", "secondary", say("Keep the saved one"));
    var useMine = el("button", "secondary", say("Use this phone's"));
    keepTheirs.type = useMine.type = "button";
    function settled(done) {
      return done.then(off.refreshList).then(off.flush).then(function () {
        if (document.querySelector("[data-live]")) { window.location.reload(); }
      });
    }
    keepTheirs.addEventListener("click", function () { settled(off.remove(entry.key)); });
    useMine.addEventListener("click", function () {
      useMine.disabled = true;
      settled(fetch(entry.api + "/" + entry.body.round, {
        method: "PUT", credentials: "omit", cache: "no-store",
        headers: { "Content-Type": "application/json", "Accept": "application/json",
          "Accept-Language": document.documentElement.lang, "Authorization": "Bearer " + entry.token },
        body: JSON.stringify(Object.assign({}, entry.body, { reason: say("Entered on two phones: kept the one saved offline.") }))
      }).then(function (response) {
        if (response.ok) { return off.remove(entry.key); }
        return response.json().catch(function () { return {}; }).then(function (answer) {
          if (response.status >= 500 || response.status === 429) { return; }
          entry.state = "refused";
          entry.error = off.sentence(answer, response.status);
          return off.put(entry);
        });
      }, function () { useMine.disabled = false; /* no network: the choice stays */ }));
    });
    var choices = el("p", "choices");
    choices.append(keepTheirs, " ", useMine);
    box.append(choices);
    return box;
  }
})();
