import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDashboard } from '../dashboard/build.ts';
import { ARTIFACTS, findChromium, launchBrowser, serve, type Served, WAIT } from './helpers/browser.ts';

/**
 * The map as a newcomer meets it, in headless Chromium against `astinus serve` with a fast tick:
 * people named without hovering, places apart, someone seen on the road between two places, the
 * whole map on a laptop and on a phone, the feed in view on a laptop, and a tap on a person on a
 * phone opening the inspector where it can be read. Screenshots land in test/artifacts/.
 */
const CHROMIUM = findChromium();
const CI = process.env.CI === 'true';

type Rect = { x: number; y: number; w: number; h: number };
const rectsOf = (page: Page, sel: string) =>
  page.locator(sel).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
const cross = (a: Rect, b: Rect) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.5;
const inside = (r: Rect, w: number, h: number) => r.x >= -0.5 && r.y >= -0.5 && r.x + r.w <= w + 0.5 && r.y + r.h <= h + 0.5;

/** Pairs of places whose drawn parts (the circle, the name) overlap one another. */
async function overlaps(page: Page): Promise<string[]> {
  const parts = await page.locator('[data-testid=world-map] [data-place] :is(circle, .place-name)').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { id: e.closest('[data-place]')!.getAttribute('data-place')!, x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
  const out = new Set<string>();
  for (const p of parts) for (const q of parts) if (p.id < q.id && cross(p, q)) out.add(`${p.id}~${q.id}`);
  return [...out];
}

/**
 * Everyone alive is named on the map, or counted in a "+n" line beside their place, or walking past a
 * place's names: a walker's name goes where it covers no name (above, below or beside the dot) and is
 * left out only while every such spot does, so an unnamed walker is never far from a place's names.
 */
async function unnamed(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const worlds = (await (await fetch('/api/worlds')).json()) as { id: string }[];
    const actors = (await (await fetch(`/api/worlds/${worlds[0].id}/actors`)).json()) as { status: string }[];
    const alive = actors.filter((a) => a.status !== 'dead').length;
    const named = [...document.querySelectorAll('[data-testid=world-map] [data-actor] .person-name')].filter(
      (t) => t.textContent!.trim() && t.getBoundingClientRect().width > 0,
    ).length;
    const counted = [...document.querySelectorAll('[data-testid=world-map] [data-more]')].reduce(
      (s, e) => s + Number(e.getAttribute('data-more')),
      0,
    );
    // a name's width and a little (130 of the map's units, however the page scales it) from a place's names
    const svg = document.querySelector<SVGSVGElement>('[data-testid=world-map]')!;
    const reach = 130 * svg.getScreenCTM()!.a;
    const fixed = [...svg.querySelectorAll(':is(.place-name, [data-roster] .person-name)')].map((e) => e.getBoundingClientRect());
    const passing = [...svg.querySelectorAll('[data-walking]')].filter((w) => {
      if (w.querySelector('.person-name')) return false;
      const d = w.querySelector('.dot')!.getBoundingClientRect();
      const [x, y] = [d.x + d.width / 2, d.y + d.height / 2];
      return fixed.some((b) => Math.hypot(Math.max(b.x - x, 0, x - b.right), Math.max(b.y - y, 0, y - b.bottom)) < reach);
    }).length;
    return alive - named - counted - passing;
  });
}

/** Where the first person on the road is drawn, and the centres of all places. */
async function walker(page: Page) {
  return page.evaluate(() => {
    const w = document.querySelector('[data-testid=world-map] [data-walking]');
    const m = w && /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(w.getAttribute('transform') ?? '');
    const places = [...document.querySelectorAll('[data-testid=world-map] [data-place] circle')].map((c) => ({
      x: Number(c.getAttribute('cx')),
      y: Number(c.getAttribute('cy')),
    }));
    return { id: w?.getAttribute('data-actor') ?? null, at: m ? { x: Number(m[1]), y: Number(m[2]) } : null, places };
  });
}

