import { llmArgueJudge } from '../../world-engine/argue/llm.ts';
import { llmDirector } from '../../world-engine/director/llm.ts';
import { llmSummaryLines } from '../llm/report.ts';
import { describeEvent } from '../../sim/i18n/describe.ts';
import { PUBLIC } from '../../sim/audience/audience.ts';
import { viewEvent } from '../../sim/audience/view.ts';
import { Renderer } from '../../sim/i18n/render.ts';
import { translator, type T } from '../../sim/i18n/translator.ts';
import { createLogger } from '../../sim/log.ts';
import { World } from '../../sim/world.ts';
import type { Event } from '../../sim/model/events.ts';
import { parse, RUN_OPTIONS, RunArgs } from './args.ts';
import { openWorld } from './open.ts';
import { join, resolve } from 'node:path';
import { rm, stat } from 'node:fs/promises';
import type { Intervention } from '../../sim/model/interventions.ts';
import { loadInterventions } from '../../sim/scenario/interventions.ts';
import { inboxOf } from '../../sim/tick/inbox.ts';
import { INTERVENE } from '../../sim/tick/requests.ts';
import { FORK_INTERVENTIONS } from './fork.ts';
import { Progress } from './progress.ts';
import { decisionLog } from './decisions.ts';
import { foldHistory } from '../../sim/metrics/history.ts';
import { writeMetrics } from '../../sim/metrics/files.ts';
import { SummaryBuilder } from './summary.ts';
import { summaryLines } from './summary-text.ts';
import { claimFolder, engineLines, identityLine, recordClaim } from '../provenance/commands.ts';
import { engineIdentity } from '../provenance/engine.ts';

