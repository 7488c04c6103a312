import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { PlayerQueue } from '../bots/brains/player.ts';
import type { Event, EventOf } from '../sim/model/events.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { shenzhen } from './helpers/world.ts';

/**
 * The game master's turn: a person a player speaks to answers in the same tick, through the same
 * brain, engine and Judge as any call, and the exchange replays identically.
 */
async function play(seed: number) {
  const cat = await shenzhen();
  const players = new PlayerQueue();
  const w = await World.open({
    scenario: cat.scenario,
    seed,
    population: null,
    store: memoryStore(),
    brain: policyBrain(),
    engine: ruleEngine(),
    players,
  });
  await w.step(asking(JOIN, [{ actor: 'player-1', name: { cn: '艾达', en: 'Ada' }, concept: 'a painter', place: 'huaqiangbei' }]));
  const log: Event[] = [];
  const answers: { said: number; answered: number | null; by: string }[] = [];
  for (let i = 0; i < 12; i++) {
    const here = Object.values(w.state.actors).filter(
      (a) => a.location === w.state.actors['player-1'].location && !a.player && a.status === 'alive',
    );
    if (!here.length) break;
    const target = here[i % here.length].id;
    players.put({
      id: `p${i}`,
      actor: 'player-1',
      tool: 'interact',
      args: { target, manner: 'friendly', content: { text: 'how is business today?' } },
    });
    const events = await w.step();
    log.push(...events);
    const spoke = events.find((e): e is EventOf<'action'> => e.type === 'action' && e.actor === 'player-1');
    if (!spoke) continue;
    const reply = events.find(
      (e): e is EventOf<'action'> =>
        e.type === 'action' && e.actor === target && e.seq > spoke.seq && e.call.tool === 'interact' && e.call.args.target === 'player-1',
    );
    answers.push({ said: spoke.tick, answered: reply?.tick ?? null, by: target });
  }
  await w.close();
  return { answers, log };
}

describe("the game master's turn", () => {
  it('whoever the player speaks to answers them in the same tick, every time', async () => {
    const { answers } = await play(5);
    expect(answers.length).toBeGreaterThanOrEqual(10);
    for (const a of answers) expect(a, `${a.by} answers at tick ${a.said}`).toMatchObject({ answered: a.said });
    // not one person: the answer is whoever was spoken to
    expect(new Set(answers.map((a) => a.by)).size).toBeGreaterThan(1);
  });

  it('is a call like any other: the same seed gives the same exchange', async () => {
    const a = await play(11);
    const b = await play(11);
    expect(JSON.stringify(b.log)).toBe(JSON.stringify(a.log));
  });
});
