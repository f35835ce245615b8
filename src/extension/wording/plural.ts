/**
 * Counts in words: the singular or the plural sentence, chosen by the count's plural category in the display
 * language (Intl.PluralRules), never "(s)". Each form is a whole message of its own, so that a translation words
 * both ("1 warning", "2 warnings"; in French 0 and 1 take the singular). Pure (no `vscode`).
 */

const rules = new Map<string, Intl.PluralRules>();

function rulesOf(locale: string): Intl.PluralRules {
  let known = rules.get(locale);
  if (!known) {
    try {
      known = new Intl.PluralRules(locale);
    } catch {
      known = new Intl.PluralRules('en');
    }
    rules.set(locale, known);
  }
  return known;
}

/** `one` when `count` takes the singular in `locale` (a BCP 47 tag, VS Code's display language), else `other`. */
export function byCount<T>(count: number, one: T, other: T, locale = 'en'): T {
  return rulesOf(locale).select(count) === 'one' ? one : other;
}