/** `astinus run <scenario> --ticks N ...`: run (or continue) a world until tick N. */
export async function runCommand(argv: string[]): Promise<number> {
  const args = parse(argv, RUN_OPTIONS, ['scenario'], RunArgs);
  const t = translator(args.lang);
  const log = createLogger({ level: args['log-level'], file: args['log-file'] });
  const say = (key: string, params: Record<string, unknown>) => process.stderr.write(t(key, params) + '\n');
  // a data directory another engine wrote is refused before anything is written (adapters/provenance)
  const dataDir = args.data && !process.env.MONGODB_URL ? args.data : null;
  const existed = dataDir !== null && (await stat(join(dataDir, 'meta.json')).catch(() => null)) !== null;
  // a folder this command makes is removed again when the run is refused before its first tick
  const made = dataDir !== null && (await stat(dataDir).catch(() => null)) === null;
  const claim =
    dataDir === null
      ? null
      : await claimFolder({ t, dir: dataDir, allowMixed: args['allow-mixed'], say: (l) => process.stderr.write(l + '\n') });
  // --decisions FILE: each bot decision made in this process, as the brain saw it (adapters/cli/decisions.ts)
  const decisions = args.decisions ? decisionLog(args.decisions) : null;
  const opened = await openWorld(args, { log, say, onDecision: decisions?.sink }).catch((err: unknown) => {
    decisions?.close();
    throw err;
  });
  const { scenario, world, store, llm, queue } = opened;
  const close = async () => {
    await opened.close();
    decisions?.close();
  };
  let plan: Map<number, Intervention[]>;
  let engine: string[];
  try {
    plan = await interventionPlan(args.interventions ?? null, args.data ?? null, world, say);
    engine = claim
      ? engineLines(
          t,
          await recordClaim(claim, {
            kind: 'data',
            since: world.tick,
            existed,
            pack: { id: scenario.meta.id, hash: scenario.hash, path: resolve(args.scenario) },
            seed: world.state.seed,
            flags: {
              ticks: args.ticks,
              population: args.population ?? null,
              brain: args.brain,
              engine: args.engine,
              interventions: args.interventions ?? null,
            },
          }),
        )
      : [identityLine(t, engineIdentity())];
  } catch (err) {
    await close();
    if (made) await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const seed = world.state.seed;
  const summary = new SummaryBuilder();
  for await (const e of store.readEvents(0, world.tick - 1)) summary.addOne(e);
  const start = world.tick;
  // --metrics DIR: the fold of the whole log (the ticks before this run too), written when it stops
  const metrics = args.metrics
    ? await foldHistory(world.cat, store, { seed, population: world.population, origin: world.origin }, start - 1)
    : null;
  metrics?.adopt(world.state);
  log.info({ scenario: scenario.meta.id, seed, from: start, to: args.ticks, data: args.data ?? null }, 'run');
  if (start > 0) process.stderr.write(t('cli.run.resume', { tick: start }) + '\n');

  let stop = false;
  // with workers, a tick may wait on them indefinitely: a signal stops the wait (the tick is not committed)
  const onSignal = () => {
    stop = true;
    queue?.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const r = new Renderer(args.lang, world.cat, world.state);
  // bots' arguments for their traits are weighed by the model when one is configured, as `serve` does
  const argueJudge = llm ? llmArgueJudge({ client: llm.client, stats: llm.stats, lang: args.lang }) : undefined;
  // and the director's events are proposed by it too (the rules behind it)
  const director = llm ? llmDirector({ client: llm.client, stats: llm.stats, lang: args.lang }) : undefined;
  const perTick = args.feed ?? 12;
  const progress = new Progress(args.ticks, (done, total, rate) => t('cli.run.progress', { done, total, rate }));
  const t0 = performance.now();
  let actions = 0;
  try {
    while (world.tick < args.ticks && !stop) {
      const tick = world.tick;
      const due = plan.get(tick);
      const events = await world.step({
        advisors: { argue: argueJudge, director },
        ...(due
          ? {
              requests: inboxOf(INTERVENE, due),
              onRefused: (refused) => {
                for (const iv of due) {
                  const no = refused.find((x) => x.request === iv);
                  say(no ? 'interventions.refused' : 'interventions.applied', {
                    label: iv.label,
                    tick,
                    reason: no ? r.render(no.reason.message) : '',
                  });
                }
              },
            }
          : {}),
      });
      summary.add(events);
      metrics?.add(events);
      const s = events[events.length - 1];
      if (s.type === 'tick_summary') actions += s.actions + s.rejections;
      log.debug({ tick, events: events.length }, 'tick committed');
      const spent = llm?.ledger.byTick.get(tick);
      if (spent) log.info({ tick, ...spent }, 'llm tokens this tick');
      if (!args.quiet) feed(progress, r, t, tick, events, perTick);
      const secs = (performance.now() - t0) / 1000;
      progress.update(tick + 1, t('cli.run.rate', { rate: Math.round(actions / Math.max(secs, 1e-3)) }));
      // --pace: slow down for people watching; the world itself never reads the clock
      if (args.pace) await new Promise((done) => setTimeout(done, args.pace));
    }
  } finally {
    progress.done();
    await close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  if (stop) process.stderr.write(t('cli.run.stopped', { tick: world.tick }) + '\n');
  if (metrics && args.metrics) await writeMetrics(args.metrics, metrics);
  const books = summary.reconcile(world.state);
  printSummary(t, r, summary, books, world, (performance.now() - t0) / 1000);
  process.stdout.write(engine.join('\n') + '\n');
  if (llm) {
    process.stdout.write(llmSummaryLines(t, llm).join('\n') + '\n');
    log.info(
      {
        tokens: llm.ledger.run,
        byBot: Object.fromEntries(llm.ledger.byBot),
        byRole: Object.fromEntries(llm.ledger.byRole),
        repairs: llm.stats.repairs,
        fallbacks: llm.stats.fallbacks,
        routed: llm.stats.routed,
        capReachedAt: llm.ledger.exhaustedAt,
      },
      'llm run',
    );
  }
  await new Promise<void>((done) => log.flush(() => done()));
  return books.exact ? 0 : 3;
}

/**
 * The interventions this run makes, by tick: `--interventions FILE`, else the data directory's own
 * interventions.json (a fork's, `astinus fork --interventions`), checked against the pack and the
 * world. A resumed run makes only those still ahead: the log already holds the ones behind it, and
 * one behind it that the log lacks is said and skipped, never made late.
 */
async function interventionPlan(
  file: string | null,
  data: string | null,
  world: World,
  say: (key: string, params: Record<string, unknown>) => void,
): Promise<Map<number, Intervention[]>> {
  const plan = new Map<number, Intervention[]>();
  const own = data === null ? null : join(data, FORK_INTERVENTIONS);
  const path = file ?? (own !== null && (await stat(own).catch(() => null)) ? own : null);
  if (path === null) return plan;
  const done = world.state.interventions?.labels ?? {};
  for (const iv of await loadInterventions(path, world.cat, world.state)) {
    if (Object.hasOwn(done, iv.label)) continue;
    if (iv.at < world.tick) say('interventions.past', { label: iv.label, at: iv.at, tick: world.tick });
    else plan.set(iv.at, [...(plan.get(iv.at) ?? []), iv]);
  }
  return plan;
}

/** The terminal's live feed is the public one: what a bystander sees (no claim verdicts, no director's workings). */
function feed(progress: Progress, r: Renderer, t: T, tick: number, events: Event[], perTick: number): void {
  if (perTick === 0) return;
  const lines: string[] = [];
  let more = 0;
  for (const e of events) {
    const shown = viewEvent(e, PUBLIC);
    const line = shown === null ? null : describeEvent(r, shown as Event);
    if (line === null) continue;
    if (lines.length < perTick) lines.push(line);
    else more++;
  }
  if (!lines.length) return;
  progress.log(t('cli.feed.tick', { tick, clock: r.clock(tick) }));
  for (const l of lines) progress.log(`  ${l}`);
  if (more) progress.log(`  ${t('cli.feed.more', { count: more })}`);
}

function printSummary(t: T, r: Renderer, s: SummaryBuilder, m: ReturnType<SummaryBuilder['reconcile']>, world: World, secs: number): void {
  process.stdout.write(summaryLines(t, r, s, m, world.state, secs).join('\n') + '\n');
}
