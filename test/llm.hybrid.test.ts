import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routeReason } from '../bots/brains/hybrid.ts';
import { perceive, type Perception } from '../bots/perception.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { createBrain } from '../adapters/cli/backends.ts';
import { msg } from '../sim/model/text.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { testRuntime } from './helpers/llm.ts';
import { call, fresh, place, shenzhen } from './helpers/world.ts';

let cat: Catalog;
let srv: OpenAiServer;
beforeAll(async () => {
  cat = await shenzhen();
  srv = await startOpenAiServer();
});
afterAll(async () => {
  await srv.close();
});
afterEach(() => {
  srv.reset();
});

function view(edit: (s: WorldState) => void = () => {}): Perception {
  const s = fresh(cat, 3);
  place(s, 'lao_chen', 'construction_site');
  s.actors.lao_chen.heartbeat = 2;
  edit(s);
  return perceive(cat, s, indexPlaces(cat, s), 'lao_chen', 10);
}
const work = call('lao_chen', 'use_resource', { resource: 'energy', amount: 10, purpose: 'work' });

describe('the hybrid rule', () => {
  it('routine decisions stay with the policy', () => {
    expect(routeReason(view(), work)).toBeNull();
    expect(routeReason(view(), call('lao_chen', 'move', { destination: 'dongmen', mode: 'bus' }))).toBeNull();
  });

  it('social decisions go to the model', () => {
    expect(routeReason(view(), call('lao_chen', 'express', { channel: 'shout', content: { text: 'hi' } }))).toBe('social');
    expect(
      routeReason(
        view((s) => {
          s.actors.lao_chen.memory.push({ tick: 9, kind: 'told', msg: msg('say.hello'), importance: 3, about: ['fang_lan'] });
        }),
        work,
      ),
    ).toBe('spoken_to');
    // told long before its last heartbeat: old news
    expect(
      routeReason(
        view((s) => {
          s.actors.lao_chen.memory.push({ tick: 3, kind: 'told', msg: msg('say.hello'), importance: 3, about: ['fang_lan'] });
        }),
        work,
      ),
    ).toBeNull();
  });

  it('novel situations go to the model; a dying actor stays with the policy', () => {
    expect(
      routeReason(
        view((s) => {
          s.actors.lao_chen.lastFailure = { sig: 'x', tick: 9, reason: msg('reason.unknown') };
        }),
        work,
      ),
    ).toBe('rejected');
    expect(
      routeReason(
        view((s) => {
          s.actors.lao_chen.arrivedAt = 8;
        }),
        work,
      ),
    ).toBe('arrived');
    expect(
      routeReason(
        view((s) => {
          s.actors.lao_chen.arrivedAt = 8;
          s.actors.lao_chen.status = 'dying';
        }),
        work,
      ),
    ).toBeNull();
  });

  it('asks the model only for what the rule sends it, and counts the share', async () => {
    const rt = testRuntime(srv.url);
    const brain = createBrain('hybrid', rt);
    const routine = view();
    const fresh_ = view((s) => {
      s.actors.lao_chen.arrivedAt = 9;
    });
    srv.script(answers.tool('express', { channel: 'self_talk', content: 'New place.' }));
    expect(await brain.decide(cat, routine, 3)).toEqual(await policyBrain().decide(cat, routine, 3));
    expect(srv.requests).toHaveLength(policyCallIsSocial(routine) ? 1 : 0);
    const got = await brain.decide(cat, fresh_, 3);
    expect(got).toMatchObject({ tool: 'express', args: { content: { text: 'New place.' } } });
    expect(rt.stats.routed.model).toBe(policyCallIsSocial(routine) ? 2 : 1);
    expect(rt.stats.routed.model + rt.stats.routed.policy).toBe(2);
  });
});

function policyCallIsSocial(p: Perception): boolean {
  const c = policyBrain().decide(cat, p, 3) as ToolCall | null;
  return !!c && (c.tool === 'interact' || c.tool === 'express');
}
