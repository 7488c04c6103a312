import { afterEach, describe, expect, it } from 'vitest';
import { playStoryApi, stopStoryServer } from './helpers/story-api.ts';

/** Shenzhen's story through the API alone (test/helpers/story-api.ts): REST and Socket.IO, a turn-based world. */
afterEach(stopStoryServer);

describe("Shenzhen's story played through REST and Socket.IO", () => {
  const stay = ['post_moments', 'work_shift', 'rest', 'ask_foreman', 'go_to_site'];
  const leave = ['buy_ticket_home', 'work_shift', 'rest', 'ask_foreman', 'go_to_site'];

  it('one script makes it, another goes home, each in a bounded number of turns and byte-identical on a rerun', async () => {
    const a = await playStoryApi(stay, { seed: 4, place: 'luohu_station' });
    await stopStoryServer();
    expect(a.ending).toBe('made_it');
    expect(a.chapters).toEqual(['arrival', 'hustle', 'crossroads']);
    expect(a.turns).toBeLessThanOrEqual(30);
    expect(a.scores.every((x) => x >= 0 && x <= 100)).toBe(true);

    // the situation's words as the session gives them: the first day only on the first day, and always some words
    expect(a.words.length).toBeGreaterThan(0);
    for (const w of a.words) expect(w.en, `${w.situation} on day ${w.day}`).not.toBeNull();
    for (const w of a.words.filter((x) => x.situation === 'first_day')) expect(w.en === 'The first day').toBe(w.day === 1);
    // the ending as the player receives it: its authored name and summary, never its id or a blank to fill
    const ended = a.session.session!.ended!;
    expect(ended.name).toEqual({ cn: '站稳了脚跟', en: 'Made it' });
    expect(ended.summary.en).toMatch(/^You saved your first money by your own hands/);
    expect(ended.summary.cn).toMatch(/^你靠自己的双手攒下了第一笔钱/);
    const received = [JSON.stringify(a.session), ...a.lines.lines.flatMap((l) => [l.text.cn, l.text.en])];
    for (const text of received) expect(text).not.toContain('{{');
    for (const text of [...a.lines.lines.flatMap((l) => [l.text.cn, l.text.en]), ended.summary.en, ended.summary.cn])
      expect(text).not.toContain('made_it');
    expect(a.session.memory.map((m) => m.summary.en)).toContainEqual(
      expect.stringMatching(/^Your story ended: You saved your first money/),
    );

    const b = await playStoryApi(leave, { seed: 9, place: 'dongmen' });
    await stopStoryServer();
    expect(b.ending).toBe('went_home');
    expect(b.turns).toBeLessThanOrEqual(30);

    const again = await playStoryApi(stay, { seed: 4, place: 'luohu_station' });
    expect(again.log).toBe(a.log);
    await stopStoryServer();
    expect((await playStoryApi(leave, { seed: 9, place: 'dongmen' })).log).toBe(b.log);
    console.log(`through the API: made_it in ${a.turns} turns (${a.log.split('\n').length} events), went_home in ${b.turns} turns`);
  }, 120_000);
});
