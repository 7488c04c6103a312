import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inEveryLang } from '../sim/i18n/render.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import type { EventOf } from '../sim/model/events.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { initialState } from '../sim/state/initial.ts';
import type { WorldState } from '../sim/state/types.ts';
import { runDirector } from '../sim/tick/director.ts';
import { llmDirector } from '../world-engine/director/llm.ts';
import { readTension } from '../world-engine/director/measures.ts';
import { NOTHING_RECENT } from '../world-engine/director/window.ts';
import { rulesProposal } from '../world-engine/director/rules.ts';
import { REPO } from './helpers/cli.ts';
import { testRuntime } from './helpers/llm.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';

/**
 * The model director (world-engine/director/llm.ts) against the loopback OpenAI server: a good
 * answer is proposed and judged like the rules' proposal; a bad one is repaired once, then the rules
 * propose, and both are counted.
 */
let llm: OpenAiServer;
let cat: Catalog;
beforeAll(async () => {
  llm = await startOpenAiServer();
  cat = buildCatalog(await loadScenario(path.join(REPO, 'scenarios/shenzhen')));
});
afterAll(async () => {
  await llm.close();
});
afterEach(() => {
  llm.reset();
});

function scene(): WorldState {
  const s = initialState(cat, 21, null);
  s.tick = 47;
  for (const id of ['lin_feng', 'fang_lan']) s.actors[id].location = 'dongmen';
  return s;
}
const WHY = { cn: '城里太安静了，该有人慌一慌。', en: 'The city is too quiet; someone should be rattled.' };
const good = { template: 'market_fire', place: 'dongmen', one: 'fang_lan', why: WHY };
const asked = () => llm.requests.filter((r) => r.body.messages.some((m) => m.content?.includes('market_fire')));

async function tick(s: WorldState) {
  const rt = testRuntime(llm.url);
  const judge = new TickJudge(cat, s, 48);
  await runDirector(judge, undefined, llmDirector({ client: rt.client, stats: rt.stats, lang: 'en' }));
  const proposed = judge.events.filter((e): e is EventOf<'director_proposed'> => e.type === 'director_proposed');
  return { rt, judge, proposed };
}

describe('a language model as the director', () => {
  it('proposes what a good answer says, in its words, and the Judge commits it', async () => {
    llm.script(answers.json(good));
    const s = scene();
    const { rt, judge, proposed } = await tick(s);
    expect(asked()).toHaveLength(1);
    expect(proposed).toHaveLength(1);
    expect(proposed[0]).toMatchObject({ template: 'market_fire', place: 'dongmen', aim: 'raise', refused: null });
    expect(inEveryLang(cat, s, (r) => r.render(proposed[0].why))).toEqual(WHY);
    expect(judge.events.some((e) => e.type === 'tag_added' && e.actor === 'fang_lan')).toBe(true);
    expect(rt.stats.totalRepairs + rt.stats.totalFallbacks).toBe(0);
  });

  it('repairs an answer naming a template not on offer once, and uses the repaired one', async () => {
    llm.script(answers.json({ ...good, template: 'earthquake' }), answers.json(good));
    const { rt, proposed } = await tick(scene());
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1].body.messages.at(-1)?.content).toContain('earthquake');
    expect(rt.stats.repairs).toEqual({ invalid_reference: 1 });
    expect(proposed[0]).toMatchObject({ template: 'market_fire', refused: null });
  });

  it('is never offered a player, and an answer naming one anyway is repaired, then the rules propose someone else', async () => {
    const s = scene();
    expect(new TickJudge(cat, s, 47).join({ actor: 'kai', name: { cn: '凯', en: 'Kai' }, concept: '', place: 'dongmen' })).toBeNull();
    llm.script(answers.json({ ...good, one: 'kai' }), answers.json({ ...good, one: 'kai' }));
    const { rt, judge, proposed } = await tick(s);
    const prompt = asked()[0]
      .body.messages.map((m) => m.content ?? '')
      .join('\n');
    expect(prompt).toContain('fang_lan');
    expect(prompt).not.toContain('kai');
    expect(llm.requests[1].body.messages.at(-1)?.content).toContain('"kai" is a player');
    expect(rt.stats.fallbacks).toEqual({ invalid_reference: 1 });
    expect(proposed).toHaveLength(1);
    expect(proposed[0].refused).toBeNull();
    // the rules chose someone else there: Kai tells nothing and nothing happens to Kai
    expect(
      judge.events.filter((e) => (e.type === 'fact_learned' && e.from === 'kai') || (e.type === 'tag_added' && e.actor === 'kai')),
    ).toEqual([]);
  });

  it("falls back to the rules after a second bad answer, counted, and the rules' proposal is judged", async () => {
    llm.script(answers.text('a fire, obviously'), answers.json({ ...good, one: 'zhao_lei' }));
    const s = scene();
    const expected = rulesProposal(
      cat,
      cat.scenario.director!,
      s,
      48,
      'steady',
      readTension(cat, cat.scenario.director!, s, NOTHING_RECENT, 48),
    );
    const { rt, proposed } = await tick(s);
    expect(llm.requests).toHaveLength(2);
    expect(rt.stats.repairs).toEqual({ invalid_json: 1 });
    expect(rt.stats.fallbacks).toEqual({ invalid_reference: 1 });
    expect(proposed).toHaveLength(1);
    expect(proposed[0]).toMatchObject({ template: expected!.template, place: expected!.place, why: expected!.why });
  });
});
