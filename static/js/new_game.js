// The new-game form shows as many seats as the chosen variant seats (Joybells: 6, Continental: 8):
// the empty seats beyond it are hidden, a seat with a name typed in stays. Without this file every
// seat shows, and the server refuses too many players with a sentence naming the variant.
const counts = document.querySelector("[data-seat-counts]");
const variant = document.getElementById("variant");

function showSeats(most, rows) {
  const seats = most[variant.value] || rows.length;
  rows.forEach((row, index) => {
    const name = row.querySelector(".seat-name");
    const named = Boolean(name && name.value.trim());
    row.hidden = index >= seats && !named;
  });
}

if (counts && variant) {
  const most = JSON.parse(counts.getAttribute("data-seat-counts"));
  const rows = Array.from(document.querySelectorAll(".seat-row"));
  variant.addEventListener("change", () => {
    showSeats(most, rows);
  });
  showSeats(most, rows);
}
