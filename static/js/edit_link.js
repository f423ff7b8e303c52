// The edit link's page (templates/games/edit_link.html). The link carries the edit token after
// "#", which the browser never sends to a server, so it stays out of access logs: this script
// takes it out of the address bar (and so out of the browser's history) and posts it, once.
(function () {
  "use strict";
  var form = document.querySelector("form[data-edit-link]");
  if (!form) { return; }
  var found = /(?:^#|&)token=([^&]*)/.exec(window.location.hash);
  if (!found || !found[1]) { return; }
  window.history.replaceState(null, "", window.location.pathname + window.location.search);
  var token;
  try { token = decodeURIComponent(found[1]); } catch (e) { token = found[1]; }
  form.elements.token.value = token;
  form.querySelector(".edit-link-opening").hidden = false;
  form.submit();
})();
