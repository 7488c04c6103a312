/** Every `backends.*` key the backends' code names exists in both languages (locales/cn and locales/en, backends.json). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readLocale } from '../sim/i18n/translator.ts';
import { ROOT } from './helpers/world.ts';

const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

it('every backends.* key used by the queue, the MongoDB store and the worker command exists in cn and en', () => {
  const files = [
    ...readdirSync(path.join(ROOT, 'adapters/queue'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join(ROOT, 'adapters/queue', f)),
    path.join(ROOT, 'adapters/store/mongo.ts'),
    path.join(ROOT, 'adapters/cli/worker.ts'),
    path.join(ROOT, 'adapters/cli/run.ts'),
  ];
  const used = new Set<string>(['cli.usage_worker']);
  for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/'(backends\.[a-z_.]+)'/g)) used.add(m[1]);
  expect(used.size).toBeGreaterThan(10);
  for (const lang of ['cn', 'en'] as const) {
    const have = new Set(keys(readLocale(lang)));
    expect([...used].filter((k) => !have.has(k)).sort()).toEqual([]);
  }
});
