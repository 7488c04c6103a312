import path from 'node:path';
import { PlayerQueue } from '../../bots/brains/player.ts';
import { Renderer } from '../../sim/i18n/render.ts';
import { translator } from '../../sim/i18n/translator.ts';
import { createLogger } from '../../sim/log.ts';
import { buildServer } from '../server/app.ts';
import { llmIntentParser } from '../../bots/intent/llm.ts';
import { offlineIntentParser } from '../../bots/intent/offline.ts';
import { llmNarrator } from '../../world-engine/narrator/llm.ts';
import { llmArgueJudge } from '../../world-engine/argue/llm.ts';
import { openAiEmbedder } from '../llm/embeddings.ts';
import { llmProgressJudge } from '../../world-engine/story/progress/llm.ts';
import { llmDirector } from '../../world-engine/director/llm.ts';
import { offlineNarrator } from '../../world-engine/narrator/offline.ts';
import { parse, SERVE_OPTIONS, ServeArgs } from './args.ts';
import { openWorld } from './open.ts';

/**
 * `astinus serve <scenario>`: the world in real time (a tick every --tick-ms, or turn-based), the
 * API and Socket.IO on one port, and the dashboard. Runs until SIGINT/SIGTERM; the tick in flight
 * finishes and commits before the store closes.
 */
export async function serveCommand(argv: string[]): Promise<number> {
  const args = parse(argv, SERVE_OPTIONS, ['scenario'], ServeArgs);
  const t = translator(args.lang);
  const log = createLogger({ level: args['log-level'], file: args['log-file'] });
  const queue = new PlayerQueue();
  const say = (key: string, params: Record<string, unknown>) => process.stderr.write(t(key, params) + '\n');
  // the player's words and narration go to a language model when one is configured
  const { scenario, world, llm, close } = await openWorld(args, { log, say, players: queue, wantLlm: true });
  const models = llm ? { stats: llm.stats, client: llm.client, lang: args.lang } : null;
  const envToken = process.env.ASTINUS_ADMIN_TOKEN || undefined;
  const srv = await buildServer({
    world,
    queue,
    logger: log,
    narrator: models ? llmNarrator({ ...models, fallback: offlineNarrator() }) : undefined,
    intent: models ? llmIntentParser({ ...models, fallback: offlineIntentParser() }) : undefined,
    argue: models ? llmArgueJudge(models) : undefined,
    director: models ? llmDirector(models) : undefined,
    // a story's turns are judged by the model too when one is configured (the rules behind it)
    progress: models ? llmProgressJudge(models) : undefined,
    tickMs: args['tick-ms'],
    // the world waits for its players (for at most --wait-ms, or without limit when --turn-based)
    turnBased: args['turn-based'] || args['wait-ms'] > 0,
    waitMs: args['turn-based'] ? Infinity : args['wait-ms'],
    observing: args.private ? 'private' : 'public',
    adminToken: envToken,
    redisUrl: process.env.REDIS_URL || undefined,
    tokenFile: args.data ? path.join(args.data, 'player-tokens.json') : undefined,
    joiningFile: args.data ? path.join(args.data, 'joining.json') : undefined,
    // players' memory records get embeddings when the endpoint offers them (off at its first refusal)
    embedder: llm ? openAiEmbedder(llm.client.config, { model: process.env.OPENAI_EMBEDDING_MODEL || undefined, log }) : undefined,
  });
  let address: string;
  try {
    address = await srv.app.listen({ port: args.port, host: args.host });
  } catch (err) {
    // a port in use or a bad host is the user's to fix: say so, close the world cleanly
    await srv.close();
    await close();
    process.stderr.write(t('cli.serve.listen_failed', { host: args.host, port: args.port, detail: (err as Error).message }) + '\n');
    return 1;
  }
  const url = address.replace('://127.0.0.1', '://localhost');
  process.stdout.write(
    t('cli.serve.listening', {
      world: scenario.meta.id,
      url,
      tickMs: args['tick-ms'],
      mode: args['turn-based']
        ? t('cli.serve.turn_based')
        : args['wait-ms'] > 0
          ? t('cli.serve.waits', { s: Math.round(args['wait-ms'] / 100) / 10 })
          : '',
    }) + '\n',
  );
  process.stdout.write((envToken ? t('cli.serve.admin_token_env') : t('cli.serve.admin_token', { token: srv.adminToken })) + '\n');
  if (process.env.REDIS_URL) process.stdout.write(t('cli.serve.redis', { url: process.env.REDIS_URL }) + '\n');
  srv.clock.start();

  await new Promise<void>((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
  await srv.close();
  await close();
  process.stdout.write(t('cli.serve.stopped', { tick: world.state.tick }) + '\n');
  const joins = srv.host.joined.line(t, new Renderer(args.lang, world.cat, world.state));
  if (joins) process.stdout.write(`  ${joins}\n`);
  await new Promise<void>((done) => log.flush(() => done()));
  return 0;
}
