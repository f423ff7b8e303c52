// French pages' card letters (scorekeeper/rules/card_letters.py), sent with the French words
// (scorekeeper/web/script_words.py): "3T" is the three of clubs, sent as 3C; R D V are the king,
// queen and jack. Under each box of typed cards, what was read ("3♣ R♥") as it is typed.
(() => {
var R = { R: "K", D: "Q", V: "J" }, S = { P: "S", C: "H", K: "D", T: "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
var F = { K: "R", Q: "D", J: "V" }, N = "A 2 3 4 5 6 7 8 9 10 J Q K".split(" "), rk = r => R[r] || r;
function toCode(t) {
 var c = t.trim().replace(/[\ufe0e\ufe0f]/g, "").toUpperCase(), s = S[c.slice(-1)], r = rk(c.slice(0, -1));
 return c === "JK" || c === "JO" ? "JK" : N.includes(rk(c)) ? rk(c) : s && N.includes(r) ? r + s : null;
}
var face = c => c === "JK" ? "Joker" : c.replace(/^(10|.)/, r => F[r] || r).replace(/[SHDC]$/, s => "♠♥♦♣"["SHDC".indexOf(s)]);
// static/js/games.js and offline.js read typed cards with scorekeeperCode (English codes, "?" if none)
window.scorekeeperCode = t => toCode(t) || "?";
window.scorekeeperRanks = F;
document.addEventListener("DOMContentLoaded", () => {
 var say = window.scorekeeperSay;
 document.querySelectorAll("form.round-form input[name$='-extra']").forEach(box => {
  var out = Object.assign(document.createElement("p"), { className: "hint", ariaLive: "polite" }), show = () => {
   var w = box.value.split(/[\s,]+/).filter(Boolean).map(t => toCode(t) ? face(toCode(t)) : t + " ?");
   out.textContent = w.length ? say("Read as %(cards)s", { cards: w.join(" ") }) : "";
  };
  box.after(out);
  box.addEventListener("input", show);
  show();
 });
});
})();
