import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyScenario, removeDir, RIVERFORD, SHENZHEN } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';

/**
 * What an author gets wrong that the schemas cannot see and the Judge would refuse only at run time: a
 * director template the Judge refuses from a director in every world, a `requires` tag nobody can come to
 * hold, a class whose skill nobody knows. `validate` names each by file, JSON path, reason and fix.
 */

type Json = any;
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map(removeDir));
});

async function editJson(dir: string, file: string, change: (json: Json) => void): Promise<void> {
  const json = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  change(json);
  await writeFile(path.join(dir, file), JSON.stringify(json, null, 2));
}

async function pack(from: string, edit: (dir: string) => Promise<void>): Promise<string> {
  const dir = await copyScenario(from);
  dirs.push(dir);
  await edit(dir);
  return dir;
}

/** The problem lines of a validation ("  file path: reason"). */
const lines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('  '));

const VOCAB: Json = JSON.parse(await readFile(path.join(SHENZHEN, 'vocabulary.json'), 'utf8'));
const HARM: string = Object.keys(VOCAB.harm.tags)[0];
const SOURCE: string = JSON.parse(await readFile(path.join(SHENZHEN, 'scenario.json'), 'utf8')).rules.money.sources[0].id;
const TEMPLATES: Json[] = JSON.parse(await readFile(path.join(SHENZHEN, 'templates.json'), 'utf8')).templates;
const CLASS_AT = TEMPLATES.findIndex((t) => t.effects.some((e: Json) => e.type === 'class'));
const CLASS_EFFECT_AT = TEMPLATES[CLASS_AT].effects.findIndex((e: Json) => e.type === 'class');

/** Shenzhen with every fault: a harm tag and a death from the director, a tag nobody can get. */
const broken = () =>
  pack(SHENZHEN, async (d) => {
    await editJson(d, 'director.json', (j) => {
      j.templates[0].changes.push({ type: 'tag_added', actor: '$one', tag: HARM });
      j.templates[1].changes.push({ type: 'status_change', actor: '$one', to: 'dead', reason: 'shock' });
      j.templates[1].changes.push({ type: 'money_source', to: '$one', amount: 5, source: SOURCE });
    });
    await editJson(d, 'templates.json', (j) => {
      j.templates[0].effects.push({ type: 'requires', tag: 'union_card' });
    });
  });

