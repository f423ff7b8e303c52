// Dispute tools: small conveniences on top of forms that work without JavaScript.
// - steppers: "-" and "+" buttons beside each count box;
// - live answers: forms marked data-live post themselves in the background when an input
//   changes, and only the #answer section is replaced (the server still decides everything).
// Its words are said with say() (static/js/say.js; listed in scorekeeper/web/script_words.py).
import { say } from "./say.js";

let sent = 0;  // only the answer to the latest request is shown
function liveUpdate(form) {
  let data = new FormData(form);
  let mine = ++sent;
  fetch(form.action, { method: "POST", body: data, headers: { "X-Requested-With": "fetch" } })
    .then(function (resp) { return resp.text().then(function (text) { return { ok: resp.ok, text: text }; }); })
    .then(function (r) {
      if (mine !== sent) { return; }
      let doc = new DOMParser().parseFromString(r.text, "text/html");
      let fresh = doc.getElementById("answer");
      let old = document.getElementById("answer");
      if (fresh && old && r.ok) { old.replaceWith(fresh); }
      let summary = document.getElementById("error-summary");  // a page load's errors, now answered
      if (summary && r.ok) { summary.remove(); }
      let errs = doc.querySelectorAll("form.tool .field-error");
      let here = form.querySelectorAll(".field-error");
      here.forEach(function (e) { e.remove(); });
      if (!r.ok && errs.length) {
        let box = document.createElement("div");
        errs.forEach(function (e) { box.appendChild(document.importNode(e, true)); });
        form.appendChild(box);
      }
    })
    .catch(function () { /* the plain form post still works */ });
}

let timers = new WeakMap();
function schedule(form) {
  clearTimeout(timers.get(form));
  timers.set(form, setTimeout(function () { liveUpdate(form); }, 250));
}

function markStepper(box, input) {
  box.classList.toggle("nonzero", (parseInt(input.value, 10) || 0) > 0);
}


document.querySelectorAll(".stepper").forEach(function (box) {
  let input = box.querySelector("input");
  if (!input) { return; }
  let card = (box.querySelector("label") || {}).textContent;
  function bump(delta) {
    let n = (parseInt(input.value, 10) || 0) + delta;
    input.value = String(Math.max(0, Math.min(24, n)));
    markStepper(box, input);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  let minus = document.createElement("button");
  minus.type = "button"; minus.className = "secondary"; minus.textContent = "\u2212";
  minus.setAttribute("aria-label", say("one less %(card)s", { card: card }));
  minus.addEventListener("click", function () { bump(-1); });
  let plus = document.createElement("button");
  plus.type = "button"; plus.className = "secondary"; plus.textContent = "+";
  plus.setAttribute("aria-label", say("one more %(card)s", { card: card }));
  plus.addEventListener("click", function () { bump(1); });
  input.before(minus);
  input.after(plus);
  markStepper(box, input);
});

// Card keypads: pick a rank, then tap a suit to add that card to the chosen field.
document.querySelectorAll("[data-keypad]").forEach(function (pad) {
  let form = pad.closest("form");
  pad.addEventListener("click", function (ev) {
    let btn = ev.target.closest("button[name=add], button[name=undo], button[name=clear]");
    if (!btn || !form) { return; }
    let targetInput = form.querySelector("input[name=target]:checked");
    let target = targetInput ? targetInput.value : pad.getAttribute("data-default-target");
    let field = form.querySelector("[name='" + target + "']");
    if (!field) { return; }
    ev.preventDefault();
    let codes = field.value.trim() ? field.value.trim().split(/[\s,;]+/) : [];
    if (btn.name === "add") {
      let code = btn.value;
      if (code !== "JK") {
        let rank = form.querySelector("input[name=rank]:checked");
        if (!rank) { return; }
        code = rank.value + code;
      }
      if (field.hasAttribute("data-single")) { codes = [code]; } else { codes.push(code); }
    } else if (btn.name === "undo") {
      codes.pop();
    } else {
      codes = [];
    }
    field.value = codes.join(" ");
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
});

// May I: the seat rows follow the number of players as it is typed.
document.querySelectorAll("input[data-seat-count]").forEach(function (input) {
  input.addEventListener("input", function () {
    let n = parseInt(input.value, 10);
    if (!(n >= 2 && n <= 8)) { return; }
    document.querySelectorAll("tr[data-seat]").forEach(function (row) {
      row.hidden = parseInt(row.getAttribute("data-seat"), 10) > n;
      if (row.hidden) { row.querySelectorAll("input").forEach(function (i) { i.checked = false; }); }
    });
  });
});

document.querySelectorAll("form[data-live]").forEach(function (form) {
  form.addEventListener("change", function () { schedule(form); });
  form.addEventListener("input", function (ev) {
    if (ev.target.matches("input[type=text], input[type=search]")) { schedule(form); }
  });
});
