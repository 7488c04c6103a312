/**
 * Players' session records (`messages.log`, `memory.log`) never keep a world from starting: each kind
 * of damage to either file starts the world as `run` and `serve` open it (adapters/cli/open.ts), with a
 * notice naming the file and the line (or the file and what the event log shows is missing), and every
 * record the damage did not touch still reads as it was. One case goes through the real CLI.
 */
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerQueue } from '../bots/brains/player.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { parse, RUN_OPTIONS, RunArgs } from '../adapters/cli/args.ts';
import { openWorld } from '../adapters/cli/open.ts';
import { translator } from '../sim/i18n/translator.ts';
import { RECORD_KINDS, type RecordKind } from '../sim/model/records.ts';
import { buildServer } from '../adapters/server/app.ts';
import { JoinReply } from '../adapters/server/protocol.ts';
import { checksum } from '../sim/lib/canonical.ts';
import { openEmbeddedStore } from '../adapters/store/embedded.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { checkRecords } from '../adapters/store/records-check.ts';
import type { Event } from '../sim/model/events.ts';
import { META, messageFor } from './store.contract.ts';
import type { Store } from '../sim/ports/store.ts';
import { World } from '../sim/world.ts';
import { auth } from './helpers/serve.ts';
import { finished, SHENZHEN, spawnAstinus } from './helpers/cli.ts';
import { shenzhen } from './helpers/world.ts';

const FILES: Record<RecordKind, string> = { messages: 'messages.log', memory: 'memory.log' };
let root: string;
let pristine: string;
let players: string[];
/** the one player who spoke and acted */
let ada: string;
let ticks: number;

/** A served world on disk: three players joined (each story begins: a memory), one spoke and moved. */
beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'astinus-sidelogs-'));
  pristine = join(root, 'pristine');
  const cat = await shenzhen();
  const queue = new PlayerQueue();
  const store = await openEmbeddedStore(pristine, { log: { warn: () => {} } });
  const world = await World.open({
    scenario: cat.scenario,
    seed: 5,
    population: null,
    store,
    brain: policyBrain(),
    players: queue,
    engine: ruleEngine(),
  });
  const srv = await buildServer({
    world,
    queue,
    logger: pino({ level: 'silent' }),
    adminToken: 'admin',
    dashboardDir: '/nonexistent/dist',
    rate: { burst: 1e9, perSecond: 1e9 },
  });
  const join_ = async (name: string) =>
    JoinReply.parse(
      (await srv.app.inject({ method: 'POST', url: '/api/worlds/shenzhen/players', payload: { name, place: 'dongmen' } })).json(),
    );
  const joined = await join_('Ada');
  ada = joined.actorId;
  await join_('Bo');
  await join_('Cy');
  await srv.host.step();
  const said = await srv.app.inject({
    method: 'POST',
    url: `/api/worlds/shenzhen/players/${ada}/intent`,
    headers: auth(joined.token),
    payload: { text: 'go to Shekou' },
  });
  expect(said.statusCode).toBe(200);
  const act = await srv.app.inject({
    method: 'POST',
    url: `/api/worlds/shenzhen/players/${ada}/act`,
    headers: auth(joined.token),
    payload: { call: said.json().call },
  });
  expect(act.statusCode).toBe(200);
  for (let i = 0; i < 3; i++) await srv.host.step();
  await srv.close();
  ticks = world.tick;
  players = Object.values(world.state.actors)
    .filter((a) => a.player)
    .map((a) => a.id)
    .sort();
  await world.close();
  expect(players).toHaveLength(3);
  for (const k of RECORD_KINDS) expect((await lines(join(pristine, FILES[k]))).length).toBeGreaterThanOrEqual(3);
}, 60_000);
afterAll(async () => {
  await fsp.rm(root, { recursive: true, force: true });
});

async function lines(file: string): Promise<string[]> {
  return (await fsp.readFile(file, 'utf8')).split('\n').slice(0, -1);
}

/** Every record of every player, by kind, as the store reads them. */
async function everything(store: Store): Promise<Record<RecordKind, unknown[]>> {
  const out = { messages: [] as unknown[], memory: [] as unknown[] };
  for (const k of RECORD_KINDS) {
    for (const p of players) out[k].push(...(await store.readRecords(k, p, { limit: 10_000 })));
    out[k].sort((a, b) => (a as { n: number }).n - (b as { n: number }).n);
  }
  return out;
}