describe('validate catches what the Judge would refuse at every run', () => {
  it('a director template that adds a harm tag, kills or makes money, and a requires tag nobody can get: file, path, reason, fix', async () => {
    const dir = await broken();
    const director: Json = JSON.parse(await readFile(path.join(dir, 'director.json'), 'utf8'));
    const n0 = director.templates[0].changes.length - 1;
    const n1 = director.templates[1].changes.length - 2;
    const r = await astinusHere(['validate', dir]);
    expect(r.code).toBe(1);
    const got = lines(r.stderr);
    // each fault once, nothing else
    expect(got).toHaveLength(4);
    const at = (where: string) => got.find((l) => l.startsWith(`  ${where}`)) ?? `(nothing at ${where} in:\n${got.join('\n')})`;
    // the Judge's own words for the refusal, then the fix
    expect(at(`director.json $.templates[0].changes[${n0}].tag`)).toMatch(
      /refuses this `tag_added` from a director.*harm comes only from the dice.*Fix:/,
    );
    expect(at(`director.json $.templates[1].changes[${n1}].to`)).toMatch(/director may bring no one toward death.*dead.*Fix:/);
    expect(at(`director.json $.templates[1].changes[${n1 + 1}].type`)).toMatch(/money does not fall from the sky.*Fix:/);
    const tag = at('templates.json $.templates[0].effects');
    expect(tag).toMatch(/^ {2}templates\.json \$\.templates\[0\]\.effects\[\d+\]\.tag: nobody can ever hold the tag "union_card"/);
    // the tags that can be had, among them one a person starts with and a class's skill
    expect(tag).toMatch(/tags to be had: .*skill:/);
    expect(tag).toContain('Fix: give someone the tag in actors.json');
  });

  it('says the same in Chinese', async () => {
    const r = await astinusHere(['validate', await broken(), '--lang', 'cn']);
    expect(r.code).toBe(1);
    const got = lines(r.stderr).join('\n');
    expect(got).toMatch(/director\.json \$\.templates\[0\]\.changes\[\d+\]\.tag: .*伤只能由骰子决定.*修正：/);
    expect(got).toMatch(/templates\.json \$\.templates\[0\]\.effects\[\d+\]\.tag: 谁也得不到标签“union_card”.*修正：/);
  });

  it('a requires tag a director, a class or a story gives is one that can be had', async () => {
    const dir = await pack(SHENZHEN, async (d) => {
      await editJson(d, 'director.json', (j) => {
        j.templates[0].changes.push({ type: 'tag_added', actor: '$one', tag: 'union_card' });
      });
      await editJson(d, 'templates.json', (j) => {
        j.templates[0].effects.push({ type: 'requires', tag: 'union_card' });
        j.templates[1].effects.push({ type: 'requires', tag: `skill:${j.templates[CLASS_AT].effects[CLASS_EFFECT_AT].skill}` });
      });
    });
    const r = await astinusHere(['validate', dir]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('a class of a skill nobody knows, opened only by a role that teaches anything, is a warning with the fix', async () => {
    const dir = await pack(SHENZHEN, (d) =>
      editJson(d, 'templates.json', (j) => {
        j.templates[CLASS_AT].effects[CLASS_EFFECT_AT].skill = 'welding';
      }),
    );
    const r = await astinusHere(['validate', dir]);
    // the pack runs: a teaching role may open any class
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^ {2}templates\\.json \\$\\.templates\\[${CLASS_AT}\\]\\.effects\\[${CLASS_EFFECT_AT}\\]\\.skill: nobody in the pack knows "welding".*Fix: give someone \`skill:welding\``,
        ),
      ),
    ]);
  });

  it('a class whose skill is a thing sold at a place can be opened by whoever buys it; unsold, nobody can', async () => {
    const ITEMS: string[] = JSON.parse(await readFile(path.join(SHENZHEN, 'scenario.json'), 'utf8')).items.map((i: Json) => i.id);
    const at = TEMPLATES.findIndex((t) => t.effects.some((e: Json) => e.type === 'class' && ITEMS.includes(e.skill)));
    const skill: string = TEMPLATES[at].effects.find((e: Json) => e.type === 'class').skill;
    const noTeacher = async (d: string) =>
      editJson(d, 'actors.json', (j) => {
        for (const a of j.actors) {
          a.body.tags = (a.body.tags ?? []).filter((t: string) => t !== `skill:${skill}`);
          delete a.body.inventory?.[skill];
          a.roles = (a.roles ?? []).filter((r: string) => !VOCAB.roles[r]?.permits?.includes('teach'));
        }
      });
    const sold = await pack(SHENZHEN, noTeacher);
    expect((await astinusHere(['validate', sold])).code).toBe(0);
    const unsold = await pack(SHENZHEN, async (d) => {
      await noTeacher(d);
      await editJson(d, 'places.json', (j) => {
        for (const p of j.places) p.sells = p.sells.filter((x: string) => x !== skill);
      });
    });
    const r = await astinusHere(['validate', unsold]);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(
        new RegExp(`^ {2}templates\\.json \\$\\.templates\\[${at}\\]\\.effects\\[0\\]\\.skill: nobody can teach this class.*Fix:`),
      ),
    ]);
  });

  it.each([
    ['shenzhen', SHENZHEN],
    ['riverford', RIVERFORD],
  ])('the shipped pack %s validates with no problem and no warning', async (_name, from) => {
    const r = await astinusHere(['validate', from]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });
});
