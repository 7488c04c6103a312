import { own } from './ids.ts';
import type { Harm, HarmTag } from './vocabulary.ts';

/**
 * Harm as tags (docs/design.md, Harm): what a person's harm weighs, which of it heals how, and which tag a
 * blow deals. Pure, over the pack's `harm` section and a body's tags, so the Judge's clock, the
 * validators and the rule engine read one set of rules.
 */

/** The part of a body harm reads (a WorldState actor). */
export interface Hurt {
  tags: readonly string[];
  /** the tick each tag was added, where known */
  tagsAt?: Record<string, number>;
  /** hit points lost, for a pack with hit points */
  hpLost?: number;
  /** the tick of the last hit points lost */
  hurtAt?: number;
}

export const harmTag = (h: Harm, tag: string): HarmTag | undefined => own(h.tags, tag);

/** Whether a pack has any harm rule at all: most of the clock's work is skipped when it has none. */
export const hasHarm = (h: Harm): boolean => Object.keys(h.tags).length > 0 || h.hp !== undefined || h.restrain !== undefined;

/** Whether any of a body's tags is harm (one pass, no list made): most bodies carry only jobs and skills. */
export function carriesHarm(h: Harm, a: Hurt): boolean {
  for (let i = 0; i < a.tags.length; i++) if (harmTag(h, a.tags[i]) !== undefined) return true;
  return false;
}

/** The sum of the severities of the harm a body carries. */
export function severity(h: Harm, a: Hurt): number {
  let n = 0;
  for (const t of a.tags) n += harmTag(h, t)?.severity ?? 0;
  return n;
}

/** The harm tags a body carries that heal by `way`. */
export function healedBy(h: Harm, a: Hurt, way: 'rest' | 'care'): string[] {
  return a.tags.filter((t) => harmTag(h, t)?.heals[way] === true);
}

/**
 * The tag a blow of `tag` deals this body: the tag itself, or, while it stands, what it worsens into
 * (and so on). Null when the whole chain is already carried: a body can be no worse hurt that way.
 */
export function blowOf(h: Harm, a: Hurt, tag: string): string | null {
  const seen = new Set<string>();
  let t: string | undefined = tag;
  while (t !== undefined && a.tags.includes(t)) {
    if (seen.has(t)) return null;
    seen.add(t);
    t = harmTag(h, t)?.worse;
  }
  return t ?? null;
}

/** The tick of the freshest harm a body carries (a harm tag added, hit points lost), or null if none is dated. */
export function woundedAt(h: Harm, a: Hurt): number | null {
  let at: number | null = a.hurtAt ?? null;
  for (const t of a.tags) {
    const tick = a.tagsAt ? own(a.tagsAt, t) : undefined;
    if (tick !== undefined && harmTag(h, t) && (at === null || tick > at)) at = tick;
  }
  return at;
}

/** Hit points left, for a pack that has them. */
export const hpLeft = (h: Harm, a: Hurt): number => (h.hp ? h.hp.max - (a.hpLost ?? 0) : 0);

/** Whether a tag is the pack's harm or its mark for the caught: tags only the Judge deals. */
export const judgedTag = (h: Harm, tag: string): boolean => harmTag(h, tag) !== undefined || h.restrain?.tag === tag;

/** The resource a `resource_changed` event names for hit points (never a tool call's resource). */
export const HP = 'hp';
