import type { Event, EventOf, EventType } from '../model/events.ts';
import type { Message } from '../model/text.ts';
import { msg, ref } from '../model/text.ts';
import { STRATEGIES, WEIGHT_MAX, WEIGHT_MIN, type Strategy } from '../model/strategy.ts';
import type { ActorState, Interventions, MemoryItem, WorldState } from './types.ts';
import { parseJobTag } from '../model/jobs.ts';
import { newActor } from './initial.ts';
import { dropMember, membersOf, putMember } from './members.ts';
import { own, table } from '../model/ids.ts';
import { HP } from '../model/harm.ts';
import { NEED_PREFIX, needLevel, rearmAt } from '../model/needs.ts';
import { learnFact } from './knowledge.ts';
import { noteRelation } from './relation-ids.ts';

/**
 * An event names something the state does not hold: the fold cannot apply it. The Judge refuses every
 * proposal that would lead here, so this is a bug, and it stops the run rather than fold a guess.
 */
export class FoldError extends Error {
  constructor(
    readonly event: Event,
    readonly kind: string,
    readonly id: string,
  ) {
    super(`the fold cannot apply ${event.type} (tick ${event.tick}, seq ${event.seq}): there is no ${kind} ${JSON.stringify(id)}`);
    this.name = 'FoldError';
  }
}

/** The row an event is about; own properties only, so a hostile id is just a missing one. */
function must<T>(rows: Record<string, T> | undefined, id: string, kind: string, e: Event): T {
  const row = rows === undefined ? undefined : own(rows, id);
  if (row === undefined) throw new FoldError(e, kind, id);
  return row;
}

/**
 * The fold: the only code that changes a WorldState. The Judge calls it for each event it accepts,
 * and loading replays it over the log, so both arrive at the same state.
 */
export function applyEvent(state: WorldState, e: Event): void {
  (HANDLERS[e.type] as (s: WorldState, e: Event) => void)(state, e);
}

export const MEMORY_CAP = 16;
export const RECENT_CAP = 16;

type Handlers = { [T in EventType]: (s: WorldState, e: EventOf<T>) => void };

