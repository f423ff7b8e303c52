// Installable app: register the service worker (static/sw.js, served at /sw.js so that it may
// control every page). Nothing else depends on it: without it every page works online.
(() => {
 "use strict";
 if (!("serviceWorker" in navigator)) { return; }
 window.addEventListener("load", () => {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
   /* e.g. plain http on another host: the app works without it */
  });
 });
})();
