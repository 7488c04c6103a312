import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packSchemas, researchSchemas } from '../adapters/cli/schema.ts';
import { PACK_FILES } from '../sim/model/scenario.ts';
import { astinus, copyScenario, removeDir, REPO, SHENZHEN, tempDir } from './helpers/cli.ts';
// one binary run proves the command; the rest run in this process, one at a time (its output is captured), without a child's start-up
import { astinusHere } from './helpers/inproc.ts';

const CJK = /[\u4e00-\u9fff]/;
const LONG = 60_000;

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map(removeDir));
});

type Json = any;

/** A copy of the Shenzhen pack with some files changed. */
async function brokenPack(edit: (dir: string) => Promise<void>): Promise<string> {
  const dir = await copyScenario();
  dirs.push(dir);
  await edit(dir);
  return dir;
}

async function editJson(dir: string, file: string, change: (json: Json) => void): Promise<void> {
  const json = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  change(json);
  await writeFile(path.join(dir, file), JSON.stringify(json, null, 2));
}

/** The problem lines of a failed validation ("  file path: reason"). */
const problems = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('  '));

/** The real pack's actors, to aim the breakage at. */
const ACTORS: Json[] = JSON.parse(await readFile(path.join(SHENZHEN, 'actors.json'), 'utf8')).actors;
const WORKER: string = ACTORS.find((a) => !a.roles?.includes('employer')).id;
const PLACES: Json[] = JSON.parse(await readFile(path.join(SHENZHEN, 'places.json'), 'utf8')).places;
const ITEMS: string[] = JSON.parse(await readFile(path.join(SHENZHEN, 'scenario.json'), 'utf8')).items.map((i: Json) => i.id);
/** the skill of the pack's first class that is no thing to buy (whoever buys the thing may teach it) */
const CLASS_SKILL: string = JSON.parse(await readFile(path.join(SHENZHEN, 'templates.json'), 'utf8'))
  .templates.flatMap((t: Json) => t.effects)
  .find((e: Json) => e.type === 'class' && !ITEMS.includes(e.skill)).skill;
/** a second copy of actors[1], appended: the duplicate sits at the end */
const duplicateActor = (j: Json) => {
  j.actors.push(structuredClone(j.actors[1]));
};
const DUPLICATE_PATH = `$.actors[${ACTORS.length}].id`;

