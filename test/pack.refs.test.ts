import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenario } from '../sim/scenario/load.ts';
import { questChecks } from '../sim/scenario/quests.ts';
import { type At, packRefs } from '../sim/scenario/refs.ts';
import { readLocale } from '../sim/i18n/translator.ts';
import { type PackIssue, ScenarioError } from '../sim/scenario/errors.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import type { QuestState } from '../sim/model/quests.ts';
import { bindings } from '../world-engine/story/bind.ts';
import { evaluate, jump } from '../world-engine/story/ink.ts';
import { copyScenario, removeDir, RIVERFORD, SHENZHEN } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';
import { playStory, prefer } from './helpers/story-play.ts';

type Json = Record<string, any>;

async function edit(dir: string, file: string, change: (j: Json) => void): Promise<void> {
  const j = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  change(j);
  await writeFile(path.join(dir, file), JSON.stringify(j, null, 2));
}

async function issuesOf(dir: string): Promise<PackIssue[]> {
  const err = await loadScenario(dir).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ScenarioError);
  return (err as ScenarioError).issues;
}

describe('every reference in story.json, quests.json and director.json is checked', () => {
  it('the shipped packs pass', async () => {
    for (const pack of [RIVERFORD, SHENZHEN]) {
      const r = await astinusHere(['validate', pack]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
  });

  let dir = '';
  let issues: PackIssue[] = [];
  beforeAll(async () => {
    dir = await copyScenario(RIVERFORD);
    await edit(dir, 'story.json', (s) => {
      s.bindings.errand.quest = 'drowned_gold';
      s.bindings.bond = { measure: 'relation', with: 'osric_vain' };
      s.bindings.herbs = { measure: 'item', item: 'gold_bar' };
      s.choices.walk_to_quay.call.args = { destination: 'quayside', mode: 'swim' };
      s.choices.ask_osric.call.args = { target: 'osric', manner: 'wheedle', content: { key: 'say.ask_wrok' } };
      s.choices.listen_at_inn.call.args = {
        channel: 'shout',
        content: { key: 'say.moment', params: { place: { ref: 'place', id: 'atlantis' } } },
      };
      s.choices.doubt_the_road.call.args = { channel: 'mutter', content: { key: 'say.moment' } };
      s.choices.haul_sacks.call.args = { resource: 'item:gold_bar', amount: 1, purpose: 'aims' };
      s.choices.rest_a_while.call = { tool: 'create', args: { what: 'windmill', where: 'moon', using: {} } };
      s.choices.give_alms.call.args = { channel: 'mutter', content: { text: 'Alms, alms!' } };
      s.choices.give_alms.call.tool = 'express';
    });
    await edit(dir, 'quests.json', (q) => {
      q.quests[0].giver = 'aldus_penn';
      q.quests[0].goal.place = 'mill_wier';
      q.quests[0].sources[0].rumour = 'tale_drowned_silver';
      q.quests[0].reward.source = 'harbor_purse';
      q.quests[0].offer.place = 'quay';
      q.quests[1].goal.item = 'herbs';
      q.quests[1].goal.to = 'sister_wena';
    });
    await edit(dir, 'director.json', (d) => {
      d.templates[0].where.places = ['market_sqare'];
      d.templates[0].changes[0].place = 'tanners';
      d.templates[0].changes[2].channel = 'shout';
      d.templates[1].changes[1].actor = 'nobody_at_all';
      d.templates[2].changes[0].like = 'sable';
      d.templates[4].changes.push(
        { type: 'new_entity', template: 'windmill', location: '$place', owner: null },
        { type: 'entity_removal', entity: 'old_bridge', reason: 'flood' },
        { type: 'money_source', to: '$one', amount: 5, source: 'lords_purse' },
        { type: 'new_fact', content: { key: 'say.news', params: { fact: { ref: 'fact', id: 'f1' } } }, about: null, truth: true },
      );
      d.milestones[1].measure.id = 'peril';
    });
    issues = await issuesOf(dir);
  });
  afterAll(() => removeDir(dir));

  const found = (file: string, at: string) => issues.filter((i) => i.file === file && i.path === at);

  it.each([
    // story.json: bindings and choices
    ['story.json', '$.bindings.errand.quest', 'unknown_quest', 'drowned_gold', ['weir_gold', 'herbs_for_the_shrine', 'mill_savings']],
    ['story.json', '$.bindings.bond.with', 'unknown_actor', 'osric_vain', ['osric_vane', 'aldous_penn']],
    ['story.json', '$.bindings.herbs.item', 'unknown_item', 'gold_bar', ['herb_bundle']],
    ['story.json', '$.choices.walk_to_quay.call.args.mode', 'unknown_mode', 'swim', ['walk', 'boat', 'cart']],
    ['story.json', '$.choices.ask_osric.call.args.target', 'unknown_target', 'osric', ['osric_vane', 'quayside']],
    ['story.json', '$.choices.ask_osric.call.args.manner', 'unknown_manner', 'wheedle', ['haggle', 'chat']],
    ['story.json', '$.choices.ask_osric.call.args.content.key', 'unknown_content_key', 'say.ask_wrok', ['say.ask_work']],
    ['story.json', '$.choices.listen_at_inn.call.args.channel', 'unknown_channel', 'shout', ['cry', 'letter', 'mutter']],
    ['story.json', '$.choices.listen_at_inn.call.args.content.params.place.id', 'unknown_place', 'atlantis', ['quayside', 'mill_weir']],
    ['story.json', '$.choices.haul_sacks.call.args.resource', 'unknown_item', 'gold_bar', ['herb_bundle']],
    ['story.json', '$.choices.haul_sacks.call.args.purpose', 'unknown_purpose', 'aims', ['alms', 'work']],
    ['story.json', '$.choices.rest_a_while.call.args.what', 'unknown_template', 'windmill', ['tale_drowned_gold']],
    ['story.json', '$.choices.rest_a_while.call.args.where', 'unknown_place', 'moon', ['market_square']],
    // quests.json
    ['quests.json', '$.quests[0].giver', 'unknown_actor', 'aldus_penn', ['aldous_penn']],
    ['quests.json', '$.quests[0].goal.place', 'unknown_place', 'mill_wier', ['mill_weir']],
    ['quests.json', '$.quests[0].sources[0].rumour', 'unknown_template', 'tale_drowned_silver', ['tale_drowned_gold']],
    ['quests.json', '$.quests[0].reward.source', 'unknown_source', 'harbor_purse', ['harbour_purse']],
    ['quests.json', '$.quests[0].offer.place', 'unknown_place', 'quay', ['quayside']],
    ['quests.json', '$.quests[1].goal.item', 'unknown_item', 'herbs', ['herb_bundle']],
    ['quests.json', '$.quests[1].goal.to', 'unknown_actor', 'sister_wena', ['sister_wenna']],
    // director.json
    ['director.json', '$.templates[0].where.places[0]', 'unknown_place', 'market_sqare', ['market_square']],
    ['director.json', '$.templates[0].changes[0].place', 'unknown_place', 'tanners', ['tanners_lane']],
    ['director.json', '$.templates[0].changes[2].channel', 'unknown_channel', 'shout', ['cry']],
    ['director.json', '$.templates[1].changes[1].actor', 'unknown_actor', 'nobody_at_all', ['lark']],
    ['director.json', '$.templates[2].changes[0].like', 'unknown_actor', 'sable', ['sable_crowe']],
    ['director.json', '$.templates[4].changes[2].template', 'unknown_template', 'windmill', ['tale_drowned_gold']],
    ['director.json', '$.templates[4].changes[3].entity', 'unknown_entity', 'old_bridge', ['old_bridge_gate']],
    ['director.json', '$.templates[4].changes[4].source', 'unknown_source', 'lords_purse', ['harbour_purse']],
    ['director.json', '$.milestones[1].measure.id', 'director_unknown_measure', 'peril', ['danger', 'conflict']],
  ])('%s %s: %s "%s", naming the known ids', (file, at, key, id, known) => {
    const hit = found(file, at);
    expect(hit, JSON.stringify(issues.map((i) => `${i.file} ${i.path}`))).toHaveLength(1);
    expect(hit[0].reason).toMatchObject({ key: `pack.${key}`, params: { id } });
    const list = String((hit[0].reason as { params: Record<string, string> }).params.known).split(', ');
    for (const k of known) expect(list).toContain(k);
    expect(list).not.toContain(id);
  });

  it('refuses a content key given free text, a parameter left out, or a fact no pack can name', () => {
    expect(found('story.json', '$.choices.give_alms.call.args.content')[0]?.reason).toMatchObject({ key: 'pack.content_free_text' });
    expect(found('story.json', '$.choices.doubt_the_road.call.args.content.params')[0]?.reason).toMatchObject({
      key: 'pack.content_param_missing',
      params: { key: 'say.moment', param: 'place' },
    });
    expect(found('director.json', '$.templates[4].changes[5].content.params.fact.id')[0]?.reason).toMatchObject({
      key: 'pack.unknown_fact',
      params: { id: 'f1' },
    });
  });

  it('validate prints the file, the path, the reason and the known ids, in either language', async () => {
    const en = await astinusHere(['validate', dir]);
    expect(en.code).toBe(1);
    expect(en.stderr).toContain(
      'story.json $.bindings.errand.quest: unknown quest "drowned_gold" (known: weir_gold, herbs_for_the_shrine, mill_savings)',
    );
    const cn = await astinusHere(['validate', dir, '--lang', 'cn']);
    expect(cn.code).toBe(1);
    expect(cn.stderr).toContain(
      'story.json $.bindings.errand.quest: 未知任务“drowned_gold”（已知：weir_gold, herbs_for_the_shrine, mill_savings）',
    );
  });
});

describe("a quest's stated words may not assure what the goal does not state", () => {
  it('refuses "perfectly safe" and its Chinese kin in the giver\'s own words, naming the file, the quest and the phrase', async () => {
    const dir = await copyScenario(RIVERFORD);
    try {
      await edit(dir, 'quests.json', (q) => {
        q.quests[0].stated.en =
          'Go down to {{place}} for me before {{deadline}}; it is perfectly safe. The harbour will pay you {{reward}}.';
        q.quests[1].stated.cn = '求你给圣母祠带{{count}}份{{item}}来，亲手交给{{to}}，{{deadline}}之前。万无一失，我能给你{{reward}}。';
        q.quests[2].stated.en = 'Have {{amount}} saved before {{deadline}} and {{reward}} is guaranteed.';
      });
      const issues = await issuesOf(dir);
      expect(issues.map((i) => [i.file, i.path, 'key' in i.reason ? i.reason.key : '', 'key' in i.reason ? i.reason.params : {}])).toEqual([
        ['quests.json', '$.quests[0].stated.en', 'pack.quest_assurance', { quest: 'weir_gold', phrase: 'perfectly safe', kind: 'safety' }],
        [
          'quests.json',
          '$.quests[1].stated.cn',
          'pack.quest_assurance',
          { quest: 'herbs_for_the_shrine', phrase: '万无一失', kind: 'safety' },
        ],
        [
          'quests.json',
          '$.quests[2].stated.en',
          'pack.quest_assurance',
          { quest: 'mill_savings', phrase: 'guaranteed', kind: 'certainty' },
        ],
      ]);
      const r = await astinusHere(['validate', dir]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/quests\.json \$\.quests\[0\]\.stated\.en: the quest "weir_gold" says "perfectly safe": .*safety/);
    } finally {
      await removeDir(dir);
    }
  });
});

describe('the words a stated quest may not say come from the locales, both languages', () => {
  it('refuses every phrase listed under quest.assurances, in whichever language it is written, and nothing in the shipped words', async () => {
    const sc = await loadScenario(RIVERFORD);
    const refs = packRefs(sc);
    const base = sc.quests!.quests[0];
    const said = (en: string) => {
      const got: Record<string, string>[] = [];
      const at: At = (_file, _path, key, params) => {
        if (key === 'quest_assurance') got.push(params!);
      };
      questChecks(sc, { quests: [{ ...base, stated: { cn: base.stated.cn, en } }] }, refs, at);
      return got;
    };
    expect(said(base.stated.en)).toEqual([]);
    let phrases = 0;
    for (const lang of ['cn', 'en'] as const) {
      const lists = (readLocale(lang).quest as { assurances: Record<string, string> }).assurances;
      expect(Object.keys(lists).sort()).toEqual(['certainty', 'safety']);
      for (const [kind, list] of Object.entries(lists))
        for (const phrase of list.split('|')) {
          phrases++;
          expect(said(`${base.stated.en} ${phrase}.`), phrase).toEqual([{ quest: base.id, phrase: expect.any(String), kind }]);
        }
    }
    expect(phrases).toBeGreaterThan(20);
  });
});

describe("Riverford's errand binding reads the pack's own quest", () => {
  it('a stranger on the quay whose weir errand is completed goes on to the ford the next time the chapter comes round', async () => {
    // hired on the quay, then waiting: the purse stays short of 200, so only the errand can move the chapter on
    const played = await playStory('riverford', (offered) => prefer('walk_to_quay', 'ask_osric')(offered, 0), {
      place: 'market_square',
      seed: 4,
      maxTicks: 12,
    });
    const session = played.state.stories?.['player-1'];
    expect(session?.chapter).toBe('the_quay');
    const cat = buildCatalog(await loadScenario(RIVERFORD));
    const ls = cat.scenario.story!;
    // the ink checks the chapter's way out each time it loops back to the knot
    const again = () =>
      evaluate(
        ls,
        { ink: jump(ls, session!.ink, 'the_quay'), chapter: 'the_quay', situation: '' },
        bindings(cat, played.state, 'player-1', ls),
      );
    expect(played.state.actors['player-1'].money).toBeLessThan(200);
    expect(again().chapter).toBe('the_quay');
    const done = { id: 'q1', def: 'weir_gold', giver: 'aldous_penn', taker: 'player-1', offeredTo: null, status: 'completed' };
    played.state.quests = { q1: done as unknown as QuestState };
    expect(again().chapter).toBe('the_ford');
  });
});
