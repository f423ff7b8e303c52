// French pages' card letters (scorekeeper/rules/card_letters.py), sent with the French words
// (scorekeeper/web/script_words.py): "3T" is the three of clubs, sent as 3C; R D V are the king,
// queen and jack. static/js/cards.js reads and shows a hand's cards with them.
(() => {
var R = { R: "K", D: "Q", V: "J" }, S = { P: "S", C: "H", K: "D", T: "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
var F = { K: "R", Q: "D", J: "V" }, N = "A 2 3 4 5 6 7 8 9 10 J Q K".split(" "), rk = r => R[r] || r;
function toCode(t) {
 var c = t.trim().replace(/[\ufe0e\ufe0f]/g, "").toUpperCase(), s = S[c.slice(-1)], r = rk(c.slice(0, -1));
 return c === "JK" || c === "JO" ? "JK" : N.includes(rk(c)) ? rk(c) : s && N.includes(r) ? r + s : null;
}
// static/js/cards.js and offline.js read typed cards with scorekeeperCode (English codes, "?" if none)
window.scorekeeperCode = t => toCode(t) || "?";
window.scorekeeperRanks = F;
})();
