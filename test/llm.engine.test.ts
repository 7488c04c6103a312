import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../sim/llm/backends.ts';
import { Consequence } from '../sim/model/consequence.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { indexPlaces } from '../sim/tick/place-index.ts';
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
afterAll(async () => { await srv.close(); });
afterEach(() => { srv.reset(); });

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
    expect(Object.keys(schema.properties).sort()).toEqual(['narrative', 'resource_changes', 'side_effects', 'world_changes']);
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
