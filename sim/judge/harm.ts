import type { EventOf } from '../model/events.ts';
import type { WorldChange } from '../model/consequence.ts';
import { blowOf, carriesHarm, harmTag, hasHarm, hpLeft, severity, woundedAt } from '../model/harm.ts';
import { own } from '../model/ids.ts';
import type { Harm } from '../model/vocabulary.ts';
import type { Catalog } from '../scenario/catalog.ts';
import { membersOf } from '../state/members.ts';
import type { ActorState, WorldState } from '../state/types.ts';
import { proposers } from './changes.ts';
import type { TickJudge } from './judge.ts';

/**
 * The Judge's harm, run by its clock at the end of a tick (docs/design.md, Harm and Status):
 *
 * - the dice deal harm: a check the pack names in `harm.from` hurts the one who tried when it fails,
 *   and its target on a full success; a caught thief is marked, and restrained after enough catches.
 *   The dice are the Judge's, so is the harm: a failed call cannot propose anything against its own
 *   actor, and no engine can skip the blow or add one.
 * - time heals what heals with time;
 * - a fresh blow that takes the total severity to the pack's lines makes a person unconscious or
 *   dying (hit points at 0 too). Only a fresh one: someone brought round, or rescued, still carrying
 *   the same harm is not struck down again by it. Death still comes only at the end of the dying window.
 */
export function runHarm(cat: Catalog, state: WorldState, tick: number, judge: TickJudge): void {
  const harm = cat.scenario.vocabulary.harm;
  if (!hasHarm(harm)) return;
  const rolls = judge.events.filter((e): e is EventOf<'check_rolled'> => e.type === 'check_rolled');
  for (const r of rolls) dealt(cat, state, judge, harm, r);
  const actors = membersOf(state.actors);
  for (let i = 0; i < actors.length; i++) {
    const a = actors[i];
    // nothing to heal and no blow to strike with: most people, most ticks (their tags are jobs and skills, not harm)
    if (a.status === 'dead' || (a.hurtAt === undefined && !carriesHarm(harm, a))) continue;
    healed(state, judge, harm, a, tick);
    struck(judge, harm, a);
  }
}

/** What one roll deals: the blow of a failure to the one who tried, of a full success to the target; a caught thief's mark and restraint. */
function dealt(cat: Catalog, state: WorldState, judge: TickJudge, harm: Harm, r: EventOf<'check_rolled'>): void {
  const rule = own(harm.from, r.word);
  if (r.band === 'fail' && rule?.fail) blow(state, judge, harm, r.actor, rule.fail);
  if ((r.band === 'full' || r.band === 'critical') && rule?.full && r.target && state.actors[r.target])
    blow(state, judge, harm, r.target, rule.full);
  if (r.band !== 'fail' || r.tool !== 'interact' || cat.words.mannerDoes(r.word) !== 'steal' || !harm.restrain) return;
  const a = state.actors[r.actor];
  const changes: WorldChange[] = [];
  if (harm.restrain.tag && !a.tags.includes(harm.restrain.tag)) changes.push({ type: 'tag_added', actor: a.id, tag: harm.restrain.tag });
  const after = harm.restrain.after;
  if (after !== undefined && caught(cat, a) >= after && (a.status === 'alive' || a.status === 'unconscious')) {
    changes.push({ type: 'status_change', actor: a.id, to: 'restrained_permanent', reason: 'restrained' });
  }
  if (changes.length) judge.proposal(proposers.clock(a.location), changes);
}

/** A blow of `tag`: the tag, or what it worsens into while it stands; in a pack with hit points, its severity in hit points too. */
export function blow(state: WorldState, judge: TickJudge, harm: Harm, id: string, tag: string): void {
  const a = state.actors[id];
  if (a.status === 'dead') return;
  const dealt = blowOf(harm, a, tag);
  const changes: WorldChange[] = [];
  if (dealt !== null) changes.push({ type: 'tag_added', actor: id, tag: dealt });
  const cost = harmTag(harm, dealt ?? tag)?.severity ?? 0;
  if (harm.hp && cost > 0) changes.push({ type: 'hp_delta', target: id, delta: -cost, cause: 'wounded' });
  if (changes.length) judge.proposal(proposers.clock(a.location), changes);
}

/** How many times the watch has caught this person stealing: failed checks of the manners that steal. */
export function caught(cat: Catalog, a: ActorState): number {
  let n = 0;
  for (const word in a.failed ?? {}) if (cat.words.mannerDoes(word) === 'steal') n += own(a.failed!, word) ?? 0;
  return n;
}

/** Harm that heals with time goes when its ticks have passed (a tag from before ticks were kept counts from tick 0). */
function healed(state: WorldState, judge: TickJudge, harm: Harm, a: ActorState, tick: number): void {
  const gone: WorldChange[] = [];
  for (const t of a.tags) {
    const ticks = harmTag(harm, t)?.heals.ticks;
    if (ticks !== undefined && tick - ((a.tagsAt && own(a.tagsAt, t)) ?? 0) >= ticks)
      gone.push({ type: 'tag_removed', actor: a.id, tag: t });
  }
  if (gone.length) judge.proposal(proposers.clock(state.actors[a.id].location), gone);
}

/** A fresh blow past the pack's lines: dying (or hit points at 0), else unconscious. */
function struck(judge: TickJudge, harm: Harm, a: ActorState): void {
  if (a.status !== 'alive' && a.status !== 'unconscious') return;
  const at = woundedAt(harm, a);
  if (at === null || at < a.statusSince) return;
  const sev = severity(harm, a);
  const dying = (harm.dyingAt !== undefined && sev >= harm.dyingAt) || (harm.hp !== undefined && hpLeft(harm, a) <= 0);
  const out = a.status === 'alive' && harm.unconsciousAt !== undefined && sev >= harm.unconsciousAt;
  if (!dying && !out) return;
  judge.proposal(proposers.clock(a.location), [
    { type: 'status_change', actor: a.id, to: dying ? 'dying' : 'unconscious', reason: 'wounded' },
  ]);
}
