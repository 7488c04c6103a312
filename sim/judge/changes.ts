import type { WorldChange } from '../model/consequence.ts';
import { factsAbout } from './facts-about.ts';
import { TRANSITIONS } from '../model/status.ts';
import type { Strategy } from '../model/strategy.ts';
import { placeExists } from '../scenario/catalog.ts';
import { clamp } from '../state/apply.ts';
import { heldJob, jobHeldAt, onShift, paidThisShift, parseJobTag, qualifies, shiftStart } from '../model/jobs.ts';
import type { Draft } from './draft.ts';
import { check, reject } from './reasons.ts';
import type { EntityState, PaidShift } from '../model/events.ts';
import { own } from '../model/ids.ts';
import type { QuestState } from '../model/quests.ts';
import type { ToolCall } from '../model/tools.ts';
import { theftMost } from '../model/theft.ts';
import { paced } from '../model/relations.ts';
import { canonicalJson } from '../lib/canonical.ts';
import { harmTag, HP, judgedTag } from '../model/harm.ts';
import { isClosed, priceOf, wageNow, wageOf } from '../state/overrides.ts';
import { seated } from '../state/seats.ts';
import { budgetLeft, dayOf } from '../state/minted.ts';
import { needGain } from './need-gain.ts';
import { knowsFact } from '../state/knowledge.ts';

/** Who proposed the changes: an actor's call, a lasting effect of an entity, or the Judge's own clock. */
export interface Proposer {
  actor: string | null;
  entity: string | null;
  clock: boolean;
  /** where the proposal happens (the actor's place, or the entity's) */
  place: string;
  /** for a call: the strategy it serves, credited with what it earns */
  strategy: Strategy | null;
  /** for a call: the call itself (a theft is judged against the manner and target it names) */
  call: ToolCall | null;
  /** for a researcher's intervention (./interventions.ts): its label */
  intervention?: string;
  /** for the story layer's proposers: the quest giver's offer, the director's event, a story's turn */
  role?: 'quest' | 'director' | 'story';
}

export const proposers = {
  call: (actor: string, place: string, strategy: Strategy, call: ToolCall | null = null): Proposer => ({
    actor,
    entity: null,
    clock: false,
    place,
    strategy,
    call,
  }),
  effect: (entity: string, place: string): Proposer => ({ actor: null, entity, clock: false, place, strategy: null, call: null }),
  clock: (place: string): Proposer => ({ actor: null, entity: null, clock: true, place, strategy: null, call: null }),
  /** `actor` is the quest giver or the story's player; the director acts for no one */
  story: (role: NonNullable<Proposer['role']>, actor: string | null, place: string): Proposer => ({
    actor,
    entity: null,
    clock: false,
    place,
    strategy: null,
    call: null,
    role,
  }),
  /** a newcomer's purse, on the label of the arrival (a researcher's or the director's) that brought them */
  arrival: (label: string, place: string): Proposer => ({
    actor: null,
    entity: null,
    clock: false,
    place,
    strategy: null,
    call: null,
    intervention: label,
  }),
};

type Validators = { [T in WorldChange['type']]: (d: Draft, c: Extract<WorldChange, { type: T }>, p: Proposer) => void };

/** What a transfer's recipient earns by, for reflection. */
const CREDIT: Record<string, Strategy> = {
  stall_sale: 'trade',
  class_fee: 'teach',
  gift: 'social',
  tip: 'art',
  help: 'social',
  wage: 'work',
  toll: 'trade',
  tend: 'trade',
  patron: 'trade',
};

// a refusal's parameters are built only when it refuses: these checks run for every change of every call
const actorExists = (d: Draft, id: string) => {
  if (!d.state.actors[id]) reject('unknown_actor', { id });
};
const self = (p: Proposer, id: string) => p.actor === null || p.actor === id;

/**
 * One validator per kind of world change. Each checks the change against the state, the rules and
 * what the proposal did so far, then emits the events that carry it out.
 */
