// Every page: say() (scorekeeper/web/script_words.py) and the service worker (static/sw.js).
(() => {
 "use strict";
 var lang = document.documentElement.lang;
 var me = document.currentScript.dataset;
 window.scorekeeperSay = (text, values) => ((window.scorekeeperWords || {})[text] || text)
  .replace(/%\((\w+)\)s/g, (all, name) => (values && name in values ? values[name] : all));
 var say = window.scorekeeperSay;
 // Whether a count takes the singular here: "1 point", "-1 point" ("0 point" in French).
 window.scorekeeperOne = count => new Intl.PluralRules(lang).select(Math.abs(count)) === "one";
 // A page served from the phone's copy (static/sw.js) says from when, at the top.
 var copy = document.documentElement.dataset.offlineCopy;
 if (copy !== undefined) {
  document.addEventListener("DOMContentLoaded", () => {
   var made = new Date(+copy);
   var time = copy && !isNaN(made.getTime()) ? made.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }) : "";
   var note = Object.assign(document.createElement("p"), { className: "flash offline-copy",
    textContent: time ? say("As of %(time)s, offline: this is the copy kept on this phone.", { time })
     : say("Offline: this is the copy kept on this phone.") });
   note.setAttribute("role", "status");
   // at the top of the page; on the round form, beside Save, so that the form does not move under
   // the fingers of someone already typing
   var submitRow = document.querySelector("form.round-form .submit-row");
   var main = document.querySelector("main");
   if (submitRow) { submitRow.before(note); } else if (main) { main.prepend(note); }
   // the scoreboard fetched again from the server (static/js/live.js): no longer the copy
   document.addEventListener("scoreboard:updated", () => { note.remove(); });
  });
 }
 if (!("serviceWorker" in navigator)) { return; }
 window.addEventListener("load", () => {
  navigator.serviceWorker.register(me.worker, { scope: me.scope }).then(() => navigator.serviceWorker.ready)
   .then(reg => { if (reg.active) { reg.active.postMessage({ language: lang }); } })
   .catch(() => { /* e.g. plain http on another host: the app works without it */ });
 });
})();
