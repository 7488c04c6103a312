import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../sim/model/text.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { type Lively, measure } from './helpers/lively.ts';
import { call, consequence, fresh, judgeOne, place, shenzhen } from './helpers/world.ts';

/**
 * What someone watching a city's feed notices: people take turns to talk and then move on, news is
 * told once and a story is one story, friendships grow at a believable pace, and the feed is not
 * mostly meals and second thoughts. Each pack runs 300 ticks with its default seed.
 */
const PACKS = { shenzhen: 42, riverford: 9 };

describe.each(Object.entries(PACKS))('%s over 300 ticks', (pack, seed) => {
  let m: Lively;
  beforeAll(async () => {
    m = await measure(pack, seed, 300);
  }, 120_000);

  it('has no two people talking to each other in more than three consecutive ticks', () => {
    expect(m.pairStreak.ticks, m.pairStreak.pair).toBeLessThanOrEqual(3);
  });

  it('has people answer at least a third of the talks started with them', () => {
    expect(m.answered).toBeGreaterThanOrEqual(1 / 3);
  });

  it('has nobody shout the same news twice', () => {
    expect(m.repeatedRumours).toBe(0);
  });

  it('holds a rumour with the same words about the same person as one fact, however often it is spread', () => {
    expect(m.duplicateFacts).toBe(0);
  });

  it('has no relation at its bound within 90 ticks', () => {
    expect(m.maxRelationAt90).toBeLessThan(100);
  });

  it('has meals and rethinks make up less than a third of the feed', () => {
    expect(m.lines).toBeGreaterThan(1000);
    expect(m.mealsAndRethinks).toBeLessThan(1 / 3);
  });
});

describe('a relation near its bound', () => {
  const warm = (from: number, delta: number) => {
    const s = fresh(cat);
    place(s, 'lin_feng', 'dafen_village');
    place(s, 'chen_jing', 'dafen_village');
    s.actors.lin_feng.relations.chen_jing = from;
    judgeOne(
      cat,
      s,
      call('lin_feng', 'interact', { target: 'chen_jing', manner: 'friendly', content: msg('topic.music') }),
      consequence({ world_changes: [{ type: 'relationship_change', from: 'lin_feng', to: 'chen_jing', delta }] }),
    );
    return s.actors.lin_feng.relations.chen_jing - from;
  };
  let cat: Catalog;
  beforeAll(async () => {
    cat = await shenzhen();
  });

  it('grows by little towards it (a close friend gains a point where a stranger gains six) and moves whole away from it', () => {
    expect(warm(0, 6)).toBe(6);
    expect(warm(90, 6)).toBe(1);
    expect(warm(-90, -6)).toBe(-1);
    // a falling-out with a close friend is felt in full
    expect(warm(90, -6)).toBe(-6);
    expect(warm(-90, 6)).toBe(6);
  });
});
