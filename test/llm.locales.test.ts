import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey } from '../sim/i18n/translator.ts';
import { TOOL_NAMES } from '../sim/model/tools.ts';
import { ROOT } from './helpers/world.ts';

const DIRS = ['adapters/llm', 'bots/brains/llm', 'world-engine/llm', 'adapters/cli'];
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });

describe('the language-model strings', () => {
  it('every llm.* key the code names exists in cn and in en', () => {
    const used = new Set<string>(TOOL_NAMES.map((n) => `llm.tools.${n}`));
    for (const f of DIRS.flatMap((d) => files(path.join(ROOT, d)))) {
      for (const m of readFileSync(f, 'utf8').matchAll(/'(llm\.[a-z_]+(?:\.[a-z_]+)+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(25);
    for (const lang of ['cn', 'en'] as const) expect([...used].filter((k) => !hasKey(lang, k)).sort()).toEqual([]);
  });
});
