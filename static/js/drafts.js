// What is typed on the round form, kept on the phone per game and round until saved
// (docs/games.md): put back after a reload (said at the top of the form, with Discard), dropped
// when the round is kept by static/js/offline_round.js or saved, and anything two weeks old.
import { say } from "./say.js";
import { make } from "./hand_form.js";

const PREFIX = "scorekeeper.round.";
const TWO_WEEKS = 14 * 24 * 3600 * 1000;

// The form's own fields, never kept: the token, the round, the key, hidden fields and buttons.
function own(field) {
  if (!field.name) {
    return true;
  }
  if (/^(csrf_token|round|key|version|hands-\d+-seat)$/.test(field.name)) {
    return true;
  }
  return /hidden|submit|button/.test(field.type);
}

function ticks(field) {
  return /radio|checkbox/.test(field.type);
}

function changed(field) {
  if (ticks(field)) {
    return field.checked !== field.defaultChecked;
  }
  return field.value !== field.defaultValue;
}

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch (error) {
    return null;
  }
}

function drop(key) {
  try {
    localStorage.removeItem(key);
  } catch (error) {
    // no storage
  }
}

// Rounds of this game saved since (before `round`), and anything two weeks old.
function dropOld(prefix, round) {
  Object.keys(localStorage).forEach(key => {
    if (!key.startsWith(PREFIX)) {
      return;
    }
    const kept = read(key);
    const old = kept && kept[0] < Date.now() - TWO_WEEKS;
    const saved = key.startsWith(prefix) && Number(key.slice(prefix.length)) < round;
    if (kept && (old || saved)) {
      localStorage.removeItem(key);
    }
  });
}

// `update` shows the running totals again (static/js/games.js).
export function keepDrafts(form, update) {
  const game = form.dataset.draft;
  const note = form.querySelector(".draft-note");
  if (!game || !note) {
    return;
  }
  const prefix = PREFIX + game + ".";
  let round = Number(form.dataset.round);
  const fields = () => Array.from(form.elements).filter(field => !own(field));

  function keep() {
    const dirty = Boolean(form.querySelector(".went-out input:checked")) || fields().some(changed);
    note.hidden = !dirty;
    try {
      if (dirty) {
        const values = fields().map(field => {
          return [field.name, field.value, ticks(field) ? field.checked : null];
        });
        localStorage.setItem(prefix + round, JSON.stringify([Date.now(), values]));
      } else {
        localStorage.removeItem(prefix + round);
      }
    } catch (error) {
      // full, or private
    }
  }

  function restore(values) {
    // twice: the first pass shows the tick for odd points
    for (let pass = 0; pass < 2; pass += 1) {
      values.forEach(([name, value, checked]) => {
        fields().forEach(field => {
          if (field.name !== name) {
            return;
          }
          if (!ticks(field)) {
            field.value = value;
          } else if (field.value === value) {
            field.checked = checked;
          }
        });
      });
      update();
    }
  }

  function sayRestored() {
    const notice = make("p", { className: "flash draft-restored" }, { role: "status" });
    const discard = make("button", { type: "button", className: "secondary", textContent: say("Discard") });
    discard.addEventListener("click", () => {
      note.querySelector("button").click();
    });
    notice.append(say("Restored what you entered before the reload"), " · ", discard);
    form.before(notice);
  }

  try {
    dropOld(prefix, round);
    const mine = read(prefix + round);
    if (mine && form.hasAttribute("data-draft-fresh")) {
      restore(mine[1]);
      sayRestored();
    }
  } catch (error) {
    // no storage
  }
  keep();
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  // static/js/offline_round.js kept this round, or moved a stored form past rounds waiting.
  form.addEventListener("round:kept", () => {
    drop(prefix + round);
  });
  form.addEventListener("round:moved", event => {
    drop(prefix + round);
    round = event.detail.round;
    form.reset();
    const mine = read(prefix + round);
    if (mine) {
      restore(mine[1]);
    }
    update();
    keep();
  });
  note.querySelector("button").addEventListener("click", () => {
    document.querySelectorAll(".draft-restored").forEach(notice => {
      notice.remove();
    });
    fields().forEach(field => {
      if (ticks(field)) {
        field.checked = /-mode$/.test(field.name) && field.defaultChecked;
      } else {
        field.value = /missing_cards$/.test(field.name) ? "0" : "";
      }
    });
    form.querySelectorAll(".field-errors, .computed, .preview, .card-problem").forEach(part => {
      part.remove();
    });
    update();
    keep();
  });
}
