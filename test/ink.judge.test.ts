import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import type { StoryRefusal } from '../sim/tick/story.ts';
import { llmProgressJudge } from '../world-engine/story/progress/llm.ts';
import { testRuntime } from './helpers/llm.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { playStory, prefer } from './helpers/story-play.ts';

/**
 * The progress judge (docs/design.md, The story): the rules by default, from the ink; a model when configured, under
 * zod with one repair and then the rules, counted. Whatever it proposes for the world goes through the
 * Judge: the ink and the judge never write the world themselves.
 */
let llm: OpenAiServer;
beforeAll(async () => {
  llm = await startOpenAiServer();
});
afterAll(async () => {
  await llm.close();
});
beforeEach(() => {
  llm.reset();
});

const stay = prefer('post_moments', 'work_shift', 'rest', 'ask_foreman', 'go_to_site');
const scored = (events: Event[]) => events.filter((e): e is Extract<Event, { type: 'situation_scored' }> => e.type === 'situation_scored');
const good = (over: Record<string, unknown> = {}) => ({
  situationScore: 42,
  shouldAdvanceChapter: false,
  shouldEndStory: false,
  ending: null,
  rationale: { cn: '你刚刚起步。', en: 'You are just starting out.' },
  stateChanges: [],
  ...over,
});

describe('the rules progress judge', () => {
  it('scores each turn from the ink and advances the chapter when the ink reaches the next one', async () => {
    const a = await playStory('shenzhen', stay, { place: 'luohu_station', seed: 4 });
    const s = scored(a.events);
    expect(s.every((x) => x.by === 'rules')).toBe(true);
    // the hire is the turn the ink crosses into the hustle: that judgment advances, and chapter_advanced follows it
    const adv = s.filter((x) => x.advance).map((x) => x.chapter);
    expect(adv).toEqual(['arrival', 'hustle']);
    expect(a.events.filter((e) => e.type === 'chapter_advanced').map((e) => e.type === 'chapter_advanced' && `${e.from}>${e.to}`)).toEqual([
      'arrival>hustle',
      'hustle>crossroads',
    ]);
    expect(s[s.length - 1]).toMatchObject({
      end: true,
      score: 100,
      text: { en: expect.stringContaining('Made it'), cn: expect.stringContaining('站稳了脚跟') },
    });
  });
});

describe('a model as the progress judge', () => {
  it('a good answer is used: its score and its rationale in both languages', async () => {
    llm.responder = () => answers.json(good());
    const rt = testRuntime(llm.url);
    const a = await playStory('shenzhen', stay, {
      place: 'luohu_station',
      seed: 4,
      maxTicks: 4,
      progressJudge: llmProgressJudge({ client: rt.client, stats: rt.stats, lang: 'en' }),
    });
    const s = scored(a.events);
    expect(s.length).toBeGreaterThan(0);
    expect(s[0]).toMatchObject({ by: 'model', score: 42, text: { cn: '你刚刚起步。', en: 'You are just starting out.' } });
    expect(llm.requests[0].body.response_format?.json_schema?.name).toBe('progress');
    expect(rt.stats.totalRepairs).toBe(0);
  });

  it('a bad answer is repaired once; a second bad one falls back to the rules, and both are counted', async () => {
    llm.script(answers.text('not json'), answers.json(good()), answers.text('still not json'), answers.json({ situationScore: 900 }));
    llm.responder = () => answers.json(good());
    const rt = testRuntime(llm.url);
    const a = await playStory('shenzhen', stay, {
      place: 'luohu_station',
      seed: 4,
      maxTicks: 7,
      progressJudge: llmProgressJudge({ client: rt.client, stats: rt.stats, lang: 'en' }),
    });
    const s = scored(a.events);
    expect(s[0]).toMatchObject({ by: 'model', score: 42 });
    expect(s[1]).toMatchObject({ by: 'rules' });
    expect(rt.stats.totalRepairs).toBe(2);
    expect(Object.values(rt.stats.fallbacks).reduce((x, y) => x + y, 0)).toBe(1);
  });

  it("its changes to the world go through the Judge: money from the story is refused, a day cannot be changed, the story's own variables change", async () => {
    llm.responder = () =>
      answers.json(
        good({
          stateChanges: [
            { variable: 'money', delta: 1000 },
            { variable: 'day', delta: 3 },
            { variable: 'resolve', delta: 5 },
          ],
        }),
      );
    const rt = testRuntime(llm.url);
    const refused: StoryRefusal[] = [];
    const a = await playStory('shenzhen', stay, {
      place: 'luohu_station',
      seed: 4,
      maxTicks: 3,
      progressJudge: llmProgressJudge({ client: rt.client, stats: rt.stats, lang: 'en' }),
      onStory: (r) => refused.push(...r),
    });
    expect(refused.map((r) => `${r.variable}:${r.reason.code}`)).toEqual(
      expect.arrayContaining(['money:money_from_nowhere', 'day:story_not_world']),
    );
    expect(a.events.some((e) => e.type === 'money_created' && e.source === 'story')).toBe(false);
    const turned = a.events.find((e) => e.type === 'story_turned');
    expect(turned?.type === 'story_turned' && turned.variables.resolve).toBe(5);
    expect(turned?.type === 'story_turned' && turned.variables.money).toBeLessThan(1000);
  });
});
