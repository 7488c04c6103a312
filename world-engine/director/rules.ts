import type { Aim, DirectorFile, DirectorProposal, EventTemplate, Milestone, Phase } from '../../sim/model/director.ts';
import { cast, placesFor, residentsRoom, uses } from '../../sim/judge/director.ts';
import { msg } from '../../sim/model/text.ts';
import { rngFor } from '../../sim/rng.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import { membersOf } from '../../sim/state/members.ts';
import { seated } from '../../sim/state/seats.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { Reading } from './measures.ts';

/** The band the tension is kept in during a phase: acceleration may lift its floor (the story is pushed on). */
export function bandOf(f: DirectorFile, phase: Phase): { low: number; high: number } {
  return { low: phase === 'acceleration' ? (f.acceleration.low ?? f.band.low) : f.band.low, high: f.band.high };
}

/** What the tension asks for: raise it below the band, ease it above, nothing inside. */
export function aimOf(f: DirectorFile, phase: Phase, tension: number): Aim | null {
  const b = bandOf(f, phase);
  return tension < b.low ? 'raise' : tension > b.high ? 'ease' : null;
}

/** The first milestone that is near (its condition holds now), or null: acceleration while one is. */
export function nearMilestone(f: DirectorFile, state: WorldState, reading: Reading, tick: number): Milestone | null {
  for (const m of f.milestones) {
    if (m.ticks && tick >= m.ticks.from && tick < m.ticks.to) return m;
    if (m.measure && (reading.measures[m.measure.id] ?? 0) >= m.measure.above) return m;
    if (m.quest)
      for (const id in state.quests ?? {}) {
        const q = state.quests![id];
        if (q.status === 'taken' && q.progress >= m.quest.progress) return m;
      }
  }
  return null;
}

/** Whether a template needs someone at its place: its changes name people there, or it has news to tell. */
export const needsPeople = (t: EventTemplate) => uses(t, '$one') || uses(t, '$present') || t.changes.some((c) => c.type === 'news');

/**
 * The rules director: when the tension is out of the band, a template of the right aim (drawn with
 * the world's keyed dice), at a place its `where` allows (the busiest, where a player is, or any),
 * with `$one` drawn among those there who are not players (the Judge refuses a player: sim/judge/director.ts).
 * Null when the tension is in the band or nothing fits.
 */
export function rulesProposal(
  cat: Catalog,
  f: DirectorFile,
  state: WorldState,
  tick: number,
  phase: Phase,
  reading: Reading,
): DirectorProposal | null {
  const aim = aimOf(f, phase, reading.tension);
  if (aim === null) return null;
  const rng = rngFor(state.seed, tick, 'director', 'template');
  const b = bandOf(f, phase);
  // an arrival the world has no room for would only be refused: another template is looked for instead
  const full = residentsRoom(cat, f, state) <= 0;
  for (const t of rng.shuffle(f.templates.filter((x) => x.aim === aim))) {
    if (full && t.changes.some((c) => c.type === 'arrive')) continue;
    const place = placeFor(cat, state, tick, t);
    if (place === null) continue;
    const people = cast(state, place);
    const one = people.length ? rngFor(state.seed, tick, 'director', 'one').pick(people) : null;
    return {
      template: t.id,
      place,
      one,
      aim,
      why: msg(`director.why.${aim}`, { tension: reading.tension, low: b.low, high: b.high, name_cn: t.name.cn, name_en: t.name.en }),
    };
  }
  return null;
}

function placeFor(cat: Catalog, state: WorldState, tick: number, t: EventTemplate): string | null {
  const count = new Map<string, number>();
  const players = new Set<string>();
  // where someone the director may choose is: a template that needs people needs one who is not a player
  const choosable = new Set<string>();
  for (const a of membersOf(state.actors)) {
    if (a.status !== 'alive') continue;
    count.set(a.location, (count.get(a.location) ?? 0) + 1);
    if (a.player) players.add(a.location);
    if (!seated(a)) choosable.add(a.location);
  }
  let places = placesFor(cat, state, t.where);
  if (needsPeople(t)) places = places.filter((p) => choosable.has(p));
  if (!places.length) return null;
  const busiest = (list: string[]) => [...list].sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0) || (a < b ? -1 : 1))[0];
  switch (t.where.prefer) {
    case 'busiest':
      return busiest(places);
    case 'players': {
      const withPlayers = places.filter((p) => players.has(p));
      return busiest(withPlayers.length ? withPlayers : places);
    }
    case 'any':
      return rngFor(state.seed, tick, 'director', 'place').pick(places);
  }
}
