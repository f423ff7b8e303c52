// The scripts' sentences in the page's language, and its way of counting. A sentence is written in
// English, whole, inside say() and listed in scorekeeper/web/script_words.py; a page in another
// language names its words module in its head (<link rel="modulepreload" class="words">,
// templates/base.html), loaded here before any module that imports say() runs.

export const language = document.documentElement.lang || "en";

async function loadWords() {
  const link = document.querySelector("link.words[rel=modulepreload]");
  if (!link) {
    return {};
  }
  try {
    const words = await import(link.href);
    return words.default;
  } catch (error) {
    // No network and no stored copy: English rather than no sentence at all.
    return {};
  }
}

const words = await loadWords();

// The sentence in the page's language, its %(name)s placeholders filled from `values`.
export function say(text, values) {
  const translated = words[text] || text;
  return translated.replace(/%\((\w+)\)s/g, (placeholder, name) => {
    if (values && name in values) {
      return values[name];
    }
    return placeholder;
  });
}

// Whether a count takes the singular here: "1 point", "-1 point" ("0 point" in French).
export function one(count) {
  return new Intl.PluralRules(language).select(Math.abs(count)) === "one";
}

// A number as the page's language writes it ("1,250"; "1 250" in French).
export function shown(number) {
  return number.toLocaleString(language);
}
