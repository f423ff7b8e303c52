// The outbox's rule (static/js/outbox.js, docs/offline.md "The outbox"), driven without a browser:
// every transition by name, then thousands of generated sequences of answers checked against the
// rule's promises. Run with `node --test tests/scripts/` (make test-scripts).
import test from "node:test";
import assert from "node:assert/strict";
import * as outbox from "../../static/js/outbox.js";

const STATES = ["posting", "waiting", "sending", "conflict", "refused", "gone"];
const DEFINITIVE = ["stored", "already", "recorded-meanwhile", "refused", "form-refused"];

// A small seeded generator (mulberry32): the same seed gives the same sequences.
function generator(seed) {
  let a = seed >>> 0;
  return function random() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("every transition of the rule, by name", () => {
  const expected = {
    posting: { stored: "gone", already: "gone", "recorded-meanwhile": "refused", refused: "refused",
      "form-refused": "gone", "no-answer": "posting", "network-dropped": "waiting", sent: "posting",
      "keep-theirs": "posting", "use-mine-stored": "posting", dismissed: "posting" },
    waiting: { stored: "gone", already: "gone", "recorded-meanwhile": "conflict", refused: "refused",
      "form-refused": "waiting", "no-answer": "waiting", "network-dropped": "waiting", sent: "sending",
      "keep-theirs": "waiting", "use-mine-stored": "waiting", dismissed: "waiting" },
    sending: { stored: "gone", already: "gone", "recorded-meanwhile": "conflict", refused: "refused",
      "form-refused": "sending", "no-answer": "waiting", "network-dropped": "sending", sent: "sending",
      "keep-theirs": "sending", "use-mine-stored": "sending", dismissed: "sending" },
    conflict: { stored: "gone", already: "gone", "recorded-meanwhile": "conflict", refused: "conflict",
      "form-refused": "conflict", "no-answer": "conflict", "network-dropped": "conflict", sent: "conflict",
      "keep-theirs": "gone", "use-mine-stored": "gone", dismissed: "conflict" },
    refused: { stored: "refused", already: "refused", "recorded-meanwhile": "refused", refused: "refused",
      "form-refused": "refused", "no-answer": "refused", "network-dropped": "refused", sent: "refused",
      "keep-theirs": "refused", "use-mine-stored": "refused", dismissed: "gone" },
  };
  for (const state of Object.keys(expected)) {
    for (const answer of outbox.ANSWERS) {
      assert.equal(outbox.next(state, answer), expected[state][answer], `${state} + ${answer}`);
    }
  }
  for (const answer of outbox.ANSWERS) {
    assert.equal(outbox.next("gone", answer), "gone");
  }
  assert.equal(outbox.next("waiting", "something else"), "waiting");
});

test("only a kept entry was told it is saved", () => {
  assert.deepEqual(STATES.filter(outbox.told), ["waiting", "sending", "conflict"]);
});

test("which entries go to the API, and when a form post may", () => {
  const grace = 20000;
  assert.equal(outbox.due({ state: "waiting" }, 0, grace), true);
  assert.equal(outbox.due({ state: "sending" }, 0, grace), true);
  assert.equal(outbox.due({ state: "conflict" }, 0, grace), false);
  assert.equal(outbox.due({ state: "refused" }, 0, grace), false);
  assert.equal(outbox.due({ state: "gone" }, 0, grace), false);
  assert.equal(outbox.due({ state: "posting", saved_at: 1000 }, 1000 + grace - 1, grace), false);
  assert.equal(outbox.due({ state: "posting", saved_at: 1000 }, 1000 + grace, grace), true);
});

test("what each API answer means", () => {
  const round = { field: "round", round: 3, error: "round 3 is already recorded" };
  assert.equal(outbox.answerOf(201, false, {}, 3), "stored");
  assert.equal(outbox.answerOf(200, false, {}, 3), "stored");
  assert.equal(outbox.answerOf(299, false, {}, 3), "stored");
  assert.equal(outbox.answerOf(201, true, {}, 3), "already");
  assert.equal(outbox.answerOf(199, false, {}, 3), "refused");
  assert.equal(outbox.answerOf(300, false, {}, 3), "refused");
  assert.equal(outbox.answerOf(500, false, {}, 3), "no-answer");
  assert.equal(outbox.answerOf(503, false, {}, 3), "no-answer");
  assert.equal(outbox.answerOf(499, false, {}, 3), "refused");
  assert.equal(outbox.answerOf(429, false, {}, 3), "no-answer");
  assert.equal(outbox.answerOf(0, false, null, 3), "no-answer");
  assert.equal(outbox.answerOf(422, false, { field: "Idempotency-Key", error: "Idempotency-Key: used" }, 3), "already");
  assert.equal(outbox.answerOf(422, false, { field: "hands", error: "Idempotency-Key: not this" }, 3), "refused");
  assert.equal(outbox.answerOf(409, false, round, 3), "recorded-meanwhile");
  assert.equal(outbox.answerOf(409, false, round, 4), "refused");
  assert.equal(outbox.answerOf(409, false, { field: "status", round: 3 }, 3), "refused");
  assert.equal(outbox.answerOf(422, false, round, 3), "refused");
  assert.equal(outbox.answerOf(409, false, null, 3), "refused");
  assert.equal(outbox.answerOf(403, false, {}, 3), "refused");
});

// One entry through a generated sequence of answers, checked after every step.
function walk(random, length) {
  let state = random() < 0.5 ? "posting" : "waiting";
  let everTold = outbox.told(state);
  let settledBy = null;  // the first definitive answer, if any
  const steps = [state];
  for (let i = 0; i < length; i += 1) {
    const answer = outbox.ANSWERS[Math.floor(random() * outbox.ANSWERS.length)];
    const before = state;
    state = outbox.next(before, answer);
    steps.push(answer + " → " + state);
    const where = steps.join(", ");
    assert.ok(STATES.includes(state), where);
    if (before === "gone") {
      assert.equal(state, "gone", "an entry that left never comes back: " + where);
    }
    if (state === "conflict" && before !== "conflict") {
      assert.ok(outbox.told(before), "a conflict only for a version told as kept: " + where);
      assert.equal(answer, "recorded-meanwhile", where);
      assert.equal(settledBy, null, "a conflict only for an entry that never got an answer: " + where);
    }
    if (state === "conflict") {
      assert.ok(everTold, where);
    }
    if (before !== "gone" && (answer === "no-answer" || answer === "sent")) {
      assert.notEqual(state, "gone", "nothing leaves without an answer: " + where);
    }
    if (before === "refused" && state !== "refused") {
      assert.equal(answer, "dismissed", "a refusal stays until dismissed: " + where);
    }
    if (before !== "gone" && before !== "conflict" && DEFINITIVE.includes(answer) && settledBy === null) {
      if (before !== "refused" && !(answer === "form-refused" && before !== "posting")) {
        settledBy = answer;
      }
    }
    if (settledBy !== null) {
      assert.equal(outbox.due({ state: state, saved_at: 0 }, 1e12, 20000), false,
        "an entry that got a definitive answer is never sent again: " + where);
    }
    everTold = everTold || outbox.told(state);
  }
}

test("thousands of generated sequences keep the rule's promises", () => {
  const seeds = Number(process.env.OUTBOX_SEQS || 5000);
  for (let seed = 1; seed <= seeds; seed += 1) {
    const random = generator(seed);
    try {
      walk(random, 1 + Math.floor(random() * 12));
    } catch (error) {
      error.message = `seed ${seed}: ${error.message}`;
      throw error;
    }
  }
});
