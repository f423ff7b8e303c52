// A player's "My hand" page (templates/games/hand.html): who this phone is (asked once, kept per
// game; saying it claims the player's seat, POST /api/v1/.../seats/<name>/claim with the hand-in
// token read after # in the address), the hand sent to the scorekeeper as a proposal
// (PUT /api/v1/.../proposals/<name> with the seat's token), kept on the phone while there is no
// network, and the round followed (GET /games/<id>/hand/now with If-None-Match: 304 while nothing
// changed). The hand itself is the round form's (static/js/games.js builds its keypad and card
// picker).
import { language, one, say } from "./say.js";
import { codeToSend } from "./card_letters.js";
import { fillHand } from "./fill_hand.js";
import * as handForm from "./cards.js";
import "./games.js";

const POLL_EVERY = 2000;

function same(a, b) {
  return a.normalize("NFC").toLowerCase() === b.normalize("NFC").toLowerCase();
}

// The API's sentence as a sentence (a capital first), or null.
function sentence(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}

function needsLink() {
  return say("This page needs the hand-in link: scan the QR code on the scorekeeper's phone.");
}

function linkGone() {
  return say("This hand-in link no longer works: ask the scorekeeper for the new one.");
}

function notAccepted(status) {
  return say("The hand was not accepted (the server answered %(status)s).", { status });
}

