import { z } from 'zod';

/**
 * Ids are hostile until checked. Every table the world looks ids up in is a null-prototype object or
 * a Map, so `constructor` or `__proto__` is just an unknown id there; ids are also held to a safe
 * shape at every boundary (pack, REST, socket, model output), so such names never get that far.
 */

/** Names every plain object answers to: an id equal to one would reach the language, not the world. */
export const RESERVED_IDS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype']);

/**
 * Runtime ids: pack ids (`some_person`), clones (`some_person__3`), made things (`e:12`, `f:3`, `p:1`),
 * tags (`job:<job>:<employer>`, `skill:<name>`), players (`player-4`), references to new things (`$new:0`).
 */
const SAFE = /^[A-Za-z0-9_$][A-Za-z0-9_$:#.-]{0,99}$/;

export function isSafeId(s: unknown): s is string {
  return typeof s === 'string' && SAFE.test(s) && !RESERVED_IDS.has(s);
}

const notReserved = (s: string) => !RESERVED_IDS.has(s);
const RESERVED_MSG = 'a reserved name (a property every object has), not an id';

/** An id at a boundary: a safe shape and not a name of the language. */
export const SafeId = z
  .string()
  .regex(SAFE, 'letters, digits and _ $ : # . - (at most 100), starting with a letter, digit, _ or $')
  .refine(notReserved, RESERVED_MSG);

/** An id a scenario author writes: lower-case letters, digits and _. */
export const PackId = z
  .string()
  .regex(/^[a-z0-9_]{1,64}$/, 'lower-case letters, digits and _ (at most 64)')
  .refine(notReserved, RESERVED_MSG);

/** A table keyed by ids: no prototype, so only what was put in it is in it. */
export function table<T>(entries?: Record<string, T>): Record<string, T> {
  const t = Object.create(null) as Record<string, T>;
  if (entries) for (const k of Object.keys(entries)) t[k] = entries[k];
  return t;
}

/** `o[k]` for a plain object that may still have a prototype (JSON, a pack file): own properties only. */
export function own<T>(o: Record<string, T>, k: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;
}