it('the Shenzhen pack is valid', { timeout: LONG }, async () => {
  const r = await astinus(['validate', 'scenarios/shenzhen']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('valid scenario');
});

describe('a broken pack is refused with the file, the JSON path and the reason', () => {
  const cases: [string, (dir: string) => Promise<void>, { file: string; path: string; says: RegExp }][] = [
    [
      'an actor in a place that does not exist',
      (d) =>
        editJson(d, 'actors.json', (j) => {
          j.actors[0].body.location = 'nowhere';
        }),
      { file: 'actors.json', path: '$.actors[0].body.location', says: /nowhere/ },
    ],
    [
      'a value of the wrong type',
      (d) =>
        editJson(d, 'actors.json', (j) => {
          j.actors[2].body.energy = 'lots';
        }),
      { file: 'actors.json', path: '$.actors[2].body.energy', says: /number/ },
    ],
    [
      'a file that is not JSON',
      async (d) => {
        await writeFile(path.join(d, 'places.json'), '{ "places": [ { "id": "oops", } ');
      },
      { file: 'places.json:1:31', path: '', says: /a comma before "}"/ },
    ],
    [
      'an id that is a name every object has',
      (d) =>
        editJson(d, 'places.json', (j) => {
          j.places[0].id = 'constructor';
        }),
      { file: 'places.json', path: '$.places[0].id', says: /reserved/ },
    ],
    [
      'a key that zod would drop without a word',
      async (d) => {
        await writeFile(
          path.join(d, 'lore.json'),
          (await readFile(path.join(d, 'lore.json'), 'utf8')).replace('"entries": {', '"entries": { "__proto__": {},'),
        );
      },
      { file: 'lore.json', path: '$.entries.__proto__', says: /__proto__/ },
    ],
    [
      'a JSON syntax error, named by line and column',
      async (d) => {
        await writeFile(path.join(d, 'places.json'), '{\n  "places": [\n    { "id": "oops", }\n');
      },
      { file: 'places.json:3:21', path: '', says: /a comma before "}"/ },
    ],
    [
      'a one-way link into a dead end',
      (d) =>
        editJson(d, 'places.json', (j) => {
          j.places[j.places.length - 1].links = [];
        }),
      { file: 'places.json', path: `$.places[${PLACES.length - 1}].links`, says: /no way back/ },
    ],
    [
      'a class whose skill nobody has',
      (d) =>
        editJson(d, 'actors.json', (j) => {
          for (const a of j.actors) {
            a.body.tags = (a.body.tags ?? []).filter((t: string) => t !== `skill:${CLASS_SKILL}`);
            delete a.body.inventory?.[CLASS_SKILL];
            a.roles = (a.roles ?? []).filter((r: string) => r !== 'teacher');
          }
        }),
      { file: 'templates.json', path: '.skill', says: new RegExp(CLASS_SKILL) },
    ],
    ['a missing required file', (d) => rm(path.join(d, 'templates.json')), { file: 'templates.json', path: '$', says: /missing/ }],
    [
      'a link to an unknown place',
      (d) =>
        editJson(d, 'places.json', (j) => {
          j.places[1].links.push({ to: 'atlantis', distance: 3 });
        }),
      { file: 'places.json', path: '$.places[1].links', says: /atlantis/ },
    ],
    [
      'a job whose employer is no employer',
      (d) =>
        editJson(d, 'scenario.json', (j) => {
          j.jobs[0].employer = WORKER;
        }),
      { file: 'scenario.json', path: '$.jobs[0].employer', says: /employer/ },
    ],
    [
      'a join purse booked under an undeclared source',
      (d) =>
        editJson(d, 'scenario.json', (j) => {
          j.rules.players.source = 'printing_press';
        }),
      { file: 'scenario.json', path: '$.rules.players.source', says: /printing_press/ },
    ],
    [
      'a join purse with no source to book it under',
      (d) =>
        editJson(d, 'scenario.json', (j) => {
          delete j.rules.players.source;
        }),
      { file: 'scenario.json', path: '$.rules.players.source', says: /source/ },
    ],
    [
      'two actors with the same id',
      (d) => editJson(d, 'actors.json', duplicateActor),
      { file: 'actors.json', path: DUPLICATE_PATH, says: /duplicate/ },
    ],
  ];

  it.each(cases)('%s', { timeout: LONG }, async (_name, breakIt, want) => {
    const dir = await brokenPack(breakIt);
    const r = await astinusHere(['validate', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(dir);
    const lines = problems(r.stderr);
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toContain(want.file);
    expect(lines[0]).toContain(want.path);
    expect(lines[0]).toMatch(want.says);
  });
});

describe('several problems are reported together', () => {
  it('in files that do not parse', { timeout: LONG }, async () => {
    const dir = await brokenPack(async (dir) => {
      await editJson(dir, 'actors.json', (j) => {
        j.actors[1].body.energy = 'lots';
        j.actors[4].drives.thrift = 7;
      });
      await writeFile(path.join(dir, 'places.json'), '[');
      await rm(path.join(dir, 'templates.json'));
    });
    const r = await astinusHere(['validate', dir]);
    expect(r.code).toBe(1);
    const lines = problems(r.stderr);
    expect(lines, r.stderr).toHaveLength(4);
    expect(lines.some((l) => l.includes('actors.json $.actors[1].body.energy'))).toBe(true);
    expect(lines.some((l) => l.includes('actors.json $.actors[4].drives.thrift'))).toBe(true);
    expect(lines.some((l) => l.includes('places.json:1:2: '))).toBe(true);
    expect(lines.some((l) => l.includes('templates.json $'))).toBe(true);
    expect(r.stderr).toContain('4');
  });

  it('a schema error in one file hides nothing in the others', { timeout: LONG }, async () => {
    const dir = await brokenPack(async (dir) => {
      await editJson(dir, 'actors.json', (j) => {
        j.actors[1].body.energy = 'lots';
      });
      await editJson(dir, 'places.json', (j) => {
        j.places[1].links.push({ to: 'atlantis', distance: 3 });
        j.places[j.places.length - 1].links = [];
      });
      await editJson(dir, 'scenario.json', (j) => {
        j.jobs[0].place = 'nowhere';
      });
    });
    const r = await astinusHere(['validate', dir]);
    expect(r.code).toBe(1);
    const lines = problems(r.stderr);
    expect(lines, r.stderr).toHaveLength(4);
    for (const want of [
      'actors.json $.actors[1].body.energy',
      'places.json $.places[1].links',
      `places.json $.places[${PLACES.length - 1}].links`,
      'scenario.json $.jobs[0].place',
    ]) {
      expect(
        lines.filter((l) => l.includes(want)),
        `${want} in\n${r.stderr}`,
      ).toHaveLength(1);
    }
  });

  it('a byte-order mark an editor left is no problem', { timeout: LONG }, async () => {
    const dir = await brokenPack(async (dir) => {
      for (const f of ['scenario.json', 'places.json'])
        await writeFile(path.join(dir, f), `\uFEFF${await readFile(path.join(dir, f), 'utf8')}`);
    });
    const r = await astinusHere(['validate', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('across files that refer to each other', { timeout: LONG }, async () => {
    const dir = await brokenPack(async (dir) => {
      await editJson(dir, 'actors.json', (j) => {
        j.actors[0].body.location = 'nowhere';
        duplicateActor(j);
      });
      await editJson(dir, 'places.json', (j) => {
        j.places[1].links.push({ to: 'atlantis', distance: 3 });
      });
      await editJson(dir, 'scenario.json', (j) => {
        j.jobs[0].employer = WORKER;
      });
    });
    const r = await astinusHere(['validate', dir]);
    expect(r.code).toBe(1);
    const lines = problems(r.stderr);
    expect(lines, r.stderr).toHaveLength(4);
    for (const want of [
      'actors.json $.actors[0].body.location',
      `actors.json ${DUPLICATE_PATH}`,
      'places.json $.places[1].links',
      'scenario.json $.jobs[0].employer',
    ]) {
      expect(
        lines.filter((l) => l.includes(want)),
        `${want} in\n${r.stderr}`,
      ).toHaveLength(1);
    }
  });
});

it('warns of a sink nothing spends into and a source nothing draws on, and still passes', { timeout: LONG }, async () => {
  const dir = await brokenPack((d) =>
    editJson(d, 'scenario.json', (j) => {
      j.rules.money.sinks.push({ id: 'tithe', name: { cn: '什一税', en: 'Tithe' } });
      j.rules.money.sources.push({ id: 'treasure', name: { cn: '宝藏', en: 'Treasure' } });
    }),
  );
  const r = await astinusHere(['validate', dir]);
  expect(r.code, r.stderr).toBe(0);
  const lines = problems(r.stderr);
  expect(lines, r.stderr).toHaveLength(2);
  expect(lines[0]).toMatch(/scenario\.json \$\.rules\.money\.sinks\[\d+\]: .*tithe/);
  expect(lines[1]).toMatch(/scenario\.json \$\.rules\.money\.sources\[\d+\]: .*treasure/);
});

it(
  'warns when the money sources can create far more a day than eating takes, and not once they have daily budgets',
  { timeout: LONG },
  async () => {
    const open = await brokenPack((d) =>
      editJson(d, 'scenario.json', (j) => {
        for (const x of j.rules.money.sources) delete x.perDay;
      }),
    );
    const r = await astinusHere(['validate', open]);
    expect(r.code, r.stderr).toBe(0);
    const lines = problems(r.stderr);
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      /scenario\.json \$\.rules\.money\.sources: the money sources can create about \d+ a day, [\d.]+ times the \d+ the people need to eat/,
    );
    // the shipped pack, with its budgets, is quiet
    expect(problems((await astinusHere(['validate', SHENZHEN])).stderr)).toEqual([]);
  },
);

it('run refuses a broken pack before writing anything', { timeout: LONG }, async () => {
  const dir = await brokenPack(async (dir) =>
    editJson(dir, 'actors.json', (j) => {
      j.actors[0].body.location = 'nowhere';
    }),
  );
  const data = path.join(await tempDir('astinus-data-'), 'data');
  dirs.push(path.dirname(data));
  const r = await astinusHere(['run', dir, '--ticks', '5', '--data', data]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain('actors.json');
  expect(r.stderr).toContain('nowhere');
  expect(existsSync(data)).toBe(false);
});

it('--lang cn gives the reasons in Chinese', { timeout: LONG }, async () => {
  const dir = await brokenPack(async (dir) =>
    editJson(dir, 'actors.json', (j) => {
      j.actors[0].body.location = 'nowhere';
    }),
  );
  const cn = await astinusHere(['validate', dir, '--lang', 'cn']);
  const en = await astinusHere(['validate', dir]);
  expect(cn.code).toBe(1);
  const line = problems(cn.stderr)[0];
  expect(line).toContain('actors.json $.actors[0].body.location');
  expect(line).toContain('nowhere');
  // the reason, after the path, is in Chinese and not the English one
  const reason = line.split('$.actors[0].body.location')[1];
  expect(reason).toMatch(CJK);
  expect(reason).not.toBe(problems(en.stderr)[0].split('$.actors[0].body.location')[1]);
  expect(en.stderr).not.toMatch(CJK);
});

describe('published JSON Schemas', () => {
  const SCHEMA_DIR = path.join(REPO, 'schema');

  it('schema/ holds exactly what `astinus schema` generates (run `npm run schema` after changing a pack format)', async () => {
    const generated = { ...packSchemas(), ...researchSchemas() };
    expect(Object.keys(generated).sort()).toEqual(
      [...Object.keys(PACK_FILES).map((f) => f.replace('.json', '.schema.json')), 'interventions.schema.json'].sort(),
    );
    const committed = (await readdir(SCHEMA_DIR)).filter((f) => f.endsWith('.schema.json')).sort();
    expect(committed).toEqual(Object.keys(generated).sort());
    for (const [name, text] of Object.entries(generated)) {
      expect(await readFile(path.join(SCHEMA_DIR, name), 'utf8'), `schema/${name} is stale`).toBe(text);
    }
  });

  it('every Shenzhen file points its $schema at the matching schema file', async () => {
    for (const file of Object.keys(PACK_FILES).filter((f) => existsSync(path.join(SHENZHEN, f)))) {
      const json = JSON.parse(await readFile(path.join(SHENZHEN, file), 'utf8'));
      expect(json.$schema, file).toBeTypeOf('string');
      const target = path.resolve(SHENZHEN, json.$schema);
      expect(target, file).toBe(path.join(SCHEMA_DIR, file.replace('.json', '.schema.json')));
      expect(existsSync(target), `${file} -> ${json.$schema}`).toBe(true);
    }
  });
});

it("names a pack's words for a line the engine does not have, and a slot the line does not fill", { timeout: LONG }, async () => {
  const dir = await brokenPack((d) =>
    editJson(d, 'vocabulary.json', (j) => {
      j.channels.moments.say = {
        'side.likes': { cn: '{{actor}}点赞', en: '{{actor}} likes it' },
        'side.liked': { cn: '{{actor}}点了个赞', en: '{{actor}} likes the post for {{price}}' },
      };
    }),
  );
  const r = await astinusHere(['validate', dir]);
  expect(r.code).toBe(1);
  expect(problems(r.stderr)).toEqual([
    expect.stringMatching(/vocabulary\.json \$\.channels\.moments\.say\["?side\.likes"?\]: the engine has no line "side\.likes" to word/),
    expect.stringMatching(
      /vocabulary\.json \$\.channels\.moments\.say\["?side\.liked"?\]\.en: "price" is not filled in the line side\.liked: it fills actor/,
    ),
  ]);
});

it('names a job that asks for a role the pack lacks, or a skill nobody holds and no class teaches', { timeout: LONG }, async () => {
  const dir = await brokenPack((d) =>
    editJson(d, 'scenario.json', (j) => {
      j.jobs[0].requires = { role: 'astronaut' };
      j.jobs[1].requires = { skill: 'welding' };
    }),
  );
  const r = await astinusHere(['validate', dir]);
  expect(r.code).toBe(1);
  expect(problems(r.stderr)).toEqual([
    expect.stringMatching(/scenario\.json \$\.jobs\[0\]\.requires\.role: .*astronaut/),
    expect.stringMatching(/scenario\.json \$\.jobs\[1\]\.requires\.skill: nobody holds the skill "welding" .*add a class that teaches it/),
  ]);
});

it('names a link or a toll that names a travel mode the pack lacks', { timeout: LONG }, async () => {
  const dir = await brokenPack(async (d) => {
    await editJson(d, 'places.json', (j) => {
      j.places[0].links[0].modes = ['maglev'];
    });
  });
  const r = await astinusHere(['validate', dir]);
  expect(r.code).toBe(1);
  expect(problems(r.stderr)).toEqual([
    expect.stringMatching(/places\.json \$\.places\[0\]\.links\[0\]\.modes\[0\]: travel mode "maglev" is not declared/),
  ]);
});
