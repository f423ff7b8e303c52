// Every page: the service worker (static/sw.js) registered, told the page's language, and a page
// served from the phone's copy saying from when.
import { language, say } from "./say.js";

// A page served from the phone's copy (static/sw.js marks it) says from when, at the top.
function sayFromWhen(stored) {
  const made = new Date(Number(stored));
  let time = "";
  if (stored && !isNaN(made.getTime())) {
    time = made.toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit" });
  }
  const note = document.createElement("p");
  note.className = "flash offline-copy";
  note.setAttribute("role", "status");
  if (time) {
    note.textContent = say("As of %(time)s, offline: this is the copy kept on this phone.",
      { time });
  } else {
    note.textContent = say("Offline: this is the copy kept on this phone.");
  }
  // At the top of the page; on the round form, beside Save, so that the form does not move under
  // the fingers of someone already typing.
  const submitRow = document.querySelector("form.round-form .submit-row");
  const main = document.querySelector("main");
  if (submitRow) {
    submitRow.before(note);
  } else if (main) {
    main.prepend(note);
  }
  // The scoreboard fetched again from the server (static/js/live.js): no longer the copy.
  document.addEventListener("scoreboard:updated", () => {
    note.remove();
  });
}

const stored = document.documentElement.dataset.offlineCopy;
if (stored !== undefined) {
  sayFromWhen(stored);
}

function registerWorker() {
  const script = document.querySelector("script[data-worker]");
  navigator.serviceWorker.register(script.dataset.worker, { scope: script.dataset.scope })
    .then(() => navigator.serviceWorker.ready)
    .then(registration => {
      if (registration.active) {
        registration.active.postMessage({ language });
      }
    })
    .catch(() => {
      // e.g. plain http on another host: the app works without it
    });
}

if ("serviceWorker" in navigator) {
  if (document.readyState === "complete") {
    registerWorker();
  } else {
    window.addEventListener("load", registerWorker);
  }
}
