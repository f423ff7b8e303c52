// Every page: say() (scorekeeper/web/script_words.py) and the service worker (static/sw.js).
(() => {
 "use strict";
 var lang = document.documentElement.lang;
 var me = document.currentScript.dataset;
 window.scorekeeperSay = (text, values) => ((window.scorekeeperWords || {})[text] || text)
  .replace(/%\((\w+)\)s/g, (all, name) => (values && name in values ? values[name] : all));
 if (!("serviceWorker" in navigator)) { return; }
 window.addEventListener("load", () => {
  navigator.serviceWorker.register(me.worker, { scope: me.scope }).then(() => navigator.serviceWorker.ready)
   .then(reg => { if (reg.active) { reg.active.postMessage({ language: lang }); } })
   .catch(() => { /* e.g. plain http on another host: the app works without it */ });
 });
})();
