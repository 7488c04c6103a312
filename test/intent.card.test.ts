import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachable } from '../dashboard/src/calls.ts';
import { ARTIFACTS, findChromium, type Served, stage, WAIT } from './helpers/browser.ts';

describe('the people and things the form offers', () => {
  it("are those at the player's place, alive, never the player", () => {
    const actors = [
      { id: 'me', place: 'a', status: 'alive' },
      { id: 'x', place: 'a', status: 'alive' },
      { id: 'y', place: 'b', status: 'alive' },
      { id: 'z', place: 'a', status: 'dead' },
      { id: 'w', place: 'a', status: 'dying' },
    ];
    const r = reachable('me', actors, [
      { id: 'e1', location: 'a' },
      { id: 'e2', location: 'b' },
    ]);
    expect(r.here).toBe('a');
    expect(r.people.map((a) => a.id)).toEqual(['x', 'w']);
    expect(r.things.map((e) => e.id)).toEqual(['e1']);
  });
});

/** The confirm card in a browser against `astinus serve`: a not-found instead of a call, and the preview of a call. */
const CHROMIUM = findChromium();
describe.skipIf(!CHROMIUM)('the confirm card in a browser', () => {
  let server: Served;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser, page } = await stage(CHROMIUM!, { tickMs: 1000, adminToken: `card-${process.pid}` }));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says what is not to be had, and what a call would cost or why it would be refused', async () => {
    await page.goto(server.url);
    const join = page.getByTestId('join-form');
    await join.locator('input[name=name]').fill('Ada');
    await join.locator('select[name=place]').selectOption('huaqiangbei');
    await page.getByTestId('join-submit').click();
    await expect.poll(() => page.getByTestId('player-status').textContent(), { timeout: WAIT }).toContain('Ada');
    const card = page.getByTestId('understood');
    const ask = async (text: string) => {
      await page.getByTestId('intent-text').fill(text);
      await page.getByTestId('intent-submit').click();
      await card.waitFor();
    };

    await ask('buy a power bank');
    await expect.poll(() => card.getByTestId('not-found').textContent()).toContain('power bank');
    expect(await card.getByTestId('intent-confirm').count()).toBe(0);

    await ask('buy noodles');
    await expect.poll(() => card.getByTestId('not-found').textContent()).toContain('Dongmen Old Street');

    await ask('buy a milk tea');
    await expect.poll(() => card.getByTestId('preview').textContent()).toContain('18 yuan');
    expect(await card.getByTestId('intent-confirm').count()).toBe(1);

    await ask('buy a guitar');
    await expect.poll(() => card.getByTestId('preview').textContent()).toContain('refused');
    expect(await card.getByTestId('preview').textContent()).toMatch(/your pockets hold \d+ yuan, not 800 yuan/);
    await page.getByTestId('panel-player').screenshot({ path: path.join(ARTIFACTS, 'player-preview.png') });
  });
});
