// Every page loads this first.
// - say(): the scripts' sentences in the page's language (scorekeeper/web/script_words.py):
//   say("Round %(number)s", {number: 3}) looks the English up in window.scorekeeperWords (the
//   /words/<code>.js script of a page not in English) and fills in the %(name)s placeholders.
// - The installable app: register the service worker (static/sw.js, served at /sw.js so that it may
//   control every page) and tell it the page's language (its offline page comes in it). Nothing
//   else depends on the worker: without it every page works online.
(() => {
 "use strict";
 window.scorekeeperSay = (english, values) => {
  var text = (window.scorekeeperWords || {})[english] || english;
  return text.replace(/%\((\w+)\)s/g, (all, name) => (values && name in values ? String(values[name]) : all));
 };
 // a number as the page's language writes it (1 234 in French)
 var numbers = window.Intl ? new Intl.NumberFormat(document.documentElement.lang || undefined) : null;
 window.scorekeeperNumber = n => (numbers ? numbers.format(n) : String(n));
 if (!("serviceWorker" in navigator)) { return; }
 window.addEventListener("load", () => {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready).then(reg => {
   if (reg.active) { reg.active.postMessage({ language: document.documentElement.lang }); }
  }).catch(() => {
   /* e.g. plain http on another host: the app works without it */
  });
 });
})();
