/** What every bench script shares: the scenario, the seed, and the stock brain and engine. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { policyBrain } from '../bots/brains/policy/index.ts';
import type { Event } from '../sim/model/events.ts';
import type { Scenario } from '../sim/model/scenario.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { openEmbeddedStore } from '../adapters/store/embedded.ts';
import { World } from '../sim/world.ts';

export const SEED = 42;
export const SCENARIO_DIR = fileURLToPath(new URL('../scenarios/shenzhen', import.meta.url));
/** World's default snapshot cadence (sim/world.ts); used to amortize snapshot cost over ticks. */
export const SNAPSHOT_EVERY = 50;

/** Every pack this tree ships: a folder of scenarios/ with a scenario.json, by name. */
export function shippedPacks(): string[] {
  const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'scenario.json')))
    .sort();
}

export { policyBrain, ruleEngine };

let scenario: Promise<Scenario> | null = null;
export function shenzhen(): Promise<Scenario> {
  scenario ??= loadScenario(SCENARIO_DIR);
  return scenario;
}

/** Judged calls in a tick: its last event is the Judge's tick_summary. */
export function judgedCalls(events: Event[]): number {
  const s = events[events.length - 1];
  if (s?.type !== 'tick_summary') throw new Error(`a tick should end with tick_summary, not ${s?.type}`);
  return s.actions + s.rejections;
}

export function progress(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

export const MiB = 1024 * 1024;
export const round = (v: number, digits = 1): number => Number(v.toFixed(digits));

/** A flag the bench cannot use: said plainly on stderr and exit code 2, no stack (the input is wrong, not the code). */
export function usage(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

/** `--name value` from argv, as a number of at least `min`. */
export function numArg(argv: string[], name: string, fallback: number, min = 0): number {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(argv[i + 1]);
  if (argv[i + 1] === undefined || !Number.isFinite(v) || v < min)
    usage(`--${name} needs a number of at least ${min}, not ${argv[i + 1] === undefined ? 'nothing' : `"${argv[i + 1]}"`}`);
  return v;
}

/** Shenzhen with `population` bots (seed SEED, the policy brain, the rule engine) on an embedded store in `dir`: what a profile samples. */
export async function shenzhenWorld(population: number, dir: string): Promise<World> {
  return World.open({
    scenario: await shenzhen(),
    seed: SEED,
    population,
    store: await openEmbeddedStore(dir),
    brain: policyBrain(),
    engine: ruleEngine(),
  });
}