export const VALIDATORS: Validators = {
  new_entity(d, c, p) {
    const t = d.cat.templates.get(c.template);
    check(t, 'unknown_template', { id: c.template });
    check(placeExists(d.cat, d.state, c.location), 'unknown_place', { id: c.location });
    if (c.owner !== null) actorExists(d, c.owner);
    if (p.actor) {
      check(c.owner === p.actor, 'not_yours');
      check(c.location === p.place, 'not_here', { place: { ref: 'place', id: c.location } });
      // things cost what their template says: the proposal must have paid it
      check(-d.pending(p.actor, 'money') >= t.cost.money && -d.pending(p.actor, 'energy') >= t.cost.energy, 'underpaid', {
        template: { ref: 'template', id: t.id },
        money: t.cost.money,
        energy: t.cost.energy,
      });
    }
    const id = d.nextId('entity');
    d.emit({
      type: 'entity_created',
      by: p.actor,
      entity: {
        id,
        template: t.id,
        owner: c.owner,
        location: c.location,
        name: c.name ?? null,
        properties: { ...c.properties },
        createdAt: d.tick,
      },
    });
  },
  entity_update(d, c, p) {
    const id = d.resolve(c.entity);
    const e = present(d, id);
    // the owner may change a thing; so may a patron who has just paid its owner (a student joining a class)
    if (p.actor)
      check(e.owner === p.actor || d.events.some((x) => x.type === 'transfer' && x.from === p.actor && x.to === e.owner), 'not_yours');
    d.emit({ type: 'entity_updated', entity: id, properties: c.properties });
  },
  entity_removal(d, c, p) {
    const id = d.resolve(c.entity);
    const e = present(d, id);
    if (p.actor) check(e.owner === p.actor, 'not_yours');
    // a thing ends itself only as its template declares: faded, unattended, worn out, unpaid
    if (p.entity) check(p.entity === id && endsBy(d, e, c.reason), 'not_yours');
    d.emit({ type: 'entity_removed', entity: id, template: e.template, owner: e.owner, reason: c.reason });
  },
  reputation_change(d, c) {
    actorExists(d, c.actor);
    const cap = d.cat.scenario.meta.rules.caps.reputationDelta;
    // commit only what the fold will apply: a delta past the -100..100 bounds changes nothing
    const delta = d.score(`rep\u0000${c.actor}`, d.state.actors[c.actor].reputation, clamp(c.delta, -cap, cap));
    if (delta !== 0) d.emit({ type: 'reputation_changed', actor: c.actor, delta, reason: c.reason });
  },
  relationship_change(d, c, p) {
    actorExists(d, c.from);
    actorExists(d, c.to);
    if (c.from === c.to) reject('invalid_args', { why: 'self' });
    check(self(p, c.from) || self(p, c.to), 'not_involved');
    const cap = d.cat.scenario.meta.rules.caps.relationshipDelta;
    const now = d.state.actors[c.from].relations[c.to] ?? 0;
    const delta = d.score(`rel\u0000${c.from}\u0000${c.to}`, now, paced(now, clamp(c.delta, -cap, cap)));
    if (delta !== 0) d.emit({ type: 'relationship_changed', from: c.from, to: c.to, delta });
  },
  resource_transfer(d, c, p) {
    actorExists(d, c.from);
    actorExists(d, c.to);
    check(c.from !== c.to, 'invalid_args', { why: 'self' });
    // nobody spends what is not theirs, except as the rules below allow
    check(c.from === p.actor || takenByRule(d, c, p), 'not_yours');
    if (c.resource === 'money') check(c.amount <= d.cat.scenario.meta.rules.caps.moneyPerAction, 'over_cap', { amount: c.amount });
    if (c.resource.startsWith('item:')) check(d.cat.items.has(c.resource.slice(5)), 'unknown_item', { id: c.resource.slice(5) });
    check(c.resource !== 'time', 'invalid_args', { why: 'time' });
    d.move(c.from, c.resource, -c.amount);
    d.move(c.to, c.resource, c.amount);
    d.emit({
      type: 'transfer',
      from: c.from,
      to: c.to,
      resource: c.resource,
      amount: c.amount,
      reason: c.reason,
      credit: own(CREDIT, c.reason) ?? null,
      ...(c.reason === 'wage' && c.resource === 'money' ? wageShift(d, p, c.to) : {}),
    });
  },
  money_sink(d, c, p) {
    actorExists(d, c.from);
    check(d.cat.sinks.has(c.sink), 'invalid_args', { why: c.sink });
    let debit: Strategy | null = p.strategy;
    if (p.entity) {
      // a thing's upkeep: exactly what its template declares, from its owner, into its sink
      const ent = d.entity(p.entity);
      const eff = ent && d.cat.effect(ent.template, 'upkeep');
      check(eff && ent.owner === c.from && eff.sink === c.sink && eff.amount === c.amount, 'not_yours');
      debit = d.cat.templates.get(ent.template)!.strategy;
    } else {
      check(p.actor !== null && c.from === p.actor, 'not_yours');
      check(c.amount <= d.cat.scenario.meta.rules.caps.moneyPerAction, 'over_cap', { amount: c.amount });
    }
    d.move(c.from, 'money', -c.amount);
    d.emit({ type: 'money_destroyed', from: c.from, amount: c.amount, sink: c.sink, debit });
  },
  money_source(d, c, p) {
    actorExists(d, c.to);
    if (!d.cat.sources.has(c.source)) fromNowhere(c.source);
    if (!(c.amount <= d.cat.scenario.meta.rules.caps.moneyPerAction)) reject('over_cap', { amount: c.amount });
    let credit: Strategy | null;
    if (p.entity) {
      // a lasting effect may pay only what its template declares, and only to the owner
      const ent = d.entity(p.entity);
      const eff = ent && d.cat.effect(ent.template, 'income');
      if (!(eff && eff.source === c.source && ent.owner === c.to && c.amount <= eff.max)) fromNowhere(c.source);
      credit = d.cat.templates.get(ent.template)!.strategy;
    } else if (p.role === 'quest') {
      // a quest's reward from the money source its pack declares, once, to the one who completed it (sim/judge/quests.ts)
      const q = questCompletedIn(d, c.to);
      check(
        q && q.reward.from === c.source && q.reward.amount === c.amount && !d.events.some((e) => e.type === 'money_created'),
        'money_from_nowhere',
        { source: c.source },
      );
      credit = null;
    } else if (p.intervention) {
      // a newcomer's purse: the intervention names the declared source, and the cap above holds
      check(p.actor === null && !d.events.some((e) => e.type === 'money_created'), 'money_from_nowhere', { source: c.source });
      credit = null;
    } else {
      // a call earns from a source only as its own word declares: a wage for work done at the job's
      // place, tips for a performance; once a call, to the one who made it
      if (!(p.actor !== null && c.to === p.actor && !d.events.some((e) => e.type === 'money_created' && e.to === c.to)))
        fromNowhere(c.source);
      const earned = earnedBy(d, p, c.source);
      if (earned === null) reject(isWage(d, c.source) ? 'not_employed' : 'money_from_nowhere', { source: c.source });
      if (!(c.amount <= earned.most)) reject('over_cap', { amount: c.amount });
      credit = earned.credit ?? p.strategy;
    }
    const shift = p.entity || p.role || p.intervention ? {} : wageShift(d, p, c.to);
    const left = budgetLeft(d.cat, d.state, c.source, d.tick);
    if (left === null) {
      d.move(c.to, 'money', c.amount);
      d.emit({ type: 'money_created', to: c.to, amount: c.amount, source: c.source, credit, entity: p.entity, ...shift });
      return;
    }
    // a source with a daily budget: what is left of today's, less what this proposal already created
    let spent = 0;
    for (const e of d.events) if (e.type === 'money_created' && e.source === c.source) spent += e.amount;
    if (!(spent + c.amount <= left)) reject('budget_spent', { source: c.source });
    d.move(c.to, 'money', c.amount);
    d.emit({
      type: 'money_created',
      to: c.to,
      amount: c.amount,
      source: c.source,
      credit,
      entity: p.entity,
      day: dayOf(d.cat, d.tick),
      ...shift,
    });
  },
  resource_gain(d, c, p) {
    actorExists(d, c.actor);
    if (p.entity) tended(d, c, p.entity);
    if (c.resource === 'money') fromNowhere('resource_gain');
    if (c.resource === 'time' || c.amount === 0) return;
    let delta = c.amount;
    if (c.resource === 'energy') {
      const a = d.state.actors[c.actor];
      const max = d.cat.scenario.meta.rules.needs.energyMax;
      delta = Math.min(delta, max - a.energy - d.pending(c.actor, 'energy'));
      if (delta === 0) return;
    } else {
      const item = d.cat.items.get(c.resource.slice(5));
      if (!item) reject('unknown_item', { id: c.resource.slice(5) });
      // items are bought, never conjured: the proposal must have spent their price
      if (delta > 0 && !(-d.pending(c.actor, 'money') >= priceOf(d.cat, d.state, item.id) * delta))
        reject('underpaid', { item: { ref: 'item', id: item.id } });
    }
    d.move(c.actor, c.resource, delta);
    d.emit({ type: 'resource_changed', actor: c.actor, resource: c.resource, delta, reason: c.reason });
  },
  tag_added(d, c, p) {
    actorExists(d, c.actor);
    const a = d.state.actors[c.actor];
    if (a.tags.includes(c.tag)) return;
    if (c.tag.startsWith('job:')) {
      const held = parseJobTag(c.tag);
      const job = held && d.cat.scenario.meta.jobs.find((j) => j.id === held.job);
      check(job, 'unknown_job', { id: c.tag });
      check(!heldJob(a.tags), 'already_employed');
      check(qualifies(job, a), 'job_requires', { job: { ref: 'job', id: job.id } });
      // hired in person, by someone whose body and role are this job's employer
      const boss = d.state.actors[held!.employer];
      check(
        boss &&
          boss.soul === job.employer &&
          d.cat.words.permits(boss.roles, 'hire') &&
          boss.status === 'alive' &&
          boss.location === a.location,
        'no_employer_here',
      );
      check(p.actor === c.actor || p.actor === boss.id, 'not_yours');
      check((d.state.jobHolders[c.tag] ?? 0) < job.capacity, 'job_full', { job: { ref: 'job', id: job.id } });
    } else if (judgedTag(harmRules(d), c.tag)) {
      // harm is dealt by the dice, through the Judge's own clock (./harm.ts): no call, thing or director deals it
      // (`validate` holds a director's templates to this same test: sim/model/director-limits.ts)
      check(p.clock, 'harm_by_dice');
    } else {
      check(self(p, c.actor), 'not_yours');
    }
    d.emit({ type: 'tag_added', actor: c.actor, tag: c.tag });
  },
  tag_removed(d, c, p) {
    actorExists(d, c.actor);
    const harm = harmRules(d);
    if (judgedTag(harm, c.tag) && !p.clock) {
      // harm goes only as its pack says: one's own rest, another's care in person, or time (the clock)
      const way = healing(d, p, c.actor);
      check(way !== null && harmTag(harm, c.tag)?.heals[way] === true, 'harm_not_healed');
    } else {
      check(self(p, c.actor) || p.clock, 'not_yours');
    }
    if (d.state.actors[c.actor].tags.includes(c.tag)) d.emit({ type: 'tag_removed', actor: c.actor, tag: c.tag });
  },
  hp_delta(d, c, p) {
    const hp = harmRules(d).hp;
    check(hp, 'no_hit_points');
    actorExists(d, c.target);
    const a = d.state.actors[c.target];
    let delta = c.delta;
    if (!p.clock) {
      // a call gives back hit points only as a rest or a care does, and takes them only from its own
      // actor or from the one it quarrels with or robs; never more than the pack's step
      if (delta > 0) check(healing(d, p, c.target) !== null, 'harm_not_healed');
      else check(c.target === p.actor || hostileTo(d, p, c.target), 'not_yours');
      delta = clamp(delta, -hp.step, hp.step);
    }
    let now = hp.max - (a.hpLost ?? 0);
    for (const e of d.events) if (e.type === 'resource_changed' && e.actor === c.target && e.resource === HP) now += e.delta;
    const applied = clamp(now + delta, 0, hp.max) - now;
    if (applied !== 0) d.emit({ type: 'resource_changed', actor: c.target, resource: HP, delta: applied, reason: c.cause });
  },
  need_gain: needGain,
  status_change(d, c, p) {
    actorExists(d, c.actor);
    const target = d.state.actors[c.actor];
    const from = target.status;
    // one brought back earlier this tick is on their feet: a later rescuer saves nobody, and so
    // earns no debt of life and pays no second gift for the same fall
    if (p.actor && c.to === 'alive' && from === 'alive' && target.statusSince === d.tick)
      reject('already_saved', { target: { ref: 'actor', id: c.actor } });
    if (from === c.to) return;
    // death is the Judge's alone, and only at the end of a dying window
    check(c.to !== 'dead' || p.clock, 'only_judge_decides_death');
    // an actor's only say over a body is rescuing someone else, in person
    if (p.actor) check(p.actor !== c.actor && c.to === 'alive' && target.location === p.place, 'not_yours');
    // a thing may only bring back, at its own place, and only if its template rescues
    if (p.entity)
      check(
        c.to === 'alive' &&
          target.location === p.place &&
          anEntity(d, p.entity).template !== undefined &&
          d.cat.effect(anEntity(d, p.entity).template, 'tend')?.rescue === true,
        'not_yours',
      );
    check(TRANSITIONS[from].includes(c.to), 'invalid_status_change', { from, to: c.to });
    d.emit({ type: 'status_changed', actor: c.actor, from, to: c.to, reason: c.reason });
  },
  new_location(d, c, p) {
    check(placeExists(d.cat, d.state, c.parent), 'unknown_place', { id: c.parent });
    check(c.distance <= 4, 'invalid_args', { why: 'distance' });
    // places are made by people the pack allows, paid for, and bounded per tick and per world
    const rule = d.cat.scenario.meta.rules.newPlaces;
    check(
      p.actor !== null && (rule.roles === null || d.state.actors[p.actor].roles.some((r) => (rule.roles as string[]).includes(r))),
      'not_yours',
    );
    const mine = d.created.filter((id) => id.startsWith('p:')).length;
    const thisTick = d.state.generatedPlaces.filter((g) => g.createdAt === d.tick).length + mine;
    check(thisTick < rule.perTick && d.state.generatedPlaces.length + mine < rule.perWorld, 'place_cap');
    check(-d.pending(p.actor!, 'money') >= rule.money && -d.pending(p.actor!, 'energy') >= rule.energy, 'underpaid', {
      money: rule.money,
      energy: rule.energy,
    });
    const id = d.nextId('place');
    d.emit({ type: 'location_created', id, name: c.name, parent: c.parent, distance: c.distance, by: p.actor ?? 'world' });
  },
  new_fact(d, c, p) {
    if (c.about !== null) actorExists(d, c.about);
    check(p.actor, 'not_yours');
    // a story already going round is that story told again, not a second one: its teller now knows it
    const same = sameFact(d, c);
    if (same !== null) {
      d.created.push(same);
      if (!knowsFact(d.state.actors[p.actor].knows, same))
        d.emit({ type: 'fact_learned', actor: p.actor, fact: same, from: p.actor, channel: 'origin' });
      return;
    }
    const id = d.nextId('fact');
    d.emit({
      type: 'fact_created',
      fact: { id, content: c.content, about: c.about, truth: c.truth, origin: { actor: p.actor, tick: d.tick, place: p.place } },
    });
    d.emit({ type: 'fact_learned', actor: p.actor, fact: id, from: p.actor, channel: 'origin' });
  },
  knowledge_learned(d, c, p) {
    // one per listener of a word said to a crowd: nothing is built here unless it refuses or teaches
    const listener = d.state.actors[c.actor];
    if (!listener) reject('unknown_actor', { id: c.actor });
    const fact = d.resolve(c.fact);
    if (!d.fact(fact)) reject('unknown_fact', { id: fact });
    // one can only pass on what one knows, and only to someone who can hear it
    check(self(p, c.from), 'not_yours');
    const teller = d.state.actors[c.from];
    if (!teller) reject('unknown_actor', { id: c.from });
    if (!knowsFact(teller.knows, fact) && !d.created.includes(fact)) reject('unknown_fact', { id: fact });
    // a letter or a public address reaches the listener wherever they are; any other word, only those present
    const reach = d.cat.words.channel(c.channel)?.reach;
    if (!(reach === 'friends' || reach === 'world' || listener.location === p.place)) notPresent(c.actor);
    // words for one listener teach that listener alone, whatever channel the change names
    const to = p.call?.tool === 'express' ? p.call.args.to : undefined;
    if (!((reach !== 'one' || to !== undefined) && (to === undefined || c.actor === to))) notPresent(c.actor);
    if (knowsFact(listener.knows, fact) || c.actor === c.from) return;
    d.emit({ type: 'fact_learned', actor: c.actor, fact, from: c.from, channel: c.channel });
  },
  place_mood(d, c, p) {
    check(placeExists(d.cat, d.state, c.place), 'unknown_place', { id: c.place });
    check(Math.abs(c.delta) <= 5, 'over_cap', { amount: c.delta });
    d.emit({ type: 'place_mood', place: c.place, delta: c.delta, by: p.actor });
  },
};

