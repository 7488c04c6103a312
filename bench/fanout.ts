/**
 * Socket fan-out: N observer clients (other processes, one per core, loopback) in one world room; for each tick,
 * the time from the store's commit to the moment the last client has the `tick` message. The world
 * is Shenzhen's 16 people, stepped by hand one tick after another, so ticks never overlap.
 *
 *   node --import tsx bench/fanout.ts [--clients 1000] [--ticks 40] [--processes CORES]
 */
import { spawn } from 'node:child_process';
import { PUBLIC } from '../sim/audience/audience.ts';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { PlayerQueue } from '../bots/brains/player.ts';
import { buildServer } from '../adapters/server/app.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import type { Store } from '../sim/ports/store.ts';
import { World } from '../sim/world.ts';
import { numArg, policyBrain, progress, round, ruleEngine, SEED, shenzhen } from './common.ts';

export interface FanoutOptions {
  clients: number;
  ticks: number;
  processes: number;
}
export interface FanoutResult {
  clients: number;
  ticks: number;
  processes: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  tickBytes: number;
}

const wall = () => performance.timeOrigin + performance.now();

export async function measureFanout(o: FanoutOptions): Promise<FanoutResult> {
  const scenario = await shenzhen();
  const inner = memoryStore();
  let committedAt = 0;
  // the commit's moment, taken where it happens: right after the store accepted the tick
  const store: Store = {
    ...inner,
    async commitTick(t, e) {
      const r = await inner.commitTick(t, e);
      committedAt = wall();
      return r;
    },
  };
  const queue = new PlayerQueue();
  const world = await World.open({
    scenario,
    seed: SEED,
    population: null,
    store,
    brain: policyBrain(),
    players: queue,
    engine: ruleEngine(),
  });
  const srv = await buildServer({ world, queue, logger: pino({ level: 'silent' }), dashboardDir: '/nonexistent' });
  await srv.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`;
  let tickBytes = 0;
  srv.host.listen({
    tick: (v) => {
      tickBytes = Buffer.byteLength(JSON.stringify(v.for(PUBLIC)));
    },
    status() {},
    narration() {},
    rejection() {},
    perceived() {},
  });

  // observers are other machines in real life: here, one client process per core shares them out
  const script = fileURLToPath(new URL('./fanout-clients.ts', import.meta.url));
  const share = Array.from({ length: o.processes }, (_, i) => Math.floor(o.clients / o.processes) + (i < o.clients % o.processes ? 1 : 0));
  const children = share.map((n) =>
    spawn(process.execPath, ['--import', 'tsx', script, url, srv.host.id, String(n)], { stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  const readers = children.map((c) => {
    const lines = createInterface({ input: c.stdout! })[Symbol.asyncIterator]();
    return async () => JSON.parse((await lines.next()).value as string) as { stage: string; tick?: number; at?: number; message?: string };
  });
  try {
    for (const ready of await Promise.all(readers.map((r) => r())))
      if (ready.stage !== 'ready') throw new Error(`clients: ${ready.message}`);
    progress(`fanout: ${o.clients} clients connected from ${o.processes} processes`);
    const ms: number[] = [];
    for (let i = 0; i < o.ticks; i++) {
      const events = await srv.host.step();
      // the tick is everywhere once the slowest process's last client has it
      let last = 0;
      for (const got of await Promise.all(readers.map((r) => r()))) {
        if (got.tick !== events[0].tick) throw new Error(`clients reported tick ${got.tick}, expected ${events[0].tick}`);
        last = Math.max(last, got.at!);
      }
      ms.push(last - committedAt);
    }
    ms.sort((a, b) => a - b);
    const pick = (p: number) => ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)];
    return {
      clients: o.clients,
      ticks: o.ticks,
      processes: o.processes,
      medianMs: round(pick(0.5), 2),
      p99Ms: round(pick(0.99), 2),
      maxMs: round(ms[ms.length - 1], 2),
      tickBytes,
    };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await srv.close();
    await world.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await measureFanout({
    clients: numArg(process.argv, 'clients', 1000),
    ticks: numArg(process.argv, 'ticks', 40),
    processes: numArg(process.argv, 'processes', cpus().length),
  });
  console.log(JSON.stringify(r));
}
