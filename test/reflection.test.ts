import { beforeAll, describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { perceive } from '../bots/perception.ts';
import { reflect } from '../bots/reflection.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { fresh, place, shenzhen } from './helpers/world.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';

let cat: Catalog;
beforeAll(async () => {
  cat = await shenzhen();
});

/** What the policy brain would do at each of many ticks, from the same state. */
function choices(s: WorldState, actor: string, n = 300): ToolCall[] {
  const brain = policyBrain();
  const index = indexPlaces(cat, s);
  const out: ToolCall[] = [];
  for (let t = 1; t <= n; t++) {
    const c = brain.decide(cat, perceive(cat, s, index, actor, t), s.seed) as ToolCall | null;
    if (c) out.push(c);
  }
  return out;
}

function reflectNow(s: WorldState, actor: string) {
  const r = reflect(cat, s, s.actors[actor]);
  const j = new TickJudge(cat, s, s.tick + 1);
  j.reflect(actor, r);
  j.finish();
  return r;
}

describe('reflection: did my actions work?', () => {
  it('a stall that pays makes its owner invest more', () => {
    const s = fresh(cat, 9);
    const wu = s.actors.wu_xiuying;
    wu.money = 1500;
    wu.energy = 90;
    const invests = () => choices(s, 'wu_xiuying').filter((c) => c.tool === 'use_resource' && c.args.purpose === 'invest').length;
    const before = invests();
    wu.ledger.trade = { tries: 2, responses: 3, spent: 100, earned: 400 };
    const r = reflectNow(s, 'wu_xiuying');
    expect(r.deltas.trade).toBeGreaterThan(0);
    expect(r.reasons.map((m) => ('key' in m ? m.key : ''))).toContain('reflect.paid');
    wu.ledger.trade = { tries: 2, responses: 3, spent: 100, earned: 400 };
    reflectNow(s, 'wu_xiuying');
    expect(invests()).toBeGreaterThan(before);
  });

  it('a bot that is ignored changes approach', () => {
    const s = fresh(cat, 9);
    place(s, 'fang_lan', 'dongmen');
    place(s, 'he_wenbo', 'dongmen');
    const social = () =>
      choices(s, 'fang_lan').filter(
        (c) => (c.tool === 'express' && c.args.channel !== 'self_talk') || (c.tool === 'interact' && c.args.manner === 'friendly'),
      ).length;
    const before = social();
    for (let i = 0; i < 3; i++) {
      s.actors.fang_lan.ledger.social = { tries: 4, responses: 0, spent: 0, earned: 0 };
      const r = reflectNow(s, 'fang_lan');
      expect(r.deltas.social).toBeLessThan(0);
      expect(r.reasons.map((m) => ('key' in m ? m.key : ''))).toContain('reflect.ignored');
    }
    expect(social()).toBeLessThan(before);
  });

  it('being answered is not being ignored', () => {
    const s = fresh(cat, 9);
    s.actors.fang_lan.ledger.social = { tries: 4, responses: 2, spent: 0, earned: 0 };
    expect(reflect(cat, s, s.actors.fang_lan).deltas.social).toBeGreaterThan(0);
  });

  it('a rejection is not repeated unchanged at the next heartbeat', () => {
    const s = fresh(cat, 9);
    const brain = policyBrain();
    const p = perceive(cat, s, indexPlaces(cat, s), 'ma_dahai', 1);
    const first = brain.decide(cat, p, s.seed) as ToolCall;
    const sig = `${first.tool}|${canonicalJson(first.args)}`;
    const again = brain.decide(cat, { ...p, lastFailure: { sig, tick: 0, reason: { key: 'reason.job_full' } } }, s.seed) as ToolCall;
    expect(JSON.stringify(again.args)).not.toBe(JSON.stringify(first.args));
  });
});
