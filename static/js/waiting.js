// Rounds waiting on this phone (static/js/offline.js keeps them), drawn into the game page at once:
// rows in the grid marked "waiting", the grid's and the standings' totals with them (marked †), the
// next round's header and its "Record round N" button. Loaded on the game page only.
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
    if (!mine.length) { return; }
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

  document.addEventListener("offline:queue", function (event) { showWaiting(event.detail); });
})();