const HANDLERS: Handlers = {
  action(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    a.nextWake = e.tick + a.heartbeat;
    a.wakes++;
    a.lastFailure = null;
    if (a.player) a.player.acted = e.tick;
    line(a, e.strategy).tries++;
    if (PURPOSEFUL.has(e.strategy)) a.lastPurpose = e.tick;
    remember(a, { tick: e.tick, kind: 'did', msg: e.narrative, importance: IMPORTANCE[e.call.tool], about: aboutOf(e) });
    observe(s, e, e.place, e.actor, e.narrative);
    for (const side of e.side_effects) observe(s, e, e.place, null, side);
  },
  call_failed(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    a.nextWake = e.tick + a.heartbeat;
    a.wakes++;
    if (e.strategy) line(a, e.strategy).tries++;
    // a refused call is the player at the table all the same
    if (a.player) a.player.acted = e.tick;
    a.lastFailure = { sig: e.sig, tick: e.tick, reason: e.failed.reason.message };
    remember(a, { tick: e.tick, kind: 'failed', msg: e.failed.reason.message, importance: 5, about: [] });
  },
  money_created(s, e) {
    const a = must(s.actors, e.to, 'actor', e);
    a.money += e.amount;
    s.moneyTotal += e.amount;
    if (e.shift) (a.shifts ??= table())[e.shift.job] = e.shift.start;
    if (e.credit) line(a, e.credit).earned += e.amount;
    if (e.day !== undefined) {
      const m = (s.minted ??= table())[e.source];
      if (m?.day === e.day) m.amount += e.amount;
      else s.minted[e.source] = { day: e.day, amount: e.amount };
    }
  },
  money_destroyed(s, e) {
    const a = must(s.actors, e.from, 'actor', e);
    a.money -= e.amount;
    s.moneyTotal -= e.amount;
    if (e.debit) line(a, e.debit).spent += e.amount;
  },
  transfer(s, e) {
    const from = must(s.actors, e.from, 'actor', e);
    const to = must(s.actors, e.to, 'actor', e);
    if (e.resource === 'money') {
      from.money -= e.amount;
      to.money += e.amount;
      if (e.shift) (to.shifts ??= table())[e.shift.job] = e.shift.start;
    } else if (e.resource === 'energy') {
      from.energy -= e.amount;
      to.energy += e.amount;
    } else {
      const item = e.resource.slice('item:'.length);
      addItem(from.inventory, item, -e.amount);
      addItem(to.inventory, item, e.amount);
    }
    if (e.credit) {
      const l = line(to, e.credit);
      if (e.resource === 'money') l.earned += e.amount;
      l.responses++;
    }
    remember(to, {
      tick: e.tick,
      kind: 'gained',
      msg: msg('memory.received', { from: ref('actor', e.from), amount: e.amount, resource: e.resource }),
      importance: 4,
      about: [e.from],
    });
  },
  fund_paid_in(s, e) {
    const a = must(s.actors, e.from, 'actor', e);
    const f = must(s.funds, e.fund, 'fund', e);
    a.money -= e.amount;
    f.money += e.amount;
    (a.paidIn ??= table())[e.fund] = e.tick;
    if (e.debit) line(a, e.debit).spent += e.amount;
  },
  fund_paid_out(s, e) {
    const a = must(s.actors, e.to, 'actor', e);
    const f = must(s.funds, e.fund, 'fund', e);
    f.money -= e.amount;
    a.money += e.amount;
    f.paid[e.to] = e.tick;
    remember(a, {
      tick: e.tick,
      kind: 'gained',
      msg: msg('memory.fund_paid', { fund: ref('fund', e.fund), money: e.amount }),
      importance: 5,
      about: [e.fund],
    });
  },
  resource_changed(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    if (e.resource === 'money') throw new Error('money changes only through created, destroyed or transfer events');
    if (e.resource === 'energy') a.energy += e.delta;
    else if (e.resource === HP) {
      // hit points are kept as what was lost, so a body from before the pack counted them has lost none
      a.hpLost = (a.hpLost ?? 0) - e.delta;
      if (e.delta < 0) a.hurtAt = e.tick;
    } else if (e.resource.startsWith('item:')) addItem(a.inventory, e.resource.slice(5), e.delta);
    else if (e.resource.startsWith(NEED_PREFIX)) {
      lose(a, e.resource.slice(NEED_PREFIX.length), -e.delta);
      // a need raised well back above a warning's line may be warned of again
      if (a.warned) a.warned = a.warned.filter((w) => levelOf(a, w) < rearmAt(w.below));
    }
  },
  needs(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    a.energy += e.energy;
    a.needsAt = e.tick;
    if (e.more) for (const need of Object.keys(e.more)) lose(a, need, -e.more[need]);
    // a body fed well back above a warning's line may be warned again when it next falls below it
    if (a.warned) a.warned = a.warned.filter((w) => levelOf(a, w) < rearmAt(w.below));
  },
  // a roll is a record: what it decided is in the events that follow it. It spends the traits argued
  // for its word, and a failure is counted (the watch knows a caught thief)
  check_rolled(s, e) {
    const a = s.actors[e.actor];
    if (!a) return;
    if (a.argued) a.argued = a.argued.filter((x) => x.word !== e.word);
    if (e.band !== 'fail') return;
    a.failed ??= table();
    a.failed[e.word] = (own(a.failed, e.word) ?? 0) + 1;
  },
  trait_argued(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    (a.argued ??= []).push({ trait: e.trait, word: e.word });
  },
  // a new array: the one a player joined with may be the `joined` event's own, which the log keeps
  trait_declared(s, e) {
    const p = must(s.actors, e.actor, 'actor', e).player!;
    p.traits = [...(p.traits ?? []), e.trait];
  },
  unpaid(s, e) {
    (must(s.actors, e.actor, 'actor', e).unpaid ??= table())[e.employer] = e.tick;
  },
  warned(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    (a.warned ??= []).push(
      e.max === undefined ? { level: e.level, below: e.below } : { level: e.level, below: e.below, need: e.need, max: e.max },
    );
  },
  moved(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    a.location = e.to;
    a.arrivedAt = e.tick;
    a.nextWake = Math.max(a.nextWake, e.tick + e.busyTicks);
    observe(s, e, e.from, e.actor, msg('observe.left', { actor: ref('actor', e.actor), place: ref('place', e.to) }));
    observe(s, e, e.to, e.actor, msg('observe.arrived', { actor: ref('actor', e.actor), mode: e.mode }));
  },
  entity_created(s, e) {
    // the state's own copy: a change to the thing later must not rewrite the event that made it
    const entity = { ...e.entity, properties: table({ ...e.entity.properties }) };
    putMember(s.entities, entity.id, entity);
    s.counters.entity++;
    observe(s, e, e.entity.location, e.by, msg('observe.entity_created', { entity: ref('entity', e.entity.id) }));
  },
  entity_updated(s, e) {
    Object.assign(must(s.entities, e.entity, 'entity', e).properties, e.properties);
  },
  entity_removed(s, e) {
    const ent = must(s.entities, e.entity, 'entity', e);
    // its owner remembers when a thing of theirs found no takers, so as not to open another at once
    const owner = e.owner === null || !UNWANTED.has(e.reason) ? undefined : s.actors[e.owner];
    if (owner) (owner.closed ??= table())[e.template] = e.tick;
    observe(s, e, ent.location, null, msg('observe.entity_removed', { entity: ref('entity', e.entity), reason: e.reason }));
    dropMember(s.entities, e.entity);
  },
  reputation_changed(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    a.reputation = clamp(a.reputation + e.delta, -100, 100);
  },
  relationship_changed(s, e) {
    const a = must(s.actors, e.from, 'actor', e);
    noteRelation(a.relations, e.to);
    a.relations[e.to] = clamp((a.relations[e.to] ?? 0) + e.delta, -100, 100);
    a.lastSocial = e.tick;
  },
  tag_added(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    if (a.tags.includes(e.tag)) return;
    a.tags.push(e.tag);
    (a.tagsAt ??= table())[e.tag] = e.tick;
    if (parseJobTag(e.tag)) s.jobHolders[e.tag] = (s.jobHolders[e.tag] ?? 0) + 1;
  },
  tag_removed(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    if (!a.tags.includes(e.tag)) return;
    a.tags = a.tags.filter((t) => t !== e.tag);
    if (a.tagsAt) delete a.tagsAt[e.tag];
    if (parseJobTag(e.tag)) s.jobHolders[e.tag]--;
  },
  status_changed(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    a.status = e.to;
    a.statusSince = e.tick;
    if (e.to === 'alive') a.nextWake = Math.min(a.nextWake, e.tick + 1);
    remember(a, { tick: e.tick, kind: 'lost', msg: msg(`status.${e.to}`), importance: 9, about: [] });
    observe(s, e, a.location, e.actor, msg('observe.status', { actor: ref('actor', e.actor), status: e.to }));
  },
  location_created(s, e) {
    s.generatedPlaces.push({ id: e.id, name: e.name, parent: e.parent, distance: e.distance, createdAt: e.tick });
    s.places[e.id] = { id: e.id, mood: 0, recent: [] };
    s.counters.place++;
  },
  fact_created(s, e) {
    s.facts[e.fact.id] = e.fact;
    s.counters.fact++;
  },
  fact_learned(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    learnFact(a.knows, e.fact);
    const fact = must(s.facts, e.fact, 'fact', e);
    remember(a, { tick: e.tick, kind: 'learned', msg: fact.content, importance: 6, about: fact.about ? [fact.about, e.from] : [e.from] });
  },
  place_mood(s, e) {
    const p = must(s.places, e.place, 'place', e);
    p.mood = clamp(p.mood + e.delta, -10, 10);
  },
  claimed(s, e) {
    // those present hear what was said and by whom, never that it is so
    const about = e.about.find((id) => s.actors[id] || s.entities[id] || s.places[id]);
    const params = { actor: ref('actor', e.actor), kind: `claim_${e.kind}` };
    const heard = about
      ? msg('observe.claimed_about', { ...params, about: ref(s.actors[about] ? 'actor' : s.entities[about] ? 'entity' : 'place', about) })
      : msg('observe.claimed', params);
    if (!e.aside) observe(s, e, e.place, e.actor, heard);
    if (e.to)
      remember(must(s.actors, e.to, 'actor', e), { tick: e.tick, kind: 'told', msg: heard, importance: 6, about: [e.actor, ...e.about] });
  },
  addressed(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    a.nextWake = Math.min(a.nextWake, e.tick + 1);
    a.lastSocial = e.tick;
    line(a, 'social').responses++;
    remember(a, { tick: e.tick, kind: 'told', msg: e.msg, importance: e.hostile ? 7 : 3, about: [e.by] });
  },
  whispered(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    a.nextWake = Math.min(a.nextWake, e.tick + 1);
    a.lastSocial = e.tick;
    line(a, 'social').responses++;
    // told to them alone, and remembered a little better than words said to anyone
    remember(a, { tick: e.tick, kind: 'told', msg: e.msg, importance: 4, about: [e.by] });
  },
  reflected(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    for (const k of STRATEGIES) {
      const d = e.deltas[k];
      if (d) a.strategy[k] = round3(clamp(a.strategy[k] + d, WEIGHT_MIN, WEIGHT_MAX));
    }
    a.ledger = table();
    a.wakes = 0;
  },
  tick_summary(s, e) {
    s.tick = e.tick;
  },
  joined(s, e) {
    // a player's character: average drives (traits come later), awake every tick so a queued
    // action is taken at the next tick; the brain does nothing for it while nothing is queued
    const drives = { ambition: 0.5, sociability: 0.5, creativity: 0.5, diligence: 0.5, thrift: 0.5, gossip: 0.5 };
    putMember(
      s.actors,
      e.actor,
      newActor({
        id: e.actor,
        soul: e.actor,
        clone: 0,
        location: e.place,
        arrivedAt: e.tick,
        money: e.money,
        energy: e.energy,
        inventory: table(),
        relations: table(),
        reputation: 0,
        tags: [],
        status: 'alive',
        heartbeat: 1,
        nextWake: e.tick,
        drives,
        roles: [],
        player: { name: e.name, concept: e.concept, ...(e.traits?.length ? { traits: e.traits } : {}) },
      }),
    );
    s.moneyTotal += e.money;
    observe(s, e, e.place, e.actor, msg('observe.joined', { actor: ref('actor', e.actor) }));
  },
  seat_freed(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    if (!a.player) throw new FoldError(e, 'player', e.actor);
    a.player.freed = { tick: e.tick, then: e.then };
    observe(s, e, a.location, e.actor, msg(e.then === 'bot' ? 'observe.seat_bot' : 'observe.seat_left', { actor: ref('actor', e.actor) }));
  },
  player_away(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    if (!a.player) throw new FoldError(e, 'player', e.actor);
    a.player.away = e.tick;
  },
  player_back(s, e) {
    const a = must(s.actors, e.actor, 'actor', e);
    if (a.player?.away === undefined) throw new FoldError(e, 'player', e.actor);
    // an asleep body's time stood still: its hunger and its status's window go on from where they were
    const gone = e.tick - a.player.away;
    a.needsAt += gone;
    if (a.status === 'unconscious' || a.status === 'dying') a.statusSince += gone;
    a.player.away = undefined;
  },
  // nothing changes: a refused intervention is recorded for the researcher, and its label stays free
  intervention_refused() {},
  intervened(s, e) {
    const iv = interventionsOf(s);
    iv.labels[e.label] = e.tick;
    switch (e.kind) {
      case 'price':
        iv.prices[e.item!] = e.value!;
        break;
      case 'wage':
        iv.wages[e.job!] = e.value!;
        break;
      case 'close_place':
        iv.closed[e.place!] = e.tick;
        break;
      case 'open_place':
        delete iv.closed[e.place!];
        break;
      case 'drive':
        must(s.actors, e.actor!, 'actor', e).strategy[e.strategy!] = e.value!;
        break;
      case 'arrive':
        arrive(s, e, e.actor!, e.person!);
        break;
      default:
        break;
    }
  },
  quest_offered(s, e) {
    (s.quests ??= table())[e.quest.id] = structuredClone(e.quest);
  },
  quest_taken(s, e) {
    const q = must(s.quests, e.quest, 'quest', e);
    q.status = 'taken';
    q.taker = e.actor;
  },
  quest_progressed(s, e) {
    must(s.quests, e.quest, 'quest', e).progress = e.progress;
  },
  quest_completed(s, e) {
    const q = must(s.quests, e.quest, 'quest', e);
    q.status = 'completed';
    q.progress = 100;
  },
  quest_failed(s, e) {
    must(s.quests, e.quest, 'quest', e).status = 'failed';
  },
  director_proposed(s, e) {
    const d = directorOf(s, e.tick);
    d.tension = e.tension;
    d.measures = { ...e.measures };
    if (e.refused) d.refused++;
    else {
      d.accepted++;
      d.last = e.tick;
    }
  },
  phase_changed(s, e) {
    const d = directorOf(s, e.tick);
    d.phase = e.to;
    d.since = e.tick;
    d.tension = e.tension;
  },
  story_started(s, e) {
    (s.stories ??= table())[e.actor] = {
      story: e.story,
      chapter: e.chapter,
      situation: e.situation,
      variables: { ...e.variables },
      ink: e.ink,
      startedAt: e.tick,
      turns: 0,
      scores: [],
      ended: null,
    };
  },
  story_turned(s, e) {
    const st = must(s.stories, e.actor, 'story', e);
    st.chapter = e.chapter;
    st.situation = e.situation;
    st.variables = { ...e.variables };
    st.ink = e.ink;
    st.turns++;
  },
  situation_scored(s, e) {
    must(s.stories, e.actor, 'story', e).scores.push({ tick: e.tick, score: e.score, chapter: e.chapter });
  },
  chapter_advanced(s, e) {
    must(s.stories, e.actor, 'story', e).chapter = e.to;
  },
  story_ended(s, e) {
    must(s.stories, e.actor, 'story', e).ended = {
      ending: e.ending,
      tick: e.tick,
      summary: e.summary,
      ...(e.name ? { name: e.name } : {}),
      ...(e.text ? { text: e.text } : {}),
    };
  },
};

