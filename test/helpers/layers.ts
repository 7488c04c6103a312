import type { Import } from './imports.ts';

/*
 * The layers of the tree and the rules between them (docs/design.md, Layers). Core (`sim/`, and the
 * proposers in `bots/` and `world-engine/` that run without a model): the model, the state, the rules,
 * the Judge, the tick, and the ports it talks to the outside through (`sim/ports/`). Adapters
 * (`adapters/`, and every proposer built on a language model): storage, the server, the queue, the
 * language model, the command line, experiments.
 */

/** a proposer backed by a language model: `llm/` folders and `llm.ts` files among the brains and engines */
const MODEL_BACKED = /^(bots|world-engine)\/(.*\/)?llm(\/|\.ts$)/;

export const isAdapter = (file: string): boolean => file.startsWith('adapters/') || MODEL_BACKED.test(file);
export const isLeaf = (file: string): boolean => file.startsWith('sim/lib/');

/** The folder an import graph is drawn over: `sim/<x>`, `adapters/<x>`, `bots/<x>`, `world-engine/<x>` (a file of `sim/` is its own). */
export function folderOf(file: string): string {
  const parts = file.replace(/\.tsx?$/, '').split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0] === 'sim' ? parts.join('/') : parts[0];
}

export interface Rule {
  name: string;
  breaks: (i: Import) => boolean;
}

export const RULES: Rule[] = [
  { name: 'a leaf utility imports nothing of the project', breaks: (i) => isLeaf(i.from) && !isLeaf(i.to) },
  { name: 'the core imports no adapter', breaks: (i) => !isAdapter(i.from) && isAdapter(i.to) },
  { name: 'the Judge imports no brain or engine', breaks: (i) => i.from.startsWith('sim/judge/') && /^(bots|world-engine)\//.test(i.to) },
  { name: 'a phase never imports the tick runner', breaks: (i) => i.to === 'sim/tick/pipeline.ts' && i.from !== 'sim/world.ts' },
];

/** Every import that breaks a rule, as `rule: from -> to`. */
export function violations(imports: Import[]): string[] {
  return imports.flatMap((i) => RULES.filter((r) => r.breaks(i)).map((r) => `${r.name}: ${i.from} -> ${i.to}`));
}
