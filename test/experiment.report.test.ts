import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlan, planJson } from '../adapters/experiment/plan.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { astinus, removeDir, SHENZHEN, tempDir } from './helpers/cli.ts';
import { findChromium, launchBrowser, WAIT } from './helpers/browser.ts';
import { writeFakeRun } from './helpers/experiment.ts';

/**
 * `astinus experiment` over an out dir whose runs are already finished (made by hand as `astinus
 * metrics` leaves them): it only aggregates. The report then opens from disk in headless Chromium,
 * offline, with every chart drawn; the tables are the same bytes on a rerun; another plan is refused.
 */
const CHROMIUM = findChromium();
const CI = process.env.CI === 'true';
const SEEDS = [1, 2, 3];
const TICKS = 6;
// interventions as `run` accepts them (a condition is checked against the pack before anything runs)
const told = (label: string, at: number) => ({
  label,
  at,
  kind: 'learn_fact',
  actor: 'lin_feng',
  content: { cn: label, en: label },
  truth: false,
});
const conditions = [
  {
    name: 'rumour',
    interventions: { interventions: [told('rumour', 1)] },
    population: null,
    brain: null,
    pack: null,
  },
  {
    name: 'denial',
    interventions: {
      interventions: [told('rumour', 1), told('denial', 2)],
    },
    population: null,
    brain: null,
    pack: null,
  },
];

let out = '';
let confile = '';
const args = () => [
  'experiment',
  SHENZHEN,
  '--seeds',
  '1..3',
  '--ticks',
  String(TICKS),
  '--conditions',
  confile,
  '--out',
  out,
  '--jobs',
  '1',
];

beforeAll(async () => {
  out = await tempDir('astinus-exp-report-');
  const scenario = await loadScenario(SHENZHEN);
  confile = path.join(out, '..', `${path.basename(out)}-conditions.json`);
  await writeFile(confile, JSON.stringify({ conditions: conditions.map((c) => ({ name: c.name, interventions: c.interventions })) }));
  // the plan the command makes from these arguments, as if it had run them
  await writeFile(
    path.join(out, 'experiment.json'),
    planJson(makePlan({ id: scenario.meta.id, hash: scenario.hash }, TICKS, SEEDS, conditions)),
  );
  for (const [ci, c] of conditions.entries()) {
    for (const seed of SEEDS) {
      const known = Array.from({ length: TICKS - 1 }, (_, i) => Math.min(10, 1 + i * (seed + ci)));
      await writeFakeRun(path.join(out, 'runs', c.name, String(seed)), {
        gini: Array.from({ length: TICKS }, (_, i) => 0.2 + 0.01 * i * seed + 0.05 * ci),
        density: Array.from({ length: TICKS }, (_, i) => 0.02 * i + 0.01 * seed),
        fact: { label: 'rumour', origin: 1, known, half: known.findIndex((k) => k >= 5) >= 0 ? known.findIndex((k) => k >= 5) : null },
      });
    }
  }
});
afterAll(async () => {
  await removeDir(out);
  await removeDir(confile);
});

describe('experiment results from finished runs', () => {
  it('writes the summary, the series and the report, the same bytes on a rerun', async () => {
    const first = await astinus(args());
    expect(first.stderr).toContain('6 of 6');
    expect(first.code, first.stderr).toBe(0);
    const files = ['summary.csv', 'series/rumour.csv', 'series/denial.csv', 'report.html', 'contrasts.csv'];
    const bytes = await Promise.all(files.map((f) => readFile(path.join(out, f), 'utf8')));
    expect(bytes[0].split('\n')[0]).toBe('condition,metric,n,mean,sd,ci95_low,ci95_high,interval');
    // the first condition is the baseline the others are compared with
    expect(bytes[4]).toMatch(/^denial,rumour,gini,3,3,/m);
    expect(bytes[0]).toContain('rumour,fact:rumour:final_share,3,');
    expect(bytes[0]).not.toContain(out);
    expect(bytes[3]).not.toContain(out);
    const again = await astinus(args());
    expect(again.code, again.stderr).toBe(0);
    expect(await Promise.all(files.map((f) => readFile(path.join(out, f), 'utf8')))).toEqual(bytes);
  });

  it('refuses an out dir made by another experiment, and a non-empty folder that is none', async () => {
    const other = await astinus([
      'experiment',
      SHENZHEN,
      '--seeds',
      '2..4',
      '--ticks',
      String(TICKS),
      '--conditions',
      confile,
      '--out',
      out,
    ]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('seeds');
    expect(other.stderr).toContain('another experiment');
    const stranger = await astinus(['experiment', SHENZHEN, '--seeds', '1', '--ticks', '2', '--out', path.join(out, 'runs')]);
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('no experiment.json');
    const bad = await astinus(['experiment', SHENZHEN, '--seeds', '3..1', '--ticks', '2', '--out', path.join(out, 'x')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('3..1');
  });
});

if (!CHROMIUM) {
  const why =
    'Chromium was not found (looked at $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser): install it with `apt-get install -y chromium`.';
  if (CI)
    describe('the experiment report in a browser', () => {
      it('needs Chromium', () => {
        throw new Error(why);
      });
    });
  else
    describe.skip(`the experiment report in a browser (${why})`, () => {
      it('draws its charts', () => {});
    });
} else {
  describe('the experiment report in a browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser(CHROMIUM);
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('opens from disk with no network and draws every chart', async () => {
      await astinus(args());
      const context = await browser.newContext();
      const requests: string[] = [];
      context.on('request', (r) => {
        if (!r.url().startsWith('file:')) requests.push(r.url());
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(pathToFileURL(path.join(out, 'report.html')).href);
      await page.waitForFunction(() => (window as unknown as { __chartsTotal?: number }).__chartsTotal !== undefined, undefined, {
        timeout: WAIT,
      });
      const charts = await page.locator('section.chart').evaluateAll((sections) =>
        sections.map((s) => {
          const canvas = s.querySelector('canvas');
          let inked = 0;
          if (canvas) {
            const px = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
            // pixels that are neither transparent nor white: lines, bands, axes
            for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 0 && (px[i] < 240 || px[i + 1] < 240 || px[i + 2] < 240)) inked++;
          }
          return {
            kind: s.className,
            title: s.querySelector('h2')?.textContent ?? '',
            drawn: s.getAttribute('data-drawn'),
            inked,
            legend: [...s.querySelectorAll('.u-legend .u-series')]
              .filter((r) => (r as HTMLElement).style.display !== 'none')
              .map((r) => r.querySelector('.u-label')?.textContent),
          };
        }),
      );
      await context.close();
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      // one diffusion chart per labelled fact, Gini, density, and the action mix of each condition
      expect(charts.map((c) => c.kind)).toEqual(['chart diffusion', 'chart gini', 'chart density', 'chart actions', 'chart actions']);
      expect(charts[0].title).toContain('rumour');
      for (const c of charts) {
        expect(c.drawn, c.title).toBe('1');
        expect(c.inked, c.title).toBeGreaterThan(2000);
      }
      // the legend names the conditions (the bounds of each band are not lines of their own)
      expect(charts[0].legend).toEqual(['rumour', 'denial']);
    });
  });
}