/** The director's record, made when it first acts (states from before it have none). */
function directorOf(s: WorldState, tick: number): NonNullable<WorldState['director']> {
  return (s.director ??= { phase: 'steady', since: tick, tension: 0, measures: {}, last: -1, accepted: 0, refused: 0 });
}

/** The state's record of interventions, made on the first (states from before them have none). */
export function interventionsOf(s: WorldState): Interventions {
  return (s.interventions ??= { labels: table(), closed: table(), prices: table(), wages: table() });
}

/** A newcomer like one of the pack's people: their soul and habits, a purse booked by the events after this one. */
function arrive(s: WorldState, e: EventOf<'intervened'>, id: string, p: NonNullable<EventOf<'intervened'>['person']>): void {
  const tick = e.tick;
  // numbered after the others of the same soul, so the feed tells them apart
  let clone = 0;
  for (const a of membersOf(s.actors)) if (a.soul === p.soul) clone = Math.max(clone, a.clone);
  putMember(
    s.actors,
    id,
    newActor({
      id,
      soul: p.soul,
      // a newcomer the pack named is nobody's copy
      clone: p.name ? 0 : clone + 1,
      location: p.place,
      arrivedAt: tick,
      money: 0,
      energy: p.energy,
      inventory: table(),
      relations: table(),
      reputation: 0,
      tags: [...p.tags],
      status: 'alive',
      heartbeat: p.heartbeat,
      nextWake: tick,
      drives: { ...p.drives },
      roles: [...p.roles],
      name: p.name,
      leaveAt: p.leaveAt,
      came: tick,
    }),
  );
  observe(s, e, p.place, id, msg('observe.joined', { actor: ref('actor', id) }));
}

