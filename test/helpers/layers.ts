import type { Import } from './imports.ts';

/*
 * The layers of the tree and the rules between them (docs/design.md, Layers). Core: the model, the
 * state, the rules, the Judge, the tick and the proposers that run without a model. Adapters: what
 * talks to the outside (storage, the server, the queue, the language model and whatever is built on
 * it, the command line, experiments).
 */

const ADAPTER_FOLDERS = ['sim/store/', 'sim/server/', 'sim/queue/', 'sim/llm/', 'sim/cli/', 'sim/experiment/'];
/** a proposer backed by a language model: `llm/` folders and `llm.ts` files among the brains and engines */
const MODEL_BACKED = /^(bots|world-engine)\/(.*\/)?llm(\/|\.ts$)/;

/** the Store interface is the core's port: the world commits through it, the adapters implement it */
const PORTS = new Set(['sim/store/types.ts']);

export const isAdapter = (file: string): boolean =>
  !PORTS.has(file) && (ADAPTER_FOLDERS.some((f) => file.startsWith(f)) || MODEL_BACKED.test(file));
export const isLeaf = (file: string): boolean => file.startsWith('sim/lib/');

/** The folder an import graph is drawn over: `sim/<x>`, `bots/<x>`, `world-engine/<x>` (a top-level file is its own). */
export function folderOf(file: string): string {
  const parts = file.replace(/\.tsx?$/, '').split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0] === 'sim' ? parts.join('/') : parts[0];
}

export interface Rule { name: string; breaks: (i: Import) => boolean }

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