/** A record's line written with a true checksum over whatever body is given. */
const forged = (n: number, body: string) => `{"n":${n},"sum":"${checksum(body)}","rec":${body}}`;
const nOf = (line: string) => Number(/^\{"n":(\d+),/.exec(line)![1]);

interface Damage {
  name: string;
  /** the file's new bytes (null: deleted), and the record numbers it lost */
  apply(ls: string[]): { bytes: Buffer | null; lost: number[] };
  /** what the notice must say: the key and the parameters it names */
  notice(file: string, ls: string[]): { key: string; params: Record<string, unknown> };
}

const mid = (ls: string[]) => Math.floor(ls.length / 2);
const text = (ls: string[]) => Buffer.from(ls.map((l) => `${l}\n`).join(''));
const skipped = (line: number, fault: string) => (file: string) => ({
  key: 'backends.store.record_skipped',
  params: { file, line, fault },
});

const DAMAGES: Damage[] = [
  {
    name: 'a garbled line in the middle',
    apply: (ls) => ({
      bytes: text(ls.map((l, i) => (i === mid(ls) ? l.slice(0, 60) + '#garbled#' + l.slice(69) : l))),
      lost: [nOf(ls[mid(ls)])],
    }),
    notice: (file, ls) => skipped(mid(ls) + 1, 'checksum')(file),
  },
  {
    name: 'a truncated last line',
    apply: (ls) => ({ bytes: Buffer.from(text(ls).toString('utf8').slice(0, -15)), lost: [nOf(ls[ls.length - 1])] }),
    notice: (file, ls) => ({ key: 'backends.store.record_dropped', params: { file, line: ls.length, fault: 'torn' } }),
  },
  {
    name: 'a line whose checksum does not match',
    apply: (ls) => ({
      bytes: text(ls.map((l, i) => (i === 1 ? l.replace(/"sum":"[0-9a-f]{16}"/, '"sum":"0000000000000000"') : l))),
      lost: [nOf(ls[1])],
    }),
    notice: (file) => skipped(2, 'checksum')(file),
  },
  {
    name: 'invalid JSON under a true checksum',
    apply: (ls) => ({ bytes: text(ls.map((l, i) => (i === 1 ? forged(nOf(l), '{"player":"x",tick:}') : l))), lost: [nOf(ls[1])] }),
    notice: (file) => skipped(2, 'json')(file),
  },
  {
    name: 'valid JSON of the wrong shape',
    apply: (ls) => ({ bytes: text(ls.map((l, i) => (i === 1 ? forged(nOf(l), '{"hello":"world"}') : l))), lost: [nOf(ls[1])] }),
    notice: (file) => skipped(2, 'shape')(file),
  },
  {
    name: 'an empty line',
    apply: (ls) => ({ bytes: text([...ls.slice(0, 1), '', ...ls.slice(1)]), lost: [] }),
    notice: (file) => skipped(2, 'empty')(file),
  },
  {
    name: 'a line of binary junk',
    apply: (ls) => ({
      bytes: Buffer.concat([text(ls.slice(0, 2)), Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x7b, 0x22, 0x9c, 0x0a]), text(ls.slice(2))]),
      lost: [],
    }),
    notice: (file) => skipped(3, 'not_record')(file),
  },
  {
    name: 'a NUL-filled block over a line',
    apply: (ls) => {
      const b = text(ls);
      const at = text(ls.slice(0, 1)).length;
      b.fill(0, at, at + Buffer.byteLength(ls[1]));
      return { bytes: b, lost: [nOf(ls[1])] };
    },
    notice: (file) => skipped(2, 'not_record')(file),
  },
  {
    name: 'a duplicated line',
    apply: (ls) => ({ bytes: text([...ls.slice(0, 2), ls[1], ...ls.slice(2)]), lost: [] }),
    notice: (file) => skipped(3, 'repeat')(file),
  },
  {
    name: 'a deleted file',
    apply: (ls) => ({ bytes: null, lost: ls.map(nOf) }),
    // Ada acted (messages), and every player's story began (memory): the log shows it
    notice: (file) => ({ key: 'backends.store.records_none', params: { file, since: -1 } }),
  },
  {
    name: 'a file cut in half',
    apply: (ls) => {
      const all = text(ls);
      const cut = Math.floor(all.length / 2);
      let kept = 0;
      for (let at = 0; at + Buffer.byteLength(ls[kept]) + 1 <= cut; kept++) at += Buffer.byteLength(ls[kept]) + 1;
      return { bytes: all.subarray(0, cut), lost: ls.slice(kept).map(nOf) };
    },
    notice: (file, ls) => {
      const cut = Math.floor(text(ls).length / 2);
      let line = 1;
      for (let at = 0; at + Buffer.byteLength(ls[line - 1]) + 1 <= cut; line++) at += Buffer.byteLength(ls[line - 1]) + 1;
      return { key: 'backends.store.record_dropped', params: { file, line, fault: 'torn' } };
    },
  },
];

