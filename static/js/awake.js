// The "Keep the screen on" switch (Screen Wake Lock API), kept on this phone (docs/games.md).
import { say } from "./say.js";

const KEY = "scorekeeper-keep-awake";
const box = document.querySelector(".awake input[type=checkbox]");
const note = document.querySelector(".awake .awake-note");
let lock = null;

function tell(text) {
  if (note) {
    note.textContent = text;
  }
}

function stored() {
  try {
    return window.localStorage.getItem(KEY) === "on";
  } catch (error) {
    return false;
  }
}

function store(on) {
  try {
    window.localStorage.setItem(KEY, on ? "on" : "off");
  } catch (error) {
    // private mode: the switch is not remembered
  }
}

function acquire() {
  if (!box.checked || lock || document.visibilityState !== "visible") {
    return;
  }
  navigator.wakeLock.request("screen").then(sentinel => {
    lock = sentinel;
    document.documentElement.dataset.awake = "on";
    tell(say("The screen stays on."));
    sentinel.addEventListener("release", () => {
      lock = null;
      document.documentElement.dataset.awake = "off";
      if (box.checked) {
        tell(say("The screen stays on while this page is shown."));
      }
    });
  }, () => {
    document.documentElement.dataset.awake = "refused";
    tell(say("The phone did not allow it (battery saver?)."));
  });
}

function release() {
  if (lock) {
    lock.release();
    lock = null;
  }
  document.documentElement.dataset.awake = "off";
  tell("");
}

function cannotKeepAwake() {
  box.checked = false;
  box.disabled = true;
  // Browsers offer it only to pages over HTTPS (a plain http address on a home network has none).
  if (window.isSecureContext === false) {
    tell(say(
      "Keeping the screen on needs a secure (HTTPS) connection, and this page was opened over plain HTTP."));
  } else {
    tell(say("This browser cannot keep the screen on."));
  }
}

function start() {
  if (!("wakeLock" in navigator)) {
    cannotKeepAwake();
    return;
  }
  box.checked = stored();
  box.addEventListener("change", () => {
    store(box.checked);
    if (box.checked) {
      acquire();
    } else {
      release();
    }
  });
  // The lock ends when the page is hidden: taken again when it shows.
  document.addEventListener("visibilitychange", acquire);
  acquire();
}

if (box) {
  start();
}
