import { describe, expect, it } from 'vitest';
import { withFallback } from '../bots/intent/fallback.ts';
import { offlineIntentParser } from '../bots/intent/offline.ts';
import type { IntentParser } from '../bots/intent/types.ts';
import { fresh, shenzhen } from './helpers/world.ts';

const answering = (answer: unknown): IntentParser => ({ name: 'scripted', parse: () => { if (answer instanceof Error) throw answer; return answer as never; } });

describe('an intent parser with the offline one behind it', () => {
  const cases: [string, unknown][] = [
    ['throws', new Error('model down')],
    ['answers nonsense', { call: { tool: 'teleport' }, understood: { cn: '瞬移', en: 'teleport' } }],
    ['acts for someone else', { call: { id: 'c1', actor: 'lao_chen', tool: 'move', args: { destination: 'shekou', mode: 'walk' } }, understood: { cn: '去', en: 'go' } }],
    ['forgets a language', { call: { id: 'c1', actor: 'wang_hao', tool: 'move', args: { destination: 'shekou', mode: 'walk' } }, understood: { en: 'go' } }],
  ];

  it.each(cases)('falls back when the primary %s', async (_why, answer) => {
    const cat = await shenzhen();
    const state = fresh(cat);
    const why: string[] = [];
    const p = withFallback(answering(answer), offlineIntentParser(), (w) => why.push(w));
    const r = await p.parse({ cat, state, actor: 'wang_hao', id: 'c1', text: 'take the bus to Dafen', lang: 'en' });
    expect(r.call).toMatchObject({ id: 'c1', actor: 'wang_hao', tool: 'move', args: { destination: 'dafen_village', mode: 'bus' } });
    expect(why).toHaveLength(1);
  });

  it('keeps a valid answer', async () => {
    const cat = await shenzhen();
    const state = fresh(cat);
    const good = { call: { id: 'c1', actor: 'wang_hao', tool: 'move', args: { destination: 'shekou', mode: 'taxi' } }, understood: { cn: '打车去蛇口', en: 'Taxi to Shekou' } };
    const r = await withFallback(answering(good), offlineIntentParser()).parse({ cat, state, actor: 'wang_hao', id: 'c1', text: 'whatever', lang: 'en' });
    expect(r).toEqual(good);
  });
});
