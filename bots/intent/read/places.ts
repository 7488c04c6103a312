import type { Said } from '../context.ts';
import { freeMode, type Reader } from './found.ts';

/** Going to a named place: by the way named, else on foot (the way that costs nothing). */
export const move: Reader = (s) => {
  // going where one already is: the call as said (the preview says you are there), not a place unknown
  if (!s.place && s.placeHere && (s.has('move') || s.mode))
    return { call: s.call('move', { destination: s.placeHere.id, mode: s.mode ?? freeMode(s) }) };
  if (!s.place || !(s.has('move') || s.mode || !s.person)) return null;
  // "talk to someone about going somewhere" is a talk: the person comes first and no way of going is named
  if (s.person && s.person.at < s.place.at && !s.mode) return null;
  return { call: s.call('move', { destination: s.place.id, mode: s.mode ?? freeMode(s) }) };
};

/** Saying something on a channel the words name: what follows the colon or the channel's word. */
export const express: Reader = (s) => {
  const hit = s.wordHit('channels');
  if (!hit) return null;
  const said = s.subject(hit.at + hit.len);
  return { call: s.call('express', { channel: hit.id, content: { text: said || s.input.text.trim() } }) };
};

/** Whatever else: a remark, said to oneself (the pack's channel that reaches only oneself). */
export function remark(s: Said) {
  const channel = s.cat.words.channelFor('self') ?? s.cat.words.ids('channels')[0];
  return { call: s.call('express', { channel, content: { text: s.input.text.trim() } }) };
}
