// Card codes as the players type and read them, in one place for every script (the server's
// counterpart is scorekeeper/rules/card_letters.py; docs/rulings.md, "Card codes on French
// pages"). The API and stored games use the English codes ("KH", "10C", "JK"); a French page
// also reads and shows the French letters: ranks R (roi), D (dame), V (valet), suits P (pique),
// C (cœur), K (carreau), T (trèfle), and "Jo" for a joker. The suit symbols are read on every
// page. No DOM here: tests/scripts/card_letters.test.js drives it in Node.

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

const SUIT_OF_SYMBOL = {
  "\u2660": "S",
  "\u2665": "H",
  "\u2666": "D",
  "\u2663": "C",
  "\u2664": "S",
  "\u2661": "H",
  "\u2662": "D",
  "\u2667": "C",
};

// Each language's letters for the English ranks and suits (English: the codes themselves).
const LETTERS = {
  en: { ranks: {}, suits: { S: "S", H: "H", D: "D", C: "C" } },
  fr: { ranks: { K: "R", Q: "D", J: "V" }, suits: { S: "P", H: "C", D: "K", C: "T" } },
};

function lettersOf(language) {
  return LETTERS[language] || LETTERS.en;
}

function englishOf(letters, letter) {
  return Object.keys(letters).find(english => letters[english] === letter);
}

// The English rank of a rank as typed on a page in `language`, or null.
function englishRank(text, language) {
  let rank = englishOf(lettersOf(language).ranks, text) || text;
  if (language !== "fr") {
    rank = rank.replace(/^T$/, "10");  // "T" is ten in English ("TS"), clubs in French
  }
  return RANKS.includes(rank) ? rank : null;
}

// The English code of a card typed on a page in `language` ("3t" on a French page is "3C"), a
// rank typed alone being a rank ("K"), or null when it is no card.
export function englishCode(typed, language) {
  const text = typed.trim().replace(/[\ufe0e\ufe0f]/g, "").toUpperCase();
  if (text === "JK" || text === "JOKER") {
    return "JK";
  }
  if (language === "fr" && text === "JO") {
    return "JK";
  }
  const alone = englishRank(text, language);
  if (alone) {
    return alone;
  }
  const last = text.slice(-1);
  const suit = SUIT_OF_SYMBOL[last] || englishOf(lettersOf(language).suits, last);
  const rank = englishRank(text.slice(0, -1), language);
  if (suit && rank) {
    return rank + suit;
  }
  return null;
}

// A typed card as the round is sent: its English code on a French page ("?" when it is no card,
// so that the server names it), as typed (in capitals) on an English page: the server reads it.
export function codeToSend(typed, language) {
  if (language !== "fr") {
    return typed.toUpperCase();
  }
  return englishCode(typed, language) || "?";
}

export function rankOf(code) {
  return code.replace(/[SHDC]$/, "");
}

export function suitOf(code) {
  if (code === "JK") {
    return "";
  }
  return code.slice(rankOf(code).length);
}

// A rank in the page's letters ("Q" is "D" on a French page).
export function rankInLetters(rank, language) {
  return lettersOf(language).ranks[rank] || rank;
}

// An English code as a page in `language` writes it: "KH" is typed "RC" on a French page.
export function inLetters(code, language) {
  if (code === "JK") {
    return code;
  }
  const suit = suitOf(code);
  return rankInLetters(rankOf(code), language) + (suit ? lettersOf(language).suits[suit] : "");
}