if (!CHROMIUM) {
  const why =
    'Chromium was not found (looked at $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser): install it with `apt-get install -y chromium`.';
  if (CI)
    describe('the map in a browser', () => {
      it('needs Chromium', () => {
        throw new Error(why);
      });
    });
  else {
    console.warn(`e2e: ${why} The map tests are SKIPPED.`);
    describe.skip('the map in a browser (Chromium missing)', () => {
      it('skipped', () => {});
    });
  }
} else {
  describe('the map in a browser', () => {
    let server: Served;
    let browser: Browser;

    beforeAll(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      await buildDashboard();
      [server, browser] = await Promise.all([
        serve({ tickMs: 250, adminToken: `e2e-map-${process.pid}` }),
        launchBrowser(CHROMIUM, { motion: true }),
      ]);
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('on a laptop: names, places apart, the whole map and the feed in view, someone walking a road', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
      page.setDefaultTimeout(WAIT);
      await page.goto(server.url);
      await expect.poll(() => page.locator('[data-testid=world-map] [data-actor]').count()).toBeGreaterThan(3);

      // people are named without hovering, every one of them (or counted beside a crowded place, or walking past one)
      expect(await unnamed(page), 'people neither named nor counted').toBe(0);
      expect(await page.locator('[data-testid=world-map] [data-actor] .person-name').count()).toBeGreaterThan(8);
      expect((await overlaps(page)).join(' ')).toBe('');
      const [map] = await rectsOf(page, '[data-testid=world-map]');
      expect(inside(map, 1440, 900), JSON.stringify(map)).toBe(true);
      // the feed starts in view, beside the map, with lines in it
      await expect.poll(() => page.locator('[data-testid=feed] li').count()).toBeGreaterThan(0);
      const [feed] = await rectsOf(page, '[data-testid=panel-feed]');
      expect(feed.y).toBeLessThan(200);
      expect(feed.x).toBeGreaterThan(map.x + map.w - 1);
      // its newest line in view once the page has laid out (a loaded machine may take a frame or two)
      const firstLine = async () => {
        const [line] = await rectsOf(page, '[data-testid=feed] li >> nth=0');
        return inside(line, 1440, 900)
          ? 'in view'
          : `${JSON.stringify(line)}: ${await page.locator('[data-testid=feed] li >> nth=0').innerText()}`;
      };
      await expect.poll(firstLine).toBe('in view');

      // someone sets off: two frames apart they are on the road, off every place, and further along.
      // A walker is at a place in the frame it leaves or arrives, so the pair is sampled until both frames are mid-road.
      const offPlaces = (f: Awaited<ReturnType<typeof walker>>) =>
        f.at !== null && !f.places.some((p) => Math.hypot(p.x - f.at!.x, p.y - f.at!.y) < 1);
      await expect
        .poll(
          async () => {
            const a = await walker(page);
            if (!a.id || !offPlaces(a)) return 'no one mid-road';
            await page.waitForTimeout(120);
            const b = await walker(page);
            if (b.id !== a.id || !offPlaces(b)) return 'no one mid-road';
            return Math.hypot(a.at!.x - b.at!.x, a.at!.y - b.at!.y) > 0.5 ? 'walking' : 'standing on the road';
          },
          { timeout: WAIT, interval: 50 },
        )
        .toBe('walking');
      // what someone says shows over them for a moment
      await page.locator('[data-testid=world-map] [data-bubble]').first().waitFor({ timeout: WAIT });
      await page.screenshot({ path: path.join(ARTIFACTS, 'map-laptop.png') });
      await page.close();
    });

    it('on a phone: the whole map fits, names and places apart, a tapped person opens in view', async () => {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', hasTouch: true, isMobile: true });
      const page = await ctx.newPage();
      page.setDefaultTimeout(WAIT);
      await page.goto(server.url);
      await expect.poll(() => page.locator('[data-testid=world-map] [data-actor]').count()).toBeGreaterThan(3);
      const [map] = await rectsOf(page, '[data-testid=world-map]');
      expect(inside(map, 390, 844), JSON.stringify(map)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: path.join(ARTIFACTS, 'map-phone.png') });
      expect((await overlaps(page)).join(' ')).toBe('');
      expect(await unnamed(page), 'people neither named nor counted').toBe(0);
      await page.screenshot({ path: path.join(ARTIFACTS, 'map-phone.png') });

      await page.locator('[data-testid=world-map] [data-roster] [data-actor]').first().tap();
      const title = page.getByTestId('inspector-actor').getByTestId('inspector-title');
      await title.waitFor();
      const [r] = await rectsOf(page, '[data-testid=inspector-actor] [data-testid=inspector-title]');
      expect(inside(r, 390, 844), JSON.stringify(r)).toBe(true);
      expect((await title.textContent())!.trim()).not.toBe('');
      await page.screenshot({ path: path.join(ARTIFACTS, 'map-phone-inspector.png') });
      await ctx.close();
    });
  });
}
