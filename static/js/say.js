// The scripts' sentences in the page's language, and its way of counting. A sentence is written in
// English, whole, inside say() and listed in scorekeeper/web/script_words.py; a page in another
// language names its words module after its scripts (<script type="module" class="words">,
// templates/base.html), loaded here before any module that imports say() runs.

export const language = document.documentElement.lang || "en";

// The words module: its sentences (default export) and, in French, its elision rule.
async function loadWords() {
  const script = document.querySelector("script.words[type=module]");
  if (!script) {
    return {};
  }
  try {
    return await import(script.src);
  } catch (error) {
    // No network and no stored copy: English rather than no sentence at all.
    return {};
  }
}

const wordsModule = await loadWords();
const words = wordsModule.default || {};
const elision = wordsModule.elision || null;

// "de Anne" made "d’Anne": the rule of scorekeeper/rules/words.py (elided), sent by the French
// words module (scorekeeper/web/script_words.py, _elision).
function elide(filled, values) {
  if (!elision || !values) {
    return filled;
  }
  let text = filled;
  for (const value of Object.values(values)) {
    if (typeof value !== "string" || !value || !elision.vowels.includes(value[0])) {
      continue;
    }
    for (const [full, short] of elision.pairs) {
      text = text.split(full + value).join(short + value);
    }
  }
  return text;
}

// The sentence in the page's language, its %(name)s placeholders filled from `values`.
export function say(text, values) {
  const translated = words[text] || text;
  const filled = translated.replace(/%\((\w+)\)s/g, (placeholder, name) => {
    if (values && name in values) {
      return values[name];
    }
    return placeholder;
  });
  return elide(filled, values);
}

// Whether a count takes the singular here: "1 point", "-1 point" ("0 point" in French).
export function one(count) {
  return new Intl.PluralRules(language).select(Math.abs(count)) === "one";
}

// A number as the page's language writes it ("1,250"; "1 250" in French).
export function shown(number) {
  return number.toLocaleString(language);
}
