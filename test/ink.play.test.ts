import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { describe, expect, it } from 'vitest';
import { PlayerQueue } from '../bots/brains/player.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { storyOptions } from '../world-engine/story/options.ts';
import { playStory, prefer } from './helpers/story-play.ts';
import { ROOT } from './helpers/world.ts';
import { StoryBook } from '../sim/story/book.ts';

/**
 * Shenzhen's story played by choices (docs/design.md, The story): a scripted player joins, takes the options
 * the ink offers (each one call of the five tools, judged like any call), and reaches each ending in a
 * bounded number of turns; the same seed gives the same log, byte for byte.
 */
describe("Shenzhen's story, played by a player's choices", () => {
  const stay = prefer('post_moments', 'work_shift', 'rest', 'ask_foreman', 'go_to_site');
  const leave = prefer('buy_ticket_home', 'work_shift', 'rest', 'ask_foreman', 'go_to_site');

  it('a player who works and stays makes it, through the three chapters, and a rerun is byte-identical', async () => {
    const a = await playStory('shenzhen', stay, { place: 'luohu_station', seed: 4 });
    expect(a.ending).toBe('made_it');
    expect(a.chapters).toEqual(['arrival', 'hustle', 'crossroads']);
    expect(a.turns).toBeLessThanOrEqual(20);
    const ended = a.events.find((e) => e.type === 'story_ended');
    expect(ended).toMatchObject({
      ending: 'made_it',
      text: { cn: expect.stringContaining('朋友圈'), en: expect.stringContaining('Moments') },
    });
    // scores are the ink's own progress variable, 0..100, and the last turn is complete
    const scores = a.events.flatMap((e) => (e.type === 'situation_scored' ? [e.score] : []));
    expect(scores.every((s) => s >= 0 && s <= 100)).toBe(true);
    expect(scores[scores.length - 1]).toBe(100);
    const again = await playStory('shenzhen', stay, { place: 'luohu_station', seed: 4 });
    expect(again.log).toBe(a.log);
    // the player's story (sim/story) turns its pages in both languages: each chapter, then the ending with its summary
    const cat = buildCatalog(await loadScenario(`${ROOT}scenarios/shenzhen`));
    const book = new StoryBook(cat, a.state);
    book.add(a.events);
    const lines = book
      .lines('player-1')!
      .filter((l) => l.kind === 'status')
      .map((l) => l.text);
    expect(lines.map((l) => l.en)).toEqual([
      'A new chapter of your story: The hustle.',
      'A new chapter of your story: The crossroads.',
      expect.stringMatching(/^Your story ends: Made it\. You saved your first money/),
    ]);
    expect(lines[2].cn).toContain('你的故事结束了：站稳了脚跟。');
  });

  it('a player who buys a ticket home at the crossroads goes home, also byte-identical on a rerun', async () => {
    const b = await playStory('shenzhen', leave, { place: 'dongmen', seed: 9 });
    expect(b.ending).toBe('went_home');
    expect(b.chapters).toEqual(['arrival', 'hustle', 'crossroads']);
    expect(b.turns).toBeLessThanOrEqual(20);
    expect((await playStory('shenzhen', leave, { place: 'dongmen', seed: 9 })).log).toBe(b.log);
  });

  it('a homesick player can leave from the first chapter (the ink branches on its own variables)', async () => {
    const c = await playStory('shenzhen', prefer('buy_ticket_home', 'call_home'), { place: 'dongmen', seed: 2 });
    expect(c.ending).toBe('went_home');
    expect(c.turns).toBe(3);
  });
});

describe("Riverford's story, played by a player's choices", () => {
  it('a stranger who hauls on the quay and gives alms becomes a freeman; one who takes the boat drifts on; each byte-identical on a rerun', async () => {
    const stay = prefer('give_alms', 'haul_sacks', 'rest_a_while', 'ask_osric', 'walk_to_quay');
    const leave = prefer('take_boat', 'haul_sacks', 'rest_a_while', 'ask_osric', 'walk_to_quay');
    const a = await playStory('riverford', stay, { place: 'market_square', seed: 4 });
    expect(a.ending).toBe('freeman');
    expect(a.chapters).toEqual(['landfall', 'the_quay', 'the_ford']);
    const b = await playStory('riverford', leave, { place: 'market_square', seed: 9 });
    expect(b.ending).toBe('drifter');
    expect(b.turns).toBeLessThanOrEqual(20);
    expect((await playStory('riverford', leave, { place: 'market_square', seed: 9 })).log).toBe(b.log);
  });
});

describe('a story session is a fold of the log', () => {
  it('a world reopened from its store has the same session and offers the same options', async () => {
    const cat = buildCatalog(await loadScenario(`${ROOT}scenarios/shenzhen`));
    const store = memoryStore();
    const open = () =>
      World.open({
        scenario: cat.scenario,
        seed: 3,
        population: null,
        store,
        brain: policyBrain(),
        engine: ruleEngine(),
        players: new PlayerQueue(),
      });
    const w = await open();
    await w.step(asking(JOIN, [{ actor: 'player-1', name: { cn: '阿达', en: 'Ada' }, concept: 'a newcomer', place: 'dongmen' }]));
    for (let i = 0; i < 3; i++) await w.step();
    const session = canonicalJson(w.state.stories);
    const options = storyOptions(cat, w.state, 'player-1');
    expect(options?.length).toBeGreaterThan(0);
    await w.close();
    const again = await open();
    expect(canonicalJson(again.state.stories)).toBe(session);
    expect(storyOptions(cat, again.state, 'player-1')).toEqual(options);
    await again.close();
  });
});

describe("Vesta Ring's story, played by a player's choices", () => {
  it('a newcomer who works the day shift and pays dues at the Union Hall gets a union card; one who ships out leaves on the tram; each byte-identical on a rerun', async () => {
    const stay = prefer('pay_dues', 'ride_to_union', 'work_shift', 'rest_a_while', 'ask_dmitri', 'walk_to_refinery');
    const leave = prefer('ship_out', 'work_shift', 'rest_a_while', 'ask_dmitri', 'walk_to_refinery');
    const a = await playStory('vesta_ring', stay, { place: 'hub_concourse', seed: 4 });
    expect(a.ending).toBe('union_card');
    expect(a.chapters).toEqual(['arrival', 'the_shifts', 'the_choice']);
    expect(a.state.actors['player-1'].location).toBe('union_hall');
    const b = await playStory('vesta_ring', leave, { place: 'hub_concourse', seed: 9 });
    expect(b.ending).toBe('outbound');
    expect(b.state.actors['player-1'].location).toBe('cargo_spindle');
    expect(b.events.find((e) => e.type === 'story_ended')).toMatchObject({
      ending: 'outbound',
      text: { en: expect.stringContaining('rode the tram to the Cargo Spindle'), cn: expect.stringContaining('货运轴') },
    });
    expect((await playStory('vesta_ring', stay, { place: 'hub_concourse', seed: 4 })).log).toBe(a.log);
  });
});
