/**
 * What `astinus run` prints (the feed and the end summary) holds no raw ids in either language: no
 * event type, pack id, tag, snake_case token or placeholder, no untranslated "tick" in Chinese; and
 * the summary's Chinese tables line up by display width (a CJK character takes two columns).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { displayWidth, padDisplay } from '../adapters/cli/width.ts';
import { astinus, SHENZHEN } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';
import { packIds, rawIds } from './helpers/rawids.ts';
import { shenzhen } from './helpers/world.ts';

const out: Record<'cn' | 'en', string> = { cn: '', en: '' };
let ids: Set<string>;

beforeAll(async () => {
  ids = packIds(await shenzhen());
  // no --data: an in-memory world, so each run starts at tick 0; one through the binary, one in this process
  const args = (lang: string) => ['run', SHENZHEN, '--ticks', '100', '--lang', lang, '--feed', '6'];
  const [cn, en] = await Promise.all([astinus(args('cn')), astinusHere(args('en'))]);
  expect(cn.code, cn.stderr).toBe(0);
  expect(en.code, en.stderr).toBe(0);
  out.cn = cn.stdout;
  out.en = en.stdout;
});

describe('the terminal run', () => {
  it.each(['cn', 'en'] as const)('prints no raw id, tag or placeholder (%s)', (lang) => {
    const bad = out[lang].split('\n').flatMap((line) => rawIds(line, lang, ids).map((id) => `${id}  ←  ${line.trim()}`));
    expect(bad).toEqual([]);
  });

  it('says "tick" nowhere in Chinese', () => {
    expect(out.cn.split('\n').filter((l) => /tick/i.test(l))).toEqual([]);
  });

  it('lines up the Chinese summary tables by display width', () => {
    const summary = out.cn.slice(out.cn.lastIndexOf('\n\n'));
    // a table row: two spaces, a label, spaces, then a figure; every row of one table puts its figure in the same column
    const blocks: number[][] = [[]];
    for (const line of summary.split('\n')) {
      const m = /^( {2}.*?\S) +([+-]?\d+\S*)$/.exec(line);
      if (m && line.startsWith('  ')) blocks[blocks.length - 1].push(displayWidth(line) - displayWidth(m[2]));
      else blocks.push([]);
    }
    const tables = blocks.filter((b) => b.length > 1);
    expect(tables.length).toBeGreaterThan(4);
    for (const cols of tables) expect(new Set(cols).size, JSON.stringify(cols)).toBe(1);
  });
});

describe('display width', () => {
  it('counts a CJK character as two columns, Latin and digits as one', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('老陈')).toBe(4);
    expect(displayWidth('摊位营业额 +23')).toBe(14);
    expect(displayWidth('（共 1 个）。')).toBe(13);
    expect(displayWidth('é')).toBe(1);
    expect(displayWidth('e\u0301')).toBe(1);
  });

  it('pads to a column, never cuts', () => {
    expect(padDisplay('老陈', 6)).toBe('老陈  ');
    expect(padDisplay('ab', 6)).toBe('ab    ');
    expect(padDisplay('固定摊位的卖艺收入', 4)).toBe('固定摊位的卖艺收入');
  });
});
