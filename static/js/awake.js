// The "Keep the screen on" switch (Screen Wake Lock API), kept on this phone (docs/games.md).
(() => {
"use strict";
var box = document.querySelector(".awake input[type=checkbox]");
if (!box) { return; }
var note = document.querySelector(".awake .awake-note");
var KEY = "scorekeeper-keep-awake";
var lock = null;

function tell(text) { if (note) { note.textContent = text; } }
var say = window.scorekeeperSay;
function stored() { try { return window.localStorage.getItem(KEY) === "on"; } catch (e) { return false; } }
function store(on) { try { window.localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode */ } }

if (!("wakeLock" in navigator)) {
 box.checked = false;
 box.disabled = true;
 // Browsers offer it only to pages over HTTPS (a plain http address on a home network has none).
 tell(window.isSecureContext === false
  ? say("Keeping the screen on needs a secure (HTTPS) connection, and this page was opened over plain HTTP.")
  : say("This browser cannot keep the screen on."));
 return;
}

function acquire() {
 if (!box.checked || lock || document.visibilityState !== "visible") { return; }
 navigator.wakeLock.request("screen").then(sentinel => {
  lock = sentinel;
  document.documentElement.dataset.awake = "on";
  tell(say("The screen stays on."));
  sentinel.addEventListener("release", () => {
   lock = null;
   document.documentElement.dataset.awake = "off";
   if (box.checked) { tell(say("The screen stays on while this page is shown.")); }
  });
 }, () => {
  document.documentElement.dataset.awake = "refused";
  tell(say("The phone did not allow it (battery saver?)."));
 });
}

function release() {
 if (lock) { lock.release(); lock = null; }
 document.documentElement.dataset.awake = "off";
 tell("");
}

box.checked = stored();
box.addEventListener("change", () => {
 store(box.checked);
 if (box.checked) { acquire(); } else { release(); }
});
// the lock ends when the page is hidden
document.addEventListener("visibilitychange", acquire);
acquire();
})();
