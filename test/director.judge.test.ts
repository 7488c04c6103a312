import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeDirector } from '../sim/judge/director.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import { DirectorFile, type DirectorProposal } from '../sim/model/director.ts';
import { msg } from '../sim/model/text.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { ScenarioError } from '../sim/scenario/errors.ts';
import { initialState } from '../sim/state/initial.ts';
import type { WorldState } from '../sim/state/types.ts';
import { readTension } from '../world-engine/director/measures.ts';
import { NOTHING_RECENT } from '../world-engine/director/window.ts';
import { rulesProposal } from '../world-engine/director/rules.ts';
import { copyScenario, removeDir, REPO as ROOT } from './helpers/cli.ts';

/**
 * The Judge's verdict on the director (sim/judge/director.ts): a deliberately lethal template of a
 * test pack is refused with the director's reason and nothing but its record is committed; what
 * the ordinary validators refuse anyone (harm that only the dice deal, money from nowhere) they refuse
 * the director too; an accepted proposal commits its record, then its changes.
 */
let pack: string;
let cat: Catalog;
const LETHAL = path.join(ROOT, 'test/fixtures/director-lethal/director.json');
beforeAll(async () => {
  pack = await copyScenario();
  // `validate` refuses this pack (the last test): the Judge is shown it as if it had been let through
  const director = DirectorFile.parse(JSON.parse(await readFile(LETHAL, 'utf8')));
  cat = buildCatalog({ ...(await loadScenario(pack)), director });
  await cp(LETHAL, path.join(pack, 'director.json'));
});
afterAll(async () => {
  await removeDir(pack);
});

function scene(): WorldState {
  const s = initialState(cat, 9, null);
  s.tick = 10;
  for (const id of ['lin_feng', 'fang_lan', 'he_wenbo']) s.actors[id].location = 'dongmen';
  return s;
}
const reading = { tension: 4, measures: { danger: 4 } };
const proposal = (template: string, aim: 'raise' | 'ease' = 'raise'): DirectorProposal => ({
  template,
  place: 'dongmen',
  one: 'lin_feng',
  aim,
  why: msg('director.why.raise', { tension: 4, low: 90, high: 95, name_cn: 'x', name_en: 'x' }),
});

function judgeOne(s: WorldState, p: DirectorProposal) {
  const judge = new TickJudge(cat, s, 11);
  const before = JSON.stringify(s.actors.lin_feng);
  const reason = judgeDirector(judge, cat.scenario.director!, p, reading);
  return { reason, events: judge.events, before };
}

describe('the director before the Judge', () => {
  it("a template that would leave someone dying is refused as the director's, and only its record is committed", () => {
    const s = scene();
    const { reason, events, before } = judgeOne(s, proposal('collapse'));
    expect(reason?.code).toBe('director_cannot_kill');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'director_proposed',
      template: 'collapse',
      refused: { code: 'director_cannot_kill' },
      tension: 4,
      measures: { danger: 4 },
    });
    // the place's mood, proposed before the lethal change, did not stick either: the verdict is whole
    expect(s.places.dongmen.mood).toBe(initialState(cat, 9, null).places.dongmen.mood);
    expect(JSON.stringify(s.actors.lin_feng)).toBe(before);
    expect(s.director).toMatchObject({ refused: 1, accepted: 0, last: -1 });
  });

  it('harm that reaches the dying line and hunger that empties a body are refused the same way', () => {
    const s = scene();
    s.actors.lin_feng.tags.push('concussion', 'sprained_wrist');
    expect(judgeOne(s, proposal('last_blow')).reason?.code).toBe('director_cannot_kill');
    expect(judgeOne(scene(), proposal('famine')).reason?.code).toBe('director_cannot_kill');
  });

  it("never bypasses a rule: harm is the dice's and money comes from no proposal of its own", () => {
    expect(judgeOne(scene(), proposal('last_blow')).reason?.code).toBe('harm_by_dice');
    const { reason, events } = judgeOne(scene(), proposal('windfall', 'ease'));
    expect(reason?.code).toBe('money_from_nowhere');
    expect(events.map((e) => e.type)).toEqual(['director_proposed']);
  });

  it('refuses a proposal that says the wrong aim, a place its template does not allow, or someone not there', () => {
    expect(judgeOne(scene(), proposal('windfall', 'raise')).reason?.code).toBe('director_wrong_aim');
    expect(judgeOne(scene(), { ...proposal('collapse'), place: 'futian_cbd' }).reason?.code).toBe('director_wrong_place');
    expect(judgeOne(scene(), { ...proposal('collapse'), one: 'zhao_lei' }).reason?.code).toBe('director_nobody_there');
    expect(judgeOne(scene(), { ...proposal('collapse'), template: '__proto__' }).reason?.code).toBe('director_unknown_template');
  });
});

