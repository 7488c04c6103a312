import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDashboard } from '../dashboard/build.ts';
import { ARTIFACTS, findChromium, launchBrowser, serve, type Served, WAIT } from './helpers/browser.ts';

/**
 * A newcomer on a phone (390x844), in headless Chromium against `astinus serve`: the join form shows
 * each trait with its own box inside one label, with what it is good for and what it costs and the
 * doings each side fits; then a turn is played in one's own words (understood, previewed, confirmed,
 * its result in the log) without scrolling past the map: the controls come before it.
 */
const CHROMIUM = findChromium();

describe.skipIf(!CHROMIUM)('playing on a phone', () => {
  let server: Served;
  let browser: Browser;
  let ctx: BrowserContext;

  beforeAll(async () => {
    await buildDashboard();
    [server, browser] = await Promise.all([serve({ tickMs: 400, adminToken: `e2e-phone-${process.pid}` }), launchBrowser(CHROMIUM!)]);
    ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', hasTouch: true, isMobile: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('joins with traits that say what they do, then plays a turn above the map', { timeout: 240_000 }, async () => {
    const page = await ctx.newPage();
    page.setDefaultTimeout(WAIT);
    await page.goto(server.url);
    const join = page.getByTestId('join-form');
    await join.waitFor();

    // each box sits in the same label as its trait's name, and that label says what the trait helps and hinders
    await page.locator('[data-testid=trait-picker] input[type=checkbox]').first().waitFor();
    const traits = await page.locator('[data-testid=trait-picker] input[type=checkbox]').evaluateAll((boxes) =>
      boxes.map((b) => {
        const label = b.closest('label');
        const box = b.getBoundingClientRect();
        const name = label?.querySelector('b')?.getBoundingClientRect();
        return {
          id: b.getAttribute('data-testid'),
          name: label?.querySelector('b')?.textContent ?? '',
          helps: label?.querySelector('[data-testid=trait-helps]')?.textContent ?? '',
          hinders: label?.querySelector('[data-testid=trait-hinders]')?.textContent ?? '',
          // the box is on its name's line, not a line between two traits
          sameLine: !!name && Math.abs(box.y + box.height / 2 - (name.y + name.height / 2)) < name.height,
        };
      }),
    );
    expect(traits.length).toBeGreaterThan(2);
    for (const tr of traits) {
      expect(tr.name.trim(), `${tr.id} has no name in its label`).not.toBe('');
      expect(tr.helps, `${tr.id}`).toMatch(/^\+ \S/);
      expect(tr.hinders, `${tr.id}`).toMatch(/^− \S/);
      expect(tr.sameLine, `${tr.id}'s box is not beside its name`).toBe(true);
    }
    // the pack's helps/hinders words are spelled out as a sentence (Stubborn: helps to perform, hinders to negotiate)
    const stubborn = page.locator('label[data-trait=stubborn]');
    expect(await stubborn.getByTestId('trait-helps').textContent()).toContain('Helps when you perform.');
    expect(await stubborn.getByTestId('trait-hinders').textContent()).toMatch(/Hinders when you negotiate\./i);
    // a tap on the trait's words ticks its own box
    await stubborn.locator('b').tap();
    expect(await page.getByTestId('preset-stubborn').isChecked()).toBe(true);
    expect(await page.locator('[data-testid=trait-picker] input:checked').count()).toBe(1);
    await page.getByTestId('trait-picker').screenshot({ path: path.join(ARTIFACTS, 'phone-join-traits.png') });

    await join.locator('input[name=name]').fill('Kai');
    await join.locator('select[name=place]').selectOption('huaqiangbei');
    await page.getByTestId('join-submit').tap();
    await expect.poll(() => page.getByTestId('player-status').textContent(), { timeout: WAIT }).toContain('Kai');

    // the turn: in one's own words, understood and previewed, then confirmed
    await page.getByTestId('intent-text').fill('buy a milk tea');
    await page.getByTestId('intent-submit').tap();
    const card = page.getByTestId('understood');
    await expect.poll(() => card.getByTestId('preview').textContent(), { timeout: WAIT }).toContain('18 yuan');
    const confirm = card.getByTestId('intent-confirm');
    await confirm.scrollIntoViewIfNeeded();
    const where = await confirm.evaluate((el) => {
      const map = document.querySelector('[data-testid=world-map]')!;
      const c = el.getBoundingClientRect();
      const m = map.getBoundingClientRect();
      return {
        before: !!(el.compareDocumentPosition(map) & Node.DOCUMENT_POSITION_FOLLOWING),
        confirm: { top: c.top, bottom: c.bottom },
        mapTop: m.top,
        // no box between the page and Confirm scrolls: Confirm is never hidden in an inner scroller
        inner: (() => {
          for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (/(auto|scroll)/.test(s.overflowY) && p.scrollHeight > p.clientHeight + 1) return p.className;
          }
          return '';
        })(),
      };
    });
    expect(where.before, 'Confirm comes before the map in the page').toBe(true);
    expect(where.inner).toBe('');
    // Confirm is in view, and the map is still below it: the page was not scrolled past the map
    expect(where.confirm.top).toBeGreaterThanOrEqual(0);
    // a box's edges fall on fractions of a pixel while the page scrolls by whole ones: under a pixel out is in view
    expect(where.confirm.bottom).toBeLessThan(844 + 1);
    expect(where.mapTop).toBeGreaterThan(where.confirm.bottom);
    await page.screenshot({ path: path.join(ARTIFACTS, 'phone-confirm.png') });
    await confirm.tap();

    // the result: the call sent, then what came of it, in the log above the map
    const log = page.getByTestId('player-log');
    await log.locator('[data-kind=queued]').first().waitFor({ timeout: WAIT });
    await expect
      .poll(async () => (await log.locator('[data-kind=narration], [data-kind=story]').allTextContents()).join(' '), { timeout: WAIT })
      .toMatch(/milk tea/i);
    const after = await page.evaluate(() => {
      const log = document.querySelector('[data-testid=player-log]')!.getBoundingClientRect();
      const map = document.querySelector('[data-testid=world-map]')!.getBoundingClientRect();
      return { log: log.top, map: map.top };
    });
    expect(after.log).toBeLessThan(after.map);
    await page.screenshot({ path: path.join(ARTIFACTS, 'phone-turn.png') });
    await page.close();
  });
});
