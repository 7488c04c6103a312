import type { WorldChange } from '../model/consequence.ts';
import {
  type DirectorChange,
  type DirectorFile,
  type DirectorProposal,
  type EventTemplate,
  type Phase,
  type Where,
  directorLabel,
} from '../model/director.ts';
import type { Newcomer, Reason } from '../model/events.ts';
import { NEVER_BY_DIRECTOR, refusedFromDirector } from '../model/director-limits.ts';
import { blowOf, harmTag, hpLeft, severity } from '../model/harm.ts';
import { isSafeId, own } from '../model/ids.ts';
import { parseJobTag } from '../model/jobs.ts';
import { msg, ref } from '../model/text.ts';
import { type Catalog, placeExists } from '../scenario/catalog.ts';
import { membersOf } from '../state/members.ts';
import { isClosed } from '../state/overrides.ts';
import { seated } from '../state/seats.ts';
import type { WorldState } from '../state/types.ts';
import { type Proposer, proposers, validateChange } from './changes.ts';
import type { Draft } from './draft.ts';
import type { TickJudge } from './judge.ts';
import { check, reject } from './reasons.ts';

/** The director's measures as the proposal was made: recorded on it, accepted or refused. */
export interface DirectorReading {
  tension: number;
  measures: Record<string, number>;
}

/**
 * A director's proposal, judged (docs/design.md, The director): the template must exist, aim as proposed, happen
 * at a place its `where` allows, outside the cooldown; `$one` must be there. Then the director can
 * never kill: a change that would leave anyone dying, dead or out of play, take their hit points or
 * energy to nothing, or deal harm that reaches the pack's dying line is refused outright. Nor can it speak
 * or act for a player: a change that names a seated player, in any role, or news a player would tell, is
 * refused (`$present` and `$one` never stand for one; players there still hear its news). Every other
 * change goes through the ordinary validators (sim/judge/changes.ts) as the director's, which acts
 * for no one: it cannot spend anyone's money, make money, or deal harm (that is the dice's).
 *
 * Every proposal is recorded: accepted, its `director_proposed` and then its changes' events; refused,
 * its `director_proposed` with the reason, committed alone.
 */
export function judgeDirector(judge: TickJudge, f: DirectorFile, p: DirectorProposal, reading: DirectorReading): Reason | null {
  const { cat, state, tick } = judge;
  const at = isSafeId(p.place) && placeExists(cat, state, p.place) ? p.place : cat.scenario.places[0].id;
  const by = proposers.story('director', null, at);
  const record = (refused: Reason | null) => ({
    type: 'director_proposed' as const,
    template: p.template,
    aim: p.aim,
    place: isSafeId(p.place) ? p.place : null,
    tension: reading.tension,
    measures: { ...reading.measures },
    why: p.why,
    refused,
  });
  const reason = judge.judged(by, (d) => {
    const t = f.templates.find((x) => x.id === p.template);
    check(t, 'director_unknown_template', { id: p.template });
    check(t.aim === p.aim, 'director_wrong_aim');
    const phase: Phase = state.director?.phase ?? 'steady';
    const last = state.director?.last ?? -1;
    const cooldown = f[phase].cooldown;
    check(last < 0 || tick - last >= cooldown, 'director_cooldown', { ticks: cooldown - (tick - last) });
    check(at === p.place && placesFor(cat, state, t.where).includes(at), 'director_wrong_place', {
      place: { ref: 'place', id: isSafeId(p.place) ? p.place : at },
    });
    const people = present(state, at);
    if (uses(t, '$one') || t.changes.some((c) => c.type === 'news'))
      check(p.one !== null && people.includes(p.one), 'director_nobody_there');
    d.emit(record(null));
    const changes = expand(t, at, cast(state, at).slice(0, t.most), p.one);
    for (const c of changes) cannotVoice(state, c, p.one);
    for (const c of changes) if (c.type !== 'news' && c.type !== 'arrive') cannotKill(cat, state, c);
    // what it may do in no world (harm is the dice's, money is no one's to make): the rule `validate` reads too
    for (const c of changes) {
      const refused = refusedFromDirector(cat.scenario.vocabulary.harm, c);
      if (refused) reject(refused.code, refused.params);
    }
    for (const c of changes) apply(d, f, t, c, by, people.slice(0, t.most), p.one);
  });
  if (reason) judge.judged(by, (d) => d.emit(record(reason)));
  else newcomersMoney(judge, f, p);
  return reason;
}