/** A copy of the pristine world with one file damaged; what it held before. */
async function damaged(kind: RecordKind, d: Damage, name: string): Promise<{ dir: string; file: string; ls: string[]; lost: number[] }> {
  const dir = join(root, name);
  await fsp.cp(pristine, dir, { recursive: true });
  const file = join(dir, FILES[kind]);
  const ls = await lines(file);
  const { bytes, lost } = d.apply(ls);
  if (bytes === null) await fsp.rm(file);
  else await fsp.writeFile(file, bytes);
  return { dir, file, ls, lost };
}

describe('a damaged session record file never keeps the world from starting', () => {
  let expected: Record<RecordKind, unknown[]>;
  beforeAll(async () => {
    const s = await openEmbeddedStore(pristine);
    expected = await everything(s);
    await s.close();
  });

  for (const kind of RECORD_KINDS) {
    for (const [i, d] of DAMAGES.entries()) {
      it(`${FILES[kind]}: ${d.name}`, async () => {
        const { dir, file, ls, lost } = await damaged(kind, d, `${kind}-${i}`);
        const told: { key: string; params: Record<string, unknown> }[] = [];
        const args = parse([SHENZHEN, '--data', dir, '--ticks', String(ticks + 1)], RUN_OPTIONS, ['scenario'], RunArgs);
        const opened = await openWorld(args, { log: pino({ level: 'silent' }), say: (key, params) => told.push({ key, params }) });
        try {
          expect(opened.world.tick).toBe(ticks);
          const want = d.notice(file, ls);
          expect(told).toContainEqual({ key: want.key, params: expect.objectContaining(want.params) });
          // every notice names this file, and reads in both languages without a missing key
          for (const n of told) {
            expect(n.params.file).toBe(file);
            for (const lang of ['en', 'cn'] as const) expect(translator(lang)(n.key, n.params)).not.toMatch(/backends\.store|\{\{/);
          }
          const got = await everything(opened.store);
          const gone = new Set(lost);
          expect(got[kind]).toEqual(expected[kind].filter((r) => !gone.has((r as { n: number }).n)));
          for (const other of RECORD_KINDS) if (other !== kind) expect(got[other]).toEqual(expected[other]);
          // the world goes on: a tick commits, and records can still be kept
          await opened.world.step();
          expect(opened.world.tick).toBe(ticks + 1);
          const [rec] = await opened.store.appendRecords('messages', [
            { player: players[0], tick: ticks, from: 'player', kind: 'intent', text: 'still here', lang: 'en' },
          ]);
          expect((await opened.store.readRecords('messages', players[0], { limit: 1 }))[0]).toEqual(rec);
        } finally {
          await opened.close();
        }
      }, 30_000);
    }
  }

  it('a line damaged twice is told at each start, and records after it keep their numbers', async () => {
    const { dir, file } = await damaged('messages', DAMAGES[0], 'twice');
    for (let run = 0; run < 2; run++) {
      const told: string[] = [];
      const args = parse([SHENZHEN, '--data', dir, '--ticks', String(ticks + 1)], RUN_OPTIONS, ['scenario'], RunArgs);
      const opened = await openWorld(args, {
        log: pino({ level: 'silent' }),
        say: (key, params) => {
          if (params.file === file) told.push(key);
        },
      });
      await opened.close();
      expect(told).toEqual(['backends.store.record_skipped']);
    }
  }, 30_000);

  it('through the CLI: `astinus run` exits 0 and prints the notice with the file and line', async () => {
    const { dir, file, ls } = await damaged('messages', DAMAGES[0], 'cli');
    const r = await finished(spawnAstinus(['run', SHENZHEN, '--data', dir, '--ticks', String(ticks + 2), '--quiet']));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${file}, line ${mid(ls) + 1}: a damaged session record was skipped`);
    expect(r.stderr).not.toContain('RecordCorruptError');
  }, 60_000);

  it('through the CLI: a deleted messages.log is said against what the log shows', async () => {
    const { dir, file } = await damaged('messages', DAMAGES[9], 'cli-deleted');
    const r = await finished(spawnAstinus(['run', SHENZHEN, '--data', dir, '--ticks', String(ticks + 1), '--quiet', '--lang', 'cn']));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${file} 中没有玩家 ${ada} 的任何记录`);
  }, 60_000);
});

describe('what the event log can tell of missing records', () => {
  const action = (tick: number, actor: string, id: string) =>
    ({ tick, seq: 0, type: 'action', actor, call: { id, actor, tool: 'rest', args: {} } }) as unknown as Event;
  const where = { messages: 'messages.log', memory: 'memory.log' };

  it("counts only calls a player sent (not a bot brain's for their actor), and nothing before a fork's first tick", async () => {
    const store = memoryStore();
    await store.acquire(META);
    await store.commitTick(0, [action(0, 'p1', 'p1:0')]);
    // `run` has no players' queue: a bot brain decided for p1's actor, and p1 said nothing
    await store.commitTick(1, [action(1, 'p1', '1:p1')]);
    await store.commitTick(2, [action(2, 'p2', 'p2:5'), { ...action(2, 'p1', '2:p1:answer'), seq: 1 }]);
    await store.appendRecords('messages', [{ player: 'p1', tick: 0, from: 'player', kind: 'intent', text: 'hello', lang: 'en' }]);
    const told: { key: string; params: Record<string, unknown> }[] = [];
    const log = {
      warn: () => {},
      tell: (key: string, params: Record<string, unknown>) => {
        told.push({ key, params });
      },
    };
    // the state says nothing that narrows the search: every tick since arrival may hold evidence
    const seen = ['p1', 'p2'].map((id) => ({ id, arrivedAt: 0, newest: { messages: 2, memory: 2 } }));
    await checkRecords(store, seen, 2, where, log);
    expect(told).toEqual([
      {
        key: 'backends.store.records_none',
        params: { file: 'messages.log', player: 'p2', kind: 'messages', since: -1, count: 1, tick: 2 },
      },
    ]);
    told.length = 0;
    // a fork from tick 3 on holds none of the original's records, and is not told it lost them
    await checkRecords(store, seen, 2, where, log, 3);
    expect(told).toEqual([]);
    await store.close();
  });
});

describe('many damaged lines, and lines removed', () => {
  async function written(name: string, count: number): Promise<{ dir: string; file: string; ls: string[] }> {
    const dir = join(root, name);
    const w = await openEmbeddedStore(dir);
    await w.acquire(META);
    await w.appendRecords(
      'messages',
      Array.from({ length: count }, (_, i) => messageFor('p1', i, i)),
    );
    await w.close();
    const file = join(dir, 'messages.log');
    return { dir, file, ls: await lines(file) };
  }
  async function reopened(dir: string): Promise<{ store: Store; told: { key: string; params: Record<string, unknown> }[] }> {
    const told: { key: string; params: Record<string, unknown> }[] = [];
    const store = await openEmbeddedStore(dir, {
      log: {
        warn: () => {},
        tell: (key, params) => {
          told.push({ key, params });
        },
      },
    });
    await store.acquire(META);
    return { store, told };
  }

  it('past five damaged lines at one start, one notice says how many more and where', async () => {
    const { dir, file, ls } = await written('many', 4);
    await fsp.writeFile(file, text([ls[0], ...Array.from({ length: 8 }, (_, i) => `junk ${i}`), ...ls.slice(1)]));
    const { store, told } = await reopened(dir);
    expect(told.map((t) => t.key)).toEqual([...Array(5).fill('backends.store.record_skipped'), 'backends.store.records_skipped_more']);
    expect(told[5].params).toEqual({ file, count: 3, first: 7, last: 9 });
    expect((await store.readRecords('messages', 'p1', { limit: 10 })).map((m) => m.n)).toEqual([0, 1, 2, 3]);
    await store.close();
  });

  it('records removed from the middle or the head are named by the line after them', async () => {
    const { dir, file, ls } = await written('removed', 6);
    await fsp.writeFile(file, text([...ls.slice(2, 3), ...ls.slice(5)]));
    const { store, told } = await reopened(dir);
    expect(told).toEqual([
      { key: 'backends.store.records_gap', params: { file, line: 1, first: 0, last: 1, count: 2 } },
      { key: 'backends.store.records_gap', params: { file, line: 2, first: 3, last: 4, count: 2 } },
    ]);
    expect((await store.readRecords('messages', 'p1', { limit: 10 })).map((m) => m.n)).toEqual([2, 5]);
    // numbering goes on from the last record: no number is given twice
    expect(await store.appendRecords('messages', [messageFor('p1', 6, 6)])).toMatchObject([{ n: 6 }]);
    await store.close();
  });
});
