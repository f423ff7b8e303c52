// The outbox's rule (docs/offline.md, "The outbox"): what happens to a round kept on this phone
// when an answer comes, written once and without the page, so that tests/scripts/outbox.test.js can
// drive it with thousands of generated sequences in Node. static/js/offline.js asks it before
// it changes an entry; static/js/waiting.js asks it whether to show the conflict question.
//
// An entry's states:
//   "posting"  a Save sent as an ordinary form post; the person was told nothing yet.
//   "waiting"  kept on this phone; the person was told "saved on this phone only".
//   "sending"  a waiting entry on its way to the API.
//   "conflict" a waiting entry whose round the server had recorded meanwhile with other scores:
//              the person chooses between the two versions.
//   "refused"  the server refused it; shown with its reason until dismissed, never sent again.
// An entry leaves the outbox ("gone") on the first definitive answer.

// The answers an entry can get, from the server or from the person.
export const ANSWERS = [
  "stored",              // the server stored it (2xx)
  "already",             // the server had stored it already (answer replayed, or its key used)
  "recorded-meanwhile",  // 409: the round is recorded with other scores
  "refused",             // any other 4xx
  "form-refused",        // the form post's answer page says nothing was stored
  "no-answer",           // no network, 5xx or 429: nothing is known
  "network-dropped",     // the form post never reached the server (the worker's #not-sent page)
  "sent",                // the phone starts sending it to the API
  "keep-theirs",         // the person chose the saved version
  "use-mine-stored",     // the person chose this phone's version and the correction was stored
  "dismissed"            // the person dismissed a refusal
];

// Whether the person was told this entry is saved or kept (only then may it become a conflict).
export function told(state) {
  return state === "waiting" || state === "sending" || state === "conflict";
}

// The state after `answer`, for an entry in `state` ("gone": it leaves the outbox).
export function next(state, answer) {
  if (state === "gone") {
    return "gone";
  }
  if (answer === "stored" || answer === "already") {
    return state === "refused" ? state : "gone";
  }
  if (answer === "form-refused") {
    return state === "posting" ? "gone" : state;
  }
  if (answer === "network-dropped") {
    return state === "posting" ? "waiting" : state;
  }
  if (answer === "sent") {
    return state === "waiting" ? "sending" : state;
  }
  if (answer === "no-answer") {
    return state === "sending" ? "waiting" : state;
  }
  if (answer === "recorded-meanwhile") {
    if (told(state)) {
      return state === "sending" || state === "waiting" ? "conflict" : state;
    }
    return state === "posting" ? "refused" : state;
  }
  if (answer === "refused") {
    return state === "posting" || state === "waiting" || state === "sending" ? "refused" : state;
  }
  if (answer === "keep-theirs" || answer === "use-mine-stored") {
    return state === "conflict" ? "gone" : state;
  }
  if (answer === "dismissed") {
    return state === "refused" ? "gone" : state;
  }
  return state;
}

// Whether an entry may be sent to the API now: not one settled or waiting for the person, and a
// form post only once it had time to be answered (`grace` milliseconds). An entry left "sending"
// (the page closed on its way) goes again: its idempotency key stores it once.
export function due(entry, now, grace) {
  if (entry.state === "posting") {
    return now - entry.saved_at >= grace;
  }
  return entry.state === "waiting" || entry.state === "sending";
}

// The answer an API response means for an entry: its status, whether it was a replay, and the
// body's `error`, `field` and `round`.
export function answerOf(status, replayed, body, round) {
  if (status >= 200 && status < 300) {
    return replayed ? "already" : "stored";
  }
  if (status >= 500 || status === 429 || status === 0) {
    return "no-answer";
  }
  // The key was used by the form post of this very Save (docs/offline.md): stored already.
  if (body && body.field === "Idempotency-Key") {
    return "already";
  }
  if (status === 409 && body && body.field === "round" && body.round === round) {
    return "recorded-meanwhile";
  }
  return "refused";
}
