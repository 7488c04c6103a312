import { policyBrain } from '../../bots/brains/policy/index.ts';
import { PlayerQueue, withPlayers } from '../../bots/brains/player.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import { translator } from '../i18n/translator.ts';
import { createLogger } from '../log.ts';
import { loadScenario } from '../scenario/load.ts';
import { buildServer } from '../server/app.ts';
import { openEmbeddedStore } from '../store/embedded.ts';
import { memoryStore } from '../store/memory.ts';
import { World } from '../world.ts';
import { parse, SERVE_OPTIONS, ServeArgs } from './args.ts';

/**
 * `astinus serve <scenario>`: the world in real time (a tick every --tick-ms, or turn-based), the
 * API and Socket.IO on one port, and the dashboard. Runs until SIGINT/SIGTERM; the tick in flight
 * finishes and commits before the store closes.
 */
export async function serveCommand(argv: string[]): Promise<number> {
  const args = parse(argv, SERVE_OPTIONS, ['scenario'], ServeArgs);
  const t = translator(args.lang);
  const log = createLogger({ level: args['log-level'], file: args['log-file'] });
  const scenario = await loadScenario(args.scenario);
  const seed = args.seed ?? scenario.meta.defaultSeed;
  const store = args.data ? await openEmbeddedStore(args.data) : memoryStore();
  const queue = new PlayerQueue();
  const world = await World.open({ scenario, seed, population: args.population ?? null, store, brain: withPlayers(policyBrain(), queue), engine: ruleEngine() });
  const envToken = process.env.ASTINUS_ADMIN_TOKEN || undefined;
  const srv = await buildServer({
    world, queue, logger: log, tickMs: args['tick-ms'], turnBased: args['turn-based'], observing: args.private ? 'private' : 'public',
    adminToken: envToken, redisUrl: process.env.REDIS_URL || undefined,
  });
  let address: string;
  try {
    address = await srv.app.listen({ port: args.port, host: args.host });
  } catch (err) {
    // a port in use or a bad host is the user's to fix: say so, close the world cleanly
    await srv.close();
    await world.close();
    process.stderr.write(t('cli.serve.listen_failed', { host: args.host, port: args.port, detail: (err as Error).message }) + '\n');
    return 1;
  }
  const url = address.replace('://127.0.0.1', '://localhost');
  process.stdout.write(t('cli.serve.listening', { world: scenario.meta.id, url, tickMs: args['tick-ms'], mode: args['turn-based'] ? t('cli.serve.turn_based') : '' }) + '\n');
  process.stdout.write((envToken ? t('cli.serve.admin_token_env') : t('cli.serve.admin_token', { token: srv.adminToken })) + '\n');
  if (process.env.REDIS_URL) process.stdout.write(t('cli.serve.redis', { url: process.env.REDIS_URL }) + '\n');
  srv.clock.start();

  await new Promise<void>((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
  await srv.close();
  await world.close();
  process.stdout.write(t('cli.serve.stopped', { tick: world.state.tick }) + '\n');
  await new Promise<void>((done) => log.flush(() => done()));
  return 0;
}
