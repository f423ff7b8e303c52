// Live scoreboard: while the page is open, ask every 5 seconds whether the game changed
// (GET /api/v1/games/<id> with If-None-Match: a 304 costs a few bytes) and, when it did,
// fetch this page again and swap in the new scoreboard. Without this file the page still
// works: reload it by hand.
import { say } from "./say.js";
// dates and times in the page's language, as the phone writes it (en-NZ: 24 Nov 2026 on an English page)
let page = document.documentElement.lang;
let lang = (navigator.languages || []).filter(function (l) { return l.split("-")[0] === page; })[0] || page || [];
// Times are sent in UTC (<time datetime="...Z" data-local>): shown in the phone's own time zone.
function localTimes() {
  document.querySelectorAll("time[data-local]").forEach(function (t) {
    let at = new Date(t.getAttribute("datetime"));
    if (isNaN(at.getTime())) { return; }
    let date = { year: "numeric", month: "short", day: "numeric" };
    let text = t.dataset.local === "date" ? at.toLocaleDateString(lang, date)
      : at.toLocaleString(lang, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    if (t.textContent !== text) { t.textContent = text; }
  });
}
localTimes();
document.addEventListener("scoreboard:updated", localTimes);

const INTERVAL = 5000;
let busy = false;

function tell(text) {
  let status = document.querySelector("[data-live] .live-status");
  if (status) { status.textContent = text; }
}

function refresh() {
  return fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
    .then(function (response) {
      if (!response.ok) { throw new Error("page " + response.status); }
      return response.text();
    })
    .then(function (html) {
      let doc = new DOMParser().parseFromString(html, "text/html");
      let fresh = doc.querySelector("[data-live]");
      if (!fresh) { return; }
      let current = document.querySelector("[data-live]");
      let openDetails = Array.prototype.map.call(current.querySelectorAll("details[open]"), function (d) {
        return d.className;
      });
      let node = document.importNode(fresh, true);
      openDetails.forEach(function (cls) {
        let d = cls && node.querySelector("details." + cls.split(" ").join("."));
        if (d) { d.open = true; }
      });
      current.replaceWith(node);
      let time = new Date().toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
      tell(say("Updated at %(time)s.", { time: time }));
      document.dispatchEvent(new CustomEvent("scoreboard:updated"));
    });
}

function poll() {
  let current = document.querySelector("[data-live]");
  if (busy || !current || document.visibilityState === "hidden" || navigator.onLine === false) { return; }
  busy = true;
  let etag = current.dataset.etag;
  let headers = { "Accept": "application/json" };
  if (etag) { headers["If-None-Match"] = '"' + etag + '"'; }
  fetch(current.dataset.live, { headers: headers, cache: "no-store", credentials: "same-origin" })
    .then(function (response) {
      if (response.status === 304) { return null; }
      if (!response.ok) { throw new Error("game " + response.status); }
      let tag = (response.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
      if (tag && tag === etag) { return null; }
      return refresh();
    })
    .catch(function () { /* no network or server busy: try again at the next tick */ })
    .then(function () { busy = false; });
}

if (document.querySelector("[data-live]")) {
  window.setInterval(poll, INTERVAL);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      poll();
    }
  });
  window.addEventListener("online", poll);
}
