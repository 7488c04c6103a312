import pino from 'pino';
import { policyBrain } from '../../bots/brains/policy/index.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import { type AstinusServer, buildServer, type ServerOptions } from '../../adapters/server/app.ts';
import { memoryStore } from '../../adapters/store/memory.ts';
import { World } from '../../sim/world.ts';
import { PlayerQueue } from '../../bots/brains/player.ts';
import type { Scenario } from '../../sim/model/scenario.ts';
import { shenzhen } from './world.ts';

/**
 * A served world in memory (Shenzhen, seed 5, unless told another pack), clock not started (tests step
 * through the admin control or `host.step()`). The player queue of the host feeds the world's brain,
 * as `serve` wires it.
 */
export async function served(
  o: Partial<Omit<ServerOptions, 'world' | 'logger' | 'queue'>> = {},
  pack: { scenario?: Scenario; seed?: number } = {},
): Promise<AstinusServer> {
  const queue = new PlayerQueue();
  const world = await World.open({
    scenario: pack.scenario ?? (await shenzhen()).scenario,
    seed: pack.seed ?? 5,
    population: null,
    store: memoryStore(),
    brain: policyBrain(),
    players: queue,
    engine: ruleEngine(),
  });
  return buildServer({
    world,
    queue,
    logger: pino({ level: 'silent' }),
    adminToken: 'admin-secret',
    dashboardDir: '/nonexistent/dist',
    ...o,
  });
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
