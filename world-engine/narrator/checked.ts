import { LANGS, type Text } from '../../sim/model/text.ts';
import { unsupportedMentions } from './check.ts';
import type { NarrationInput, Narrator } from './types.ts';

export interface CheckedNarration { text: Text; attempts: number; fellBack: boolean; rejected: string[][] }

/**
 * Any narrator (a language model's, later) held to the committed events: its text is checked in
 * both languages with `unsupportedMentions`; a text that mentions anything the events do not carry
 * (or a narrator that throws) is refused and asked again, at most `tries` times, then the fallback
 * (the offline narrator: a plain account of the committed events) speaks instead.
 */
export function checkedNarrator(inner: Narrator, fallback: Narrator, tries = 2, onResult?: (r: CheckedNarration) => void): Narrator {
  return {
    name: `${inner.name}+checked`,
    async narrate(input: NarrationInput): Promise<Text> {
      const rejected: string[][] = [];
      for (let attempt = 1; attempt <= tries; attempt++) {
        let text: Text;
        try {
          text = await inner.narrate(input);
        } catch (err) {
          rejected.push([`error: ${(err as Error).message}`]);
          continue;
        }
        const wrong = LANGS.flatMap((lang) => (typeof text?.[lang] === 'string' && text[lang].trim()
          ? unsupportedMentions(text[lang], lang, input.events, input.cat, input.state) : [`${lang}: empty`]));
        if (!wrong.length) {
          onResult?.({ text, attempts: attempt, fellBack: false, rejected });
          return text;
        }
        rejected.push(wrong);
      }
      const text = await fallback.narrate(input);
      onResult?.({ text, attempts: tries, fellBack: true, rejected });
      return text;
    },
  };
}
