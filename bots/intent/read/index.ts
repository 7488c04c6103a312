import { buy, eat, perform, rest, work } from './things.ts';
import { create, named, spread } from './make.ts';
import { give, interact, steal } from './people.ts';
import { express, move } from './places.ts';
import { missing, nobody } from './missing.ts';
import type { Reader } from './found.ts';

/**
 * The readers, tried in this order; the first that reads the words wins. Spreading word and
 * stealing come before talking (they name a person too); buying before going (a thing sold
 * elsewhere says where); going before eating and working ("go to X to find work" is a trip);
 * a verb for a person nobody is called before the verbs a subject could hold ("tell Bob about the job");
 * playing before making (a pack may call both the same); a thing named without a verb after every verb.
 */
export const READERS: readonly Reader[] = [
  spread,
  steal,
  give,
  buy,
  move,
  interact,
  nobody,
  perform,
  create,
  eat,
  work,
  rest,
  named,
  express,
  missing,
];
