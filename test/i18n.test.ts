import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n, readLocale, translator } from '../sim/i18n/translator.ts';
import { I18N_LANG } from '../sim/i18n/config.ts';
import { ROOT } from './helpers/world.ts';

function keys(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
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
    for (const file of ['sim', 'adapters', 'bots', 'world-engine'].flatMap((d) => sources(path.join(ROOT, d)))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/msg\('([a-z_]+(?:\.[a-z_]+)+)'/g)) used.add(m[1]);
      // a rejection's code is the string right before its params or the closing paren
      for (const line of text.split('\n').filter((l) => /\b(check|reject)\(/.test(l))) {
        for (const m of line.matchAll(/'([a-z_]+)'(?=, \{|\);|\)\)?;?$)/g)) used.add(`reason.${m[1]}`);
      }
      for (const m of text.matchAll(/'(cli\.[a-z_.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(60);
    // a key with a count may exist only in its plural forms (`side.heard_one`, `side.heard_other`)
    expect([...used].filter((k) => !en.has(k) && !en.has(`${k}_other`)).sort()).toEqual([]);
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

  it("every shipped text reads as i18next's own fixed-language t renders it, with and without its values", () => {
    const inst = createI18n({ cn: readLocale('cn'), en: readLocale('en') });
    const leaves = keys(readLocale('en'));
    let compared = 0;
    for (const lang of ['cn', 'en'] as const) {
      const ours = translator(lang, inst);
      const theirs = inst.getFixedT(I18N_LANG[lang]);
      for (const leaf of leaves) {
        // a plural form is asked for by its bare key, with counts
        const key = leaf.replace(/_(zero|one|two|few|many|other)$/, '');
        const text = String(theirs(leaf));
        const values: Record<string, unknown> = Object.fromEntries([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1], `<${m[1]}>`]));
        const asked: (Record<string, unknown> | undefined)[] = [undefined, values, { ...values, count: 1 }, { ...values, count: 3 }];
        for (const params of asked) {
          expect(ours(key, params), `${lang} ${key} ${JSON.stringify(params)}`).toBe(theirs(key, params ?? {}));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(4000);
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
    s.facts['f:1'] = {
      id: 'f:1',
      content: { key: 'observe.left', params: { actor: { ref: 'fact', id: 'f:1' }, place: 'x' } },
      about: null,
      truth: false,
      origin: { actor: 'lao_chen', tick: 0, place: 'dongmen' },
    };
    const r = new Renderer('en', cat, s);
    expect(r.render({ key: 'observe.left', params: { actor: { ref: 'fact', id: 'f:1' }, place: 'x' } })).toContain('f:1');
    expect(r.param({ ref: 'fact', id: 'constructor' })).toBe('constructor');
  });
});

describe('names a person reads', () => {
  it('counts hearers in the right plural, in both languages', async () => {
    const { Renderer } = await import('../sim/i18n/render.ts');
    const { fresh, shenzhen } = await import('./helpers/world.ts');
    const cat = await shenzhen();
    const s = fresh(cat);
    const heard = (lang: 'cn' | 'en', count: number) =>
      new Renderer(lang, cat, s).render({ key: 'side.heard', params: { actor: { ref: 'actor', id: 'lao_chen' }, count } });
    expect(heard('en', 1)).toBe('1 person hears Lao Chen');
    expect(heard('en', 3)).toBe('3 people hear Lao Chen');
    expect(heard('cn', 1)).toBe('1 个人听见了老陈');
  });

  it('tells a player their own refusal as "you", with the resource in words', async () => {
    const { Renderer } = await import('../sim/i18n/render.ts');
    const { fresh, shenzhen } = await import('./helpers/world.ts');
    const cat = await shenzhen();
    const s = fresh(cat);
    const m = {
      key: 'reason.insufficient_resource',
      params: { actor: { ref: 'actor' as const, id: 'lao_chen' }, resource: 'energy', need: 5, have: 1 },
    };
    expect(new Renderer('en', cat, s).addressed(m)).toBe('you do not have enough energy');
    expect(new Renderer('cn', cat, s).addressed(m)).toBe('你的体力不够');
    // others read it in the third person, and the resource is a word there too
    expect(new Renderer('cn', cat, s).render(m)).toBe('体力不够');
    expect(new Renderer('cn', cat, s).render({ ...m, params: { ...m.params, resource: 'money' } })).toBe('钱不够');
    const broke = {
      key: 'reason.insufficient_money',
      params: { actor: { ref: 'actor' as const, id: 'lao_chen' }, resource: 'money', need: 20, have: 5 },
    };
    expect(new Renderer('en', cat, s).addressed(broke)).toBe('your pockets hold 5 yuan, not 20 yuan');
  });

  it('names tags, the body and a thing’s properties, and hides bookkeeping', async () => {
    const { Renderer } = await import('../sim/i18n/render.ts');
    const { Names } = await import('../sim/i18n/names.ts');
    const { fresh, shenzhen } = await import('./helpers/world.ts');
    const cat = await shenzhen();
    const s = fresh(cat);
    const en = new Names(new Renderer('en', cat, s));
    const cn = new Names(new Renderer('cn', cat, s));
    expect(en.tag('job:warehouse_sorting:huang_zhiqiang')).toBe('works for Huang Zhiqiang: Pinghu warehouse parcel sorting');
    expect(cn.tag('job:warehouse_sorting:huang_zhiqiang')).toBe('受雇于黄志强：平湖仓库临时分拣');
    expect(en.tag('skill:guitar')).toMatch(/^knows \S/);
    expect(en.tag('job:no_such_job:lao_chen')).toBeNull();
    expect(en.status({ status: 'alive', tags: ['collapsed'], energy: 30 })).not.toBe(en.status({ status: 'alive', tags: [], energy: 30 }));
    expect(cn.status({ status: 'alive', tags: ['collapsed'], energy: 30 })).toMatch(/饿晕/);
    expect(en.property('lastStudent', 93)).toBeNull();
    expect(cn.property('students', 2)).toEqual({ name: '教过的学生', value: '2' });
    expect(cn.eventType('call_failed')).toBe('被驳回的行动');
  });
});

describe('every tag a pack gives its people', () => {
  it.each(['shenzhen', 'riverford', 'vesta_ring'])('has a name in both languages (%s)', async (pack) => {
    const { Renderer } = await import('../sim/i18n/render.ts');
    const { Names } = await import('../sim/i18n/names.ts');
    const { buildCatalog } = await import('../sim/scenario/catalog.ts');
    const { loadScenario } = await import('../sim/scenario/load.ts');
    const { fresh, ROOT } = await import('./helpers/world.ts');
    const cat = buildCatalog(await loadScenario(`${ROOT}scenarios/${pack}`));
    const s = fresh(cat);
    const unnamed: string[] = [];
    for (const lang of ['cn', 'en'] as const) {
      const names = new Names(new Renderer(lang, cat, s));
      for (const a of Object.values(s.actors)) for (const tag of a.tags) if (!names.tag(tag)) unnamed.push(`${lang} ${a.id}: ${tag}`);
    }
    expect(unnamed).toEqual([]);
  });
});
