import { llmSummaryLines } from '../llm/report.ts';
import { describeEvent } from '../i18n/describe.ts';
import { Renderer } from '../i18n/render.ts';
import { translator, type T } from '../i18n/translator.ts';
import { createLogger } from '../log.ts';
import { World } from '../world.ts';
import type { Event } from '../model/events.ts';
import { parse, RUN_OPTIONS, RunArgs } from './args.ts';
import { openWorld } from './open.ts';
import { Progress } from './progress.ts';
import { SummaryBuilder } from './summary.ts';
import { moneyName } from '../i18n/joins.ts';

/** `astinus run <scenario> --ticks N ...`: run (or continue) a world until tick N. */
export async function runCommand(argv: string[]): Promise<number> {
  const args = parse(argv, RUN_OPTIONS, ['scenario'], RunArgs);
  const t = translator(args.lang);
  const log = createLogger({ level: args['log-level'], file: args['log-file'] });
  const say = (key: string, params: Record<string, unknown>) => process.stderr.write(t(key, params) + '\n');
  const { scenario, world, store, llm, queue, close } = await openWorld(args, { log, say });
  const seed = world.state.seed;
  const summary = new SummaryBuilder();
  for await (const e of store.readEvents(0, world.tick - 1)) summary.addOne(e);
  const start = world.tick;
  log.info({ scenario: scenario.meta.id, seed, from: start, to: args.ticks, data: args.data ?? null }, 'run');
  if (start > 0) process.stderr.write(t('cli.run.resume', { tick: start }) + '\n');

  let stop = false;
  // with workers, a tick may wait on them indefinitely: a signal stops the wait (the tick is not committed)
  const onSignal = () => { stop = true; queue?.abort(); };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const r = new Renderer(args.lang, world.cat, world.state);
  const perTick = args.feed ?? 12;
  const progress = new Progress(args.ticks, (done, total, rate) => t('cli.run.progress', { done, total, rate }));
  const t0 = performance.now();
  let actions = 0;
  try {
    while (world.tick < args.ticks && !stop) {
      const tick = world.tick;
      const events = await world.step();
      summary.add(events);
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
  const books = summary.reconcile(world.state);
  printSummary(t, r, summary, books, world, ((performance.now() - t0) / 1000));
  if (llm) {
    process.stdout.write(llmSummaryLines(t, llm).join('\n') + '\n');
    log.info({ tokens: llm.ledger.run, byBot: Object.fromEntries(llm.ledger.byBot), byRole: Object.fromEntries(llm.ledger.byRole), repairs: llm.stats.repairs, fallbacks: llm.stats.fallbacks, routed: llm.stats.routed, capReachedAt: llm.ledger.exhaustedAt }, 'llm run');
  }
  await new Promise<void>((done) => log.flush(() => done()));
  return books.exact ? 0 : 3;
}

function feed(progress: Progress, r: Renderer, t: T, tick: number, events: Event[], perTick: number): void {
  if (perTick === 0) return;
  const lines: string[] = [];
  let more = 0;
  for (const e of events) {
    const line = describeEvent(r, e);
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
  const out: string[] = [];
  const row = (label: string, value: string | number) => out.push(`  ${label.padEnd(24)} ${value}`);
  const table = (o: Record<string, number>, name: (k: string) => string = (k) => k) =>
    Object.entries(o).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).forEach(([k, v]) => row(name(k), v));
  out.push('', t('cli.summary.title', { ticks: s.ticks, clock: r.clock(world.state.tick), seconds: secs.toFixed(1) }));
  out.push(t('cli.summary.tools'));
  table(s.byTool, (k) => r.param(k));
  out.push(t('cli.summary.events'));
  table(s.byType);
  out.push(t('cli.summary.created'));
  table(s.created, (k) => r.param({ ref: 'template', id: k }));
  out.push(t('cli.summary.effects'));
  // income a thing earned is named by its source, as the books name it
  table(s.effectsFired, (k) => (k.startsWith('source:') ? moneyName(r, k.slice(7), 'sources') : r.param(k)));
  out.push(t('cli.summary.society', { relationships: s.relationshipMoves, reputations: s.reputationMoves, strategies: s.strategyChanges }));
  out.push(t('cli.summary.truth', { claims: s.claims, contradicted: s.contradictedClaims, held: s.heldTexts }));
  const { richest, poorest } = s.extremes(world.state);
  out.push(t('cli.summary.richest'));
  for (const a of richest) row(r.actor(a.id), r.money(a.money));
  out.push(t('cli.summary.poorest'));
  for (const a of poorest) row(r.actor(a.id), r.money(a.money));
  out.push(t('cli.summary.rejections', { repeated: s.repeatedRejections }));
  table(s.rejections, (k) => `${k}: ${r.render(s.example[k])}`);
  out.push(t('cli.summary.money', { currency: r.text(r.cat.words.v.currency.name) }));
  row(t('cli.summary.opening'), m.opening);
  row(t('cli.summary.minted'), `+${m.created}`);
  for (const [k, v] of Object.entries(s.bySource)) row(`  ${moneyName(r, k, 'sources')}`, `+${v}`);
  const joins = s.joins.line(t, r);
  if (joins) out.push(`  ${joins}`);
  row(t('cli.summary.burned'), `-${m.destroyed}`);
  for (const [k, v] of Object.entries(s.bySink)) row(`  ${moneyName(r, k, 'sinks')}`, `-${v}`);
  row(t('cli.summary.expected'), m.expected);
  row(t('cli.summary.held'), m.held);
  for (const v of s.verdict(m)) out.push(`  ${t(v.key, v.params)}`);
  process.stdout.write(out.join('\n') + '\n');
}

