import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n, readLocale, translator } from '../sim/i18n/translator.ts';
import { ROOT } from './helpers/world.ts';

function keys(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('two languages', () => {
  const en = new Set(keys(readLocale('en')));
  const cn = new Set(keys(readLocale('cn')));

  it('cn and en hold the same keys', () => {
    expect([...en].filter((k) => !cn.has(k))).toEqual([]);
    expect([...cn].filter((k) => !en.has(k))).toEqual([]);
  });

  it('every locale key the code names exists', () => {
    const used = new Set<string>();
    for (const file of sources(path.join(ROOT, 'sim')).concat(sources(path.join(ROOT, 'bots')), sources(path.join(ROOT, 'world-engine')))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/msg\('([a-z_]+(?:\.[a-z_]+)+)'/g)) used.add(m[1]);
      // a rejection's code is the string right before its params or the closing paren
      for (const line of text.split('\n').filter((l) => /\b(check|reject)\(/.test(l))) {
        for (const m of line.matchAll(/'([a-z_]+)'(?=, \{|\);|\)\)?;?$)/g)) used.add(`reason.${m[1]}`);
      }
      for (const m of text.matchAll(/'(cli\.[a-z_.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(60);
    expect([...used].filter((k) => !en.has(k)).sort()).toEqual([]);
  });

  it('a missing key falls back to the other language, then to the key', () => {
    const inst = createI18n({ cn: { only: { cn: '只有中文' } }, en: { only: { en: 'English only' }, both: 'hello {{name}}' } });
    const cnT = translator('cn', inst);
    const enT = translator('en', inst);
    expect(cnT('only.en')).toBe('English only');
    expect(enT('only.cn')).toBe('只有中文');
    expect(cnT('both', { name: '林枫' })).toBe('hello 林枫');
    expect(enT('no.such.key')).toBe('no.such.key');
  });

  it('the shipped locales really differ by language', () => {
    expect(translator('cn')('reason.job_full')).toMatch(/[\u4e00-\u9fff]/);
    expect(translator('en')('reason.job_full')).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('rendering hostile content', () => {
  it('a fact whose content names itself is quoted once, not followed forever', async () => {
    const { Renderer } = await import('../sim/i18n/render.ts');
    const { fresh, shenzhen } = await import('./helpers/world.ts');
    const cat = await shenzhen();
    const s = fresh(cat);
    s.facts['f:1'] = { id: 'f:1', content: { key: 'observe.left', params: { actor: { ref: 'fact', id: 'f:1' }, place: 'x' } }, about: null, truth: false, origin: { actor: 'lao_chen', tick: 0, place: 'dongmen' } };
    const r = new Renderer('en', cat, s);
    expect(r.render({ key: 'observe.left', params: { actor: { ref: 'fact', id: 'f:1' }, place: 'x' } })).toContain('f:1');
    expect(r.param({ ref: 'fact', id: 'constructor' })).toBe('constructor');
  });
});
