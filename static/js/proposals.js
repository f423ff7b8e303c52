// The scorekeeper's round form (loaded by static/js/games.js with the first hand that
// arrives): the hands sent from the players' phones filled in as if typed; a hand the scorekeeper
// changed is kept, the one that arrived shown beside it to take or leave. A player's word that
// they went out is said in their hand and ticked when nobody is; a disagreement with the form is
// said beside the player before Save. Nothing is recorded until Save (docs/games.md).
import { language, one, say } from "./say.js";
import { fillHand } from "./fill_hand.js";

const SENT = "scorekeeper.sent.";

function key(name) {
  return name.normalize("NFC").toLowerCase();
}

function nameOf(hand) {
  return hand.querySelector("legend .who").textContent.trim();
}

// 6:49 AM; 06:49 in French.
function time(at) {
  const date = new Date(at);
  if (isNaN(date.getTime())) {
    return "";
  }
  return date.toLocaleTimeString(language, { hour: "numeric", minute: "2-digit" });
}

function hint(text) {
  return Object.assign(document.createElement("p"), { className: "hint", textContent: text });
}

function sentText(words) {
  if (words.count !== undefined && one(words.count)) {
    return hint(say("Sent from %(name)s's phone at %(time)s: %(count)s card left.", words));
  }
  if (words.count !== undefined) {
    return hint(say("Sent from %(name)s's phone at %(time)s: %(count)s cards left.", words));
  }
  if (one(words.points)) {
    return hint(say("Sent from %(name)s's phone at %(time)s: %(points)s point.", words));
  }
  return hint(say("Sent from %(name)s's phone at %(time)s: %(points)s points.", words));
}

function keptText(words) {
  if (words.count !== undefined && one(words.count)) {
    return say("%(name)s's phone sent %(count)s card left at %(time)s; your entry is kept.", words);
  }
  if (words.count !== undefined) {
    return say("%(name)s's phone sent %(count)s cards left at %(time)s; your entry is kept.",
      words);
  }
  if (one(words.points)) {
    return say("%(name)s's phone sent %(points)s point at %(time)s; your entry is kept.", words);
  }
  return say("%(name)s's phone sent %(points)s points at %(time)s; your entry is kept.", words);
}

// What a player's phone says against the form, or "".
function disagreement(hand, sent, out, outHand) {
  const name = nameOf(hand);
  if (sent && sent.went_out && out === "stock") {
    return say("%(name)s's phone says %(name)s went out; this form says nobody went out.",
      { name });
  }
  if (sent && sent.went_out && outHand && outHand !== hand) {
    const other = nameOf(outHand);
    return say("%(name)s's phone says %(name)s went out; this form says %(other)s went out.",
      { name, other });
  }
  if (sent && !sent.went_out && outHand === hand) {
    if (sent.hand && sent.hand.card_count !== undefined) {
      const count = sent.hand.card_count;
      if (one(count)) {
        return say("%(name)s's phone sent %(count)s card left; this form says %(name)s went out.",
          { name, count });
      }
      return say("%(name)s's phone sent %(count)s cards left; this form says %(name)s went out.",
        { name, count });
    }
    const points = sent.points;
    if (one(points)) {
      return say("%(name)s's phone sent %(points)s point; this form says %(name)s went out.",
        { name, points });
    }
    return say("%(name)s's phone sent %(points)s points; this form says %(name)s went out.",
      { name, points });
  }
  return "";
}

