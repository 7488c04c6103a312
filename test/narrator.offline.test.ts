import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { PlayerQueue } from '../bots/brains/player.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { unsupportedMentions } from '../world-engine/narrator/check.ts';
import { offlineNarrator } from '../world-engine/narrator/offline.ts';
import { eventsOfCall } from '../world-engine/narrator/select.ts';
import type { Event } from '../sim/model/events.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { shenzhen } from './helpers/world.ts';

const ME = 'player-1';

/** A player who does one of everything; each tick's narration is checked against that tick's commits. */
async function playedRun() {
  const cat = await shenzhen();
  const queue = new PlayerQueue();
  const w = await World.open({
    scenario: cat.scenario,
    seed: 9,
    population: null,
    store: memoryStore(),
    brain: policyBrain(),
    players: queue,
    engine: ruleEngine(),
  });
  await w.step(asking(JOIN, [{ actor: ME, name: { cn: '阿达', en: 'Ada' }, concept: '', place: 'huaqiangbei' }]));
  const someoneHere = () =>
    Object.values(w.state.actors).find((a) => a.id !== ME && a.location === w.state.actors[ME].location && a.status === 'alive')?.id ??
    'lin_feng';
  const plan: (() => Omit<ToolCall, 'id' | 'actor'>)[] = [
    () => ({ tool: 'use_resource', args: { resource: 'item:guitar', amount: 1, purpose: 'buy' } }) as never,
    () => ({ tool: 'use_resource', args: { resource: 'item:guitar', amount: 1, purpose: 'perform' } }) as never,
    () => ({ tool: 'interact', args: { target: someoneHere(), manner: 'friendly', content: { text: 'Nice day' } } }) as never,
    () => ({ tool: 'use_resource', args: { resource: 'money', amount: 40, purpose: 'gift', target: someoneHere() } }) as never,
    () => ({ tool: 'use_resource', args: { resource: 'money', amount: 30, purpose: 'eat' } }) as never,
    () => ({ tool: 'create', args: { what: 'food_stall', where: 'huaqiangbei', using: {} } }) as never,
    () => ({ tool: 'express', args: { channel: 'shout', content: { text: 'Noodles here!' } } }) as never,
    () => ({ tool: 'move', args: { destination: 'futian_cbd', mode: 'bus' } }) as never,
    () => ({ tool: 'move', args: { destination: 'atlantis', mode: 'walk' } }) as never,
    () => ({ tool: 'use_resource', args: { resource: 'money', amount: 999999, purpose: 'spend' } }) as never,
  ];
  const told: { events: Event[]; text: { cn: string; en: string } }[] = [];
  let n = 0;
  for (const next of plan) {
    // wait until the player is due (a bus ride keeps them busy)
    while (w.state.actors[ME].nextWake > w.tick) await w.step();
    queue.put({ id: `c${n++}`, actor: ME, ...next() } as ToolCall);
    const events = await w.step();
    const own = eventsOfCall(events, ME);
    expect(own.length).toBeGreaterThan(0);
    told.push({
      events: own,
      text: offlineNarrator().narrate({ cat, state: w.state, actor: ME, tick: events[0].tick, events: own }) as { cn: string; en: string },
    });
  }
  return { w, told };
}

describe('the offline narrator', () => {
  it('states nothing the Judge did not commit: every name and number it mentions is in the events', async () => {
    const { w, told } = await playedRun();
    for (const { events, text } of told) {
      for (const lang of ['cn', 'en'] as const) {
        expect(text[lang]).not.toMatch(/narrator\.|{{/);
        expect(unsupportedMentions(text[lang], lang, events, w.cat, w.state), text[lang]).toEqual([]);
      }
    }
    // and it does say what happened: amounts paid show up, rejections give their reason
    const paid = told.find((t) => t.events.some((e) => e.type === 'money_destroyed' && e.from === ME));
    const amount = paid?.events.find((e) => e.type === 'money_destroyed')?.amount;
    expect(paid?.text.en).toContain(String(amount));
    const failed = told.filter((t) => t.events[0].type === 'call_failed');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    for (const f of failed) expect(f.text.en.startsWith('You try, but')).toBe(true);
    expect(told.some((t) => t.text.en.includes('Noodles here!'))).toBe(true);
    await w.close();
  });

  it('the check catches invented people, places and amounts', async () => {
    const { w, told } = await playedRun();
    const { events } = told.find((t) => t.events[0].type === 'action')!;
    const invented = 'Ada pays Deng Lifang 777 yuan at Shekou.';
    const found = unsupportedMentions(invented, 'en', events, w.cat, w.state);
    expect(found).toEqual(expect.arrayContaining(['deng_lifang (Deng Lifang)', 'shekou (Shekou)', '777']));
    expect(unsupportedMentions('邓丽芳在蛇口', 'cn', events, w.cat, w.state)).toEqual(
      expect.arrayContaining(['deng_lifang (邓丽芳)', 'shekou (蛇口)']),
    );
    await w.close();
  });
});

describe("the offline narrator on a call's changes of feeling", () => {
  it('tells warmth and chill toward the same person as one net line, and none when they cancel', async () => {
    const cat = await shenzhen();
    const w = await World.open({
      scenario: cat.scenario,
      seed: 9,
      population: null,
      store: memoryStore(),
      brain: policyBrain(),
      players: new PlayerQueue(),
      engine: ruleEngine(),
    });
    await w.step(asking(JOIN, [{ actor: ME, name: { cn: '阿达', en: 'Ada' }, concept: '', place: 'huaqiangbei' }]));
    const feel = (from: string, to: string, delta: number, seq: number): Event => ({
      type: 'relationship_changed',
      from,
      to,
      delta,
      tick: 2,
      seq,
    });
    const tell = (events: Event[]) => (offlineNarrator().narrate({ cat, state: w.state, actor: ME, tick: 2, events }) as { en: string }).en;
    const zhao = cat.souls.get('zhao_lei')!.soul.name.en;
    const mixed = tell([feel(ME, 'zhao_lei', 3, 1), feel('zhao_lei', ME, 2, 2), feel(ME, 'zhao_lei', -5, 3)]);
    expect(mixed).toBe(`You feel colder toward ${zhao}. ${zhao} thinks better of you.`);
    expect(tell([feel(ME, 'zhao_lei', 4, 1), feel(ME, 'zhao_lei', -4, 2)])).toBe(tell([]));
    await w.close();
  });
});
