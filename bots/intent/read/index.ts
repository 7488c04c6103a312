import { buy, eat, perform, rest, spend, work } from './things.ts';
import { create, named, spread } from './make.ts';
import { aside, give, interact, steal } from './people.ts';
import { express, move } from './places.ts';
import { missing, nobody } from './missing.ts';
import { muttered, quoted } from './speech.ts';
import { glance, look, someone } from './around.ts';
import type { Reader } from './found.ts';

/**
 * The readers, tried in this order; the first that reads the words wins. Words said to oneself on
 * purpose first (what is muttered may name anyone); looking around before any verb; spreading word and
 * stealing before talking (they name a person too); words for one listener before talking (a channel's word names them); buying before going (a thing sold elsewhere says
 * where); going before eating and working ("go to X to find work" is a trip); quoted words after the
 * verbs for someone named; a verb for a person nobody is called before the verbs a subject could hold
 * ("tell Bob about the job"); playing before making (a pack may call both the same); a thing named
 * without a verb after every verb; someone here meant but not named last but one. What no reader reads
 * is not understood (offline.ts), never said to oneself.
 */
export const READERS: readonly Reader[] = [
  muttered,
  look,
  spread,
  steal,
  give,
  buy,
  move,
  aside,
  interact,
  quoted,
  nobody,
  perform,
  create,
  eat,
  work,
  rest,
  spend,
  named,
  express,
  someone,
  glance,
  missing,
];