const PURPOSEFUL = new Set<Strategy>(['work', 'trade', 'art', 'teach']);

/** The reasons a thing is removed that say nobody wanted it: a class nobody came to, a thing its owner could not keep up. */
const UNWANTED = new Set(['no_students', 'no_upkeep']);

const IMPORTANCE: Record<string, number> = { use_resource: 2, interact: 4, move: 1, create: 7, express: 3 };

function aboutOf(e: EventOf<'action'>): string[] {
  const c = e.call;
  switch (c.tool) {
    case 'interact':
      return [c.args.target];
    case 'move':
      return [c.args.destination];
    case 'create':
      return [c.args.what, c.args.where];
    case 'use_resource':
      return c.args.target ? [c.args.target, c.args.purpose] : [c.args.purpose];
    case 'express':
      return [c.args.channel];
  }
}

function remember(a: ActorState, m: MemoryItem): void {
  a.memory.push(m);
  if (a.memory.length > MEMORY_CAP) {
    // forget the least important of the older half, so vivid memories outlast routine ones
    let drop = 0;
    for (let i = 1; i < MEMORY_CAP / 2; i++) if (a.memory[i].importance < a.memory[drop].importance) drop = i;
    removeAt(a.memory, drop);
  }
}

/** `list.splice(i, 1)` without the array of what it removed: the fold forgets a memory for nearly every one it adds. */
function removeAt<T>(list: T[], i: number): void {
  for (let k = i; k < list.length - 1; k++) list[k] = list[k + 1];
  list.pop();
}

