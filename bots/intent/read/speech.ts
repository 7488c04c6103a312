import type { Said } from '../context.ts';
import { firstOf } from '../lexicon.ts';
import type { Reader } from './found.ts';

/** Quoted words: '…', "…", “…”, ‘…’, 「…」, 『…』. */
const QUOTED = /(?:^|[\s:：,，])'([^']+)'|"([^"]+)"|“([^”]+)”|‘([^’]+)’|「([^」]+)」|『([^』]+)』/u;

export function quotedIn(raw: string): string | null {
  const m = QUOTED.exec(raw);
  return m ? (m.slice(1).find((x) => x !== undefined) ?? '').trim() || null : null;
}

const selfChannel = (s: Said) => s.cat.words.channelFor('self') ?? s.cat.words.ids('channels')[0];

/**
 * Words said to oneself on purpose ("mutter that…", "think to myself: …", 自言自语): the pack's channel
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
 * Quoted words with nobody to say them to ("say 'hello'", 说“大家好”, 「…」 alone): said on the channel the
 * words name, else to oneself. Quoted words for someone named are that person's (the talking reader).
 */
export const quoted: Reader = (s) => {
  const said = quotedIn(s.input.text);
  if (!said || s.person) return null;
  // the words outside the quotes may be a verb of saying or a channel, nothing else
  const outside = s.text.replace(said.toLowerCase(), '');
  const channel = s.wordHit('channels');
  const verbs = firstOf(outside, s.k.say ?? []);
  if (!channel && !verbs && /[\p{L}]/u.test(outside.replace(/[\s'"“”‘’「」『』:：,，.。!！?？]/gu, ''))) return null;
  return { call: s.call('express', { channel: channel?.id ?? selfChannel(s), content: { text: said } }) };
};
