/**
 * Every pack file's JSON syntax error is named `file:line:column: reason`, in both languages, by the
 * one reader all pack files go through (sim/scenario/json.ts), whatever V8 says of it (some of its
 * messages carry no position at all). Each file kind gets a different kind of syntax error.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACK_FILES, type PackFileName } from '../sim/model/scenario.ts';
import { jsonFault, lineColumn } from '../sim/scenario/json.ts';
import { copyScenario, removeDir, SHENZHEN } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map(removeDir));
});

/** the file's text with `insert` right after its opening brace */
const after = (insert: string) => (text: string) => text.replace(/^\{/, `{${insert}`);

/** For each pack file: how it is broken, and the line, column and words of the problem in each language. */
const BREAKS: Record<PackFileName, { edit: (text: string) => string; line: number; column: number; en: RegExp; cn: RegExp }> = {
  'scenario.json': { edit: after('\n  "oops": ,'), line: 2, column: 11, en: /unexpected ",": JSON needs a value/, cn: /意外的 ","/ },
  'vocabulary.json': { edit: after('\n  "oops": tru,'), line: 2, column: 11, en: /unexpected "t": JSON needs a value/, cn: /意外的 "t"/ },
  'places.json': {
    edit: after('\n  "oops": "a\tb",'),
    line: 2,
    column: 13,
    en: /a control character \("\\t"\) inside a string/,
    cn: /控制字符/,
  },
  'actors.json': { edit: after('\n  "oops": 01,'), line: 2, column: 11, en: /not a JSON number/, cn: /数字/ },
  'templates.json': { edit: after('\n  "oops" 1,'), line: 2, column: 10, en: /unexpected "1": JSON needs a colon/, cn: /冒号/ },
  'entities.json': { edit: after('\n  oops: 1,'), line: 2, column: 3, en: /JSON needs a property name in double quotes/, cn: /双引号/ },
  'lore.json': { edit: after('\n  "oops": "\\x",'), line: 2, column: 12, en: /"\\\\x" is not an escape/, cn: /转义/ },
  'quests.json': { edit: after('\n  "oops": [1, 2,],'), line: 2, column: 17, en: /a comma before "\]"/, cn: /逗号/ },
  'director.json': { edit: () => '{\n  "oops": [1, 2', line: 2, column: 16, en: /ends in the middle of a value/, cn: /结束/ },
  'story.json': {
    edit: (t) => `${t.trimEnd()}\n}\n`,
    line: -1,
    column: 1,
    en: /unexpected "}": JSON needs the end of the file/,
    cn: /值之后/,
  },
};

describe('a JSON syntax error in any pack file is named file:line:column', () => {
  for (const file of Object.keys(PACK_FILES) as PackFileName[]) {
    it(file, { timeout: 60_000 }, async () => {
      const dir = await copyScenario();
      dirs.push(dir);
      const b = BREAKS[file];
      const text = b.edit(await readFile(path.join(SHENZHEN, file), 'utf8'));
      await writeFile(path.join(dir, file), text);
      // the closing brace added to story.json is on the file's last line
      const line = b.line > 0 ? b.line : text.trimEnd().split('\n').length;
      for (const lang of ['en', 'cn'] as const) {
        const r = await astinusHere(['validate', dir, '--lang', lang]);
        expect(r.code).toBe(1);
        const lines = r.stderr.split('\n').filter((l) => l.startsWith('  '));
        expect(lines, r.stderr).toHaveLength(1);
        expect(lines[0].startsWith(`  ${file}:${line}:${b.column}: `), lines[0]).toBe(true);
        expect(lines[0]).toMatch(b[lang]);
        expect(lines[0]).not.toMatch(/pack\.json|\{\{/);
      }
    });
  }
});

describe('jsonFault', () => {
  it('is null for JSON, whatever its depth or spacing', () => {
    for (const t of [
      '0',
      ' -1.5e+3 ',
      '"a\\u00e9\\n"',
      '[]',
      '{}',
      '[[[[{"a":[null,true,false]}]]]]',
      '{"a":{"b":[1,{"c":"d"}]}}\r\n',
      '['.repeat(50_000) + ']'.repeat(50_000),
    ]) {
      expect(jsonFault(t), t.slice(0, 40)).toBeNull();
    }
  });

  it('finds the first error where JSON.parse finds one', () => {
    const cases: [string, string, number][] = [
      ['', 'empty', 0],
      ['  \n', 'empty', 3],
      ['{"a":1', 'end', 6],
      ['"abc', 'end', 4],
      ['[1,]', 'trailing_comma', 3],
      ['{"a":1,}', 'trailing_comma', 7],
      ['{"a" 1}', 'token', 5],
      ['{1:2}', 'token', 1],
      ['[1 2]', 'token', 3],
      ['{"a":1]', 'token', 6],
      ['1 2', 'token', 2],
      ['-', 'number', 0],
      ['1.', 'number', 0],
      ['1e', 'number', 0],
      ['01', 'number', 0],
      ['"\\q"', 'escape', 1],
      ['"\\u12"', 'escape', 1],
      ['"a\nb"', 'control', 2],
      ['nul', 'token', 0],
      ['[,1]', 'token', 1],
      ['{"a":}', 'token', 5],
    ];
    for (const [t, code, pos] of cases) {
      expect(() => JSON.parse(t)).toThrow();
      expect(jsonFault(t), JSON.stringify(t)).toMatchObject({ code, pos });
    }
  });

  it('counts lines and columns as an editor does', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('一二\n三', 3)).toEqual({ line: 2, column: 1 });
    expect(lineColumn('😀x', 2)).toEqual({ line: 1, column: 2 });
  });
});
