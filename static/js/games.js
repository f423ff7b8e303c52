// Game pages: small helpers that save taps. Every form still works without this file.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // Share links: tap the box to select the whole link.
  document.querySelectorAll("input.copy").forEach(function (box) {
    box.addEventListener("focus", function () { box.select(); });
  });

  var form = document.querySelector("form.round-form");
  if (!form) { return; }
  var values = JSON.parse(form.dataset.cardPoints || "{}");
  var penalty = parseInt(form.dataset.penalty || "0", 10);
  var roy = form.dataset.roy === "yes";
  var hands = Array.prototype.slice.call(form.querySelectorAll("fieldset.hand"));

  function cardValue(code) {
    code = code.trim().toUpperCase();
    if (code === "JK" || code === "JOKER") { return values.JK; }
    var rank = code.slice(0, -1);
    if (rank === "T") { rank = "10"; }
    return values[rank];
  }

  function modeOf(hand) {
    var checked = hand.querySelector(".modes input:checked");
    return checked ? checked.value : "cards";
  }

  function number(input) {
    if (!input || input.value.trim() === "") { return null; }
    var n = parseInt(input.value, 10);
    return isNaN(n) ? null : n;
  }

  function wentOut() {
    var checked = form.querySelector(".went-out input:checked");
    return checked ? checked.value : null;
  }

  function handTotal(hand) {
    var mode = modeOf(hand);
    if (hand.dataset.mode !== mode) { hand.dataset.mode = mode; }
    if (mode === "missing") { return null; }
    var missing = number(hand.querySelector("input[name$='-missing_cards']")) || 0;
    if (mode === "points") {
      var pts = number(hand.querySelector("input[name$='-points']"));
      return pts === null ? null : pts + missing * penalty;
    }
    var total = 0;
    hand.querySelectorAll(".card input:checked").forEach(function (box) {
      total += cardValue(box.value) || 0;
    });
    var extra = hand.querySelector("input[name$='-extra']");
    if (extra && extra.value.trim()) {
      extra.value.replace(/,/g, " ").split(/\s+/).forEach(function (code) {
        var v = code ? cardValue(code) : 0;
        if (typeof v === "number") { total += v; }
      });
    }
    return total + missing * penalty;
  }

  function update() {
    var out = wentOut();
    var royTotal = 0;
    var winner = null;
    hands.forEach(function (hand) {
      var isOut = out !== null && hand.dataset.seat === out;
      if (hand.classList.contains("is-out") !== isOut) { hand.classList.toggle("is-out", isOut); }
      var output = hand.querySelector("output.running");
      if (isOut) { winner = output; return; }
      if (roy) {
        royTotal += number(hand.querySelector("input.count")) || 0;
        return;
      }
      var total = handTotal(hand);
      var text = total === null ? "" : String(total);
      if (output && output.textContent !== text) { output.textContent = text; }
    });
    if (roy && winner && winner.textContent !== String(royTotal)) { winner.textContent = String(royTotal); }
  }

  // Tapping a card or typing points picks the matching way of scoring: one tap fewer.
  hands.forEach(function (hand) {
    function pick(mode) {
      var radio = hand.querySelector(".modes input[value='" + mode + "']");
      if (radio && !radio.checked) { radio.checked = true; }
    }
    hand.querySelectorAll(".card input, input[name$='-extra']").forEach(function (el) {
      el.addEventListener("input", function () { pick("cards"); });
    });
    var points = hand.querySelector("input[name$='-points']");
    if (points) { points.addEventListener("input", function () { pick("points"); }); }
  });

  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
})();
