import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LocalizedError } from '../../sim/i18n/errors.ts';

/** Debian's Chromium, or CHROMIUM_PATH. */
export function chromiumPath(): string | null {
  return (
    [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p)) ?? null
  );
}

/**
 * `astinus experiment ... --figure FILE.png`: the report's first diffusion chart (or, with no
 * labelled fact, its first chart), drawn by headless Chromium from the report file itself, as a PNG.
 * Needs playwright-core (a devDependency) and Chromium.
 */
export async function renderFigure(report: string, png: string): Promise<void> {
  const exe = chromiumPath();
  if (!exe) throw new LocalizedError('experiment.error.no_chromium');
  const { chromium } = await import('playwright-core').catch(() => {
    throw new LocalizedError('experiment.error.no_playwright');
  });
  const browser = await chromium.launch({
    executablePath: exe,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 }, deviceScaleFactor: 2 });
    await page.goto(pathToFileURL(path.resolve(report)).href);
    await page.waitForFunction(() => (window as unknown as { __chartsTotal?: number }).__chartsTotal !== undefined);
    const chart = (await page.$('section.chart.diffusion')) ?? (await page.$('section.chart'));
    if (!chart) throw new LocalizedError('experiment.error.no_chart', { file: report });
    await mkdir(path.dirname(path.resolve(png)), { recursive: true });
    await chart.screenshot({ path: png });
  } finally {
    await browser.close();
  }
}