/**
 * The living who are not players: the residents the director's arrivals are bounded by. The pack's
 * `arrivals.most` (a quarter more than its people by default) counts for the pack's own people; a
 * world made with `--population` scales it by its first residents over the pack's people.
 */
export function residentsRoom(cat: Catalog, f: DirectorFile, state: WorldState): number {
  const r = residents(cat, f, state);
  return r.most - r.now;
}

/** How many residents there are now, and the most the pack allows this world. */
export function residents(cat: Catalog, f: DirectorFile, state: WorldState): { now: number; most: number } {
  let residents = 0;
  let first = 0;
  for (const a of membersOf(state.actors)) {
    if (a.player) continue;
    if (a.came === undefined) first++;
    if (a.status !== 'dead' && a.status !== 'restrained_permanent') residents++;
  }
  const people = cat.scenario.actors.length;
  const most = f.arrivals.most ?? Math.floor(people * 1.25);
  return { now: residents, most: Math.floor((most * Math.max(first, people)) / people) };
}

/** A newcomer's purse, from the pack's declared source, judged once their arrival is committed. */
function newcomersMoney(judge: TickJudge, f: DirectorFile, p: DirectorProposal): void {
  const t = f.templates.find((x) => x.id === p.template)!;
  const label = directorLabel(t.id, judge.tick);
  for (const e of judge.events) {
    if (e.type !== 'intervened' || e.label !== label || e.kind !== 'arrive' || !e.actor) continue;
    const money = t.changes.find((c) => c.type === 'arrive' && c.like === e.person?.soul && c.money);
    if (money?.type !== 'arrive' || !money.money) continue;
    const { amount, source } = money.money;
    judge.judged(proposers.arrival(label, e.place ?? p.place), (d) =>
      validateChange(d, { type: 'money_source', to: e.actor!, amount, source }, proposers.arrival(label, e.place ?? p.place)),
    );
  }
}

/** The places a template's `where` allows now: named (or any), selling its item if it names one, open. */
export function placesFor(cat: Catalog, state: WorldState, w: Where): string[] {
  const all = w.places ?? cat.scenario.places.map((x) => x.id);
  return all.filter(
    (id) =>
      placeExists(cat, state, id) && !isClosed(state, id) && (w.sells === undefined || (cat.places.get(id)?.sells ?? []).includes(w.sells)),
  );
}

/** Whether anyone, living or not, already bears this name. */
function nameTaken(state: WorldState, n: { cn: string; en: string }): boolean {
  for (const a of membersOf(state.actors)) if (a.name && (a.name.en === n.en || a.name.cn === n.cn)) return true;
  return false;
}

/** Who is at a place and up (what `$present` stands for), in id order. */
export function present(state: WorldState, place: string): string[] {
  const out: string[] = [];
  for (const a of membersOf(state.actors)) if (a.location === place && a.status === 'alive') out.push(a.id);
  return out.sort();
}

/** Whom the director may choose at a place (what `$present` and `$one` may stand for): those there and up who are not seated players. */
export function cast(state: WorldState, place: string): string[] {
  return present(state, place).filter((id) => !seated(state.actors[id]));
}

/** Whether a template's changes name a placeholder. */
export function uses(t: EventTemplate, placeholder: string): boolean {
  return t.changes.some((c) => Object.values(c).includes(placeholder));
}

/** The template's changes with its placeholders put in: `$present` once per person there. */
function expand(t: EventTemplate, place: string, people: string[], one: string | null): DirectorChange[] {
  const out: DirectorChange[] = [];
  for (const c of t.changes) {
    const each = Object.values(c).includes('$present') ? people : [null];
    for (const who of each) {
      const x: Record<string, unknown> = { ...c };
      for (const k of Object.keys(x)) {
        if (x[k] === '$place') x[k] = place;
        else if (x[k] === '$present') x[k] = who;
        else if (x[k] === '$one') x[k] = one;
      }
      out.push(x as DirectorChange);
    }
  }
  return out;
}

