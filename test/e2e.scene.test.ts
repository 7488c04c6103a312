import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event, EventOf } from '../sim/model/events.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { ARTIFACTS, findChromium, type Served, stage, WAIT } from './helpers/browser.ts';
import { ROOT } from './helpers/world.ts';

/**
 * Looking around and asking, in a browser against `astinus serve scenarios/shenzhen` (docs/design.md,
 * Dialog types): the player presses "Look around" and reads who is here, what is sold, the ways out;
 * then asks a person about work and about rumours through the tool form, and reads answers that are
 * true of the world: work that is really open, where and for what pay; a fact the person holds. The
 * clock is the test's: a tick only when it steps.
 */
const CHROMIUM = findChromium();
type Actor = { id: string; name: { en: string }; place: string; status: string; isPlayer: boolean };

describe.skipIf(!CHROMIUM)('looking around and asking, in a browser', () => {
  const admin = `scene-admin-${process.pid}`;
  let server: Served;
  let browser: Browser;
  let page: Page;
  let cat: Catalog;

  const api = async <T>(url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}/api/worlds/shenzhen${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${admin}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const step = () => api<{ tick: number }>('/control', { action: 'step' });

  beforeAll(async () => {
    cat = buildCatalog(await loadScenario(path.join(ROOT, 'scenarios', 'shenzhen')));
    ({ server, browser, page } = await stage(CHROMIUM!, {
      scenario: path.join(ROOT, 'scenarios', 'shenzhen'),
      tickMs: 600_000,
      adminToken: admin,
      viewport: { width: 1366, height: 1000 },
      timeout: WAIT,
    }));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the scene on "Look around", and answers about work and rumours that are true', async () => {
    await api('/control', { action: 'pause' });
    await page.goto(server.url);
    const join = page.getByTestId('join-form');
    await join.locator('input[name=name]').fill('Ada');
    await join.locator('input[name=concept]').fill('a newcomer looking for work');
    await join.locator('select[name=place]').selectOption('dongmen');
    await page.getByTestId('join-submit').click();
    await page.getByTestId('player-status').waitFor();
    await step();
    await expect.poll(() => page.getByTestId('player-status').textContent()).toContain('Dongmen');
    const actors = await api<Actor[]>('/actors');
    const me = actors.find((a) => a.isPlayer)!;
    const here = actors.filter((a) => a.place === me.place && !a.isPlayer && a.status === 'alive');
    expect(here.length).toBeGreaterThan(0);

    // 1. look around: who is here, what is sold, the ways out
    await page.getByTestId('look-around').click();
    const scene = page.getByTestId('scene');
    await scene.waitFor();
    const seen = (await scene.textContent())!;
    expect(seen).toContain('You look around Dongmen Old Street');
    for (const a of here) expect(seen).toContain(`${a.name.en} is here`);
    for (const item of cat.places.get('dongmen')!.sells) expect(seen).toContain(cat.items.get(item)!.name.en);
    expect(seen).toContain('Ways out:');
    for (const l of cat.places.get('dongmen')!.links) expect(seen).toContain(cat.places.get(l.to)!.name.en);
    await scene.screenshot({ path: path.join(ARTIFACTS, 'scene-look.png') });

    /** ask a person present through the tool form; the answer they gave that tick */
    const ask = async (words: string): Promise<{ by: Actor; reply: EventOf<'action'> }> => {
      const now = (await api<Actor[]>('/actors')).filter((a) => a.place === me.place && !a.isPlayer && a.status === 'alive');
      expect(now.length).toBeGreaterThan(0);
      const by = now[0];
      await page.getByTestId('open-form').click();
      await page.getByTestId('tool-interact').click();
      const form = page.getByTestId('tool-form');
      await form.locator(`select[name=target] option[value="${by.id}"]`).waitFor({ state: 'attached' });
      await form.locator('select[name=target]').selectOption(by.id);
      await form.locator('select[name=manner]').selectOption('friendly');
      await form.locator('input[name=content]').fill(words);
      await page.getByTestId('form-submit').click();
      // these words queued (an earlier question's line may still be in the log), then the tick they go into
      await expect.poll(() => page.locator('[data-testid=player-log] [data-kind=queued]', { hasText: words }).count()).toBeGreaterThan(0);
      await step();
      // the tick the player's words were judged in (the step's reply may come before or after it commits), and the answer in it
      const replyIn = async () => {
        const mine = (await api<{ events: Event[] }>(`/events?actor=${me.id}&limit=500`)).events.find(
          (e): e is EventOf<'action'> =>
            e.type === 'action' && e.actor === me.id && JSON.stringify(e.call.args).includes(JSON.stringify(words)),
        );
        if (!mine) return undefined;
        return (await api<{ events: Event[] }>(`/events?actor=${by.id}&from=${mine.tick}&to=${mine.tick}&limit=200`)).events.find(
          (e): e is EventOf<'action'> =>
            e.type === 'action' && e.actor === by.id && e.call.tool === 'interact' && e.call.args.target === me.id,
        );
      };
      await expect.poll(replyIn, { timeout: WAIT, message: `${by.id} answers "${words}" in the tick it was said` }).toBeDefined();
      const reply = (await replyIn())!;
      return { by, reply: reply! };
    };
    const said = (m: unknown) => m as { key: string; params: Record<string, { id: string } | number> };
    const log = page.getByTestId('player-log');

    // 2. work: the sentence names real work, where it is and what it pays
    const work = await ask('Any work going around here?');
    const w = said((work.reply.call.args as { content: unknown }).content);
    expect(w.key).toMatch(/^reply\.work\.(open|mine_open|none)$/);
    if (w.key !== 'reply.work.none') {
      const job = cat.scenario.meta.jobs.find((j) => j.id === (w.params.job as { id: string }).id)!;
      const boss = (await api<Actor[]>('/actors')).find((a) => a.id === (w.params.employer as { id: string }).id)!;
      expect(boss.status).toBe('alive');
      expect(cat.jobsByEmployer.get(boss.id)?.id).toBe(job.id);
      const sentence = `${job.name.en} at ${cat.places.get(job.place)!.name.en}: ${job.wage} yuan a shift`;
      await expect.poll(() => log.textContent(), { timeout: WAIT }).toContain(sentence);
      // looking again, the words are what was said here
      await page.getByText('Look again').click();
      await expect.poll(() => scene.textContent(), { timeout: WAIT }).toContain(`${work.by.name.en} said to Ada`);
      expect(await scene.textContent()).toContain(sentence);
    } else await expect.poll(() => log.textContent(), { timeout: WAIT }).toContain('Nobody is taking anyone on');

    // 3. rumours: a fact the person holds, in its words (or that they have heard nothing)
    const news = await ask('Heard any rumours lately?');
    const n = said((news.reply.call.args as { content: unknown }).content);
    if (n.key === 'reply.news.fact') {
      const fact = await api<{ content: { en: string }; origin: { actor: string }; knownBy: { actor: string }[] }>(
        `/facts/${(n.params.fact as { id: string }).id}`,
      );
      // they started it or learned it: they hold it
      expect([fact.origin.actor, ...fact.knownBy.map((k) => k.actor)]).toContain(news.by.id);
      await expect.poll(() => log.textContent(), { timeout: WAIT }).toContain(`Here's what I've heard: ${fact.content.en}`);
    } else {
      expect(n.key).toBe('reply.news.none');
      await expect.poll(() => log.textContent(), { timeout: WAIT }).toContain("I haven't heard anything worth repeating");
    }
    await page.getByTestId('player').screenshot({ path: path.join(ARTIFACTS, 'scene-answers.png') });

    // the same scene in Chinese, at the switch of the language
    await page.getByTestId('lang-cn').click();
    await expect.poll(() => scene.textContent()).toContain('你环顾东门老街');
    expect(await scene.textContent()).toContain('出路：');
    await page.getByTestId('lang-en').click();
  }, 300_000);
});
