import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDashboard } from '../dashboard/build.ts';
import { ARTIFACTS, findChromium, freePort, launchBrowser, serve, type Served, WAIT } from './helpers/browser.ts';

/**
 * The story layer played in a browser against `astinus serve --data`: a player joins Shenzhen, sees
 * their chapter and the story's choices, takes a quest when one is offered, picks a choice; then the
 * server is killed (SIGKILL, a crash) and started on the same data, and the reloaded page shows the
 * same chapter, quest log and message history.
 */
const CHROMIUM = findChromium();

describe.skipIf(!CHROMIUM)('the story session in a browser, through a crash', () => {
  const admin = `session-admin-${process.pid}`;
  const data = mkdtempSync(path.join(tmpdir(), 'astinus-session-'));
  let port: number;
  let server: Served;
  let browser: Browser;
  let page: Page;

  const api = async <T>(url: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> => {
    const res = await fetch(`${server.url}/api/worlds/shenzhen${url}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${init.token ?? admin}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const text = (testid: string) => page.getByTestId(testid).innerText();
  const logLines = () => page.locator('[data-testid=player-log] [data-kind=story]').allTextContents();
  /** the turn's own lines: what the player will do (their calls) and what happened (the narration) */
  const turnLines = () =>
    page.locator('[data-testid=player-log] [data-kind=queued], [data-testid=player-log] [data-kind=narration]').allTextContents();

  beforeAll(async () => {
    port = await freePort();
    mkdirSync(ARTIFACTS, { recursive: true });
    await buildDashboard();
    [server, browser] = await Promise.all([
      serve({ tickMs: 600, adminToken: admin, args: ['--data', data, '--port', String(port)] }),
      launchBrowser(CHROMIUM!),
    ]);
    page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' })).newPage();
    page.setDefaultTimeout(WAIT);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(data, { recursive: true, force: true });
  });

  it('joins, plays a choice and a quest, and finds the same story after the server is killed and restarted', async () => {
    // join where a quest is open, beside its giver, in a world held still (stepped by the admin) so bots do not take it first
    type Q = { id: string; giver: string; status: string; risk: { text: { en: string } } };
    const control = (action: string) => api('/control', { method: 'POST', body: { action } });
    let open: Q | undefined;
    await expect
      .poll(
        async () => {
          open = (await api<{ quests: Q[] }>('/quests')).quests.find((q) => q.status === 'offered');
          if (!open) return false;
          await control('pause');
          open = (await api<{ quests: Q[] }>('/quests')).quests.find((q) => q.status === 'offered');
          if (!open) await control('resume');
          return !!open;
        },
        { timeout: WAIT },
      )
      .toBe(true);
    const at = (await api<{ id: string; place: string }[]>('/actors')).find((a) => a.id === open!.giver)!.place;
    await page.goto(server.url);
    const join = page.getByTestId('join-form');
    await join.locator('input[name=name]').fill('Mei');
    await join.locator('input[name=concept]').fill('just arrived from the countryside');
    await join.locator('select[name=place]').selectOption(at);
    await page.getByTestId('join-submit').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('astinus.player.shenzhen'))).not.toBeNull();
    await control('step');

    // the story begins: its chapter and situation by name, and its choices
    const story = page.getByTestId('story');
    await story.waitFor({ timeout: WAIT });
    expect(await text('story-chapter')).toMatch(/Chapter\s+\S/);
    const options = page.getByTestId('story-option');
    await options.first().waitFor();
    expect(await options.count()).toBeGreaterThan(0);

    // a quest offered is taken: queued for the Judge, then taken. A bot beside the giver may take it first,
    // or the giver walk off, in the tick the Judge judges the take: the Judge refuses it then, and the
    // player takes the next one offered where they stand
    const take = page.getByTestId('quest-take');
    const taken = page.locator('[data-testid=quest][data-status=taken]');
    await page.getByTestId('quest-log').waitFor();
    await take.first().waitFor();
    for (let tries = 0; tries < 8 && !(await taken.count()); tries++) {
      if (await take.count()) {
        await take.first().click();
        await expect.poll(() => page.getByTestId('quest-queued').count()).toBeGreaterThan(0);
      }
      await control('step');
      await expect
        .poll(() => taken.count(), { timeout: 5_000 })
        .toBeGreaterThan(0)
        .catch(() => undefined);
    }
    expect(await taken.count()).toBeGreaterThan(0);
    // what others say of a quest (a rumour's sources) is shown with its reliability unknown, every line of it
    const sources = page.locator('[data-testid=quest-log] .quest-sources li');
    for (const line of await sources.allInnerTexts()) expect(line).toContain('reliability unknown');
    await control('resume');
    // the hidden risk is the admin's, never the player's
    const risks = (await api<{ quests: Q[] }>('/quests')).quests.map((q) => q.risk.text.en);
    const playerText = await page.getByTestId('panel-player').innerText();
    for (const r of risks) expect(playerText).not.toContain(r);

    const me = await page.evaluate(
      () => JSON.parse(localStorage.getItem('astinus.player.shenzhen')!) as { actorId: string; token: string },
    );
    const acted = async () =>
      (await api<{ events: { type: string }[] }>(`/events?type=action&actor=${me.actorId}&limit=100`)).events.length;
    const before = await acted();
    await options.first().click();
    await expect.poll(acted, { timeout: WAIT }).toBeGreaterThan(before);
    // the turn is judged: a score on the chart's line
    await expect
      .poll(async () => (await api<{ situations: unknown[] }>(`/players/${me.actorId}/session`, { token: me.token })).situations.length, {
        timeout: WAIT,
      })
      .toBeGreaterThan(0);

    // a still world, so what the page shows can be compared after the crash
    await api('/control', { method: 'POST', body: { action: 'pause' } });
    await page.reload();
    await page.getByTestId('story-chapter').waitFor();
    await expect.poll(async () => (await logLines()).length, { timeout: WAIT }).toBeGreaterThan(0);
    // the turn's summary is kept with the log: the call sent and what came of it are still there
    await expect.poll(async () => (await turnLines()).length, { timeout: WAIT }).toBeGreaterThan(1);
    await page.waitForTimeout(500);
    const chapter = await text('story-chapter');
    const situation = await text('story-situation');
    const quests = await text('quest-log');
    const log = await logLines();
    const turns = await turnLines();
    await page.getByTestId('panel-player').screenshot({ path: path.join(ARTIFACTS, 'session-before-crash.png') });

    await server.kill();
    server = await serve({ tickMs: 600_000, adminToken: admin, args: ['--data', data, '--port', String(port)] });
    await page.reload();
    await page.getByTestId('story-chapter').waitFor({ timeout: WAIT });
    await expect.poll(() => text('story-chapter')).toBe(chapter);
    expect(await text('story-situation')).toBe(situation);
    await expect.poll(() => text('quest-log')).toBe(quests);
    await expect.poll(logLines, { timeout: WAIT }).toEqual(log);
    await expect.poll(turnLines, { timeout: WAIT }).toEqual(turns);
    await page.getByTestId('panel-player').screenshot({ path: path.join(ARTIFACTS, 'session-after-crash.png') });

    // the admin, with the token typed in the controls, sees the hidden risks and the director
    await page.getByTestId('admin-token').fill(admin);
    const adminPanel = page.getByTestId('panel-admin-story');
    await adminPanel.getByTestId('quest-risk').first().waitFor({ timeout: WAIT });
    expect(await adminPanel.innerText()).toContain(risks[0]);
    await adminPanel.getByTestId('director-phase').waitFor();
    await adminPanel.screenshot({ path: path.join(ARTIFACTS, 'session-admin.png') });

    // the same, in Chinese: the switch changes the story's names too
    await page.getByTestId('lang-cn').click();
    await expect.poll(() => text('story-chapter')).toMatch(/章节/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('panel-player').screenshot({ path: path.join(ARTIFACTS, 'session-phone-cn.png') });
  });
});
