import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { PACK_FILES } from '../../sim/model/scenario.ts';
import { InterventionsFile } from '../../sim/model/interventions.ts';

/** JSON Schemas of the pack files, generated from the zod schemas, so editors can complete and check. */
export function packSchemas(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, schema] of Object.entries(PACK_FILES)) {
    const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
    out[file.replace('.json', '.schema.json')] = JSON.stringify(json, null, 2) + '\n';
  }
  return out;
}

/** JSON Schemas of the files a researcher writes beside a pack: interventions (sim/model/interventions.ts). */
export function researchSchemas(): Record<string, string> {
  const json = z.toJSONSchema(InterventionsFile, { io: 'input', target: 'draft-2020-12' });
  return { 'interventions.schema.json': JSON.stringify(json, null, 2) + '\n' };
}

export async function schemaCommand(argv: string[]): Promise<number> {
  const dir = argv[0] ?? 'schema';
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries({ ...packSchemas(), ...researchSchemas() })) await writeFile(path.join(dir, name), text);
  return 0;
}
