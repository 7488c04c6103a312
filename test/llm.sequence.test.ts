import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import { astinus, exportBytes, removeDir, tempDir } from './helpers/cli.ts';
import { answers, type ChatBody, startOpenAiServer, type OpenAiServer, type Step } from './helpers/openai-server.ts';

/**
 * A loopback model that, as the World Engine, answers the owners of things with changes that cannot
 * follow one another: the same thing removed twice, removed then changed, removed then moved. Each
 * such answer is refused by the Judge's dry run with its reason, repaired once, then (the model says
 * the same again) resolved by the rule engine, counted; the run goes on to its last tick.
 */
const OWNED: Record<string, string> = {
  lao_chen: 'site_qianhai',
  huang_zhiqiang: 'warehouse_pinghu',
  wu_xiuying: 'wu_stall',
  zhao_lei: 'zhao_counter',
  fang_lan: 'fang_cart',
};
type Kind = 'twice' | 'then_update' | 'then_move';
const KIND: Record<string, Kind> = {
  lao_chen: 'twice',
  huang_zhiqiang: 'twice',
  wu_xiuying: 'then_update',
  zhao_lei: 'then_move',
  fang_lan: 'then_move',
};

interface Asked {
  kind: Kind;
  tool: string;
  answers: number;
  repairs: string[];
}
const conversations = new Map<string, Asked>();
const plain = (text: string) => ({ narrative: { text }, world_changes: [], resource_changes: {}, side_effects: [] });

function responder(body: ChatBody): Step {
  // the engine's question holds the call and the situation, each one line of JSON
  const lines = (body.messages[1]?.content ?? '').split('\n').filter((l) => l.startsWith('{'));
  if (body.tools || lines.length < 2) return answers.json(plain('Nothing much happens.'));
  const call = JSON.parse(lines[0]) as { id: string; actor: string; tool: string; args: { destination?: string } };
  const slice = JSON.parse(lines[1]) as {
    travel: { money: number; energy: number; tolls: { owner: string; amount: number }[] } | null;
    check?: { band: string; partial_energy: number };
  };
  const thing = OWNED[call.actor];
  if (!thing) return answers.json(plain('Nothing much happens.'));
  const kind = KIND[call.actor];
  const asked = conversations.get(call.id) ?? { kind, tool: call.tool, answers: 0, repairs: [] };
  conversations.set(call.id, asked);
  asked.answers++;
  if (body.messages.length > 2) asked.repairs.push(body.messages.at(-1)!.content ?? '');
  const removal = { type: 'entity_removal', entity: thing, reason: 'sold' };
  const then =
    kind === 'twice'
      ? removal
      : {
          type: 'entity_update',
          entity: thing,
          properties: kind === 'then_update' ? { open: false } : { location: call.args.destination ?? 'dongmen' },
        };
  // a trip and a partial roll are paid as the situation says, so that the Judge reaches the changes
  const fare = slice.travel;
  const tolls = (fare?.tolls ?? []).map((t) => ({
    type: 'resource_transfer',
    from: call.actor,
    to: t.owner,
    resource: 'money',
    amount: t.amount,
    reason: 'toll',
  }));
  const energy = (fare?.energy ?? 0) + (slice.check?.band === 'partial' ? slice.check.partial_energy : 0);
  const paid = { ...(energy ? { energy: -energy } : {}), ...(fare?.money ? { money: -fare.money } : {}) };
  return answers.json({ ...plain('Things change hands.'), world_changes: [...tolls, removal, then], resource_changes: paid });
}

let srv: OpenAiServer;
let dir: string;
let stdout = '';
let code: number | null = null;
let log: Event[] = [];
beforeAll(async () => {
  srv = await startOpenAiServer(responder);
  dir = await tempDir('astinus-llm-seq-');
  const data = path.join(dir, 'data');
  const r = await astinus(['run', 'scenarios/shenzhen', '--ticks', '30', '--seed', '7', '--data', data, '--quiet', '--engine', 'llm'], {
    env: { OPENAI_BASE_URL: srv.url, OPENAI_API_KEY: 'test', ASTINUS_MODEL: 'loopback', ASTINUS_LLM_TIMEOUT_MS: '5000' },
  });
  code = r.code;
  stdout = r.stdout;
  if (r.code !== 0) throw new Error(`llm run exited ${r.code}: ${r.stderr}`);
  log = (await exportBytes(data))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Event);
}, 120_000);
afterAll(async () => {
  await srv.close();
  await removeDir(dir);
});

/** The count under `reason` in the summary's section `section` (repairs or fallbacks). */
function counted(section: 'repairs' | 'fallbacks', reason: string): number {
  const lines = stdout.split('\n');
  const from = lines.findIndex((l) => new RegExp(`^\\s*${section}\\s+\\d+`).test(l));
  for (const l of lines.slice(from + 1)) {
    const m = /^\s+([a-z_]+)\s+(\d+)\s*$/.exec(l);
    if (!m) break;
    if (m[1] === reason) return Number(m[2]);
  }
  return 0;
}

describe('a model answering changes that cannot follow one another', () => {
  it('the run reaches its last tick', () => {
    expect(code).toBe(0);
    const ticks = log.filter((e) => e.type === 'tick_summary').map((e) => e.tick);
    expect(ticks).toHaveLength(30);
    expect(ticks.at(-1)).toBe(29);
  });

  it("each such answer is refused with the Judge's reason, repaired once, then resolved by the rule engine", () => {
    const all = [...conversations.values()];
    for (const kind of ['twice', 'then_update', 'then_move'] as const)
      expect(all.filter((a) => a.kind === kind).length, kind).toBeGreaterThan(0);
    expect(all.some((a) => a.kind === 'then_move' && a.tool === 'move')).toBe(true);
    for (const a of all) {
      expect(a.answers).toBe(2);
      expect(a.repairs).toHaveLength(1);
      expect(a.repairs[0]).toContain('already_removed');
    }
    expect(counted('repairs', 'invalid_reference')).toBe(all.length);
    expect(counted('fallbacks', 'invalid_reference')).toBe(all.length);
  });

  it("nothing of those answers reaches the log: every thing still stands, and its owner's calls were resolved", () => {
    const things = new Set(Object.values(OWNED));
    expect(log.some((e) => e.type === 'entity_removed' && things.has(e.entity))).toBe(false);
    expect(log.some((e) => e.type === 'action' && JSON.stringify(e.narrative).includes('Things change hands.'))).toBe(false);
    expect(log.some((e) => e.type === 'call_failed' && e.failed.reason.code === 'already_removed')).toBe(false);
    const ids = new Set([...conversations.keys()]);
    const resolved = log.filter((e) => e.type === 'action' && ids.has(e.call.id)).length;
    const failed = log.filter((e) => e.type === 'call_failed' && ids.has(e.failed.id)).length;
    expect(resolved + failed).toBe(ids.size);
    expect(resolved).toBeGreaterThan(0);
  });
});
