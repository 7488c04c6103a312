import { beforeAll, expect, it } from 'vitest';
import { scored } from '../bots/brains/policy/index.ts';
import { perceive } from '../bots/perception.ts';
import { jobTag, onShift } from '../sim/model/jobs.ts';
import { msg, ref } from '../sim/model/text.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { initialState } from '../sim/state/initial.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { REPO } from './helpers/cli.ts';

/** A worker whose employer could not pay does not go back to work for nothing at the next turn (bots/README.md). */
let cat: Catalog;
beforeAll(async () => {
  // Riverford's mill pays its hands out of the miller's own purse
  cat = buildCatalog(await loadScenario(`${REPO}scenarios/riverford`));
});

it('a worker told their employer could not pay stays away from that job while they remember it', () => {
  const s = initialState(cat, 1, null);
  const job = cat.scenario.meta.jobs.find((j) => j.source === undefined)!;
  const worker = Object.values(s.actors).find((a) => a.id !== job.employer)!;
  worker.tags = [jobTag(job.id, job.employer)];
  worker.location = job.place;
  worker.energy = 100;
  worker.money = 0;
  const clock = cat.scenario.vocabulary.time;
  let tick = 1;
  while (!onShift(job, tick, clock)) tick++;
  const works = () => {
    s.tick = tick - 1;
    const options = scored(cat, perceive(cat, s, indexPlaces(cat, s), worker.id, tick), 1);
    return options.some((o) => o.call.tool === 'use_resource' && cat.words.purpose(o.call.args.purpose)?.does === 'work');
  };
  expect(works()).toBe(true);
  const told = (employer: string) => ({
    tick: tick - 1,
    kind: 'did' as const,
    msg: msg('narrative.no_pay', { actor: ref('actor', worker.id), employer: ref('actor', employer) }),
    importance: 2,
    about: [],
  });
  // another employer's empty purse is not this one's
  const other = Object.values(s.actors).find((a) => a.id !== worker.id && a.id !== job.employer)!;
  worker.memory = [told(other.id)];
  expect(works()).toBe(true);
  worker.memory = [told(job.employer)];
  expect(works()).toBe(false);
  // forgotten, the job is worth another try
  worker.memory = [];
  expect(works()).toBe(true);
});
