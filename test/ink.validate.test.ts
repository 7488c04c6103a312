import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenario } from '../sim/scenario/load.ts';
import { astinusHere } from './helpers/inproc.ts';
import { materialize } from '../adapters/experiment/materialize.ts';
import { runJob } from '../adapters/experiment/remote.ts';
import { ROOT } from './helpers/world.ts';

/** A pack's ink story is compiled when the pack loads: every mistake is a validate error with the file, where and why. */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Shenzhen with its story changed by `edit` (the ink text, and story.json as JSON). */
function pack(edit: { ink?: (s: string) => string; story?: (j: Record<string, any>) => void }): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'astinus-ink-'));
  dirs.push(dir);
  cpSync(`${ROOT}scenarios/shenzhen`, dir, { recursive: true });
  if (edit.ink) writeFileSync(path.join(dir, 'story.ink'), edit.ink(readFileSync(path.join(dir, 'story.ink'), 'utf8')));
  if (edit.story) {
    const j = JSON.parse(readFileSync(path.join(dir, 'story.json'), 'utf8'));
    edit.story(j);
    writeFileSync(path.join(dir, 'story.json'), JSON.stringify(j));
  }
  return dir;
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('astinus validate on an ink story', () => {
  it('passes the shipped stories', async () => {
    for (const p of ['shenzhen', 'riverford', 'vesta_ring'])
      expect((await astinusHere(['validate', `${ROOT}scenarios/${p}`])).code).toBe(0);
  });

  it('an ink syntax error names the ink file, its line and the reason', async () => {
    const ink = (s: string) => s.replace('+ [look_around]', '+ [look_around');
    const dir = pack({ ink });
    const line = lineOf(ink(readFileSync(`${ROOT}scenarios/shenzhen/story.ink`, 'utf8')), '+ [look_around\n'.trim());
    const r = await astinusHere(['validate', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(new RegExp(`story\\.ink line ${line}: ink syntax error: Expected closing '\\]'`));
  });

  it('an unknown chapter, an unbound variable and an ink that writes a bound variable are refused, each where it is', async () => {
    const dir = pack({
      ink: (s) => s.replace('# chapter: hustle', '# chapter: hustel').replace('~ resolve += 1', '~ money += 100'),
      story: (j) => {
        j.bindings.savings = { measure: 'money' };
      },
    });
    const err = await loadScenario(dir).catch((e) => e);
    const issues = err.issues.map((i: { file: string; path: string; reason: { key: string } }) => `${i.file} ${i.path} ${i.reason.key}`);
    const text = readFileSync(path.join(dir, 'story.ink'), 'utf8');
    expect(issues).toContain(`story.ink line ${lineOf(text, '# chapter: hustel')} pack.ink_unknown_tag`);
    expect(issues).toContain('story.json $.bindings.savings pack.ink_unbound');
    expect(issues).toContain(`story.ink line ${lineOf(text, '~ money += 100')} pack.ink_assigns_bound`);
    const r = await astinusHere(['validate', dir]);
    expect(r.stdout + r.stderr).toContain('the chapter "hustel" is not declared under `chapters` in story.json');
  });

  it('a choice the ink offers must have its words and call in story.json, and that call must be a valid one', async () => {
    const dir = pack({
      ink: (s) => s.replace('[look_around]', '[wander]'),
      story: (j) => {
        j.choices.go_to_site.call.args.destination = 'atlantis';
      },
    });
    const r = await astinusHere(['validate', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('the choice "wander" is not declared under `choices`');
    expect(r.stdout + r.stderr).toContain('story.json $.choices.go_to_site.call.args.destination: unknown place "atlantis"');
  });

  it('an experiment condition that overrides the pack copies its ink file too', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'astinus-ink-exp-'));
    dirs.push(out);
    const m = await materialize(out, `${ROOT}scenarios/shenzhen`, {
      name: 'rich',
      interventions: null,
      population: null,
      brain: null,
      pack: { 'scenario.json': { rules: { players: { money: 900 } } } },
    });
    const s = await loadScenario(m.scenario);
    expect(s.story?.source).toBe(readFileSync(`${ROOT}scenarios/shenzhen/story.ink`, 'utf8'));
    const job = await runJob({
      condition: 'rich',
      seed: 1,
      ticks: 1,
      population: null,
      brain: null,
      scenario: m.scenario,
      interventions: null,
    });
    expect(job.ink?.name).toBe('story.ink');
  });

  it('the ink text is part of the pack hash', async () => {
    const a = await loadScenario(pack({}));
    const b = await loadScenario(pack({ ink: (s) => `${s}\n// a comment\n` }));
    expect(a.hash).not.toBe(b.hash);
  });
});
