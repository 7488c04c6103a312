import { describe, expect, it } from 'vitest';
import { checkedNarrator, type CheckedNarration } from '../world-engine/narrator/checked.ts';
import { offlineNarrator } from '../world-engine/narrator/offline.ts';
import type { NarrationInput, Narrator } from '../world-engine/narrator/types.ts';
import type { Event } from '../sim/model/events.ts';
import { fresh, shenzhen } from './helpers/world.ts';

/** Test doubles that answer from a script: the checker must not care who wrote the text. */
const scripted = (answers: (string | Error)[]): Narrator => {
  let i = 0;
  return {
    name: 'scripted',
    narrate: () => {
      const a = answers[Math.min(i++, answers.length - 1)];
      if (a instanceof Error) throw a;
      return { cn: a, en: a };
    },
  };
};

async function input(): Promise<NarrationInput> {
  const cat = await shenzhen();
  const state = fresh(cat);
  state.actors.lin_feng.location = 'dongmen';
  const events: Event[] = [
    { tick: 1, seq: 0, type: 'moved', actor: 'lin_feng', from: 'huaqiangbei', to: 'dongmen', mode: 'bus', busyTicks: 2 },
    { tick: 1, seq: 1, type: 'money_destroyed', from: 'lin_feng', amount: 3, sink: 'transport', debit: 'explore' },
  ];
  return { cat, state, actor: 'lin_feng', tick: 1, events };
}

describe('a narrator held to the committed events', () => {
  it('passes a faithful text through', async () => {
    const results: CheckedNarration[] = [];
    const n = checkedNarrator(scripted(['Lin Feng rides to Dongmen Old Street and pays 3.']), offlineNarrator(), 2, (r) => results.push(r));
    expect((await n.narrate(await input())).en).toBe('Lin Feng rides to Dongmen Old Street and pays 3.');
    expect(results[0]).toMatchObject({ attempts: 1, fellBack: false });
  });

  it('asks again after an invention, then falls back to the plain account', async () => {
    const results: CheckedNarration[] = [];
    const liar = scripted(['Lin Feng meets Lao Chen at Dongmen Old Street.', new Error('timeout'), 'He pays 300.']);
    const n = checkedNarrator(liar, offlineNarrator(), 3, (r) => results.push(r));
    const text = await n.narrate(await input());
    expect(results[0].fellBack).toBe(true);
    expect(results[0].rejected[0]).toContain('lao_chen (Lao Chen)');
    expect(results[0].rejected[1][0]).toMatch(/^error: timeout/);
    expect(results[0].rejected[2]).toContain('300');
    expect(text.en).toContain('Dongmen Old Street');
    expect(text.en).not.toContain('Lao Chen');
  });

  it('takes a second answer that is faithful', async () => {
    const results: CheckedNarration[] = [];
    const n = checkedNarrator(scripted(['Lin Feng pays 30.', 'Lin Feng pays 3 for the bus.']), offlineNarrator(), 2, (r) => results.push(r));
    expect((await n.narrate(await input())).en).toBe('Lin Feng pays 3 for the bus.');
    expect(results[0]).toMatchObject({ attempts: 2, fellBack: false });
  });
});
