import type { WorldChange } from '../model/consequence.ts';
import type { EventBody, Newcomer } from '../model/events.ts';
import { own } from '../model/ids.ts';
import type { Intervention } from '../model/interventions.ts';
import { parseJobTag } from '../model/jobs.ts';
import { CAN_ACT } from '../model/status.ts';
import { type Catalog, placeExists } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { type Proposer, validateChange } from './changes.ts';
import { Draft } from './draft.ts';
import { check } from './reasons.ts';
import { isClosed, priceOf, wageOf } from '../state/overrides.ts';

/**
 * A researcher's intervention, judged like anything else that changes the world: the labelled
 * `intervened` event first, then the events that carry out its effect, each through the validator
 * of its kind of change (./changes.ts), so the hard rules hold for interventions too (a dying person
 * cannot just leave, money comes only from a declared source, no balance goes below zero).
 * Throws a Rejection; commits nothing itself. `after`: changes judged once the head is committed
 * (a newcomer's purse, which needs the newcomer to exist).
 */
export function judgeIntervention(
  cat: Catalog,
  state: WorldState,
  tick: number,
  iv: Intervention,
): { events: EventBody[]; after: { proposer: Proposer; changes: WorldChange[] } | null } {
  check(own(state.interventions?.labels ?? {}, iv.label) === undefined, 'intervention_repeated', { label: iv.label });
  const head: Extract<EventBody, { type: 'intervened' }> = { type: 'intervened', label: iv.label, kind: iv.kind, actor: null };
  const person = (id: string) => {
    check(own(state.actors, id), 'unknown_actor', { id });
    head.actor = id;
    return state.actors[id];
  };
  const place = (id: string) => check(placeExists(cat, state, id), 'unknown_place', { id });
  const d = new Draft(cat, state, tick, null);
  d.emit(head);
  switch (iv.kind) {
    case 'learn_fact': {
      const a = person(iv.actor);
      // one who can do nothing (dead, unconscious) cannot pass it on either: no fact is seeded in them
      check(CAN_ACT[a.status] !== 'none', 'cannot_act', { status: a.status });
      // as if the person made it up: the fact's origin is them, and it spreads from them as any other
      validateChange(
        d,
        {
          type: 'new_fact',
          content: { key: 'fact.told', params: { cn: iv.content.cn, en: iv.content.en } },
          about: iv.about,
          truth: iv.truth,
        },
        intervening(iv.label, a.location, iv.actor),
      );
      head.fact = d.created[0];
      break;
    }
    case 'price':
      check(cat.items.has(iv.item), 'unknown_item', { id: iv.item });
      check(priceOf(cat, state, iv.item) !== iv.price, 'intervention_noop', { label: iv.label });
      head.item = iv.item;
      head.value = iv.price;
      break;
    case 'wage': {
      const job = cat.scenario.meta.jobs.find((j) => j.id === iv.job);
      check(job, 'unknown_job', { id: iv.job });
      check(wageOf(job, state) !== iv.wage, 'intervention_noop', { label: iv.label });
      head.job = iv.job;
      head.value = iv.wage;
      break;
    }
    case 'drive':
      check(person(iv.actor).strategy[iv.strategy] !== iv.weight, 'intervention_noop', { label: iv.label });
      head.strategy = iv.strategy;
      head.value = iv.weight;
      break;
    case 'leave': {
      const a = person(iv.actor);
      // gone already (left, or locked away for good): leaving again would change nothing
      check(a.status !== 'restrained_permanent', 'intervention_noop', { label: iv.label });
      validateChange(
        d,
        { type: 'status_change', actor: iv.actor, to: 'restrained_permanent', reason: 'left' },
        intervening(iv.label, a.location, null),
      );
      break;
    }
    case 'close_place':
    case 'open_place':
      place(iv.place);
      check(isClosed(state, iv.place) !== (iv.kind === 'close_place'), 'intervention_noop', { label: iv.label });
      head.place = iv.place;
      break;
    case 'arrive': {
      const like = cat.souls.get(iv.like);
      check(like, 'unknown_actor', { id: iv.like });
      check(!own(state.actors, iv.actor), 'join_taken', { id: iv.actor });
      const at = iv.place ?? like.body.location;
      place(at);
      check(!isClosed(state, at), 'place_closed', { place: { ref: 'place', id: at } });
      if (iv.money > 0) {
        check(cat.sources.has(iv.source!), 'money_from_nowhere', { source: iv.source! });
        check(iv.money <= cat.scenario.meta.rules.caps.moneyPerAction, 'over_cap', { amount: iv.money });
      }
      head.actor = iv.actor;
      head.place = at;
      const person: Newcomer = {
        soul: like.id,
        place: at,
        energy: like.body.energy,
        heartbeat: like.heartbeat,
        drives: { ...like.drives },
        roles: [...like.roles],
        tags: like.body.tags.filter((t) => !parseJobTag(t)),
      };
      head.person = person;
      d.settle();
      return {
        events: d.events,
        after:
          iv.money > 0
            ? {
                proposer: intervening(iv.label, at, null),
                changes: [{ type: 'money_source', to: iv.actor, amount: iv.money, source: iv.source! }],
              }
            : null,
      };
    }
  }
  d.settle();
  return { events: d.events, after: null };
}

/** Who proposes an intervention's effects: the researcher, at a place, on behalf of a person when one is named. */
export function intervening(label: string, place: string, actor: string | null): Proposer {
  return { actor, entity: null, clock: false, place, strategy: null, call: null, intervention: label };
}
