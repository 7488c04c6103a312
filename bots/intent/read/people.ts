import { type Message, msg, ref } from '../../../sim/model/text.ts';
import type { MannerMechanism } from '../../../sim/model/vocabulary.ts';
import { sumIn } from '../amount.ts';
import { quotedIn } from './speech.ts';
import type { Said } from '../context.ts';
import { notFound, type Reader, startFor } from './found.ts';

/** What one says by default, by what the manner does, when the words give no subject (content keys the Judge accepts from players). */
const OPENERS: Partial<Record<MannerMechanism, string>> = {
  bargain: 'say.ask_work',
  quarrel: 'say.get_lost',
  rescue: 'say.hold_on',
  learn: 'say.sign_up',
  observe: 'say.admire',
  buy: 'say.order',
};

/** Generic verbs (intent.json) for a manner the pack's own words did not name: the mechanism they mean. */
const VERBS: [key: string, does: MannerMechanism][] = [
  ['insult', 'quarrel'],
  ['help', 'rescue'],
  ['learn', 'learn'],
  ['watch', 'observe'],
  ['steal', 'steal'],
  ['tell', 'befriend'],
];

function content(s: Said, does: MannerMechanism | undefined, after: number): Message {
  const quoted = quotedIn(s.input.text);
  if (quoted) return { text: quoted };
  const said = s.subject(after);
  if (said) return { text: said };
  const key = does && OPENERS[does];
  return key ? msg(key) : msg('say.moment', { place: ref('place', s.here) });
}

/** Stealing, where the pack has a manner for it; where it has none, it is said that is not done here. */
export const steal: Reader = (s) => {
  const named = s.manner('steal');
  if (!named && !s.has('steal')) return null;
  const manner = named ?? s.cat.words.mannerFor('steal');
  if (!manner) return notFound(startFor.person(s), 'not_done', { what: s.objectOf('steal') || s.input.text.trim() });
  if (!s.person) return null;
  // only a marked subject is said ("pick Gilda's pocket" says nothing of "'s pocket")
  const marked = s.subjectAt(s.person.at + s.person.len);
  const said = marked ? content(s, 'steal', s.person.at + s.person.len) : msg('say.moment', { place: ref('place', s.here) });
  return { call: s.call('interact', { target: s.person.id, manner, content: said }) };
};

/** Giving someone money (a sum named, else a meal's worth: "a gift") or a thing one carries. */
export const give: Reader = (s) => {
  const purpose = s.purpose('gift') ?? (s.has('give') ? s.cat.words.purposeFor('gift') : undefined);
  if (!purpose || !s.person) return null;
  const amount = sumIn(s.cat, s.k, s.input.text);
  const target = s.person.id;
  const carried = s.item ? (s.state.actors[s.me].inventory[s.item.id] ?? 0) : 0;
  if (s.item && carried > 0) {
    return {
      call: s.call('use_resource', { resource: `item:${s.item.id}`, amount: Math.max(1, Math.min(amount ?? 1, carried)), purpose, target }),
    };
  }
  if (s.item) return notFound(startFor.person(s), 'not_carrying', { item: ref('item', s.item.id) });
  return {
    call: s.call('use_resource', { resource: 'money', amount: amount && amount > 0 ? amount : s.cat.levels.meal, purpose, target }),
  };
};

/** Words for one person alone ("whisper to Bo: '…'"), where the words name the pack's channel that reaches one listener. */
export const aside: Reader = (s) => {
  if (!s.person) return null;
  const channel = s.wordHit('channels', (w) => w.reach === 'one');
  if (!channel) return null;
  const said = content(s, undefined, s.person.at + s.person.len);
  return { call: s.call('express', { channel: channel.id, content: said, to: s.person.id }) };
};

/**
 * Talking to, asking, telling, helping, insulting, learning from someone named: the pack's manner the
 * words name, else the one a generic verb means, else the pack's friendly one. What is said is the
 * subject ("about the rumour" → "the rumour"), never the instruction.
 */
export const interact: Reader = (s) => {
  if (!s.person) return null;
  // a manner is named in the instruction, not in what is to be said ("tell her that the site is hiring")
  const said = s.subjectAt(s.person.at + s.person.len)?.at ?? s.text.length;
  const hit = s.wordHit('manners');
  const named = hit && hit.at < said ? hit : null;
  // "ask Zhao about work": a subject of a word or two that is itself a manner's word names the manner
  const subject = s.subject(s.person.at + s.person.len);
  const short = subject && (/[a-z]/i.test(subject) ? subject.split(/\s+/).length <= 2 : subject.length <= 4);
  let manner = named?.id ?? (short ? (s.wordHit('manners') ?? undefined)?.id : undefined);
  if (!manner) {
    for (const [key, does] of VERBS) if (s.has(key) && (manner = s.cat.words.mannerFor(does))) break;
  }
  manner ??= s.cat.words.mannerFor('befriend') ?? s.cat.words.ids('manners')[0];
  const does = s.cat.words.mannerDoes(manner);
  return { call: s.call('interact', { target: s.person.id, manner, content: content(s, does, s.person.at + s.person.len) }) };
};