function fromNowhere(source: string): never {
  reject('money_from_nowhere', { source });
}

function notPresent(actor: string): never {
  reject('not_present', { target: { ref: 'actor', id: actor } });
}

/** The fact in the world that says what this one would (the same words about the same subject), if any. */
function sameFact(d: Draft, c: Extract<WorldChange, { type: 'new_fact' }>): string | null {
  let words: string | undefined;
  for (const id of factsAbout(d.state, c.about)) {
    const f = d.state.facts[id];
    words ??= canonicalJson(c.content);
    if (canonicalJson(f.content) === words) return id;
  }
  return null;
}

/** Whether a thing's template declares the end it proposes for itself, and that end is due. */
function endsBy(d: Draft, e: EntityState, reason: string): boolean {
  const age = d.tick - e.createdAt;
  switch (reason) {
    case 'faded': {
      const m = d.cat.effect(e.template, 'mood');
      return !!m && e.createdAt >= 0 && age >= m.lifetime;
    }
    case 'no_students': {
      const c = d.cat.effect(e.template, 'class');
      return !!c && d.tick - Number(e.properties.lastStudent ?? e.createdAt) >= c.graceTicks;
    }
    case 'expired': {
      const l = d.cat.effect(e.template, 'lifetime');
      return !!l && e.createdAt >= 0 && age >= l.ticks;
    }
    case 'no_upkeep': {
      const u = d.cat.effect(e.template, 'upkeep');
      return !!u && (e.owner === null || (d.state.actors[e.owner]?.money ?? 0) + d.pending(e.owner, 'money') < u.amount);
    }
    default:
      return false;
  }
}

