// Live scoreboard: while the page is open, ask every 5 seconds whether the game changed
// (GET /api/v1/games/<id> with If-None-Match: a 304 costs a few bytes) and, when it did, fetch
// this page again and swap in the new scoreboard. Without this file the page still works: reload
// it by hand. Times sent in UTC (<time datetime="...Z" data-local>) are shown in the phone's own
// time zone.
import { say } from "./say.js";

const INTERVAL = 5000;
const DATE = { year: "numeric", month: "short", day: "numeric" };
const DATE_AND_TIME = { ...DATE, hour: "2-digit", minute: "2-digit" };

// Dates and times in the page's language, as the phone writes it (en-NZ: 24 Nov 2026 on an
// English page).
const page = document.documentElement.lang;
const phoneLanguage = (navigator.languages || []).find(language => language.split("-")[0] === page);
const lang = phoneLanguage || page || [];

function localTimes() {
  document.querySelectorAll("time[data-local]").forEach(time => {
    const at = new Date(time.getAttribute("datetime"));
    if (isNaN(at.getTime())) {
      return;
    }
    let text = at.toLocaleString(lang, DATE_AND_TIME);
    if (time.dataset.local === "date") {
      text = at.toLocaleDateString(lang, DATE);
    }
    if (time.textContent !== text) {
      time.textContent = text;
    }
  });
}

function tell(text) {
  const status = document.querySelector("[data-live] .live-status");
  if (status) {
    status.textContent = text;
  }
}

// The page fetched again, its scoreboard swapped in (the details left open stay open).
function refresh() {
  return fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
    .then(response => {
      if (!response.ok) {
        throw new Error("page " + response.status);
      }
      return response.text();
    })
    .then(html => {
      const fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-live]");
      if (!fresh) {
        return;
      }
      const current = document.querySelector("[data-live]");
      const open = current.querySelectorAll("details[open]");
      const openDetails = Array.from(open, details => details.className);
      const node = document.importNode(fresh, true);
      openDetails.forEach(className => {
        const selector = "details." + className.split(" ").join(".");
        const details = className && node.querySelector(selector);
        if (details) {
          details.open = true;
        }
      });
      current.replaceWith(node);
      const time = new Date().toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
      tell(say("Updated at %(time)s.", { time }));
      document.dispatchEvent(new CustomEvent("scoreboard:updated"));
    });
}

let busy = false;

function poll() {
  const current = document.querySelector("[data-live]");
  if (busy || !current || document.visibilityState === "hidden" || navigator.onLine === false) {
    return;
  }
  busy = true;
  const etag = current.dataset.etag;
  const headers = { "Accept": "application/json" };
  if (etag) {
    headers["If-None-Match"] = '"' + etag + '"';
  }
  fetch(current.dataset.live, { headers, cache: "no-store", credentials: "same-origin" })
    .then(response => {
      if (response.status === 304) {
        return null;
      }
      if (!response.ok) {
        throw new Error("game " + response.status);
      }
      const tag = (response.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
      if (tag && tag === etag) {
        return null;
      }
      return refresh();
    })
    .catch(() => {
      // no network or server busy: try again at the next tick
    })
    .then(() => {
      busy = false;
    });
}

localTimes();
document.addEventListener("scoreboard:updated", localTimes);
if (document.querySelector("[data-live]")) {
  window.setInterval(poll, INTERVAL);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      poll();
    }
  });
  window.addEventListener("online", poll);
}
