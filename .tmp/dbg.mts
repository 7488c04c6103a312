import { World } from '../sim/world.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { perceive } from '../bots/perception.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { shenzhen } from '../test/helpers/world.ts';
const cat = await shenzhen();
const w = await World.open({ scenario: cat.scenario, seed: 11, population: null, store: memoryStore(), brain: policyBrain(), engine: ruleEngine() });
await w.step();
const p = perceive(cat, w.state, indexPlaces(cat, w.state), 'he_wenbo', 1);
const b = policyBrain();
console.log(JSON.stringify(b.decide(cat, p, 11)));
try { console.log(JSON.stringify(b.decide(cat, JSON.parse(JSON.stringify(p)), 11))); } catch (e) { console.log('THREW', e); }