const anEntity = (d: Draft, id: string): EntityState => d.entity(id) ?? reject('unknown_entity', { id });

/** The thing a change names, as the proposal's earlier changes leave it: one they removed is refused as such. */
function present(d: Draft, id: string): EntityState {
  check(!d.removed(id), 'already_removed', { id });
  return anEntity(d, id);
}

const isWage = (d: Draft, source: string) => d.cat.scenario.meta.jobs.some((j) => j.source === source);

/**
 * The job a work call is paid for: the one the worker holds, at the place they work; refused outside
 * its shift, whoever pays it (a source or the employer).
 */
function workedJob(d: Draft, p: Proposer) {
  const worked = jobHeldAt(d.cat.scenario.meta.jobs, d.state.actors[p.actor!].tags, p.place);
  if (!worked) return null;
  const job = worked.job;
  check(onShift(job, d.tick, d.cat.scenario.vocabulary.time), 'off_shift', { job: { ref: 'job', id: job.id } });
  // a job paid by the shift pays one work call of each shift: the first
  check(!paidThisShift(job, d.state.actors[p.actor!], d.tick, d.cat.scenario.vocabulary.time), 'paid_this_shift', {
    job: { ref: 'job', id: job.id },
  });
  return worked;
}

/** The shift a wage to the caller is for, when the call is work at a job paid by the shift (absent otherwise). */
function wageShift(d: Draft, p: Proposer, to: string): { shift: PaidShift } | Record<string, never> {
  const call = p.call;
  if (!p.actor || to !== p.actor || call?.tool !== 'use_resource' || d.cat.words.purposeDoes(call.args.purpose) !== 'work') return {};
  const job = workedJob(d, p)?.job;
  return job?.pay === 'shift' ? { shift: { job: job.id, start: shiftStart(job, d.tick, d.cat.scenario.vocabulary.time) } } : {};
}

