import { type Message, msg, ref } from '../../../sim/model/text.ts';
import type { Said } from '../context.ts';
import type { Reader, Reading } from './found.ts';

/** "Look around", "what's here" (and the Chinese of `intent.keywords.look`): the player asks what is around (the scene panel), nothing to confirm. */
export const look: Reader = (s) => (s.person || !s.has('look') ? null : looking(s));

/** A look: no call to confirm; the call is only where the form starts (staying where one is). */
const looking = (s: Said): Reading => ({ call: s.call('move', { destination: s.here, mode: s.cat.words.ids('modes')[0] }), look: true });

/** One call per person present, the helpless first: whom the words meant is the player's to choose. */
function toWhoever(s: Said, manner: string, content: Message): Reading | null {
  const who = s.present();
  if (!who.length) return null;
  const choices = who.map((target) => s.call('interact', { target, manner, content }));
  return choices.length === 1 ? { call: choices[0] } : { call: choices[0], choices };
}

/** The words name no one but mean someone here: nobody named after the verb but "me" ("help me buy…" is not). */
const forSomeone = (s: Said, key: string): boolean => {
  const verb = s.at(key);
  if (!verb) return false;
  const rest = s.text.slice(verb.at + verb.len).trimStart();
  return !(s.k.me ?? []).some((m) => rest.startsWith(m) && !/[a-z]/.test(rest.charAt(m.length)));
};

/**
 * Words that mean someone here without naming them: helping "the man who collapsed", cutting a purse,
 * asking around for news. One call when one person is here, else a choice of those present.
 */
export const someone: Reader = (s) => {
  if (s.person) return null;
  const steal = s.manner('steal') ?? (s.has('steal') ? s.cat.words.mannerFor('steal') : undefined);
  if (steal) return toWhoever(s, steal, msg('say.moment', { place: ref('place', s.here) }));
  const help = forSomeone(s, 'help') ? (s.manner('rescue') ?? s.cat.words.mannerFor('rescue')) : undefined;
  if (help) return toWhoever(s, help, msg('say.hold_on'));
  if (s.has('news')) {
    const manner = s.cat.words.mannerFor('befriend') ?? s.cat.words.ids('manners')[0];
    return toWhoever(s, manner, { text: s.input.text.trim() });
  }
  return null;
};

/** Watching or looking at nobody named ("look at the street"): a look around, after every reader that could name what is watched. */
export const glance: Reader = (s) => (!s.person && s.has('watch') ? looking(s) : null);
