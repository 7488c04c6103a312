import { createServer } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildDashboard } from '../../dashboard/build.ts';

/** How long a browser test waits for what it expects: a busy shared machine runs many times slower than a quiet one. */
export const WAIT = 90_000;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Debian's Chromium (apt-get install -y chromium), or CHROMIUM_PATH. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => !!p);
  return candidates.find((p) => existsSync(p)) ?? null;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Its pages ask for less motion (prefers-reduced-motion), unless `motion`: the map then moves walkers with
 * each tick and once a second between, not every frame, and a busy map no longer keeps a core drawing beside
 * the test file run next to it. A test of the motion itself passes `{ motion: true }`.
 */
export async function launchBrowser(executablePath: string, o: { motion?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
  if (o.motion) return browser;
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (opts = {}) => newContext({ reducedMotion: 'reduce', ...opts });
  browser.newPage = (opts = {}) => newPage({ reducedMotion: 'reduce', ...opts });
  return browser;
}

export const ARTIFACTS = path.join(ROOT, 'test', 'artifacts');

/** `kill`: SIGKILL, no chance to flush or close anything (a crash) */
export type Served = { url: string; adminToken: string; output: () => string; stop: () => Promise<void>; kill: () => Promise<void> };

/**
 * `astinus serve <scenario>` as a user starts it, on a free port, with a fast tick. Resolves once
 * the server has printed its URL.
 */
export function serve(opts: { scenario?: string; tickMs?: number; adminToken: string; args?: string[] }): Promise<Served> {
  const args = [
    path.join(ROOT, 'bin', 'astinus.mjs'),
    'serve',
    opts.scenario ?? path.join(ROOT, 'scenarios', 'shenzhen'),
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--tick-ms',
    String(opts.tickMs ?? 300),
    '--lang',
    'en',
    // the clock alone unless a suite asks for the players' pace
    ...(opts.args?.some((a) => a === '--wait-ms' || a === '--turn-based') ? [] : ['--wait-ms', '0']),
    ...(opts.args ?? []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ASTINUS_ADMIN_TOKEN: opts.adminToken, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  child.stderr!.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`astinus serve printed no URL within 60 s:\n${out}`));
    }, 60_000);
    const check = () => {
      const m = /(https?:\/\/[^\s)]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve({ url: m[1].replace(/\/$/, ''), adminToken: opts.adminToken, output: () => out, stop, kill });
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`astinus serve exited (${code}) before listening:\n${out}`));
    });
  });
}

export interface Stage {
  server: Served;
  browser: Browser;
  page: Page;
}

/**
 * What a browser suite starts from: the dashboard built, `astinus serve` and Chromium started side
 * by side, and a page in English at the given size (a laptop's by default).
 */
export async function stage(
  executablePath: string,
  opts: Parameters<typeof serve>[0] & { viewport?: { width: number; height: number }; timeout?: number },
): Promise<Stage> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await buildDashboard();
  const [server, browser] = await Promise.all([serve(opts), launchBrowser(executablePath)]);
  const page = await (await browser.newContext({ viewport: opts.viewport ?? { width: 1366, height: 900 }, locale: 'en-US' })).newPage();
  page.setDefaultTimeout(opts.timeout ?? WAIT);
  return { server, browser, page };
}

/** A port nobody listens on now, for a server that must come back on the same one after a restart. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}