/** What a call may earn from a source: the wage of the job it works at, or the tips of its performance. */
function earnedBy(d: Draft, p: Proposer, source: string): { most: number; credit: Strategy | null } | null {
  const call = p.call;
  if (!p.actor || call?.tool !== 'use_resource') return null;
  const does = d.cat.words.purposeDoes(call.args.purpose);
  if (does === 'work') {
    const job = workedJob(d, p)?.job;
    return job && job.source === source ? { most: wageOf(job, d.state), credit: 'work' } : null;
  }
  if (does === 'perform') {
    const item = call.args.resource.startsWith('item:') ? call.args.resource.slice(5) : '';
    const perform = d.cat.words.purpose(call.args.purpose)!;
    return perform.source === source && perform.items.includes(item) && (d.state.actors[p.actor].inventory[item] ?? 0) > 0
      ? { most: d.cat.scenario.meta.rules.caps.moneyPerAction, credit: null }
      : null;
  }
  return null;
}

/**
 * Transfers out of someone else's purse that the rules allow: a theft the world's dice let through,
 * a wage paid by the employer of a job without a source, and what a thing's template declares its
 * patrons pay its owner (`income` from the present, `tend`'s price).
 */
function takenByRule(d: Draft, c: Extract<WorldChange, { type: 'resource_transfer' }>, p: Proposer): boolean {
  if (p.role === 'quest') {
    // a bring quest's hand-over: exactly what its goal names, from its taker to whom it names, as it completes
    const g = questCompletedIn(d, c.from)?.goal;
    return g?.kind === 'bring' && c.resource === `item:${g.item}` && c.to === g.to && c.amount === g.count;
  }
  if (c.resource !== 'money') return false;
  const call = p.call;
  // a theft takes once, a wage is paid once: a call never repeats either
  if (p.actor && d.events.some((e) => e.type === 'transfer' && e.reason === c.reason && e.to === c.to)) return false;
  if (p.actor && call?.tool === 'interact' && c.reason === 'theft') {
    const m = d.cat.words.manner(call.args.manner);
    // the band is the Judge's own roll: no engine can make a theft succeed, or take more than its band allows
    return (
      m?.does === 'steal' &&
      call.args.target === c.from &&
      c.to === p.actor &&
      d.check !== null &&
      c.amount <= theftMost(m.max ?? 1, d.check.band)
    );
  }
  if (p.actor && call?.tool === 'use_resource' && c.reason === 'wage' && d.cat.words.purposeDoes(call.args.purpose) === 'work') {
    // paid for work done at the job's place, by the employer the job tag names
    const w = workedJob(d, p);
    return (
      !!w &&
      w.job.source === undefined &&
      w.employer === c.from &&
      c.to === p.actor &&
      c.amount <= wageNow(w.job, d.state, d.state.actors[c.from]?.money ?? 0)
    );
  }
  if (!p.entity) return false;
  const ent = anEntity(d, p.entity);
  const payer = d.state.actors[c.from];
  // a patron is someone else, alive, at the thing's place; the money goes to its owner
  if (ent.owner === null || c.to !== ent.owner || c.from === ent.owner || payer.location !== ent.location || payer.status !== 'alive')
    return false;
  // a player's purse opens only by their own call: no thing charges them
  if (seated(payer)) return false;
  // each patron pays a thing once a tick
  if (d.events.some((e) => e.type === 'transfer' && e.from === c.from)) return false;
  const income = d.cat.effect(ent.template, 'income');
  if (c.reason === 'patron') return income?.from === 'present' && c.amount >= income.min && c.amount <= income.max;
  const tend = d.cat.effect(ent.template, 'tend');
  return c.reason === 'tend' && tend !== undefined && c.amount === tend.price;
}