/** The director's own line: nothing it proposes may bring anyone toward death. */
function cannotKill(cat: Catalog, state: WorldState, c: WorldChange): void {
  const harm = cat.scenario.vocabulary.harm;
  const who = (id: string) => own(state.actors, id);
  switch (c.type) {
    case 'status_change':
      if (NEVER_BY_DIRECTOR.includes(c.to)) reject('director_cannot_kill', { status: c.to });
      return;
    case 'hp_delta': {
      const a = who(c.target);
      if (harm.hp && a && c.delta < 0 && hpLeft(harm, a) + c.delta <= 0) reject('director_cannot_kill', { status: 'dying' });
      return;
    }
    case 'resource_gain': {
      const a = who(c.actor);
      if (a && c.resource === 'energy' && c.amount < 0 && a.energy + c.amount <= 0)
        reject('director_cannot_kill', { status: 'unconscious' });
      return;
    }
    case 'tag_added': {
      const a = who(c.actor);
      const tag = a ? blowOf(harm, a, c.tag) : null;
      const sev = tag ? (harmTag(harm, tag)?.severity ?? 0) : 0;
      if (!a || sev === 0) return;
      const lethal =
        (harm.dyingAt !== undefined && severity(harm, a) + sev >= harm.dyingAt) || (harm.hp !== undefined && hpLeft(harm, a) - sev <= 0);
      if (lethal) reject('director_cannot_kill', { status: 'dying' });
      return;
    }
    default:
  }
}

/**
 * The director's line toward players: a player's words and deeds are their own. No change of its may name
 * a seated player, whoever they would be in it (the one it happens to, who pays or is paid, who tells or
 * is told, whom it is about), and its news may not be told by one.
 */
function cannotVoice(state: WorldState, c: DirectorChange, one: string | null): void {
  for (const id of peopleIn(c, one)) {
    const a = id === null ? undefined : own(state.actors, id);
    if (a && seated(a)) reject('director_cannot_voice_player', { who: ref('actor', a.id) });
  }
}

/** The people a change names, in any role; news names the one who tells it, an arrival only its newcomer. */
function peopleIn(c: DirectorChange, one: string | null): (string | null)[] {
  switch (c.type) {
    case 'news':
      return [one];
    case 'reputation_change':
    case 'resource_gain':
    case 'tag_added':
    case 'tag_removed':
    case 'status_change':
    case 'need_gain':
      return [c.actor];
    case 'knowledge_learned':
      return [c.actor, c.from];
    case 'relationship_change':
    case 'resource_transfer':
      return [c.from, c.to];
    case 'money_source':
      return [c.to];
    case 'money_sink':
      return [c.from];
    case 'hp_delta':
      return [c.target];
    case 'new_entity':
      return [c.owner];
    case 'new_fact':
      return [c.about];
    case 'arrive':
    case 'entity_update':
    case 'entity_removal':
    case 'new_location':
    case 'place_mood':
      return [];
  }
}

/** One change through the validators, as the director's; news and an arrival as the Judge makes them elsewhere. */
function apply(d: Draft, f: DirectorFile, t: EventTemplate, c: DirectorChange, by: Proposer, people: string[], one: string | null): void {
  if (c.type === 'news') {
    const witness = one!;
    const as: Proposer = { ...by, actor: witness };
    validateChange(d, { type: 'new_fact', content: msg('fact.told', { cn: c.text.cn, en: c.text.en }), about: null, truth: c.truth }, as);
    const fact = d.created[d.created.length - 1];
    for (const other of people) {
      if (other !== witness) validateChange(d, { type: 'knowledge_learned', actor: other, fact, from: witness, channel: c.channel }, as);
    }
    return;
  }
  if (c.type === 'arrive') {
    const like = d.cat.souls.get(c.like);
    check(like, 'unknown_actor', { id: c.like });
    const arrived = d.events.filter((e) => e.type === 'intervened' && e.kind === 'arrive').length;
    const room = residents(d.cat, f, d.state);
    check(room.most - room.now - arrived > 0, 'director_no_room', { most: room.most });
    if (c.money) check(d.cat.sources.has(c.money.source), 'money_from_nowhere', { source: c.money.source });
    let id = `${c.like}__d${d.tick}`;
    for (let n = 2; own(d.state.actors, id) || d.events.some((e) => e.type === 'intervened' && e.actor === id); n++)
      id = `${c.like}__d${d.tick}_${n}`;
    const person: Newcomer = {
      soul: like.id,
      place: by.place,
      energy: like.body.energy,
      heartbeat: like.heartbeat,
      drives: { ...like.drives },
      roles: [...like.roles],
      tags: like.body.tags.filter((x) => !parseJobTag(x)),
    };
    const name = c.names?.find((n) => !nameTaken(d.state, n));
    if (name) person.name = name;
    if (c.why) person.why = c.why;
    if (f.arrivals.leaveAfter > 0) person.leaveAt = d.tick + f.arrivals.leaveAfter;
    d.emit({ type: 'intervened', label: directorLabel(t.id, d.tick), kind: 'arrive', actor: id, place: by.place, person });
    return;
  }
  validateChange(d, c, by);
}
