/**
 * The dashboard renders every key of the locale files it bundles as the server's translator does, in
 * both languages, with and without the values: its own words (`locales/<lang>/dashboard*.json`, keys
 * without the `dashboard.` prefix; `status.*` from names.json) and the engine's messages it shows
 * (`locales/<lang>.json`, names.json).
 */
import { describe, expect, it } from 'vitest';
import cnDash from '../locales/cn/dashboard.json' with { type: 'json' };
import cnStory from '../locales/cn/dashboard-story.json' with { type: 'json' };
import cnScene from '../locales/cn/dashboard-scene.json' with { type: 'json' };
import cnNames from '../locales/cn/names.json' with { type: 'json' };
import cnEngine from '../locales/cn.json' with { type: 'json' };
import enEngine from '../locales/en.json' with { type: 'json' };
import { translate } from '../dashboard/src/i18n.ts';
import { renderMessage } from '../dashboard/src/format.ts';
import { translator } from '../sim/i18n/translator.ts';
import { CONTENT_KEYS } from '../sim/i18n/content.ts';

type Tree = { [k: string]: unknown };
const LANGS = ['cn', 'en'] as const;

const leaves = (o: Tree, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leaves(v as Tree, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]],
  );

/** every placeholder of a key in either language */
function slots(texts: string[]): string[] {
  return [...new Set(texts.flatMap((s) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])))];
}

/** a key with a count is rendered at several counts; its plural forms also under the bare key */
const COUNTS = [0, 1, 2, 5];
const PLURAL = /_(zero|one|two|few|many|other)$/;

function cases(trees: Tree[]): { key: string; params?: Record<string, string | number> }[] {
  const texts = new Map<string, string[]>();
  for (const tree of trees) for (const [k, v] of leaves(tree)) texts.set(k, [...(texts.get(k) ?? []), v]);
  for (const [k, v] of [...texts])
    if (PLURAL.test(k)) {
      const bare = k.replace(PLURAL, '');
      texts.set(bare, [...(texts.get(bare) ?? []), ...v]);
    }
  return [...texts].flatMap(([key, v]) => {
    const names = slots(v);
    if (!names.length) return [{ key }];
    const params = Object.fromEntries(names.map((n) => [n, `‹${n}›`]));
    const counted = names.includes('count') ? COUNTS.map((count) => ({ key, params: { ...params, count } })) : [];
    return [{ key }, { key, params }, ...counted];
  });
}

const dashKeys = cases([cnDash.dashboard as Tree, cnStory.dashboard as Tree, cnScene.dashboard as Tree, { status: cnNames.names.status }]);
const engineKeys = cases([cnEngine as Tree, enEngine as Tree, cnNames as Tree]);

/** where the server keeps a dashboard key: under `dashboard.`, a person's condition under `names.status.` */
const serverKey = (key: string) => (key.startsWith('status.') ? `names.${key}` : `dashboard.${key}`);

describe('the dashboard renders like the server', () => {
  it('covers the locale files', () => {
    expect(dashKeys.length).toBeGreaterThan(300);
    expect(engineKeys.length).toBeGreaterThan(350);
  });

  it.each(LANGS)('every dashboard key, with and without its values (%s)', (lang) => {
    const t = translator(lang);
    const differ = dashKeys
      .filter((c) => translate(lang, c.key, c.params) !== t(serverKey(c.key), c.params))
      .map((c) => `${c.key} ${JSON.stringify(c.params)}: ${translate(lang, c.key, c.params)} | ${t(serverKey(c.key), c.params)}`);
    expect(differ).toEqual([]);
  });

  it.each(LANGS)('every engine message the page may show (%s)', (lang) => {
    const t = translator(lang);
    const shown = (c: (typeof engineKeys)[number]) => renderMessage(lang, { key: c.key, params: c.params ?? {} }, (id) => id);
    const differ = engineKeys
      .filter((c) => shown(c) !== t(c.key, c.params ?? {}))
      .map((c) => `${c.key} ${JSON.stringify(c.params)}: ${shown(c)} | ${t(c.key, c.params ?? {})}`);
    expect(differ).toEqual([]);
  });

  it.each(LANGS)('a key nobody wrote, or one that names a group, reads as the key (%s)', (lang) => {
    expect(translate(lang, 'no.such.key')).toBe('no.such.key');
    expect(translate(lang, 'tools')).toBe('tools');
    expect(renderMessage(lang, { key: 'side' }, String)).toBe('side');
  });

  it.each(LANGS)('a reference becomes a name, a word becomes its term, money its amount (%s)', (lang) => {
    const t = translator(lang);
    const m = { key: 'side.heard', params: { actor: { ref: 'actor', id: 'lao_chen' }, count: 3 } };
    expect(renderMessage(lang, m, (id) => `#${id}`)).toBe(t('side.heard', { actor: '#lao_chen', count: 3 }));
    const term = Object.keys(cnEngine.terms)[0];
    expect(renderMessage(lang, { key: 'entity.owned', params: { owner: term, template: 'money' } }, String)).toBe(
      t('entity.owned', { owner: t(`terms.${term}`), template: t('names.resource.money') }),
    );
    expect(renderMessage(lang, { key: 'narrative.spend', params: { actor: 'x', money: 7 } }, String, (n) => `¥${n}`)).toBe(
      t('narrative.spend', { actor: 'x', money: '¥7' }),
    );
  });
});

describe('words people say, on the map', () => {
  it.each(LANGS)('every key a speaker may say renders on the page as on the server (%s)', (lang) => {
    const t = translator(lang);
    const unknown = [...CONTENT_KEYS].filter((key) => renderMessage(lang, { key }, String) === key);
    expect(unknown).toEqual([]);
    for (const key of CONTENT_KEYS) if (!/\{\{/.test(t(key))) expect(renderMessage(lang, { key }, String), key).toBe(t(key));
  });

  it.each(LANGS)('a reference is named by its kind, so a job or an item in a reply reads as its name (%s)', (lang) => {
    const m = {
      key: 'reply.work.open',
      params: { employer: { ref: 'actor', id: 'boss' }, job: { ref: 'job', id: 'crew' }, place: { ref: 'place', id: 'yard' }, money: 9 },
    };
    const line = renderMessage(lang, m, (id, kind) => `<${kind} ${id}>`);
    expect(line).toContain('<job crew>');
    expect(line).toContain('<actor boss>');
    expect(line).toContain('<place yard>');
  });
});