/**
 * Energy a thing gives: only a tending thing, only to someone at its place, at most what it declares,
 * and, if it charges and has an owner other than the tended, only after they paid (a player, who
 * cannot be charged without their call, is tended free).
 */
function tended(d: Draft, c: Extract<WorldChange, { type: 'resource_gain' }>, entity: string): void {
  const ent = anEntity(d, entity);
  const tend = d.cat.effect(ent.template, 'tend');
  check(tend && c.resource === 'energy' && c.amount <= tend.energy && d.state.actors[c.actor].location === ent.location, 'not_yours');
  if (tend.price > 0 && ent.owner !== null && ent.owner !== c.actor && !seated(d.state.actors[c.actor])) {
    check(
      d.events.some((e) => e.type === 'transfer' && e.reason === 'tend' && e.from === c.actor && e.to === ent.owner),
      'underpaid',
      { entity: { ref: 'entity', id: ent.id } },
    );
  }
}

const harmRules = (d: Draft) => d.cat.scenario.vocabulary.harm;

/**
 * How a call may heal `target`: `rest` when it is the actor's own rest, `care` when the actor rescues
 * them in person; null otherwise, or when the dice said the call does not come off.
 */
function healing(d: Draft, p: Proposer, target: string): 'rest' | 'care' | null {
  const call = p.call;
  if (!p.actor || !call || d.check?.band === 'fail') return null;
  if (call.tool === 'use_resource') return target === p.actor && d.cat.words.purposeDoes(call.args.purpose) === 'rest' ? 'rest' : null;
  if (call.tool !== 'interact' || call.args.target !== target || target === p.actor) return null;
  return d.cat.words.mannerDoes(call.args.manner) === 'rescue' && d.state.actors[target].location === p.place ? 'care' : null;
}