function startHandPage(box) {
  const game = box.dataset.game;
  const roy = box.dataset.roy === "yes";
  const api = box.dataset.api;
  const form = box.querySelector("form.hand-form");
  const who = box.querySelector(".who-are-you");
  const problem = box.querySelector(".hand-problem");
  const note = form.querySelector(".sent-note");
  const over = box.querySelector(".round-over");
  const KEY = "scorekeeper.hand." + game;
  let round = Number(box.dataset.round) || null;
  let players = JSON.parse(box.dataset.players || "[]");
  let etag = box.dataset.etag;
  let last = JSON.parse(box.dataset.last || "null");  // the last round saved: {round, scores}
  let holding = false;  // the saved round is being said: the next round waits for a tap

  function load() {
    try {
      return JSON.parse(localStorage.getItem(KEY)) || {};
    } catch (error) {
      return {};
    }
  }
  const kept = load();
  function keep() {
    try {
      localStorage.setItem(KEY, JSON.stringify(kept));
    } catch (error) {
      // private: kept in the page
    }
  }

  // The link carries the hand-in token after "#token=" (docs/api.md), which browsers never send.
  // It is read once and taken out of the address bar (so out of the history, as
  // static/js/edit_link.js does), and kept only in this tab (sessionStorage) until the seat is
  // claimed; what stays on the phone (localStorage) is the seat's token, which can send this one
  // player's hand and nothing else.
  const LINK = "scorekeeper.handlink." + game;
  let linkInPage = null;
  function link() {
    try {
      return sessionStorage.getItem(LINK) || linkInPage;
    } catch (error) {
      return linkInPage;
    }
  }
  function keepLink(token) {
    linkInPage = token;
    try {
      sessionStorage.setItem(LINK, token);
    } catch (error) {
      // kept in the page
    }
  }
  const found = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (found) {
    try {
      keepLink(decodeURIComponent(found[1]));
    } catch (error) {
      keepLink(found[1]);
    }
    history.replaceState(history.state, "", location.pathname + location.search);
  }
  if (kept.token) {  // (kept by an older page)
    if (!link()) {
      keepLink(kept.token);
    }
    delete kept.token;
    keep();
  }
  function seatToken(name) {
    if (kept.seat && name && same(kept.seat.name, name)) {
      return kept.seat.token;
    }
    return null;
  }
  const bearer = name => "Bearer " + (seatToken(name) || link());
  const mine = () => kept.name && players.find(player => same(player, kept.name));
  const canSend = () => Boolean(link() || seatToken(mine()));

  function tell(text) {
    problem.textContent = text || "";
    problem.hidden = !text;
  }
  function sent(text) {
    note.textContent = text || "";
    note.hidden = !text;
  }
  // ROY: the cards left are what the player sends (the points go to whoever went out).
  function sentSaid(hand) {
    if (hand.went_out) {
      sent(say("Sent: you went out. Waiting for the scorekeeper."));
    } else if (roy && one(hand.count)) {
      sent(say("Sent: %(count)s card left. Waiting for the scorekeeper.", { count: hand.count }));
    } else if (roy) {
      sent(say("Sent: %(count)s cards left. Waiting for the scorekeeper.", { count: hand.count }));
    } else if (one(hand.points)) {
      sent(say("Sent: %(points)s point. Waiting for the scorekeeper.", { points: hand.points }));
    } else {
      sent(say("Sent: %(points)s points. Waiting for the scorekeeper.", { points: hand.points }));
    }
  }

  // Who are you? Once per game; the buttons are the players of the round shown.
  function drawButtons() {
    const row = who.querySelector(".who-buttons");
    const drawn = row.children.length === players.length
      && players.every((player, index) => row.children[index].value === player);
    if (drawn) {
      return;
    }
    row.replaceChildren(...players.map(player => Object.assign(document.createElement("button"),
      { type: "button", className: "big who-button", value: player, textContent: player })));
  }
  function show() {
    const me = mine();
    drawButtons();
    who.hidden = holding || !round || Boolean(me);
    form.hidden = holding || !round || !me;
    if (me) {
      form.querySelector("legend .who").textContent = me;
    }
    if (me && round && !holding && kept.showing !== round) {
      // the round this phone shows (said when it is saved, even after a reload)
      kept.showing = round;
      keep();
    }
  }

  // Claim the seat of the name chosen (once): true when this phone holds it. Without network the
  // claim is made again before the hand is sent (flush). A claim still on its way is waited for,
  // not asked again: a Send tapped right after the name would otherwise be told that "another
  // phone" (this one) holds the seat.
  let claiming = null;
  function claim() {
    const name = mine();
    if (!name || seatToken(name)) {
      return Promise.resolve(Boolean(name));
    }
    if (claiming && same(claiming.name, name)) {
      return claiming.answer;
    }
    if (!link()) {
      tell(needsLink());
      return Promise.resolve(false);
    }
    const answer = askForSeat(name).finally(() => {
      if (claiming && claiming.answer === answer) {
        claiming = null;
      }
    });
    claiming = { name, answer };
    return answer;
  }

  function askForSeat(name) {
    const address = api + "/seats/" + encodeURIComponent(name) + "/claim";
    // (the API answers in the language asked for: the page's, whatever the phone's own)
    const headers = {
      "Accept": "application/json",
      "Accept-Language": language,
      "Authorization": "Bearer " + link(),
    };
    return fetch(address, { method: "POST", cache: "no-store", credentials: "omit", headers })
      .then(response => response.json().catch(() => ({})).then(body => {
        if (!same(mine() || "", name)) {
          // "Not you?" was tapped while the claim was on its way: the seat it got is given back
          if (response.status === 201) {
            giveBack({ name: body.player, token: body.token });
          }
          return false;
        }
        if (response.status === 201) {
          kept.seat = { name: body.player, token: body.token };
          keep();
          tell("");
          return true;
        }
        if (response.status === 409) {
          kept.name = kept.pending = null;
          keep();
          sent("");
          show();
        }
        if (response.status === 401 || response.status === 403) {
          tell(linkGone());
        } else {
          tell(sentence(body.error) || notAccepted(response.status));
        }
        return false;
      }), () => false);
  }

  // The seat given back with its own token, for the right phone to claim.
  function giveBack(seat) {
    const address = api + "/seats/" + encodeURIComponent(seat.name) + "/claim";
    const headers = { Authorization: "Bearer " + seat.token };
    return fetch(address, { method: "DELETE", credentials: "omit", headers }).catch(() => {
      // no network: the scorekeeper sees the name and can free the seat
    });
  }

  who.addEventListener("click", event => {
    const button = event.target.closest("button.who-button");
    if (!button) {
      return;
    }
    kept.name = button.value;
    keep();
    show();
    claim();
  });

  function clearHand() {
    form.reset();
    form.dispatchEvent(new Event("change"));
  }

  // Not you? A hand sent under the wrong name is taken back from the scorekeeper's form, and the
  // seat is given back (with its own token) for the right phone to claim.
  form.querySelector(".not-me").addEventListener("click", () => {
    const hand = kept.sent;
    const seat = kept.seat;
    const authorised = { Authorization: seat ? "Bearer " + seat.token : bearer(null) };
    let back = Promise.resolve();
    if (hand && hand.round === round && hand.name) {
      const address = api + "/rounds/" + hand.round + "/proposals/" + encodeURIComponent(hand.name);
      back = fetch(address, { method: "DELETE", credentials: "omit", headers: authorised });
    }
    back.catch(() => null).then(() => {
      if (seat) {
        giveBack(seat);
      }
    });
    kept.name = kept.sent = kept.pending = kept.seat = null;
    keep();
    sent("");
    clearHand();
    show();
  });

  // The hand as the API takes it (null: nothing entered yet).
  function hand() {
    const fieldset = form.querySelector("fieldset.hand");
    if (roy) {
      const count = handForm.number(fieldset.querySelector("input.count"));
      return count === null ? null : { card_count: count };
    }
    const mode = handForm.modeOf(fieldset);
    const missing = handForm.number(fieldset.querySelector("input[name$='-missing_cards']"));
    const out = {};
    if (mode === "points") {
      const points = handForm.number(fieldset.querySelector("input[name$='-points']"));
      if (points === null) {
        return null;
      }
      out.points = points;
    } else if (mode === "cards") {
      const boxes = fieldset.querySelectorAll(".suit-row input:checked");
      const ticked = Array.from(boxes, box => box.value);
      out.cards = ticked.concat(handForm.typed(fieldset).map(card => codeToSend(card, language)));
      if (!out.cards.length && !missing) {
        return null;
      }
    } else {
      const values = {};
      fieldset.querySelectorAll(".mode-values input").forEach(box => {
        const count = handForm.number(box);
        if (count) {
          values[handForm.cardValueOf(box)] = count;
        }
      });
      if (!Object.keys(values).length && !missing) {
        return null;
      }
      out.values = values;
    }
    if (missing) {
      out.missing_cards = missing;
    }
    return out;
  }

  function put(pending) {
    const name = encodeURIComponent(pending.name);
    const address = api + "/rounds/" + pending.round + "/proposals/" + name;
    return fetch(address, {
      method: "PUT",
      cache: "no-store",
      credentials: "omit",
      body: JSON.stringify(pending.hand),
      headers: {
        "Content-Type": "application/json",
        "Accept": "application/json",
        "Accept-Language": language,
        "Authorization": bearer(pending.name),
      },
    }).then(response => response.json().catch(() => ({})).then(body => [response.status, body]));
  }

  function label(number) {
    if (roy) {
      return say("Hand %(number)s", { number });
    }
    return say("Round %(number)s", { number });
  }

  function dropped(pending) {
    kept.pending = null;
    keep();
    sent("");
    tell(say(
      "%(what)s was saved by the scorekeeper before your hand could be sent: it was not sent.",
      { what: label(pending.round) }));
  }

  function answered(pending, status, body) {
    if (status === 200) {
      kept.pending = null;
      kept.sent = {
        round: pending.round,
        points: body.points,
        name: pending.name,
        count: pending.hand.card_count,
        hand: pending.hand,
        went_out: Boolean(body.went_out),
      };
      tell("");
      sentSaid(kept.sent);
    } else if (status === 409) {
      dropped(pending);
      poll();
    } else if (status === 401 || status === 403) {
      // a seat freed by the scorekeeper, or a new link: the name is asked again
      kept.pending = kept.seat = null;
      tell(body.error && body.player ? sentence(body.error) : linkGone());
      sent("");
    } else {
      kept.pending = null;
      tell(body.error || notAccepted(status));
      sent("");
    }
    keep();
  }

  let sending = false;
  // Send the hand waiting on the phone, if any; a round saved meanwhile is said, never sent.
  function flush() {
    const pending = kept.pending;
    if (!pending || sending) {
      return;
    }
    if (round && pending.round < round) {
      dropped(pending);
      return;
    }
    sending = true;
    if (!seatToken(pending.name)) {  // the seat is claimed first (a choice made without network)
      claim().then(ok => {
        sending = false;
        if (ok) {
          flush();
        }
      });
      return;
    }
    put(pending).then(([status, body]) => {
      answered(pending, status, body);
    }, () => {
      sent(say(
        "No network: your hand is kept on this phone and will be sent when the network is back."));
    }).then(() => {
      sending = false;
    });
  }

  function sendHand(entered) {
    kept.pending = { round, name: mine(), hand: entered };
    keep();
    sent(say("Sending…"));
    flush();
  }

  form.addEventListener("submit", event => {
    event.preventDefault();
    if (!canSend()) {
      tell(needsLink());
      return;
    }
    const entered = hand();
    if (!entered) {
      tell(say("Enter your cards first."));
      return;
    }
    tell("");
    sendHand(entered);
  });
  form.addEventListener("input", () => {
    if (!note.hidden && kept.sent) {
      sent(say("Changed since it was sent: tap Send again."));
    }
  });
  // "I went out": the player's word instead of a hand (the scorekeeper's form shows it).
  form.querySelector(".went-out-button").addEventListener("click", () => {
    if (!canSend()) {
      tell(needsLink());
      return;
    }
    tell("");
    clearHand();
    sendHand({ went_out: true });
  });

  // Say that round `saved` was saved, with this player's recorded points; what was entered is
  // cleared.
  function roundSaved(saved) {
    const me = mine();
    const scores = last && last.round === saved ? last.scores : {};
    const recorded = Object.keys(scores).find(name => same(name, me || ""));
    const what = label(saved);
    const text = over.querySelector(".round-over-text");
    if (recorded === undefined) {
      text.textContent = say("%(what)s was saved by the scorekeeper.", { what });
    } else if (one(scores[recorded])) {
      text.textContent = say(
        "%(what)s was saved by the scorekeeper: %(points)s point recorded for you.",
        { what, points: scores[recorded] });
    } else {
      text.textContent = say(
        "%(what)s was saved by the scorekeeper: %(points)s points recorded for you.",
        { what, points: scores[recorded] });
    }
    const next = over.querySelector("button.next-round");
    next.hidden = !round;
    if (!round) {
      next.textContent = "";
    } else if (roy) {
      next.textContent = say("Go on to hand %(number)s", { number: round });
    } else {
      next.textContent = say("Go on to round %(number)s", { number: round });
    }
    clearHand();
    sent("");
    holding = true;
    over.hidden = false;
  }

  // The round followed. When the round this phone shows is saved, the phone says so with the
  // points recorded for this player, clears what was entered, and only then offers the next round:
  // a hand always belongs to the round it was entered for (docs/offline.md, "A hand belongs to its
  // round").
  function moved(now) {
    box.querySelector(".hand-now").innerHTML = now.now;  // the server's own page part
    players = now.players;
    last = now.last;
    if (now.round !== round) {
      const shown = round;
      if (kept.pending && kept.pending.round < (now.round || Infinity)) {
        dropped(kept.pending);
      }
      round = now.round;
      kept.sent = null;
      keep();
      if (shown && mine() && kept.showing === shown) {
        roundSaved(shown);
      }
    }
    show();
  }
  over.querySelector("button.next-round").addEventListener("click", () => {
    holding = false;
    over.hidden = true;
    tell("");
    show();
    window.scrollTo(0, 0);
  });

  let asking = false;
  function poll() {
    if (asking || document.visibilityState === "hidden") {
      return;
    }
    asking = true;
    const headers = { "Accept": "application/json" };
    if (etag) {
      headers["If-None-Match"] = '"' + etag + '"';
    }
    fetch(box.dataset.now, { cache: "no-store", credentials: "same-origin", headers })
      .then(response => {
        if (response.status !== 200) {
          return null;
        }
        etag = (response.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
        return response.json().then(moved);
      })
      .catch(() => {
        // no network: next tick
      })
      .then(() => {
        asking = false;
        flush();
      });
  }
  setInterval(poll, POLL_EVERY);
  addEventListener("online", poll);
  document.addEventListener("visibilitychange", poll);

  if (!canSend()) {
    tell(needsLink());
  }
  // After a reload: the hand waiting to be sent, or the one sent for this round, shown again; a
  // round this phone showed that was saved meanwhile is said first.
  const held = [kept.pending, kept.sent].find(entry => {
    return entry && entry.round === round && entry.hand && same(entry.name || "", mine() || "");
  });
  if (held && !held.hand.went_out) {
    fillHand(form.querySelector("fieldset.hand"), held.hand, held.points);
  }
  if (mine() && kept.showing && round !== kept.showing && last && last.round === kept.showing) {
    roundSaved(kept.showing);
  }
  if (kept.sent && kept.sent.round === round) {
    sentSaid(kept.sent);
  }
  if (held && held === kept.pending) {
    sent(say("Sending…"));
  }
  show();
  flush();
}

const handIn = document.querySelector(".hand-in");
if (handIn) {
  startHandPage(handIn);
}
