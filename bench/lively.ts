/**
 * How lively a city reads, for each shipped pack: the figures test/lively.test.ts holds to a bar.
 * Run: node --import tsx bench/lively.ts [--ticks 300] [--seed S]
 */
import { measure } from '../test/helpers/lively.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : undefined;
};
const ticks = arg('--ticks') ?? 300;
const SEEDS: Record<string, number> = { shenzhen: 42, riverford: 9 };

for (const pack of Object.keys(SEEDS)) {
  const seed = arg('--seed') ?? SEEDS[pack];
  const m = await measure(pack, seed, ticks);
  console.log(`${pack} (seed ${seed}, ${ticks} ticks)`);
  console.log(`  longest same-pair chat streak  ${m.pairStreak.ticks} ticks (${m.pairStreak.pair})`);
  console.log(`  talks answered                 ${(100 * m.answered).toFixed(0)}%`);
  console.log(`  rumours shouted again          ${m.repeatedRumours}`);
  console.log(`  duplicate rumour facts         ${m.duplicateFacts}`);
  console.log(`  max |relation| after tick 89   ${m.maxRelationAt90}`);
  console.log(`  meals + rethinks in the feed   ${(100 * m.mealsAndRethinks).toFixed(0)}% of ${m.lines} lines`);
}
