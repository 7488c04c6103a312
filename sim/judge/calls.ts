import { closedRefuses, isClosed } from '../state/overrides.ts';
import type { CallOf, ToolCall, ToolName } from '../model/tools.ts';
import { CAN_ACT } from '../model/status.ts';
import { placeExists, travelCost, type Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { check, reject } from './reasons.ts';
import { unmetRequirement } from '../model/requires.ts';
import { knowsSkill } from '../model/skills.ts';
import { isMember } from '../model/funds.ts';
import { own } from '../model/ids.ts';

/** The sink money spent by a call disappears into: the pack's vocabulary says which. */
export function sinkOf(cat: Catalog, call: ToolCall): string {
  return cat.words.sinkOf(call, (id) => cat.templates.get(id)?.kind);
}

type Checks = { [T in ToolName]: (cat: Catalog, s: WorldState, c: CallOf<T>) => void };

/** Whether the actor may make this call at all, before its consequences are looked at. */
const CHECKS: Checks = {
  use_resource(cat, s, c) {
    const r = c.args.resource;
    if (r.startsWith('item:') && !cat.items.has(r.slice(5))) reject('unknown_item', { id: r.slice(5) });
    if (c.args.target !== undefined) present(s, c.actor, c.args.target);
    // a fund is paid into by its members only
    const fund = cat.words.fundOf(c);
    if (fund !== undefined) {
      const f = cat.funds.get(fund);
      if (!(f && isMember(f, s.actors[c.actor]))) reject('fund_members_only', { fund: { ref: 'fund', id: fund } });
    }
  },
  interact(cat, s, c) {
    if (!cat.words.manner(c.args.manner)) reject('unknown_word', { id: c.args.manner });
    if (c.args.target === c.actor) reject('invalid_args', { why: 'self' });
    present(s, c.actor, c.args.target);
  },
  move(cat, s, c) {
    const here = s.actors[c.actor].location;
    const to = c.args.destination;
    if (!cat.words.mode(c.args.mode)) reject('unknown_word', { id: c.args.mode });
    if (!placeExists(cat, s, to)) reject('unknown_place', { id: to });
    if (to === here) reject('already_there', { place: { ref: 'place', id: here } });
    // a place an intervention closed lets nobody in (those inside may still leave)
    if (isClosed(s, to)) reject('place_closed', { place: { ref: 'place', id: to } });
    const cost = travelCost(cat, s, here, to, c.args.mode, c.actor);
    if (!cost) reject('unreachable', { place: { ref: 'place', id: to } });
    // a toll nobody could pay refuses the trip before any engine prices it
    let toll = 0;
    for (const t of cost.tolls) toll += t.amount;
    if (!(toll === 0 || s.actors[c.actor].money >= cost.money + toll))
      reject('cannot_pay_toll', { money: toll, place: { ref: 'place', id: to } });
  },
  create(cat, s, c) {
    const a = s.actors[c.actor];
    const t = cat.templates.get(c.args.what);
    check(t, 'unknown_template', { id: c.args.what });
    check(cat.words.kind(t.kind)?.made !== false, 'not_made', { template: { ref: 'template', id: t.id } });
    check(c.args.where === a.location, 'not_here', { place: { ref: 'place', id: c.args.where } });
    const cls = t.effects.find((e) => e.type === 'class');
    // a body can only teach what it knows
    if (cls && cls.type === 'class') {
      check(cat.words.permits(a.roles, 'teach') || knowsSkill(a, cls.skill), 'lacks_skill', { skill: cls.skill });
    }
    const unmet = unmetRequirement(a, t);
    if (unmet) reject(unmet.code, unmet.params);
    // a toll stands on a road: its place must lead to the far end
    for (const e of t.effects) {
      if (e.type === 'toll')
        check(
          cat.places.get(a.location)?.links.some((l) => l.to === e.to),
          'no_road',
          { place: { ref: 'place', id: a.location }, to: { ref: 'place', id: e.to } },
        );
    }
    if (c.args.about !== undefined) check(s.actors[c.args.about], 'unknown_actor', { id: c.args.about });
  },
  express(cat, s, c) {
    const channel = cat.words.channel(c.args.channel);
    if (!channel) reject('unknown_word', { id: c.args.channel });
    const to = c.args.to;
    if (channel.reach !== 'one') {
      if (to !== undefined) reject('listener_not_one', { channel: { ref: 'channel', id: c.args.channel } });
      return;
    }
    // words for one listener: someone else, here, who can hear them
    check(to !== undefined && to !== c.actor && own(s.actors, to), 'listener_needed', { channel: { ref: 'channel', id: c.args.channel } });
    const l = s.actors[to];
    check(l.location === s.actors[c.actor].location && (l.status === 'alive' || l.status === 'dying'), 'listener_away', {
      target: { ref: 'actor', id: to },
    });
  },
};

export function checkCall(cat: Catalog, s: WorldState, c: ToolCall): void {
  const a = s.actors[c.actor];
  // refusals' parameters are built only when they refuse: every call of the tick passes here
  if (!a) reject('unknown_actor', { id: c.actor });
  const can = CAN_ACT[a.status];
  if (can === 'none') reject('cannot_act', { status: a.status });
  // the dying may only talk
  if (can === 'talk') {
    const does = c.tool === 'interact' ? cat.words.mannerDoes(c.args.manner) : undefined;
    check(c.tool === 'express' || does === 'befriend' || does === 'rescue', 'can_only_talk');
  }
  (CHECKS[c.tool] as (cat: Catalog, s: WorldState, c: ToolCall) => void)(cat, s, c);
  // inside a place an intervention closed nobody makes, works, sells or buys (they may still leave)
  if (isClosed(s, a.location) && closedRefuses(cat, c)) reject('place_closed', { place: { ref: 'place', id: a.location } });
}

function present(s: WorldState, actor: string, target: string): void {
  const here = s.actors[actor].location;
  const other = s.actors[target];
  const ent = s.entities[target];
  if (!other && !ent) reject('unknown_target', { id: target });
  const there = other ? other.location : ent.location;
  if (there !== here) reject('not_present', { target: { ref: other ? 'actor' : 'entity', id: target } });
  if (other && other.status === 'dead') reject('not_present', { target: { ref: 'actor', id: target } });
}
