import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDashboard } from '../dashboard/build.ts';
import type { Event } from '../sim/model/events.ts';
import { findChromium, freePort, launchBrowser, serve, type Served, WAIT } from './helpers/browser.ts';

/**
 * The player's story in a browser against `astinus serve --data`: a player gives away all their
 * strength, collapses, and a bot brings them back; the log names the rescuer, and reads the same
 * after a page reload and after the server restarts on the same data.
 */
const CHROMIUM = findChromium();

describe.skipIf(!CHROMIUM)("the player's story in a browser", () => {
  const admin = `story-admin-${process.pid}`;
  const data = mkdtempSync(path.join(tmpdir(), 'astinus-story-'));
  let port: number;
  let server: Served;
  let browser: Browser;
  let page: Page;
  let me: { actorId: string; token: string };

  const api = async <T>(url: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> => {
    const res = await fetch(`${server.url}/api/worlds/shenzhen${url}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${init.token ?? admin}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const events = async (q: string) => (await api<{ events: Event[] }>(`/events?limit=1000&${q}`)).events;
  const storyLines = () => page.locator('[data-testid=player-log] [data-kind=story]');
  const storyCount = async () => (await api<{ lines: unknown[] }>(`/players/${me.actorId}/story`)).lines.length;

  beforeAll(async () => {
    port = await freePort();
    await buildDashboard();
    [server, browser] = await Promise.all([
      serve({ tickMs: 150, adminToken: admin, args: ['--data', data, '--port', String(port)] }),
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

  it('names the bot who rescues the player, and keeps the log through a reload and a restart', async () => {
    // a still world while the player joins where most people stand, so that someone is beside them when they fall
    await api('/control', { method: 'POST', body: { action: 'pause' } });
    type ActorRow = { id: string; place: string; status: string; isPlayer: boolean };
    const crowd = new Map<string, number>();
    for (const a of await api<ActorRow[]>('/actors'))
      if (!a.isPlayer && a.status === 'alive') crowd.set(a.place, (crowd.get(a.place) ?? 0) + 1);
    const [place] = [...crowd].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0];
    me = await api('/players', { method: 'POST', body: { name: 'Tess', place } });
    await api('/control', { method: 'POST', body: { action: 'step' } });
    await page.goto(server.url);
    const [{ tick }] = (await (await fetch(`${server.url}/api/worlds`)).json()) as { tick: number }[];
    await page.evaluate((s) => localStorage.setItem('astinus.player.shenzhen', JSON.stringify(s)), { ...me, since: tick });
    await page.reload();
    await storyLines().first().waitFor();

    // all the player's strength, given to someone beside them: they collapse where the town can see
    const here = (await api<ActorRow[]>('/actors')).filter((a) => a.place === place && !a.isPlayer && a.status === 'alive');
    expect(here.length).toBeGreaterThan(0);
    const energy = (await api<{ body: { resources: { energy: number } } }>(`/actors/${me.actorId}`)).body.resources.energy;
    await api(`/players/${me.actorId}/act`, {
      method: 'POST',
      token: me.token,
      body: { call: { tool: 'use_resource', args: { resource: 'energy', amount: energy, purpose: 'gift', target: here[0].id } } },
    });
    await api('/control', { method: 'POST', body: { action: 'resume' } });
    let back: Event | undefined;
    await expect
      .poll(
        async () => {
          back = (await events(`type=status_changed&actor=${me.actorId}`)).find((e) => e.type === 'status_changed' && e.to === 'alive');
          return !!back;
        },
        { timeout: WAIT },
      )
      .toBe(true);
    const rescue = (await events(`type=action&from=${back!.tick}&to=${back!.tick}`)).find(
      (e) => e.type === 'action' && e.call.tool === 'interact' && e.call.args.target === me.actorId && e.seq < back!.seq,
    );
    expect(rescue, 'a bot came to the player (not the clock)').toBeDefined();
    const rescuer = (await api<{ name: { en: string } }>(`/actors/${rescue!.type === 'action' ? rescue!.actor : ''}`)).name.en;
    await expect
      .poll(() => page.locator('[data-testid=player-log] [data-story=status]').allTextContents(), { timeout: WAIT })
      .toContainEqual(expect.stringContaining(rescuer));

    // a still world, so that the log can be compared line for line
    await api('/control', { method: 'POST', body: { action: 'pause' } });
    const total = await storyCount();
    await expect.poll(() => storyLines().count(), { timeout: WAIT }).toBe(Math.min(total, 200));
    const before = await storyLines().allTextContents();
    expect(before.join('\n')).toContain(rescuer);

    await page.reload();
    await expect.poll(() => storyLines().count(), { timeout: WAIT }).toBe(before.length);
    expect(await storyLines().allTextContents()).toEqual(before);

    // the server goes away and comes back on the same data (and the same port: the session is the page's)
    await server.stop();
    server = await serve({ tickMs: 600_000, adminToken: admin, args: ['--data', data, '--port', String(port)] });
    await page.reload();
    await expect.poll(() => storyLines().count(), { timeout: WAIT }).toBe(before.length);
    expect(await storyLines().allTextContents()).toEqual(before);
    expect(await storyCount()).toBe(total);
  });
});
