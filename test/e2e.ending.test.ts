import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDashboard, DIST_INDEX } from '../dashboard/build.ts';
import path from 'node:path';
import { findChromium, launchBrowser, WAIT } from './helpers/browser.ts';
import { playStoryApi, stopStoryServer } from './helpers/story-api.ts';

/**
 * The ending screen in a browser: a scripted player plays Shenzhen's story to "Made it" through the
 * API, then the page shows the ending by its authored name and summary, in English and Chinese, with
 * no ending id and no blank to fill ("{{place}}") anywhere on screen.
 */
const CHROMIUM = findChromium();

describe.skipIf(!CHROMIUM)('the ending screen in a browser', () => {
  let browser: Browser | null = null;
  afterAll(async () => {
    await browser?.close();
    await stopStoryServer();
  });

  it("shows the ending's authored words, never its id", async () => {
    await buildDashboard();
    const [played, b] = await Promise.all([
      playStoryApi(['post_moments', 'work_shift', 'rest', 'ask_foreman', 'go_to_site'], {
        seed: 4,
        place: 'luohu_station',
        dashboardDir: path.dirname(DIST_INDEX),
      }),
      launchBrowser(CHROMIUM!),
    ]);
    browser = b;
    expect(played.ending).toBe('made_it');
    const ended = played.session.session!.ended!;
    for (const [locale, lang] of [
      ['en-US', 'en'],
      ['zh-CN', 'cn'],
    ] as const) {
      const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, locale })).newPage();
      page.setDefaultTimeout(WAIT);
      await page.goto(played.url);
      await page.evaluate((s) => localStorage.setItem('astinus.player.shenzhen', JSON.stringify(s)), {
        actorId: played.me,
        token: played.token,
        since: 0,
      });
      await page.reload();
      const screen = page.locator('[data-testid=story-ending]');
      await screen.waitFor();
      expect(await page.locator('[data-testid=ending-name]').textContent()).toBe(ended.name![lang]);
      expect(await screen.locator('.ending-summary').textContent()).toBe(ended.summary[lang]);
      const shown = await page.locator('body').innerText();
      expect(shown).not.toContain('{{');
      expect(shown).not.toContain('made_it');
      await page.context().close();
    }
  });
});
