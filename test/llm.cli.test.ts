import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import { ToolCall } from '../sim/model/tools.ts';
import { translator } from '../sim/i18n/translator.ts';
import { astinus, exportBytes, removeDir, tempDir } from './helpers/cli.ts';
import { answers, type ChatBody, startOpenAiServer, type OpenAiServer, type Step } from './helpers/openai-server.ts';

/**
 * The CLI end to end against the loopback server, which answers like a (quirky) model: most bots
 * talk to themselves, some first send malformed JSON (one repair), one always names a tool that
 * does not exist (falls back to the policy brain); the engine proposes a plain consequence, except
 * for one bot for whom it mints money from a source the scenario never declared (the Judge refuses),
 * and for another for whom it asks for a check (the Judge rolls it, and the roll replays too).
 */
function responder(body: ChatBody): Step {
  const repairing = body.messages.some((m) => m.role === 'tool' || (m.role === 'user' && m !== body.messages[1]));
  if (body.tools) {
    const actor = /You are .*? \[([a-z_0-9]+)\]/.exec(body.messages[0].content ?? '')?.[1] ?? '?';
    if (actor === 'zhao_lei') return answers.tool('fly', { to: 'moon' });
    if (!repairing && (actor === 'lin_feng' || actor === 'fang_lan')) return answers.tool('express', '{"channel": "self_talk", ');
    return answers.tool('express', { channel: 'self_talk', content: `${actor} is thinking it over.` }, answers.usage(300, 25, 200));
  }
  const actor = /"actor":"([a-z_0-9]+)"/.exec(body.messages[1].content ?? '')?.[1];
  if (actor === 'chen_jing') {
    return answers.json({
      narrative: { text: 'Money rains.' },
      world_changes: [{ type: 'money_source', to: 'chen_jing', amount: 9999, source: 'magic' }],
      resource_changes: {},
      side_effects: [],
    });
  }
  const plain = (text: string) => ({ narrative: { text }, world_changes: [], resource_changes: {}, side_effects: [] });
  if (actor === 'su_yuqing') {
    return answers.json({
      ...plain('She tries to put it into words.'),
      check: {
        intention: 'find the right words',
        dice: '12',
        factors: [{ kind: 'trait', id: 'warm', sign: 1 }],
        outcomes: { full: plain('The words come.'), partial: plain('The words come, haltingly.'), fail: plain('The words do not come.') },
      },
    });
  }
  return answers.json(plain('Nothing much happens.'), answers.usage(400, 30, 0));
}

let srv: OpenAiServer;
const dirs: string[] = [];
async function scratch(): Promise<string> {
  const d = await tempDir('astinus-llm-');
  dirs.push(d);
  return d;
}
beforeAll(async () => {
  srv = await startOpenAiServer(responder);
});
afterAll(async () => {
  await srv.close();
  await Promise.all(dirs.map(removeDir));
});

const env = () => ({ OPENAI_BASE_URL: srv.url, OPENAI_API_KEY: 'test', ASTINUS_MODEL: 'loopback', ASTINUS_LLM_TIMEOUT_MS: '5000' });
const run = (data: string, ...more: string[]) =>
  astinus(['run', 'scenarios/shenzhen', '--ticks', '5', '--seed', '7', '--data', data, '--quiet', ...more], { env: env() });
const events = (bytes: Buffer): Event[] =>
  bytes
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Event);