/** Whether a call quarrels with or robs `target` in person, and the dice (if any) let it come off. */
function hostileTo(d: Draft, p: Proposer, target: string): boolean {
  const call = p.call;
  if (!p.actor || call?.tool !== 'interact' || call.args.target !== target || d.check?.band === 'fail') return false;
  const does = d.cat.words.mannerDoes(call.args.manner);
  return (does === 'quarrel' || does === 'steal') && d.state.actors[target].location === p.place;
}

/** The quest a draft completes for `taker` (sim/judge/quests.ts): only its hand-over and reward pass as the quest's. */
function questCompletedIn(d: Draft, taker: string): QuestState | null {
  for (const e of d.events) if (e.type === 'quest_completed' && e.actor === taker) return own(d.state.quests ?? {}, e.quest) ?? null;
  return null;
}

/**
 * What a place closed by an intervention refuses inside it, whoever proposes it (README, Interventions
 * and forks): nothing changes hands, is bought, earns or is made there, and its things stand idle (no
 * income, tending, upkeep or wear) until it opens. Those inside may still leave, talk and rest.
 */
function closedInside(d: Draft, c: WorldChange, p: Proposer): void {
  // a trip out is judged as any trip (its tolls included): those inside may always leave
  if (p.clock || d.state.interventions === undefined || p.call?.tool === 'move') return;
  const at = c.type === 'new_entity' ? c.location : p.place;
  if (!isClosed(d.state, at)) return;
  const trades =
    c.type === 'resource_transfer' ||
    c.type === 'money_source' ||
    c.type === 'new_entity' ||
    c.type === 'new_location' ||
    (c.type === 'resource_gain' && c.resource.startsWith('item:') && c.amount > 0);
  check(!trades && p.entity === null, 'place_closed', { place: { ref: 'place', id: at } });
}

export function validateChange(d: Draft, c: WorldChange, p: Proposer): void {
  closedInside(d, c, p);
  (VALIDATORS[c.type] as (d: Draft, c: WorldChange, p: Proposer) => void)(d, c, p);
}
