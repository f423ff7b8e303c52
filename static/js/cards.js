// The cards of a hand on the round form and on "My hand" (docs/games.md, "One hand, typed or
// ticked"). The typed box is the hand: typing a card ticks it in the card picker, tapping a card
// in the picker writes it into the box (tapping a ticked card takes it out), and nothing else
// moves a card. A second copy (games of two decks or more) is typed again and shown as "2 × 10♥".
// Under the box, what was read; every code that is not a card of the pack and every card beyond
// the pack of the game's players (scorekeeper/rules/pack_limits.py) is said at once, in the
// page's language, as the server says them on Save (scorekeeper/web/games/forms.py, read_hand).
// static/js/games.js uses it through window.scorekeeperCards.
(() => {
  "use strict";
  var say = window.scorekeeperSay;
  var form = document.querySelector("form.round-form");
  if (!form) {
    return;
  }
  var pointsOf = JSON.parse(form.dataset.cardPoints || "{}");
  var pack = JSON.parse(form.dataset.pack || "{\"decks\": 1, \"jokers\": 0, \"words\": []}");
  var hasJokers = pointsOf.JK !== undefined;
  var frenchCode = window.scorekeeperCode;  // French pages only: static/js/card_letters_fr.js
  var frenchRanks = window.scorekeeperRanks || {};
  var FRENCH_SUITS = { S: "P", H: "C", D: "K", C: "T" };
  var SUITS = [["S", "\u2660", false], ["H", "\u2665", true], ["D", "\u2666", true], ["C", "\u2663", false]];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SUIT_OF_SYMBOL = {
    "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C",
    "\u2664": "S", "\u2661": "H", "\u2662": "D", "\u2667": "C"
  };

  // The English code of a typed card as scorekeeper/rules/cards.py reads it (a rank alone is a
  // card: only points count), in the page's letters on a French page; null if it is no card.
  function englishCode(typed) {
    var text = typed.trim().replace(/[\ufe0e\ufe0f]/g, "").toUpperCase();
    if (text === "JK" || text === "JOKER") {
      return "JK";
    }
    if (frenchCode) {
      var french = frenchCode(typed);
      return french === "?" ? null : french;
    }
    var rank = text.slice(0, -1).replace(/^T$/, "10");
    var suit = SUIT_OF_SYMBOL[text.slice(-1)] || text.slice(-1);
    if (text.length >= 2 && RANKS.includes(rank) && "SHDC".includes(suit)) {
      return rank + suit;
    }
    var alone = text.replace(/^T$/, "10");
    return RANKS.includes(alone) ? alone : null;
  }

  function rankOf(code) {
    return code.replace(/[SHDC]$/, "");
  }

  function suitOf(code) {
    return code === "JK" ? "" : code.slice(rankOf(code).length);
  }

  // A card as the page shows it: "10♥", "R♥" on a French page, "Joker".
  function face(code) {
    if (code === "JK") {
      return say("Joker");
    }
    var symbol = SUITS.filter(suit => suit[0] === suitOf(code)).map(suit => suit[1]).join("");
    return (frenchRanks[rankOf(code)] || rankOf(code)) + symbol;
  }

  // An English code as the page's box reads it: "KH" is typed "RC" on a French page.
  function inPageLetters(code) {
    if (!frenchCode || code === "JK") {
      return code;
    }
    return (frenchRanks[rankOf(code)] || rankOf(code)) + (FRENCH_SUITS[suitOf(code)] || "");
  }

  function boxOf(hand) {
    return hand.querySelector("input[name$='-extra']");
  }

  // What is typed in the box, card by card: { typed: "10h", code: "10H" }; code null when the
  // typed text is no card of this pack.
  function read(hand) {
    var box = boxOf(hand);
    var typed = box ? box.value.split(/[\s,]+/).filter(Boolean) : [];
    return typed.map(text => {
      var code = englishCode(text);
      return { typed: text, code: code === "JK" && !hasJokers ? null : code, joker: code === "JK" };
    });
  }

  // The English codes of the hand's cards (those that are cards of this pack).
  function codes(hand) {
    return read(hand).filter(card => card.code).map(card => card.code);
  }

  function counted(list) {
    var counts = {};
    list.forEach(key => {
      counts[key] = (counts[key] || 0) + 1;
    });
    return counts;
  }

  // Counts up to twelve in the page's words ("four"), larger ones in figures.
  function inWords(count) {
    return pack.words[count - 1] || String(count);
  }

  // "Dan: four 10♥, but 2 decks hold only two" (rules/pack_limits.py, said).
  function tooMany(name, key, count, most) {
    var words = { name: name, count: inWords(count), most: inWords(most), num: pack.decks, card: face(key) };
    var oneDeck = pack.decks === 1;
    if (key === "JK") {
      return oneDeck ? say("%(name)s: %(count)s jokers, but %(num)s deck holds only %(most)s", words)
        : say("%(name)s: %(count)s jokers, but %(num)s decks hold only %(most)s", words);
    }
    return oneDeck ? say("%(name)s: %(count)s %(card)s, but %(num)s deck holds only %(most)s", words)
      : say("%(name)s: %(count)s %(card)s, but %(num)s decks hold only %(most)s", words);
  }

  // Every problem of a hand of cards: each code that is no card (named as typed), then each card,
  // joker count or rank beyond the pack.
  function cardProblems(hand, name) {
    var said = [];
    read(hand).filter(card => !card.code).forEach(card => {
      var words = { name: name, value: card.typed };
      said.push(card.joker ? say("%(name)s: '%(value)s' is not in the pack: this game is played without jokers", words)
        : say("%(name)s: '%(value)s' is not a card; a card is A, 2–10, J, Q or K with S, H, D or C, or JK for a joker", words));
    });
    var cards = codes(hand);
    var copies = counted(cards.filter(code => suitOf(code) || code === "JK"));
    Object.keys(copies).sort().forEach(code => {
      var most = code === "JK" ? pack.jokers : pack.decks;
      if (copies[code] > most) {
        said.push(tooMany(name, code, copies[code], most));
      }
    });
    var ranks = counted(cards.filter(code => code !== "JK").map(rankOf));
    Object.keys(ranks).sort().forEach(rank => {
      if (ranks[rank] > 4 * pack.decks) {
        said.push(tooMany(name, rank, ranks[rank], 4 * pack.decks));
      }
    });
    return said;
  }

  // More cards of a value than the pack holds: four a deck for each rank worth it, and the jokers.
  function valueProblems(hand, name) {
    var room = {};
    Object.keys(pointsOf).forEach(key => {
      var value = pointsOf[key];
      room[value] = (room[value] || 0) + (key === "JK" ? pack.jokers : 4 * pack.decks);
    });
    var said = [];
    hand.querySelectorAll(".mode-values input").forEach(box => {
      var value = box.name.replace(/^.*-v/, "");
      var count = /^\d+$/.test(box.value.trim()) ? +box.value.trim() : 0;
      if (count > room[value]) {
        var words = { name: name, count: inWords(count), value: value, most: inWords(room[value]), num: pack.decks };
        said.push(pack.decks === 1
          ? say("%(name)s: %(count)s cards worth %(value)s points, but %(num)s deck holds only %(most)s", words)
          : say("%(name)s: %(count)s cards worth %(value)s points, but %(num)s decks hold only %(most)s", words));
      }
    });
    return said;
  }

  // The problems of the hand as entered in ``mode``, said under its box (or its values), one a
  // line; the number of them (the hand shows no running total while there is one).
  function check(hand, mode) {
    var name = hand.querySelector("legend .who").textContent.trim();
    var said = mode === "cards" ? cardProblems(hand, name) : mode === "values" ? valueProblems(hand, name) : [];
    var note = hand.querySelector(".card-problem");
    var place = mode === "values" ? hand.querySelector(".mode-values") : hand.querySelector(".mode-cards > input");
    if (!note && said.length) {
      note = document.createElement("p");
      note.className = "field-error card-problem";
      note.setAttribute("role", "alert");
    }
    if (note && place && said.length && note.previousElementSibling !== place) {
      place.after(note);
    }
    if (note) {
      note.textContent = said.join("\n");
      note.hidden = !said.length;
    }
    dropCorrected(hand, said);
    return said.length;
  }

  // The server's lines atop a hand that this check also said at first go once it no longer says
  // them (struck through in the error summary); its other lines stay (docs/games.md).
  function dropCorrected(hand, said) {
    var lines = Array.from(hand.querySelectorAll(":scope > .field-errors .field-error"));
    lines.forEach(line => {
      var text = line.textContent.trim();
      line.dataset.mine = line.dataset.mine || (said.includes(text) ? "y" : "n");
      if (line.dataset.mine === "y") {
        line.hidden = !said.includes(text);
        document.querySelectorAll("#error-summary li").forEach(item => {
          if (item.textContent.trim() === text) { item.classList.toggle("corrected", line.hidden); }
        });
      }
    });
    if (lines.length) { lines[0].parentNode.hidden = lines.every(line => line.hidden); }
  }

  // The card picker: a button per card, pressed while the box holds that card.
  function pickerButton(code) {
    var button = document.createElement("button");
    button.type = "button";
    button.value = code;
    button.className = "card";
    button.setAttribute("aria-pressed", "false");
    var text = document.createElement("span");
    text.textContent = face(code);
    button.append(text);
    return button;
  }

  function pickerRow(label) {
    var row = document.createElement("div");
    row.className = "suit-row";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", label);
    return row;
  }

  function build(hand) {
    var box = boxOf(hand);
    if (!box) {
      return;
    }
    var picker = document.createElement("div");
    picker.className = "picker";
    SUITS.forEach(suit => {
      var row = pickerRow(suit[1]);
      if (suit[2]) {
        row.classList.add("red");
      }
      RANKS.forEach(rank => {
        row.append(pickerButton(rank + suit[0]));
      });
      picker.append(row);
    });
    if (hasJokers) {
      var jokers = pickerRow(say("Jokers"));
      var joker = pickerButton("JK");
      joker.classList.add("joker");
      jokers.append(joker);
      picker.append(jokers);
    }
    hand.querySelector(".mode-cards").prepend(picker);
    var readBack = document.createElement("p");
    readBack.className = "hint read-as";
    readBack.setAttribute("aria-live", "polite");
    box.after(readBack);
    picker.addEventListener("click", event => {
      var button = event.target.closest("button.card");
      if (button) {
        tap(hand, button.value);
      }
    });
  }

  // A tap on a card: into the box, or (ticked) every copy of it out of the box.
  function tap(hand, code) {
    var box = boxOf(hand);
    var cards = read(hand);
    if (cards.some(card => card.code === code)) {
      box.value = cards.filter(card => card.code !== code).map(card => card.typed).join(" ");
    } else {
      box.value = (box.value.trim() + " " + inPageLetters(code)).trim();
    }
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // The picker and the line under the box show what the box holds: "Read as R♥ 7♠ 2 × 10♥".
  function show(hand) {
    var cards = read(hand);
    var copies = counted(cards.filter(card => card.code).map(card => card.code));
    hand.querySelectorAll(".picker button.card").forEach(button => {
      var count = copies[button.value] || 0;
      var pressed = count > 0 ? "true" : "false";
      if (button.getAttribute("aria-pressed") !== pressed) {
        button.setAttribute("aria-pressed", pressed);
      }
      var badge = count > 1 ? "\u00d7" + count : "";
      if ((button.dataset.copies || "") !== badge) {
        button.dataset.copies = badge;
        button.setAttribute("aria-label", count > 1 ? count + " \u00d7 " + face(button.value) : face(button.value));
      }
    });
    var readBack = hand.querySelector(".read-as");
    if (!readBack) {
      return;
    }
    var seen = {};
    var words = [];
    cards.forEach(card => {
      if (!card.code) {
        words.push(card.typed + " ?");
      } else if (!seen[card.code]) {
        seen[card.code] = true;
        words.push(copies[card.code] > 1 ? copies[card.code] + " \u00d7 " + face(card.code) : face(card.code));
      }
    });
    var text = words.length ? say("Read as %(cards)s", { cards: words.join(" ") }) : "";
    if (readBack.textContent !== text) {
      readBack.textContent = text;
    }
  }

  window.scorekeeperCards = {
    build: build,
    show: show,
    check: check,
    codes: codes,
    points: code => pointsOf[rankOf(code)] !== undefined ? pointsOf[rankOf(code)] : pointsOf[code]
  };
})();
