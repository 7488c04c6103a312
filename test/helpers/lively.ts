import { policyBrain } from '../../bots/brains/policy/index.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import type { Event } from '../../sim/model/events.ts';
import { describeEvent } from '../../sim/i18n/describe.ts';
import { Renderer } from '../../sim/i18n/render.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import { canonicalJson } from '../../sim/lib/canonical.ts';
import { memoryStore } from '../../adapters/store/memory.ts';
import { World } from '../../sim/world.ts';
import { ROOT } from './world.ts';

/** What a watcher of the feed notices about how lively a city is, over one run. */
export interface Lively {
  /** the most consecutive ticks in which the same two people talked to each other */
  pairStreak: { ticks: number; pair: string };
  /** of the talks one person starts with another, the share the other answers within two ticks */
  answered: number;
  /** a fact shouted again by someone who had already shouted it */
  repeatedRumours: number;
  /** facts beyond the first that tell the same thing (same words, same subject) */
  duplicateFacts: number;
  /** the warmest (or coldest) relation anyone holds after tick 89 */
  maxRelationAt90: number;
  /** feed lines that are a meal or a rethink, out of all feed lines */
  mealsAndRethinks: number;
  lines: number;
}

/** Run a shipped pack with the policy brain and the rule engine, in memory, and measure it. */
export async function measure(pack: string, seed: number, ticks: number): Promise<Lively> {
  const scenario = await loadScenario(`${ROOT}scenarios/${pack}`);
  const world = await World.open({ scenario, seed, population: null, store: memoryStore(), brain: policyBrain(), engine: ruleEngine() });
  const cat = world.cat;
  const r = new Renderer('en', cat, world.state);
  const streak = new Map<string, { last: number; run: number }>();
  let pairStreak = { ticks: 0, pair: '' };
  const shouted = new Set<string>();
  let repeatedRumours = 0;
  const talks: { tick: number; from: string; to: string }[] = [];
  let maxRelationAt90 = 0;
  let lines = 0;
  let dull = 0;
  try {
    for (let t = 0; t < ticks; t++) {
      const events: Event[] = await world.step();
      for (const e of events) {
        const line = describeEvent(r, e);
        if (line !== null) {
          lines++;
          if (e.type === 'reflected' || (e.type === 'action' && isMeal(e.call))) dull++;
        }
        if (e.type !== 'action') continue;
        const c = e.call;
        if (c.tool === 'interact' && world.state.actors[c.args.target]) {
          const pair = [e.actor, c.args.target].sort().join('+');
          const s = streak.get(pair);
          const run = s && s.last === e.tick - 1 ? s.run + 1 : s && s.last === e.tick ? s.run : 1;
          streak.set(pair, { last: e.tick, run });
          if (run > pairStreak.ticks) pairStreak = { ticks: run, pair };
          if (cat.words.mannerDoes(c.args.manner) === 'befriend') talks.push({ tick: e.tick, from: e.actor, to: c.args.target });
        }
        if (c.tool === 'express' && 'key' in c.args.content) {
          const fact = c.args.content.params?.fact;
          if (typeof fact === 'object' && fact.ref === 'fact') {
            const k = `${e.actor}|${fact.id}`;
            if (shouted.has(k)) repeatedRumours++;
            shouted.add(k);
          }
        }
      }
      if (world.state.tick === 89) maxRelationAt90 = maxRelation(world.state.actors);
    }
    // a talk that answers one just before it is not a talk started
    const started = talks.filter((a) => !talks.some((b) => b.from === a.to && b.to === a.from && b.tick < a.tick && a.tick - b.tick <= 2));
    const answered = started.filter((a) =>
      talks.some((b) => b.from === a.to && b.to === a.from && b.tick > a.tick && b.tick - a.tick <= 2),
    ).length;
    const told = new Set(Object.values(world.state.facts).map((f) => canonicalJson([f.content, f.about])));
    return {
      pairStreak,
      repeatedRumours,
      maxRelationAt90,
      answered: started.length ? answered / started.length : 0,
      duplicateFacts: Object.keys(world.state.facts).length - told.size,
      mealsAndRethinks: lines ? dull / lines : 0,
      lines,
    };
  } finally {
    await world.close();
  }

  function isMeal(c: Extract<Event, { type: 'action' }>['call']): boolean {
    if (c.tool === 'use_resource') return cat.words.purposeDoes(c.args.purpose) === 'eat';
    return c.tool === 'interact' && cat.words.mannerDoes(c.args.manner) === 'buy' && world.state.entities[c.args.target] !== undefined;
  }
}

function maxRelation(actors: Record<string, { relations: Record<string, number> }>): number {
  let max = 0;
  for (const id in actors) for (const o in actors[id].relations) max = Math.max(max, Math.abs(actors[id].relations[o]));
  return max;
}
