import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDashboard } from '../dashboard/build.ts';
import { ARTIFACTS, findChromium, launchBrowser, serve, type Served, WAIT } from './helpers/browser.ts';

/**
 * The map's words where a reader looks for them, in headless Chromium against `astinus serve` of each
 * pack: every place's name beside its circle and every person listed beside their place (no further
 * off than the circle's radius), none under the zoom buttons, no speech bubble over a name or under
 * the buttons, no walker's name over a place's name or a listed person's, and the view moved by
 * dragging (and by the keyboard) without selecting any text on the page.
 */
const CHROMIUM = findChromium();
const PACKS = ['shenzhen', 'riverford', 'vesta_ring'];
const VIEWPORTS = [
  { width: 1440, height: 900 },
  // a laptop's window: the widest map whose corner names reach the zoom buttons
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

type Rect = { x: number; y: number; w: number; h: number };
/** x,y w×h, rounded: where a rectangle was, for a failure a reader can redraw */
const rect = (r: Rect) => `${r.x.toFixed(0)},${r.y.toFixed(0)} ${r.w.toFixed(0)}×${r.h.toFixed(0)}`;
const cross = (a: Rect, b: Rect) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.5;

/** Each place's circle (centre, radius), its name's box and the boxes of the people listed beside it. */
function placesDrawn(page: Page) {
  return page.locator('[data-testid=world-map] [data-place]').evaluateAll((els) =>
    els.map((g) => {
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, w: r.width, h: r.height };
      };
      const c = g.querySelector('circle')!.getBoundingClientRect();
      const id = g.getAttribute('data-place')!;
      const rows = [...document.querySelectorAll(`[data-testid=world-map] [data-roster="${id}"] [data-actor]`)].map(box);
      return { id, cx: c.x + c.width / 2, cy: c.y + c.height / 2, r: c.width / 2, name: box(g.querySelector('.place-name')!), rows };
    }),
  );
}

/** How far a box lies from a point (0 when the point is inside it). */
const away = (b: Rect, x: number, y: number) => Math.hypot(Math.max(b.x - x, 0, x - (b.x + b.w)), Math.max(b.y - y, 0, y - (b.y + b.h)));

/** The speech bubbles and names drawn right now, and the walkers' names beside the names that stay put. */
function bubblesOverNames(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height, text: e.textContent ?? '' };
    };
    const names = [...document.querySelectorAll('[data-testid=world-map] :is(.place-name, .person-name)')].map(box);
    const bubbles = [...document.querySelectorAll('[data-testid=world-map] [data-bubble] rect')].map((r) => ({
      ...box(r),
      who: r.closest('[data-bubble]')!.getAttribute('data-bubble')!,
    }));
    // a walker's name beside the names that stay put: the places' and the people listed at them
    const walkers = [...document.querySelectorAll('[data-testid=world-map] [data-walking] .person-name')].map(box);
    const fixed = [...document.querySelectorAll('[data-testid=world-map] :is(.place-name, [data-roster] .person-name)')].map(box);
    return { bubbles: bubbles.length, names, rects: bubbles, walkers, fixed };
  });
}

