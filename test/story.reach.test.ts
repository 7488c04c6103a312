import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Compiler, CompilerOptions } from 'inkjs/full';
import { afterAll, describe, expect, it } from 'vitest';
import { inkReach } from '../sim/scenario/ink-reach.ts';
import { copyScenario, removeDir, RIVERFORD, SHENZHEN } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';

/**
 * `validate` reads whether the pack's story can end (docs/design.md, The story): a situation from which
 * no choice or divert leads to an ending is an error, an ending nothing reaches a warning, and a
 * condition the pack's world can never meet (a quest state no quest is in, a place the pack has not)
 * counts as a branch never taken, and is told.
 */
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

type Json = Record<string, any>;

/** A copy of `pack` with its ink and story.json changed; returns the folder and the new ink text. */
async function variant(pack: string, ink: (s: string) => string, story: (j: Json) => void = () => undefined) {
  const dir = await copyScenario(pack);
  dirs.push(dir);
  const text = ink(await readFile(path.join(dir, 'story.ink'), 'utf8'));
  await writeFile(path.join(dir, 'story.ink'), text);
  const j = JSON.parse(await readFile(path.join(dir, 'story.json'), 'utf8'));
  story(j);
  await writeFile(path.join(dir, 'story.json'), JSON.stringify(j, null, 2));
  return { dir, text };
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const named = { cn: '名', en: 'Name' };

describe('validate: can the story end', () => {
  it('passes both shipped packs clean: no error, no warning', async () => {
    for (const pack of [SHENZHEN, RIVERFORD]) {
      const r = await astinusHere(['validate', pack]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
  });

  it('an ending behind a condition the world can never meet, or with no tag, is a warning naming where and why', async () => {
    // the alms are offered only when the errand is "done", a state no quest is ever in
    const { dir, text } = await variant(
      RIVERFORD,
      (s) => s.replace('+ [give_alms] -> freeman', '+ {errand == "done"} [give_alms] -> freeman'),
      (j) => {
        j.endings.hermit = { name: named, summary: named };
      },
    );
    const r = await astinusHere(['validate', dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `story.ink line ${lineOf(text, '# ending: freeman')}: the ending "freeman" (in freeman) is reached by no choice or divert from the story's start`,
    );
    expect(r.stderr).toContain(
      `story.ink line ${lineOf(text, 'errand == "done"')}: the condition \`errand == "done"\` (in the_ford) can never hold in this pack's world: ` +
        '`errand` is always one of none, offered, taken, completed, failed',
    );
    expect(r.stderr).toContain('story.json $.endings.hermit: the ending "hermit" has no `# ending: hermit` tag in story.ink');
    // the other endings are still reached, and are not named
    expect(r.stderr).not.toMatch(/"drifter"|"winter"/);
    const cn = await astinusHere(['validate', dir, '--lang', 'cn']);
    expect(cn.stderr).toContain(
      `story.ink line ${lineOf(text, '# ending: freeman')}: 结局“freeman”（在 freeman 中）从故事开头出发没有任何选项或跳转能够到达`,
    );
  });

  it('a situation with no way to any ending is an error naming the ink file, its line, the knot and why', async () => {
    // listening at the inn leads to a knot whose only ways on loop back to it, or need a place the pack has not
    const { dir, text } = await variant(
      RIVERFORD,
      (s) =>
        s.replace('+ [listen_at_inn] -> landfall', '+ [listen_at_inn] -> lost') +
        '\n=== lost ===\n# situation: lost\n+ {place == "atlantis"} [walk_to_quay] -> landfall\n+ [rest_a_while] -> lost\n',
      (j) => {
        j.situations.lost = { name: named };
      },
    );
    const r = await astinusHere(['validate', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `story.ink line ${lineOf(text, '# situation: lost')}: the situation "lost" (in lost) has no way to any ending: ` +
        'every choice and divert from where the story shows it leads only to the situations lost',
    );
    // the situations before it can still end the story (the inn's choice is one way among others)
    expect(r.stderr).not.toContain('"stranger"');
    const cn = await astinusHere(['validate', dir, '--lang', 'cn']);
    expect(cn.stderr).toContain(`story.ink line ${lineOf(text, '# situation: lost')}: 局势“lost”（在 lost 中）无法通向任何结局`);
  });

  it('a situation that only waits is no dead end when the ink before it can still end the story as the world changes', async () => {
    // worn out, the player is offered nothing: each turn the ink runs again from their last choice, where
    // money and the days can still lead on to the crossroads or to time's end
    const { dir } = await variant(SHENZHEN, (s) => {
      const start = s.indexOf('= tired');
      const end = s.indexOf('=== crossroads');
      return s.slice(0, start) + '= tired\n# situation: worn_out\n-> DONE\n\n' + s.slice(end);
    });
    const r = await astinusHere(['validate', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});

/** The situations `inkReach` finds with no way to an ending, in a small ink of its own (money, rel and place bound to the world). */
function stuck(source: string): string[] {
  const compiled = new Compiler(source, new CompilerOptions(null, [], false, null)).Compile().ToJson()!;
  const bindings = { money: { measure: 'money' }, rel: { measure: 'relation', with: 'x' }, place: { measure: 'place' } } as const;
  const r = inkReach({ ink: 'x.ink', source, compiled, bindings, endings: {} }, new Set(['home']));
  return r.errors.map((e) => String((e.reason as { params: Record<string, string> }).params.situation));
}

const head = 'VAR money = 0\nVAR rel = 0\nVAR place = ""\n-> k\n';
const end = '\n=== fin ===\n# ending: e\n-> END\n';

describe('the walk follows every way ink has of going on', () => {
  // in each, the only way to the ending is through the construct named; a walk that missed it would report "a"
  it.each([
    ['a tunnel', '=== k ===\n# situation: a\n+ [x] -> t -> k\n=== t ===\n{ money > 5: -> fin }\n->->'],
    ['a function call', '=== function f() ===\n~ return money > 5\n=== k ===\n# situation: a\n+ {f()} [x] -> fin\n+ [y] -> k'],
    ['a thread', '=== k ===\n# situation: a\n<- more\n+ [go] -> fin\n=== more ===\n+ [stay] -> k\n-> DONE'],
    ['a fallback choice', '=== k ===\n# situation: a\n* [once] -> k\n* -> fin'],
    ['a cycle', '=== k ===\n# situation: a\n{&one|two|-> fin}\n+ [x] -> k'],
    ['a gather', '=== k ===\n# situation: a\n* [x]\n* [y]\n- (g)\n+ {money > 5} [z] -> fin\n+ [w] -> g'],
    ['a stitch', '=== k ===\n# situation: a\n+ [x] -> k.s\n= s\n{ rel > 50: -> fin }\n-> DONE'],
  ])('%s', (_, ink) => {
    expect(stuck(head + ink + end)).toEqual([]);
  });

  it('but not through a comparison the world can never meet', () => {
    expect(stuck(head + '=== k ===\n# situation: a\n+ {rel > 100} [x] -> fin\n+ {place == "mars"} [y] -> fin\n+ [z] -> k' + end)).toEqual([
      'a',
    ]);
  });
});
