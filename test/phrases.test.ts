import { expect, it } from 'vitest';
import { phraseFinder, phraseTest } from '../sim/i18n/phrases.ts';
import { readLocale } from '../sim/i18n/translator.ts';
import { CLAIM_KINDS } from '../sim/model/claims.ts';
import { LANGS } from '../sim/model/text.ts';

/** Every string of a locale tree: the texts the claim triggers are looked for in, and more. */
function stringsOf(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) stringsOf(v, out);
  return out;
}

/**
 * The Judge asks whether a text holds any claim trigger with one test per language over all the
 * kinds' lists, and which kinds with one test per kind: each must answer exactly as the kinds'
 * finders do (Chinese by substring, English as whole words), for every text.
 */
it('finds a phrase of any list exactly when one of the lists finds it, and of one list when its finder does', () => {
  const texts = LANGS.flatMap((lang) => stringsOf(readLocale(lang)));
  texts.push('', 'He DIED yesterday', 'undead', 'the stall was destroyed.', '他死了', 'a|b');
  for (const lang of LANGS) {
    const triggers = (readLocale(lang).claims as { triggers: Record<string, string> }).triggers;
    const lists = CLAIM_KINDS.map((kind) => triggers[kind]);
    const finders = lists.map((list) => phraseFinder(lang, list));
    const test = phraseTest(lang, lists);
    const tests = lists.map((list) => phraseTest(lang, [list]));
    let found = 0;
    for (const text of texts) {
      const each = finders.map((f) => f(text) !== null);
      expect(
        tests.map((t) => t(text)),
        `${lang}, each kind: ${JSON.stringify(text)}`,
      ).toEqual(each);
      expect(test(text), `${lang}: ${JSON.stringify(text)}`).toBe(each.includes(true));
      if (each.includes(true)) found++;
    }
    expect(found).toBeGreaterThan(0);
  }
  expect(phraseTest('en', ['', ' | '])('anything')).toBe(false);
});
