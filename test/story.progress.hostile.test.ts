import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import { spelledSums } from '../world-engine/narrator/numerals.ts';
import { llmProgressJudge } from '../world-engine/story/progress/llm.ts';
import { testRuntime } from './helpers/llm.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { playStory, prefer } from './helpers/story-play.ts';

/**
 * A hostile model as the story's progress judge (docs/design.md, The story): it may choose only among the
 * chapters and endings the ink reached from the world's current variables, and its rationale tells only
 * what the state holds. The model is a real loopback server speaking the chat completions API.
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
const fortune = { cn: '阿达赚了一百万元，发了大财。', en: 'Ada made a fortune of a million yuan.' };
const hostile = (over: Record<string, unknown> = {}) => ({
  situationScore: 100,
  shouldAdvanceChapter: true,
  shouldEndStory: true,
  ending: 'made_it',
  rationale: fortune,
  stateChanges: [],
  ...over,
});

describe('a hostile progress judge', () => {
  it('cannot end the story on the first turn: its answer is refused, the rules judge the turn, and the refusal is counted', async () => {
    llm.responder = () => answers.json(hostile());
    const rt = testRuntime(llm.url);
    const judge = llmProgressJudge({ client: rt.client, stats: rt.stats, lang: 'en' });
    const a = await playStory('shenzhen', stay, { place: 'luohu_station', seed: 4, maxTicks: 6, progressJudge: judge });
    const s = scored(a.events);
    expect(s.length).toBeGreaterThan(0);
    expect(llm.requests.length).toBe(s.length);
    // the player is far from the 800 the ink asks, and holds no fortune
    expect(a.state.actors['player-1'].money).toBeLessThan(800);
    expect(s[0]).toMatchObject({ by: 'rules', end: false, advance: false });
    expect(a.state.stories?.['player-1']?.ended).toBeFalsy();
    expect(a.events.some((e) => e.type === 'story_ended')).toBe(false);
    expect(a.log).not.toContain('million');
    expect(a.log).not.toContain('一百万');
    expect(rt.stats.fallbacks.story_not_allowed).toBe(s.length);
  });

  it("a rationale that tells a fortune the player does not have is replaced by the rules' and counted; the score stands", async () => {
    llm.responder = () => answers.json(hostile({ situationScore: 37, shouldAdvanceChapter: false, shouldEndStory: false, ending: null }));
    const rt = testRuntime(llm.url);
    const judge = llmProgressJudge({ client: rt.client, stats: rt.stats, lang: 'en' });
    const a = await playStory('shenzhen', stay, { place: 'luohu_station', seed: 4, maxTicks: 4, progressJudge: judge });
    const s = scored(a.events);
    expect(s.length).toBeGreaterThan(0);
    expect(s[0]).toMatchObject({ by: 'model', score: 37, end: false, text: { en: expect.stringContaining('The first day') } });
    expect(a.log).not.toContain('million');
    expect(a.log).not.toContain('一百万');
    expect(rt.stats.dropped.rationale_unbacked).toBe(s.length);
    expect(rt.stats.totalFallbacks).toBe(0);
  });

  it('a rationale that tells what the turn holds is kept', async () => {
    llm.responder = () =>
      answers.json(
        hostile({
          situationScore: 37,
          shouldAdvanceChapter: false,
          shouldEndStory: false,
          ending: null,
          rationale: { cn: '阿达刚刚起步。', en: 'Ada is just starting out.' },
        }),
      );
    const rt = testRuntime(llm.url);
    const judge = llmProgressJudge({ client: rt.client, stats: rt.stats, lang: 'en' });
    const a = await playStory('shenzhen', stay, { place: 'luohu_station', seed: 4, maxTicks: 4, progressJudge: judge });
    const s = scored(a.events);
    expect(s.length).toBeGreaterThan(0);
    expect(s[0]).toMatchObject({ by: 'model', score: 37, text: { cn: '阿达刚刚起步。', en: 'Ada is just starting out.' } });
    expect(rt.stats.totalDropped).toBe(0);
  });

  it('where the ink does reach an ending, the model choosing it stands: the story ends there, judged by the model', async () => {
    const made = { cn: '阿达在这座城市站稳了脚跟。', en: 'Ada made it in the city.' };
    llm.responder = () => answers.json(hostile({ situationScore: 77, shouldAdvanceChapter: false, rationale: made }));
    const rt = testRuntime(llm.url);
    const judge = llmProgressJudge({ client: rt.client, stats: rt.stats, lang: 'en' });
    const a = await playStory('shenzhen', stay, { place: 'luohu_station', seed: 4, progressJudge: judge });
    const s = scored(a.events);
    expect(a.ending).toBe('made_it');
    const last = s[s.length - 1];
    expect(last).toMatchObject({ by: 'model', score: 77, end: true, text: made });
    // every turn before it asked for an ending the ink had not reached: each was refused, and only those
    expect(s.slice(0, -1).every((x) => x.by === 'rules' && !x.end)).toBe(true);
    expect(rt.stats.fallbacks.story_not_allowed).toBe(s.length - 1);
    expect(a.events.filter((e) => e.type === 'story_ended')).toHaveLength(1);
  });
});

describe("the narrator's claim reader", () => {
  it('reads sums spelled with a scale word, in either language, and leaves words that only look like numbers', () => {
    expect(spelledSums('a million yuan; two hundred thousand; 1.5 million')).toEqual([
      { text: 'a million', value: 1_000_000 },
      { text: 'two hundred thousand', value: 200_000 },
      { text: '1.5 million', value: 1_500_000 },
    ]);
    expect(spelledSums('赚了一百万元，还有两千、3.5万和一亿两千万')).toEqual([
      { text: '一百万', value: 1_000_000 },
      { text: '两千', value: 2000 },
      { text: '3.5万', value: 35_000 },
      { text: '一亿两千万', value: 120_000_000 },
    ]);
    expect(spelledSums('千万别走，百姓都知道；三十天；498 yuan')).toEqual([]);
  });
});
