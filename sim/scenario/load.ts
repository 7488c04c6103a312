import { stat } from 'node:fs/promises';
import type { z } from 'zod';
import { OPTIONAL_FILES, PACK_FILES, type PackFileName, type Scenario } from '../model/scenario.ts';
import { digest } from '../lib/canonical.ts';
import { crossCheck } from './crossref.ts';
import { jsonPath, type PackIssue, ScenarioError } from './errors.ts';
import { RESERVED_IDS } from '../model/ids.ts';
import { loadInk } from './ink.ts';
import { packRefs } from './refs.ts';
import { classChecks, requiresChecks } from './grants.ts';
import { readPackJson } from './json.ts';

type Parsed = { [F in PackFileName]: z.infer<(typeof PACK_FILES)[F]> | null };

/**
 * Load and validate a scenario pack. Every schema problem in every file is reported together; the
 * references between files are checked once each file holds its own shape (an unknown place
 * cannot be looked for in a file that does not parse). Nothing is returned unless the pack holds.
 */
export async function loadScenario(dir: string): Promise<Scenario> {
  const issues: PackIssue[] = [];
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new ScenarioError(dir, [{ file: dir, path: '$', reason: { key: 'pack.not_a_folder' } }]);
  const parsed = {} as Parsed;
  const raw: string[] = [];
  for (const file of Object.keys(PACK_FILES) as PackFileName[]) {
    const read = await readPackJson(dir, file);
    if (read.kind === 'missing') {
      if (!OPTIONAL_FILES.includes(file)) issues.push({ file, path: '$', reason: { key: 'pack.missing' } });
      (parsed as Record<string, unknown>)[file] = null;
      continue;
    }
    raw.push(file, read.text);
    if (read.kind === 'bad') {
      issues.push(read.issue);
      continue;
    }
    const json = read.json;
    // zod quietly drops a `__proto__` key: refuse every such name before it can vanish or bite
    const reserved = reservedKeys(json);
    for (const at of reserved)
      issues.push({ file, path: jsonPath(at), reason: { key: 'pack.reserved_key', params: { key: String(at[at.length - 1]) } } });
    if (reserved.length) continue;
    const result = PACK_FILES[file].safeParse(json);
    if (!result.success) {
      for (const i of result.error.issues) issues.push({ file, path: jsonPath(i.path), reason: { text: i.message } });
      continue;
    }
    (parsed as Record<string, unknown>)[file] = result.data;
  }
  // references are checked among the files that parsed, so one broken file hides nothing elsewhere
  const parts = {
    meta: parsed['scenario.json'],
    vocabulary: parsed['vocabulary.json'],
    places: parsed['places.json']?.places ?? null,
    actors: parsed['actors.json']?.actors ?? null,
    templates: parsed['templates.json']?.templates ?? null,
    entities: parsed['entities.json']?.entities ?? [],
    quests: parsed['quests.json'],
    director: parsed['director.json'],
  };
  // an absent quests.json declares no quest; one that is there and broken is not judged against
  const refs = packRefs(
    parts,
    issues.some((i) => i.file === 'quests.json'),
  );
  issues.push(...crossCheck(parts, refs));
  // the ink story compiles with the pack; its text is part of the pack's hash
  const ink = await loadInk(dir, parsed['story.json'], refs);
  issues.push(...ink.issues);
  if (ink.raw) raw.push(...ink.raw);
  // a `requires` tag and a class's skill are judged against every way to come by a tag, the story's bindings among them
  issues.push(...requiresChecks(parts, parsed['story.json']), ...classChecks(parts, parsed['story.json']));
  if (issues.length) throw new ScenarioError(dir, issues);
  const scenario = {
    meta: parsed['scenario.json']!,
    vocabulary: parsed['vocabulary.json']!,
    places: parsed['places.json']!.places,
    ...(parsed['places.json']!.layout ? { layout: parsed['places.json']!.layout } : {}),
    actors: parsed['actors.json']!.actors,
    templates: parsed['templates.json']!.templates,
    entities: parsed['entities.json']?.entities ?? [],
    lore: parsed['lore.json'],
    quests: parsed['quests.json'],
    director: parsed['director.json'],
    story: ink.story,
  };
  return { ...scenario, dir, hash: digest(raw.join('\u0000')) };
}

/** Paths of every object key in the JSON that is a name every object answers to. */
function reservedKeys(v: unknown, at: PropertyKey[] = []): PropertyKey[][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => reservedKeys(x, [...at, i]));
  if (!v || typeof v !== 'object') return [];
  return Object.keys(v).flatMap((k) => (RESERVED_IDS.has(k) ? [[...at, k]] : reservedKeys((v as Record<string, unknown>)[k], [...at, k])));
}