export function fillHandsIn(form) {
  const hands = Array.from(form.querySelectorAll("fieldset.hand"));
  const byName = {};
  hands.forEach(hand => {
    byName[key(nameOf(hand))] = hand;
  });
  const handOf = name => byName[key(name)];

  // The hands filled in as sent and not changed since, kept on the phone beside the draft (the
  // entries themselves come back from the draft, static/js/games.js) so that after a reload, or
  // in another tab, a phone's hand is still labelled as the phone's.
  const sentKey = () => SENT + form.dataset.proposals;
  let asSent = {};
  try {
    asSent = JSON.parse(localStorage.getItem(sentKey())) || {};
    forgetEarlierRounds(sentKey());
  } catch (error) {
    // no storage
  }
  const remember = () => {
    try {
      localStorage.setItem(sentKey(), JSON.stringify(asSent));
    } catch (error) {
      // private
    }
  };
  const touched = new Set();
  const filled = Object.assign({}, asSent);
  const touch = event => {
    const hand = event.isTrusted && event.target.closest("fieldset.hand");
    if (!hand) {
      return;
    }
    touched.add(hand);
    if (asSent[hand.id]) {
      delete asSent[hand.id];
      remember();
    }
  };
  form.addEventListener("input", touch);
  form.addEventListener("change", touch);

  function noteOf(hand) {
    let note = hand.querySelector(".arrived");
    if (!note) {
      note = Object.assign(document.createElement("div"), { className: "arrived computed" });
      note.setAttribute("role", "status");
      hand.querySelector("legend").after(note);
    }
    return note;
  }

  function fill(hand, sent) {
    const mode = fillHand(hand, sent.hand || {}, sent.points);
    const sure = hand.querySelector("input[name$='-sure']");
    if (sure && mode === "points") {
      sure.checked = true;  // the player's phone sent these points
    }
    filled[hand.id] = asSent[hand.id] = JSON.stringify(sent);
    remember();
    touched.delete(hand);
  }

  function arrived(name, hand, sent) {
    const seen = JSON.stringify(sent);
    const count = (sent.hand || {}).card_count;
    const words = { name, points: sent.points, count, time: time(sent.at) };
    if (filled[hand.id] === seen) {
      if (!hand.querySelector(".arrived")) {  // (after a reload: said again)
        noteOf(hand).replaceChildren(sentText(words));
      }
      return;
    }
    const note = noteOf(hand);
    const entered = hand.querySelector("output.running").textContent.trim() !== "";
    if (touched.has(hand) || (!(hand.id in filled) && entered)) {
      const take = Object.assign(document.createElement("button"),
        { type: "button", className: "secondary take", textContent: say("Use it") });
      take.addEventListener("click", () => {
        fill(hand, sent);
        noteOf(hand).replaceChildren(sentText(words));
      });
      note.replaceChildren(hint(keptText(words)), take);
      filled[hand.id] = seen;  // said once; a newer hand from the phone is said again
      return;
    }
    fill(hand, sent);
    note.replaceChildren(sentText(words));
  }

  // A player's word that they went out: said in their hand, and ticked as who went out when the
  // scorekeeper has ticked nobody yet and no other phone says the same.
  let wentOutTouched = false;
  form.querySelector(".went-out").addEventListener("change", event => {
    if (event.isTrusted) {
      wentOutTouched = true;
    }
  });
  function saidOut(name, hand, sent) {
    const seen = JSON.stringify(sent);
    if (filled[hand.id] !== seen) {
      filled[hand.id] = asSent[hand.id] = seen;
      remember();
    }
    const words = { name, time: time(sent.at) };
    const wentOut = say("Sent from %(name)s's phone at %(time)s: %(name)s went out.", words);
    noteOf(hand).replaceChildren(hint(wentOut));
  }
  function tickWentOut(got) {
    const claims = Object.keys(got).filter(name => got[name].went_out && handOf(name));
    if (claims.length !== 1 || wentOutTouched || form.querySelector(".went-out input:checked")) {
      return;
    }
    const seat = handOf(claims[0]).dataset.seat;
    const radio = form.querySelector(".went-out input[value='" + seat + "']");
    if (radio) {
      radio.checked = true;
      radio.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  function showDisagreements() {
    const got = (form.got && form.got.proposals) || {};
    const checked = form.querySelector(".went-out input:checked");
    const out = checked ? checked.value : null;
    const outHand = hands.find(hand => hand.dataset.seat === out);
    hands.forEach(hand => {
      const sentName = Object.keys(got).find(name => handOf(name) === hand);
      const text = disagreement(hand, sentName ? got[sentName] : null, out, outHand);
      let shown = hand.querySelector(".disagree");
      if (!text) {
        if (shown) {
          shown.remove();
        }
        return;
      }
      if (!shown) {
        shown = Object.assign(document.createElement("p"), { className: "field-error disagree" });
        shown.setAttribute("role", "alert");
        noteOf(hand).after(shown);
      }
      if (shown.textContent !== text) {
        shown.textContent = text;
      }
    });
  }

  function take() {
    const got = form.got.proposals;
    Object.keys(got).forEach(name => {
      const hand = handOf(name);
      if (!hand) {
        return;
      }
      if (got[name].went_out) {
        saidOut(name, hand, got[name]);
      } else {
        arrived(name, hand, got[name]);
      }
    });
    tickWentOut(got);
    // A hand taken back on the phone: its note goes, the entry stays.
    hands.forEach(hand => {
      if (Object.keys(got).some(name => handOf(name) === hand)) {
        return;
      }
      const note = hand.querySelector(".arrived");
      if (note) {
        note.remove();
      }
      delete filled[hand.id];
      delete asSent[hand.id];
    });
  }

  form.addEventListener("change", showDisagreements);
  form.addEventListener("hands", () => {
    take();
    showDisagreements();
  });
  form.addEventListener("round:moved", () => {
    asSent = {};
  });
  take();
  showDisagreements();
}

// The same game's earlier rounds are saved: their hands as sent go.
function forgetEarlierRounds(current) {
  const round = /\/rounds\/(\d+)\//.exec(current);
  const game = current.split("/rounds/")[0];
  Object.keys(localStorage).forEach(stored => {
    const older = /\/rounds\/(\d+)\//.exec(stored);
    if (!stored.startsWith(SENT) || !older || !round) {
      return;
    }
    if (stored.split("/rounds/")[0] === game && Number(older[1]) < Number(round[1])) {
      localStorage.removeItem(stored);
    }
  });
}
