// The new-game form shows as many seats as the chosen variant seats (Joybells: 6, Continental: 8):
// the empty seats beyond it are hidden, a seat with a name typed in stays. Without this file every
// seat shows, and the server refuses too many players with a sentence naming the variant.
(function () {
  "use strict";
  var counts = document.querySelector("[data-seat-counts]");
  var variant = document.getElementById("variant");
  if (!counts || !variant) { return; }
  var most = JSON.parse(counts.getAttribute("data-seat-counts"));
  var rows = Array.prototype.slice.call(document.querySelectorAll(".seat-row"));

  function show() {
    var seats = most[variant.value] || rows.length;
    rows.forEach(function (row, i) {
      var name = row.querySelector(".seat-name");
      row.hidden = i >= seats && !(name && name.value.trim());
    });
  }
  variant.addEventListener("change", show);
  show();
})();
