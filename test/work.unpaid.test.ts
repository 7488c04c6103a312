import { beforeAll, expect, it } from 'vitest';
import { scored } from '../bots/brains/policy/index.ts';
import { perceive } from '../bots/perception.ts';
import { UNPAID_DAYS } from '../bots/lessons.ts';
import { jobTag, onShift } from '../sim/model/jobs.ts';
import { msg, ref } from '../sim/model/text.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { initialState } from '../sim/state/initial.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import type { WorldState } from '../sim/state/types.ts';
import { act } from './helpers/act.ts';
import { REPO } from './helpers/cli.ts';
import { call, consequence, judgeOne } from './helpers/world.ts';

/**
 * A worker whose employer could not pay stays away from that job for days (bots/README.md): the Judge
 * records it from the state (an `unpaid` event), the fold keeps it, the brains read it.
 */
let cat: Catalog;
beforeAll(async () => {
  // Riverford's mill pays its hands out of the miller's own money
  cat = buildCatalog(await loadScenario(`${REPO}scenarios/riverford`));
});

function setUp(): { s: WorldState; worker: string; employer: string; tick: number } {
  const s = initialState(cat, 1, null);
  const job = cat.scenario.meta.jobs.find((j) => j.source === undefined)!;
  const w = Object.values(s.actors).find((a) => a.id !== job.employer)!;
  w.tags = [jobTag(job.id, job.employer)];
  w.location = job.place;
  w.energy = 100;
  w.money = 0;
  let tick = 1;
  while (!onShift(job, tick, cat.scenario.vocabulary.time)) tick++;
  s.tick = tick - 1;
  return { s, worker: w.id, employer: job.employer, tick };
}
const work = (worker: string) => call(worker, 'use_resource', { resource: 'energy', amount: 25, purpose: 'work' });
/** Whether the policy brain offers the worker work at `tick`. */
function works(s: WorldState, worker: string, tick: number): boolean {
  s.tick = tick - 1;
  const options = scored(cat, perceive(cat, s, indexPlaces(cat, s), worker, tick), 1);
  return options.some((o) => o.call.tool === 'use_resource' && cat.words.purpose(o.call.args.purpose)?.does === 'work');
}

it('an employer who could not pay loses the worker for days, then the job is worth another try', () => {
  const { s, worker, employer, tick } = setUp();
  expect(works(s, worker, tick)).toBe(true);
  s.actors[employer].money = 0;
  const r = act(cat, s, work(worker));
  expect(r.failed).toBeNull();
  expect(r.events.filter((e) => e.type === 'unpaid')).toEqual([expect.objectContaining({ actor: worker, employer, tick })]);
  expect(s.actors[worker].unpaid?.[employer]).toBe(tick);
  // the memory of it may fade within a day; the record does not
  s.actors[worker].memory = [];
  s.actors[employer].money = 10_000;
  const day = cat.scenario.vocabulary.time.ticksPerDay;
  expect(works(s, worker, tick + 1)).toBe(false);
  expect(works(s, worker, tick + (UNPAID_DAYS - 1) * day)).toBe(false);
  expect(works(s, worker, tick + UNPAID_DAYS * day)).toBe(true);
});

it('another employer’s empty purse is not this one’s', () => {
  const { s, worker, employer, tick } = setUp();
  const other = Object.values(s.actors).find((a) => a.id !== worker && a.id !== employer)!;
  s.actors[worker].unpaid = { [other.id]: tick - 1 };
  expect(works(s, worker, tick)).toBe(true);
});

it('only the Judge records it, from the state: paid work, or an engine that only says the employer could not pay, records nothing', () => {
  const { s, worker, employer } = setUp();
  s.actors[employer].money = 10_000;
  // the employer holds the wage: a narration of an empty purse is no record of one
  const said = judgeOne(
    cat,
    s,
    work(worker),
    consequence({ narrative: msg('narrative.no_pay', { actor: ref('actor', worker), employer: ref('actor', employer) }) }),
  );
  expect(said.failed).toBeNull();
  expect(said.events.some((e) => e.type === 'unpaid')).toBe(false);
  expect(s.actors[worker].unpaid).toBeUndefined();
  // paid work leaves none either
  const paid = act(cat, s, work(worker));
  expect(paid.events.some((e) => e.type === 'transfer' && e.reason === 'wage')).toBe(true);
  expect(paid.events.some((e) => e.type === 'unpaid')).toBe(false);
});
