// Card codes as the players type them (static/js/card_letters.js; docs/rulings.md, "Card codes on
// French pages"), driven in Node: the same readings as scorekeeper/rules/card_letters.py.
import test from "node:test";
import assert from "node:assert/strict";
import { codeToSend, englishCode, inLetters, rankInLetters } from "../../static/js/card_letters.js";

test("an English page reads English codes, suit symbols, T for ten and a rank alone", () => {
  const read = { "10h": "10H", "Th": "10H", "ks": "KS", "K\u2665": "KH", "A\u2663\ufe0f": "AC", "T": "10",
    "q": "Q", " 7d ": "7D", "jk": "JK", "Joker": "JK" };
  for (const [typed, code] of Object.entries(read)) {
    assert.equal(englishCode(typed, "en"), code, typed);
  }
  for (const typed of ["RC", "Jo", "1H", "11S", "KX", "", "10", "H"].filter(t => t !== "10")) {
    assert.equal(englishCode(typed, "en"), null, typed);
  }
  assert.equal(englishCode("10", "en"), "10");
});

test("a French page reads R D V, P C K T, Jo, the English face letters and the symbols", () => {
  const read = { "RC": "KH", "3t": "3C", "dk": "QD", "VP": "JS", "D": "Q", "R": "K", "V": "J", "jo": "JK",
    "JK": "JK", "joker": "JK", "KC": "KH", "J\u2660": "JS", "10T": "10C", "10": "10", "A": "A" };
  for (const [typed, code] of Object.entries(read)) {
    assert.equal(englishCode(typed, "fr"), code, typed);
  }
  for (const typed of ["KS", "T", "TC", "10H", "RX", "ZZ"]) {
    assert.equal(englishCode(typed, "fr"), null, typed);
  }
});

test("a card is sent in English: French letters read, English ones left to the server", () => {
  assert.equal(codeToSend("rc", "fr"), "KH");
  assert.equal(codeToSend("zz", "fr"), "?");
  assert.equal(codeToSend("kh", "en"), "KH");
  assert.equal(codeToSend("zz", "en"), "ZZ");
});

test("an English code in each page's letters, a rank alone included", () => {
  const french = { KH: "RC", QD: "DK", JS: "VP", "10C": "10T", Q: "D", K: "R", "7": "7", JK: "JK", AS: "AP" };
  for (const [code, letters] of Object.entries(french)) {
    assert.equal(inLetters(code, "fr"), letters, code);
    assert.equal(englishCode(letters, "fr"), code, letters);
  }
  for (const code of ["KH", "QD", "10C", "Q", "JK"]) {
    assert.equal(inLetters(code, "en"), code);
  }
  assert.equal(rankInLetters("Q", "fr"), "D");
  assert.equal(rankInLetters("Q", "en"), "Q");
  assert.equal(rankInLetters("10", "fr"), "10");
});