function observe(s: WorldState, e: Event, place: string, actor: string | null, m: Message): void {
  const p = must(s.places, place, 'place', e);
  p.recent.push({ tick: e.tick, actor, msg: m });
  if (p.recent.length > RECENT_CAP) p.recent.shift();
}

function line(a: ActorState, k: Strategy) {
  return (a.ledger[k] ??= { tries: 0, responses: 0, spent: 0, earned: 0 });
}

/** A declared need's loss moved by `n` (lost more when positive); a need back at full is kept as none lost. */
function lose(a: ActorState, need: string, n: number): void {
  const now = ((a.needsLost && own(a.needsLost, need)) ?? 0) + n;
  if (now === 0 && a.needsLost) delete a.needsLost[need];
  else (a.needsLost ??= table())[need] = now;
}

/** The level a standing warning is about: energy, or the declared need it names (its `max` kept on the warning). */
function levelOf(a: ActorState, w: NonNullable<ActorState['warned']>[number]): number {
  return w.need === undefined ? a.energy : needLevel({ id: w.need, max: w.max! }, a);
}

function addItem(inv: Record<string, number>, item: string, delta: number): void {
  const n = (inv[item] ?? 0) + delta;
  if (n === 0) delete inv[item];
  else inv[item] = n;
}

export const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const round3 = (v: number) => Math.round(v * 1000) / 1000;