describe('astinus run with language models', () => {
  let recorded: { data: string; cassette: string; bytes: Buffer; stdout: string };

  beforeAll(async () => {
    const dir = await scratch();
    const data = path.join(dir, 'data');
    const cassette = path.join(dir, 'cassette');
    const r = await run(data, '--brain', 'llm', '--engine', 'llm', '--llm-record', cassette);
    if (r.code !== 0) throw new Error(`llm run exited ${r.code}: ${r.stderr}`);
    recorded = { data, cassette, bytes: await exportBytes(data), stdout: r.stdout };
  }, 120_000);

  it('commits what the model said, and only what the Judge accepts', () => {
    const all = events(recorded.bytes);
    const actions = all.filter((e): e is Extract<Event, { type: 'action' }> => e.type === 'action');
    expect(actions.some((e) => JSON.stringify(e.call.args).includes('lin_feng is thinking it over.'))).toBe(true);
    // lin_feng's first answers were malformed: the repaired call was used
    expect(actions.filter((e) => e.actor === 'lin_feng').every((e) => e.call.tool === 'express')).toBe(true);
    for (const e of actions) expect(ToolCall.safeParse(e.call).success).toBe(true);
    // zhao_lei's model never named a real tool: the policy brain decided for him
    expect(actions.some((e) => e.actor === 'zhao_lei')).toBe(true);
    expect(actions.filter((e) => e.actor === 'zhao_lei').some((e) => JSON.stringify(e.call).includes('thinking it over'))).toBe(false);
    // money from nowhere never reaches the log
    expect(all.some((e) => e.type === 'money_created' && e.source === 'magic')).toBe(false);
    expect(all.some((e) => e.type === 'call_failed' && e.actor === 'chen_jing')).toBe(true);
    expect(all.some((e) => e.type === 'call_failed' && e.failed.reason.code === 'invalid_call')).toBe(false);
    // the check the model asked for was rolled by the Judge (not the model's "12"), without her warm heart: a positive trait
    // counts once argued (docs/design.md, Traits and tags), and nobody argued it; only the rolled band stands
    const roll = all.find((e): e is Extract<Event, { type: 'check_rolled' }> => e.type === 'check_rolled' && e.actor === 'su_yuqing');
    expect(roll).toMatchObject({ formula: '2d6', factors: [] });
    const told = actions.find((e) => e.actor === 'su_yuqing' && e.tick === roll!.tick)!.narrative;
    expect(told).toEqual({
      text: { full: 'The words come.', critical: 'The words come.', partial: 'The words come, haltingly.', fail: 'The words do not come.' }[
        roll!.band
      ],
    });
  });

  it('prints tokens, repairs and fallbacks in the summary', () => {
    expect(recorded.stdout).toContain('Language model:');
    expect(recorded.stdout).toMatch(/tokens \(run\)\s+\d+ calls, prompt \d+, completion \d+, cached \d+/);
    expect(recorded.stdout).toMatch(/repairs\s+[1-9]/);
    expect(recorded.stdout).toMatch(/invalid_json\s+[1-9]/);
    expect(recorded.stdout).toMatch(/unknown_tool\s+[1-9]/);
  });

  it("books what the model spent on each tick on its summary, all of the run's tokens", () => {
    const booked = events(recorded.bytes)
      .map((e) => (e.type === 'tick_summary' ? (e.tokens ?? 0) : 0))
      .reduce((x, y) => x + y, 0);
    const [, prompt, completion] = /tokens \(run\)\s+\d+ calls, prompt (\d+), completion (\d+)/.exec(recorded.stdout)!;
    expect(booked).toBe(Number(prompt) + Number(completion));
    expect(booked).toBeGreaterThan(0);
  });

  const replay = (data: string, cassette: string, over: Record<string, string>, ...more: string[]) =>
    astinus(
      [
        'run',
        'scenarios/shenzhen',
        '--ticks',
        '5',
        '--seed',
        '7',
        '--data',
        data,
        '--quiet',
        '--brain',
        'llm',
        '--engine',
        'llm',
        '--llm-replay',
        cassette,
        ...more,
      ],
      { env: { ...env(), ...over } },
    );
  const tokens = (s: string) => /tokens \(run\).*/.exec(s)?.[0];

  it('replays from the recording with the server stopped, another endpoint or none, byte for byte', async () => {
    const stopped = await startOpenAiServer(() => answers.serverError());
    await stopped.close();
    // recorded with OPENAI_BASE_URL set (max_tokens, no strict output); the key is what was asked, not how
    for (const over of [{ OPENAI_BASE_URL: stopped.url }, { OPENAI_BASE_URL: '' }, { OPENAI_BASE_URL: 'https://api.openai.com/v1' }]) {
      const data = path.join(await scratch(), 'data');
      const r = await replay(data, recorded.cassette, over);
      expect(r.stderr).not.toContain('Replay miss');
      expect(r.code).toBe(0);
      expect(Buffer.compare(await exportBytes(data), recorded.bytes)).toBe(0);
      expect(tokens(r.stdout)).toBe(tokens(recorded.stdout));
    }
    // the Judge's dice are part of what replays byte for byte
    expect(events(recorded.bytes).some((e) => e.type === 'check_rolled')).toBe(true);
  }, 180_000);

  it('a replay miss stops the run with the request and the recording named, unless --llm-replay-fallback', async () => {
    // the last tick was never recorded
    const data = path.join(await scratch(), 'data');
    const miss = await replay(data, recorded.cassette, { OPENAI_BASE_URL: '' }, '--ticks', '6');
    expect(miss.code).toBe(1);
    expect(miss.stderr).toMatch(/Replay miss: the recording in .+ holds no answer for this request \((bot|engine), [a-z_0-9]+, tick \d+\)/);
    expect(miss.stderr).toContain(recorded.cassette);
    // the missed tick was not committed
    expect(Buffer.compare(await exportBytes(data), recorded.bytes)).toBe(0);

    const data2 = path.join(await scratch(), 'data');
    const fell = await replay(data2, recorded.cassette, { OPENAI_BASE_URL: '' }, '--ticks', '6', '--llm-replay-fallback');
    expect(fell.code).toBe(0);
    expect(fell.stdout).toMatch(/replay_miss\s+[1-9]/);
    // the same from the environment
    const data3 = path.join(await scratch(), 'data');
    const byEnv = await replay(data3, recorded.cassette, { OPENAI_BASE_URL: '', ASTINUS_LLM_REPLAY_FALLBACK: '1' }, '--ticks', '6');
    expect(byEnv.code).toBe(0);
    expect(Buffer.compare(await exportBytes(data3), await exportBytes(data2))).toBe(0);
  }, 180_000);

  it('--max-tokens: past the cap the policy brain decides, and the summary says from which tick', async () => {
    const data = path.join(await scratch(), 'data');
    const before = srv.requests.length;
    const r = await run(data, '--brain', 'llm', '--max-tokens', '3000');
    expect(r.code).toBe(0);
    const m = /token cap 3000 reached: the policy brain and rule engine from tick (\d+)/.exec(r.stdout);
    expect(m).not.toBeNull();
    const from = Number(m![1]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThan(5);
    // nothing was asked for the ticks from the cap on (the director's questions, at tick 0, name no tick)
    const director = translator('en')('director.model.rules');
    const asked = srv.requests
      .slice(before)
      .filter((q) => q.body.messages[0].content !== director)
      .map((q) => /Tick (\d+)\./.exec(q.body.messages[1].content ?? '')?.[1])
      .map(Number);
    expect(asked.length).toBeGreaterThan(0);
    expect(Math.max(...asked)).toBeLessThan(from);
  }, 120_000);

  it('--brain hybrid sends a share of decisions to the model and says how many', async () => {
    const data = path.join(await scratch(), 'data');
    const r = await run(data, '--brain', 'hybrid');
    expect(r.code).toBe(0);
    const m = /hybrid: to the model\s+(\d+) of (\d+) decisions/.exec(r.stdout);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(0);
    expect(Number(m![1])).toBeLessThan(Number(m![2]));
  }, 120_000);

  it('refuses an unknown brain, and record with replay, as usage errors', async () => {
    const data = path.join(await scratch(), 'data');
    const a = await run(data, '--brain', 'oracle');
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--brain must be policy, llm or hybrid');
    const b = await run(data, '--brain', 'llm', '--llm-record', 'x', '--llm-replay', 'y');
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('cannot be used together');
  });
});
