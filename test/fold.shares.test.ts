import { expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { proposers } from '../sim/judge/changes.ts';
import { fresh, shenzhen } from './helpers/world.ts';

/**
 * An event is what the log line says happened: the fold copies what it keeps of one, so a later change
 * to the state (here, in the same tick, before the line is written) never rewrites an earlier event.
 */
it('a thing made and changed in one tick: the making still says what was made', async () => {
  const cat = await shenzhen();
  const state = fresh(cat);
  const judge = new TickJudge(cat, state, 1);
  const made = { type: 'new_entity' as const, template: 'food_stall', owner: null, location: 'huaqiangbei', properties: { sold: 0 } };
  expect(judge.proposal(proposers.clock('huaqiangbei'), [made])).toBeNull();
  const created = judge.events.find((e) => e.type === 'entity_created')!;
  const id = created.type === 'entity_created' ? created.entity.id : '';
  const said = JSON.stringify(created);
  expect(judge.proposal(proposers.clock('huaqiangbei'), [{ type: 'entity_update', entity: id, properties: { sold: 3 } }])).toBeNull();
  expect(state.entities[id].properties.sold).toBe(3);
  expect(JSON.stringify(created)).toBe(said);
});
