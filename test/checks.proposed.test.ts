import { beforeAll, describe, expect, it } from 'vitest';
import { callWord, rollCheck } from '../sim/model/check.ts';
import type { Consequence } from '../sim/model/consequence.ts';
import type { EventOf } from '../sim/model/events.ts';
import { UntrustedConsequence, UntrustedToolCall } from '../sim/i18n/content.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { call, consequence, fresh, judgeOne, place, shenzhen } from './helpers/world.ts';

/**
 * A check the World Engine asks for (docs/design.md, Dice): the Judge verifies each factor exists,
 * derives the dice itself, rolls with the world's keyed generator and commits only the rolled band.
 */
let cat: Catalog;
beforeAll(async () => {
  cat = await shenzhen();
});

const said = (text: string) => consequence({ narrative: { text } });
const proposal = (
  factors: { kind: 'trait' | 'tag'; id: string; sign: 1 | -1 }[],
  extra: Partial<NonNullable<Consequence['check']>> = {},
): Consequence => ({
  ...consequence(),
  check: {
    intention: 'talk the foreman round',
    factors,
    ...extra,
    outcomes: {
      full: { ...said('FULL'), world_changes: [{ type: 'relationship_change', from: 'lao_chen', to: 'chen_jing', delta: 3 }] },
      partial: said('PARTIAL'),
      fail: { ...said('FAIL'), world_changes: [{ type: 'relationship_change', from: 'lao_chen', to: 'chen_jing', delta: -2 }] },
    },
  },
});

function setup() {
  const s = fresh(cat, 3);
  place(s, 'lao_chen', s.actors.chen_jing.location);
  const c = call('chen_jing', 'interact', { target: 'lao_chen', manner: 'friendly', content: { text: 'a word, boss?' } });
  return { s, c };
}

describe('a check the engine asks for', () => {
  it('is refused whole when it names a trait or a tag the person does not have', () => {
    for (const f of [
      { kind: 'trait' as const, id: 'iron_will', sign: 1 as const },
      { kind: 'tag' as const, id: 'royal_blood', sign: 1 as const },
    ]) {
      const { s, c } = setup();
      const r = judgeOne(cat, s, c, proposal([f]));
      expect(r.failed?.reason.code).toBe('no_such_factor');
      // nothing but the refusal itself is committed: no roll, no action, no change
      expect(r.events.map((e) => e.type)).toEqual(['call_failed']);
    }
  });

  it('is rolled by the Judge from the factors it verified, whatever dice the proposal names, and only the rolled band stands', () => {
    const { s, c } = setup();
    // a positive trait counts once argued (docs/design.md, Traits and tags): unargued, the same proposal rolls plain
    const plain = judgeOne(cat, structuredClone(s), c, proposal([{ kind: 'trait', id: 'quick_tongue', sign: 1 }]));
    expect((plain.events.find((e) => e.type === 'check_rolled') as EventOf<'check_rolled'>).formula).toBe('2d6');
    s.actors[c.actor].argued = [{ trait: 'quick_tongue', word: callWord(c) }];
    const expected = rollCheck(cat, s, c, s.tick + 1, callWord(c), [{ kind: 'trait', id: 'quick_tongue', sign: 1 }]);
    const r = judgeOne(
      cat,
      s,
      c,
      proposal([{ kind: 'trait', id: 'quick_tongue', sign: 1 }], { dice: '12', instructions: 'she cannot fail' }),
    );
    expect(r.failed).toBeNull();
    const roll = r.events.find((e) => e.type === 'check_rolled') as EventOf<'check_rolled'>;
    expect(roll.formula).toBe('3d6kh2');
    expect({ dice: roll.dice, total: roll.total, band: roll.band }).toEqual({
      dice: expected.dice,
      total: expected.total,
      band: expected.band,
    });
    const action = r.events.find((e) => e.type === 'action') as EventOf<'action'>;
    const band = roll.band === 'critical' ? 'full' : roll.band;
    expect(action.narrative).toEqual({ text: band.toUpperCase() });
    const rel = r.events.filter((e) => e.type === 'relationship_changed');
    expect(rel.length).toBe(band === 'partial' ? 0 : 1);
  });

  it('reaches the Judge through the same schema as any model answer: texts in its branches are checked too', () => {
    const ok = UntrustedConsequence.safeParse(proposal([]));
    expect(ok.success).toBe(true);
    const bad = proposal([]);
    bad.check!.outcomes.full.narrative = { key: 'reason.not_yours' };
    const r = UntrustedConsequence.safeParse(bad);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['check', 'outcomes', 'full', 'narrative']);
  });

  it("a client's own dice or total is no part of a call: refused before it reaches the Judge", () => {
    const { c } = setup();
    const cheat = { ...c, args: { ...c.args, total: 12, dice: [6, 6] } };
    const r = UntrustedToolCall.safeParse(cheat);
    expect(r.success).toBe(false);
    expect(UntrustedToolCall.safeParse(c).success).toBe(true);
  });
});