describe("Shenzhen's director, accepted", () => {
  it("commits its record first, then its changes, and the rules' reading and choice are the same for the same state", async () => {
    const sz = buildCatalog(await loadScenario(path.join(ROOT, 'scenarios/shenzhen')));
    const s = initialState(sz, 4, null);
    s.tick = 30;
    const f = sz.scenario.director!;
    const r1 = readTension(sz, f, s, NOTHING_RECENT, 31);
    const p1 = rulesProposal(sz, f, s, 31, 'steady', r1);
    expect(readTension(sz, f, structuredClone(s), NOTHING_RECENT, 31)).toEqual(r1);
    expect(rulesProposal(sz, f, structuredClone(s), 31, 'steady', r1)).toEqual(p1);
    expect(p1?.aim).toBe('raise');
    const judge = new TickJudge(sz, s, 31);
    expect(judgeDirector(judge, f, p1!, r1)).toBeNull();
    expect(judge.events[0]).toMatchObject({ type: 'director_proposed', template: p1!.template, refused: null, tension: r1.tension });
    expect(judge.events.length).toBeGreaterThan(1);
    expect(s.director).toMatchObject({ accepted: 1, last: 31, tension: r1.tension });
    // within the cooldown the Judge refuses a second, whatever proposes it
    const again = new TickJudge(sz, s, 32);
    expect(judgeDirector(again, f, p1!, r1)?.code).toBe('director_cooldown');
  });
});

describe('director.json checked at load', () => {
  it('names the file, the path and the reason of a reference the pack lacks', async () => {
    const dir = await copyScenario();
    try {
      const f = JSON.parse(await readFile(path.join(ROOT, 'scenarios/shenzhen/director.json'), 'utf8'));
      f.templates[0].where.places = ['atlantis'];
      f.templates[0].changes[0].place = '$present';
      f.milestones[1].measure.id = 'boredom';
      await writeFile(path.join(dir, 'director.json'), JSON.stringify(f));
      const err = await loadScenario(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ScenarioError);
      const issues = (err as ScenarioError).issues.map((i) => `${i.file} ${i.path} ${'key' in i.reason ? i.reason.key : ''}`);
      expect(issues).toEqual(
        expect.arrayContaining([
          'director.json $.templates[0].where.places[0] pack.unknown_place',
          'director.json $.templates[0].changes[0].place pack.director_placeholder',
          'director.json $.milestones[1].measure.id pack.director_unknown_measure',
        ]),
      );
    } finally {
      await removeDir(dir);
    }
  });
});

it('validate refuses the templates the Judge refuses a director in any world, and only those', async () => {
  const err = await loadScenario(pack).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ScenarioError);
  const refused = (err as ScenarioError).issues.map((i) => `${i.path} ${'key' in i.reason ? i.reason.key : ''}`);
  // collapse kills, last_blow deals harm, windfall makes money; famine's hunger depends on the body it meets
  expect(refused).toEqual([
    '$.templates[0].changes[1].to pack.director_refused',
    '$.templates[1].changes[0].tag pack.director_refused',
    '$.templates[3].changes[0].type pack.director_refused',
  ]);
});
