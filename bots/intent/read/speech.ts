import type { Said } from '../context.ts';
import { firstOf } from '../lexicon.ts';
import type { Reader } from './found.ts';

/** Quoted words: '…', "…", “…”, ‘…’, 「…」, 『…』. */
const QUOTED = /(?:^|[\s:：,，])'([^']+)'|"([^"]+)"|“([^”]+)”|‘([^’]+)’|「([^」]+)」|『([^』]+)』/u;

export function quotedIn(raw: string): string | null {
  const m = QUOTED.exec(raw);
  return m ? (m.slice(1).find((x) => x !== undefined) ?? '').trim() || null : null;
}

/** The text with what is quoted blanked out (same length, so positions hold): a verb or name inside quotes is what is said, not what is done. */
export function unquoted(raw: string): string {
  return raw.replace(new RegExp(QUOTED.source, 'gu'), (all, ...inner: (string | undefined)[]) => {
    const said = inner.slice(0, 6).find((x) => x !== undefined) ?? '';
    const at = all.lastIndexOf(said);
    return all.slice(0, at) + ' '.repeat(said.length) + all.slice(at + said.length);
  });
}

const selfChannel = (s: Said) => s.cat.words.channelFor('self') ?? s.cat.words.ids('channels')[0];

/**
 * Words said to oneself on purpose ("mutter that…", "think to myself: …", `intent.keywords.self` in either language): the pack's channel
 * that reaches only oneself, with what follows. The only way, with quoted words, to talk to oneself.
 */
export const muttered: Reader = (s) => {
  const verb = s.at('self');
  if (!verb) return null;
  const quoted = quotedIn(s.input.text);
  const said = quoted ?? (s.subject(verb.at + verb.len) || s.input.text.trim());
  return { call: s.call('express', { channel: selfChannel(s), content: { text: said } }) };
};

/**
 * Quoted words with nobody to say them to ("say 'hello'", Chinese quotation marks too, alone): said on the channel the
 * words name, else to oneself. Quoted words for someone named are that person's (the talking reader).
 */
export const quoted: Reader = (s) => {
  const said = quotedIn(s.input.text);
  if (!said || s.person) return null;
  // the words outside the quotes (the text has them blanked) may be a verb of saying or a channel, nothing else
  const outside = s.text;
  const channel = s.wordHit('channels');
  const verbs = firstOf(outside, s.k.say ?? []);
  if (!channel && !verbs && /[\p{L}]/u.test(outside.replace(/[\s'"“”‘’「」『』:：,，.。!！?？]/gu, ''))) return null;
  return { call: s.call('express', { channel: channel?.id ?? selfChannel(s), content: { text: said } }) };
};
