// Dispute tools: small conveniences on top of forms that work without JavaScript.
// - steppers: "-" and "+" buttons beside each count box;
// - card keypads: pick a rank, then tap a suit to add that card to the chosen field;
// - May I: the seat rows follow the number of players as it is typed;
// - live answers: forms marked data-live post themselves in the background when an input
//   changes, and only the #answer section is replaced (the server still decides everything).
import { say } from "./say.js";

const MOST_OF_A_CARD = 24;
const WAIT_FOR_TYPING = 250;

let sent = 0;  // only the answer to the latest request is shown

function showAnswer(form, ok, text) {
  const doc = new DOMParser().parseFromString(text, "text/html");
  const fresh = doc.getElementById("answer");
  const old = document.getElementById("answer");
  if (fresh && old && ok) {
    old.replaceWith(fresh);
  }
  const summary = document.getElementById("error-summary");  // a page load's errors, now answered
  if (summary && ok) {
    summary.remove();
  }
  form.querySelectorAll(".field-error").forEach(error => {
    error.remove();
  });
  const errors = doc.querySelectorAll("form.tool .field-error");
  if (!ok && errors.length) {
    const box = document.createElement("div");
    errors.forEach(error => {
      box.appendChild(document.importNode(error, true));
    });
    form.appendChild(box);
  }
}

function liveUpdate(form) {
  const mine = ++sent;
  const headers = { "X-Requested-With": "fetch" };
  fetch(form.action, { method: "POST", body: new FormData(form), headers })
    .then(response => response.text().then(text => {
      if (mine === sent) {
        showAnswer(form, response.ok, text);
      }
    }))
    .catch(() => {
      // the plain form post still works
    });
}

const timers = new WeakMap();
function schedule(form) {
  clearTimeout(timers.get(form));
  timers.set(form, setTimeout(() => {
    liveUpdate(form);
  }, WAIT_FOR_TYPING));
}

function markStepper(box, input) {
  box.classList.toggle("nonzero", (parseInt(input.value, 10) || 0) > 0);
}

function stepButton(text, label, onTap) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary";
  button.textContent = text;
  button.setAttribute("aria-label", label);
  button.addEventListener("click", onTap);
  return button;
}

function addSteppers(box) {
  const input = box.querySelector("input");
  if (!input) {
    return;
  }
  const card = (box.querySelector("label") || {}).textContent;
  function bump(delta) {
    const count = (parseInt(input.value, 10) || 0) + delta;
    input.value = String(Math.max(0, Math.min(MOST_OF_A_CARD, count)));
    markStepper(box, input);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  input.before(stepButton("\u2212", say("one less %(card)s", { card }), () => {
    bump(-1);
  }));
  input.after(stepButton("+", say("one more %(card)s", { card }), () => {
    bump(1);
  }));
  markStepper(box, input);
}

// A tap on the keypad: the card added, the last one taken back, or the field cleared.
function keypadTap(pad, form, event) {
  const button = event.target.closest("button[name=add], button[name=undo], button[name=clear]");
  if (!button || !form) {
    return;
  }
  const targetInput = form.querySelector("input[name=target]:checked");
  const target = targetInput ? targetInput.value : pad.getAttribute("data-default-target");
  const field = form.querySelector("[name='" + target + "']");
  if (!field) {
    return;
  }
  event.preventDefault();
  let codes = field.value.trim() ? field.value.trim().split(/[\s,;]+/) : [];
  if (button.name === "add") {
    let code = button.value;
    if (code !== "JK") {
      const rank = form.querySelector("input[name=rank]:checked");
      if (!rank) {
        return;
      }
      code = rank.value + code;
    }
    if (field.hasAttribute("data-single")) {
      codes = [code];
    } else {
      codes.push(code);
    }
  } else if (button.name === "undo") {
    codes.pop();
  } else {
    codes = [];
  }
  field.value = codes.join(" ");
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

function followSeatCount(input) {
  input.addEventListener("input", () => {
    const players = parseInt(input.value, 10);
    if (!(players >= 2 && players <= 8)) {
      return;
    }
    document.querySelectorAll("tr[data-seat]").forEach(row => {
      row.hidden = parseInt(row.getAttribute("data-seat"), 10) > players;
      if (row.hidden) {
        row.querySelectorAll("input").forEach(box => {
          box.checked = false;
        });
      }
    });
  });
}

document.querySelectorAll(".stepper").forEach(addSteppers);
document.querySelectorAll("[data-keypad]").forEach(pad => {
  const form = pad.closest("form");
  pad.addEventListener("click", event => {
    keypadTap(pad, form, event);
  });
});
document.querySelectorAll("input[data-seat-count]").forEach(followSeatCount);
document.querySelectorAll("form[data-live]").forEach(form => {
  form.addEventListener("change", () => {
    schedule(form);
  });
  form.addEventListener("input", event => {
    if (event.target.matches("input[type=text], input[type=search]")) {
      schedule(form);
    }
  });
});
