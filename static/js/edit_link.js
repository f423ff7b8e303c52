// The edit link's page (templates/games/edit_link.html). The link carries the edit token after
// "#", which the browser never sends to a server, so it stays out of access logs: this script
// takes it out of the address bar (and so out of the browser's history) and posts it, once.
const form = document.querySelector("form[data-edit-link]");
const found = /(?:^#|&)token=([^&]*)/.exec(window.location.hash);

function tokenOf(text) {
  try {
    return decodeURIComponent(text);
  } catch (error) {
    return text;
  }
}

if (form && found && found[1]) {
  window.history.replaceState(null, "", window.location.pathname + window.location.search);
  form.elements.token.value = tokenOf(found[1]);
  form.querySelector(".edit-link-opening").hidden = false;
  form.submit();
}
