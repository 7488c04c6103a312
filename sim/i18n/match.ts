import type { Aliases } from '../model/vocabulary.ts';
import type { Text } from '../model/text.ts';

/**
 * Finding the pack's words in what a person wrote, in either language: the intent parser reads a
 * player's words with it, and the Judge an argument for a trait.
 */
/** What a player may call a thing of the pack: its names and the pack's aliases, both languages. */
export const called = (x: { name: Text; aliases?: Aliases }): string[] => [
  x.name.cn,
  x.name.en,
  ...(x.aliases?.cn ?? []),
  ...(x.aliases?.en ?? []),
];

const latin = /^[a-z0-9 '.-]+$/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a word starts in the text and how long it is there; Latin words match whole words ("go" is not in "good"), Chinese anywhere. */
export function find(text: string, word: string, from = 0): { at: number; len: number } | null {
  const w = word.toLowerCase();
  if (!w) return null;
  if (!latin.test(w)) {
    const at = text.indexOf(w, from);
    return at >= 0 ? { at, len: w.length } : null;
  }
  const re = new RegExp(`(^|[^a-z])${escape(w)}(?=[^a-z]|$)`, 'g');
  re.lastIndex = Math.max(0, from - 1);
  const m = re.exec(text);
  return m ? { at: m.index + m[1].length, len: w.length } : null;
}
