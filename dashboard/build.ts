import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the dashboard with Vite's API when dashboard/dist is missing or older than any of its
 * sources (the components, index.html, the Vite config, the i18next setup, the locale files it bundles).
 * `tsx dashboard/build.ts` builds if stale; `--force` always builds.
 */
export const DASHBOARD = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(DASHBOARD);
export const DIST_INDEX = path.join(DASHBOARD, 'dist', 'index.html');

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** the files of locales/<lang>/ the bundle takes (dashboard/src/locales.ts) */
const LOCALE_FILES = ['dashboard.json', 'dashboard-story.json', 'names.json'];

export function dashboardIsStale(): boolean {
  if (!existsSync(DIST_INDEX)) return true;
  const sources = [
    path.join(DASHBOARD, 'src'),
    path.join(DASHBOARD, 'index.html'),
    path.join(DASHBOARD, 'vite.config.ts'),
    path.join(ROOT, 'sim', 'i18n', 'config.ts'),
    path.join(ROOT, 'locales', 'cn.json'),
    path.join(ROOT, 'locales', 'en.json'),
    ...['cn', 'en'].flatMap((lang) => LOCALE_FILES.map((f) => path.join(ROOT, 'locales', lang, f))),
  ];
  return Math.max(...sources.map(newest)) > statSync(DIST_INDEX).mtimeMs;
}

export async function buildDashboard(opts: { force?: boolean } = {}): Promise<boolean> {
  if (!opts.force && !dashboardIsStale()) return false;
  const { build } = await import('vite');
  await build({ configFile: path.join(DASHBOARD, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildDashboard({ force: process.argv.includes('--force') });
}
