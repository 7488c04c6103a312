import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../adapters/cli/backends.ts';
import { Consequence } from '../sim/model/consequence.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { sliceFor } from '../world-engine/slice.ts';
import type { Slice } from '../world-engine/types.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { testRuntime } from './helpers/llm.ts';
import { call, fresh, place, shenzhen } from './helpers/world.ts';

let cat: Catalog;
let srv: OpenAiServer;
let slice: Slice;
const c = call('lin_feng', 'interact', { target: 'fang_lan', manner: 'friendly', content: { text: 'Nice mural.' } });
beforeAll(async () => {
  cat = await shenzhen();
  srv = await startOpenAiServer();
  const s = fresh(cat, 3);
  place(s, 'lin_feng', 'dongmen');
  place(s, 'fang_lan', 'dongmen');
  slice = sliceFor(cat, s, indexPlaces(cat, s), 1, c);
});
afterAll(async () => {
  await srv.close();
});
afterEach(() => {
  srv.reset();
});

const good: Consequence = {
  narrative: { text: 'They talk about colours.' },
  world_changes: [{ type: 'relationship_change', from: 'lin_feng', to: 'fang_lan', delta: 3 }],
  resource_changes: { energy: -2 },
  side_effects: [],
};

describe('the LLM World Engine', () => {
  it('asks for the consequence format through structured output and returns what validates', async () => {
    const rt = testRuntime(srv.url);
    srv.script(answers.json(good));
    expect(await createEngine('llm', rt).resolve(cat, slice, c)).toEqual(good);
    const body = srv.requests[0].body;
    expect(body.model).toBe('engine-model');
    expect(body.response_format?.type).toBe('json_schema');
    const schema = body.response_format!.json_schema!.schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties).sort()).toEqual(['check', 'narrative', 'resource_changes', 'side_effects', 'world_changes']);
    expect(body.messages[1].content).toContain('"tool":"interact"');
    // a fact's truth never reaches a prompt
    expect(JSON.stringify(body.messages)).not.toContain('"truth"');
  });

  it('an answer that breaks the schema is repaired once, quoting the error', async () => {
    const rt = testRuntime(srv.url);
    srv.script(answers.json({ ...good, world_changes: [{ type: 'teleport', actor: 'lin_feng' }] }), answers.json(good));
    expect(await createEngine('llm', rt).resolve(cat, slice, c)).toEqual(good);
    expect(srv.requests).toHaveLength(2);
    const last = srv.requests[1].body.messages.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content).toContain('world_changes.0.type');
    expect(rt.stats.repairs).toEqual({ invalid_schema: 1 });
  });

  it('twice bad (malformed JSON, then a refusal): the rule engine resolves the call', async () => {
    const rt = testRuntime(srv.url);
    srv.script(answers.text('{"narrative": '), answers.refusal('No.'));
    expect(await createEngine('llm', rt).resolve(cat, slice, c)).toEqual(ruleEngine().resolve(cat, slice, c));
    expect(srv.requests[1].body.messages.at(-1)!.content).toContain('not JSON');
    expect(rt.stats.repairs).toEqual({ invalid_json: 1 });
    expect(rt.stats.fallbacks).toEqual({ refusal: 1 });
  });

  it('500s until the retries run out: the rule engine, counted as server_error', async () => {
    const rt = testRuntime(srv.url, { retries: 2 });
    srv.script(answers.serverError(), answers.serverError(502), answers.serverError());
    expect(await createEngine('llm', rt).resolve(cat, slice, c)).toEqual(ruleEngine().resolve(cat, slice, c));
    expect(srv.requests).toHaveLength(3);
    expect(rt.stats.fallbacks).toEqual({ server_error: 1 });
  });
});

/** What OpenAI's strict mode demands of a schema, checked everywhere in it. */
function strictProblems(node: unknown, at = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((x, i) => strictProblems(x, `${at}[${i}]`));
  if (node === null || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  const out: string[] = [];
  for (const bad of ['oneOf', 'allOf', 'const', 'default', 'minLength', 'maxLength', 'propertyNames', '$schema'])
    if (bad in o) out.push(`${at}: ${bad}`);
  if (o.type === 'object') {
    if (o.additionalProperties !== false) out.push(`${at}: additionalProperties is not false`);
    const keys = Object.keys((o.properties as object) ?? {}).sort();
    if (JSON.stringify(((o.required as string[]) ?? []).slice().sort()) !== JSON.stringify(keys))
      out.push(`${at}: not every property is required`);
  }
  for (const [k, v] of Object.entries(o)) {
    if (k === 'properties') for (const [p, s] of Object.entries(v as object)) out.push(...strictProblems(s, `${at}.${p}`));
    else if (typeof v === 'object') out.push(...strictProblems(v, `${at}.${k}`));
  }
  return out;
}

describe('strict structured output (OpenAI itself)', () => {
  const strictAnswer = {
    narrative: { text: 'A stall goes up.' },
    world_changes: [
      {
        type: 'new_entity',
        template: 'food_stall',
        location: 'dongmen',
        owner: 'lin_feng',
        name: null,
        properties: [{ key: 'level', value: 1 }],
      },
      { type: 'relationship_change', from: 'lin_feng', to: 'fang_lan', delta: 2 },
    ],
    resource_changes: [
      { key: 'money', value: -200 },
      { key: 'energy', value: -10 },
    ],
    side_effects: [],
  };

  it('sends a schema strict mode accepts, and turns the answer back into the consequence format', async () => {
    const rt = testRuntime(srv.url, { strictOutput: true });
    srv.script(answers.json(strictAnswer));
    const got = await createEngine('llm', rt).resolve(cat, slice, c);
    expect(got).toEqual({
      narrative: { text: 'A stall goes up.' },
      world_changes: [
        { type: 'new_entity', template: 'food_stall', location: 'dongmen', owner: 'lin_feng', properties: { level: 1 } },
        { type: 'relationship_change', from: 'lin_feng', to: 'fang_lan', delta: 2 },
      ],
      resource_changes: { money: -200, energy: -10 },
      side_effects: [],
    });
    const format = srv.requests[0].body.response_format as unknown as { json_schema: { strict: boolean; schema: unknown } };
    expect(format.json_schema.strict).toBe(true);
    expect(strictProblems(format.json_schema.schema)).toEqual([]);
    // every kind of world change is offered
    expect(JSON.stringify(format.json_schema.schema).match(/"enum":\["[a-z_]+"\]/g)!.length).toBeGreaterThanOrEqual(15);
  });

  it('an answer that breaks the strict shape is repaired, quoting where', async () => {
    const rt = testRuntime(srv.url, { strictOutput: true });
    srv.script(answers.json({ ...strictAnswer, resource_changes: { money: -200 } }), answers.json(strictAnswer));
    expect(await createEngine('llm', rt).resolve(cat, slice, c)).toMatchObject({ resource_changes: { money: -200, energy: -10 } });
    expect(srv.requests[1].body.messages.at(-1)!.content).toContain('resource_changes');
    expect(rt.stats.repairs).toEqual({ invalid_schema: 1 });
  });

  it('is the default against OpenAI itself only', async () => {
    const { useStrictOutput } = await import('../adapters/llm/config.ts');
    const { testConfig } = await import('./helpers/llm.ts');
    expect(useStrictOutput(testConfig(srv.url))).toBe(false);
    expect(useStrictOutput(testConfig('https://api.openai.com/v1'))).toBe(true);
    expect(useStrictOutput(testConfig('https://api.openai.com/v1', { strictOutput: false }))).toBe(false);
  });
});