describe.skipIf(!CHROMIUM)('the map’s names and bubbles, and moving the view', () => {
  const servers: Served[] = [];
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await buildDashboard();
    const started = await Promise.all([
      ...PACKS.map((p) => serve({ scenario: path.join('scenarios', p), tickMs: 300, adminToken: `e2e-labels-${p}-${process.pid}` })),
      launchBrowser(CHROMIUM!),
    ]);
    browser = started.pop() as Browser;
    servers.push(...(started as Served[]));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => s.stop()));
  });

  /** One window's sampling of a pack's map (for the tests below): how many walkers' names it saw. */
  async function sampleAt(pack: string, url: string, viewport: { width: number; height: number }): Promise<number> {
    let walking = 0;
    const page = await browser.newPage({ viewport, locale: 'en-US' });
    page.setDefaultTimeout(WAIT);
    await page.goto(url);
    await expect.poll(() => page.locator('[data-testid=world-map] [data-actor]').count(), { timeout: WAIT }).toBeGreaterThan(3);

    const far: string[] = [];
    const buttons = (await page.locator('.map-zoom').boundingBox())!;
    const zoom = { x: buttons.x, y: buttons.y, w: buttons.width, h: buttons.height };
    for (const p of await placesDrawn(page)) {
      const gap = away(p.name, p.cx, p.cy) - p.r;
      if (gap > p.r) far.push(`${p.id} name ${gap.toFixed(0)}px off`);
      // the zoom buttons stand over the map's corner: no name is drawn under them
      for (const b of [p.name, ...p.rows]) if (cross(b, zoom)) far.push(`${p.id} ${rect(b)} under the zoom buttons ${rect(zoom)}`);
      // people stack in lines, but the column they are listed in stands beside the circle
      for (const [n, row] of p.rows.entries()) {
        const side = Math.max(row.x - (p.cx + p.r), p.cx - p.r - (row.x + row.w), 0);
        if (side > p.r) far.push(`${p.id} row ${n} ${side.toFixed(0)}px aside`);
      }
    }
    expect(far.join('; '), `${pack} at ${viewport.width}px`).toBe('');
    await page.screenshot({ path: path.join(ARTIFACTS, `map-labels-${pack}-${viewport.width}.png`) });

    // bubbles and walkers come and go: every frame sampled shows none over a name, and some bubbles were seen
    let seen = 0;
    const covered: string[] = [];
    for (let n = 0; n < 60 && (seen < 3 || n < 15); n++) {
      const s = await bubblesOverNames(page);
      seen += s.bubbles;
      for (const b of s.rects) {
        for (const name of s.names)
          if (cross(b, name)) covered.push(`${b.who} over "${name.text}" (bubble ${rect(b)}, name ${rect(name)})`);
        if (cross(b, zoom)) covered.push(`${b.who} under the zoom buttons (bubble ${rect(b)}, buttons ${rect(zoom)})`);
      }
      walking += s.walkers.length;
      for (const w of s.walkers)
        for (const name of s.fixed)
          if (cross(w, name)) covered.push(`walker "${w.text}" over "${name.text}" (${rect(w)}, name ${rect(name)})`);
      await page.waitForTimeout(200);
    }
    expect(covered.join('; '), `${pack} at ${viewport.width}px`).toBe('');
    expect(seen, 'no one was seen speaking').toBeGreaterThan(0);
    await page.close();
    return walking;
  }

  for (const [i, pack] of PACKS.entries())
    it(`${pack}: names at their places, no bubble or walker's name over a name`, { timeout: 240_000 }, async () => {
      // walkers' names sampled, over every window size at once: none may cover a place's name or a listed person's
      const walking = (await Promise.all(VIEWPORTS.map((viewport) => sampleAt(pack, servers[i].url, viewport)))).reduce((n, w) => n + w, 0);
      expect(walking, 'no walker was seen named on the road').toBeGreaterThan(0);
    });

  it('a drag pans the zoomed map without selecting text; the keyboard moves it too', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    page.setDefaultTimeout(WAIT);
    await page.goto(servers[0].url);
    await expect.poll(() => page.locator('[data-testid=world-map] [data-actor]').count(), { timeout: WAIT }).toBeGreaterThan(3);
    const viewBox = () => page.getByTestId('world-map').getAttribute('viewBox');
    const before = await viewBox();
    await page.getByTestId('map-zoom-in').click();
    await page.getByTestId('map-zoom-in').click();
    const zoomed = await viewBox();
    expect(zoomed).not.toBe(before);

    const wrap = (await page.getByTestId('map-wrap').boundingBox())!;
    const [x, y] = [wrap.x + wrap.width / 2, wrap.y + wrap.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let s = 1; s <= 10; s++) await page.mouse.move(x + 16 * s, y + 10 * s);
    // dragged past the map's edge onto the page's text, as a hand does
    await page.mouse.move(wrap.x + wrap.width + 200, y + 100);
    await page.mouse.up();
    const dragged = await viewBox();
    expect(dragged).not.toBe(zoomed);
    const [x0, y0] = zoomed!.split(' ').map(Number);
    const [x1, y1] = dragged!.split(' ').map(Number);
    // the drawing follows the hand: dragged right and down, the view moves left and up
    expect(x1).toBeLessThan(x0);
    expect(y1).toBeLessThan(y0);
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
    // a drag is not a click: nothing was picked
    expect(await page.getByTestId('inspector-title').count()).toBe(0);

    await page.getByTestId('map-wrap').focus();
    await page.keyboard.press('ArrowRight');
    const [x2] = (await viewBox())!.split(' ').map(Number);
    expect(x2).toBeGreaterThan(x1);
    await page.screenshot({ path: path.join(ARTIFACTS, 'map-dragged.png') });
    await page.close();
  });

  it('two fingers spread zoom in, Ctrl and the wheel zoom, and the buttons bring it back', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US', hasTouch: true });
    page.setDefaultTimeout(WAIT);
    await page.goto(servers[0].url);
    await expect.poll(() => page.locator('[data-testid=world-map] [data-actor]').count(), { timeout: WAIT }).toBeGreaterThan(3);
    const zoomOut = page.getByTestId('map-zoom-out');
    expect(await zoomOut.isDisabled()).toBe(true);
    // a pinch as the browser reports it: two touch pointers down, the second moving away from the first
    await page.getByTestId('map-wrap').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const [cx, cy] = [r.x + r.width / 2, r.y + r.height / 2];
      const fire = (type: string, id: number, x: number, y: number) =>
        el.dispatchEvent(
          new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: x, clientY: y, bubbles: true }),
        );
      fire('pointerdown', 1, cx - 20, cy);
      fire('pointerdown', 2, cx + 20, cy);
      for (let s = 1; s <= 8; s++) fire('pointermove', 2, cx + 20 + 15 * s, cy);
      fire('pointerup', 2, cx + 140, cy);
      fire('pointerup', 1, cx - 20, cy);
    });
    await expect.poll(() => zoomOut.isDisabled()).toBe(false);
    // the buttons undo it, step by step, down to the whole map
    for (let n = 0; n < 6 && !(await zoomOut.isDisabled()); n++) await zoomOut.click();
    expect(await zoomOut.isDisabled()).toBe(true);
    expect(await page.getByTestId('world-map').getAttribute('viewBox')).toMatch(/^0 0 /);

    // Ctrl and the wheel (a trackpad's pinch) zoom where the pointer is
    const wrap = (await page.getByTestId('map-wrap').boundingBox())!;
    await page.mouse.move(wrap.x + wrap.width / 3, wrap.y + wrap.height / 3);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -240);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomOut.isDisabled()).toBe(false);
    await page.close();
  });
});
