import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderCycles, type Import, importsOf, runtimeImports } from './helpers/imports.ts';
import { folderOf, violations } from './helpers/layers.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** the imports a file at `file` would have with this source */
const as = (file: string, text: string): Import[] => importsOf(ROOT, `${ROOT}${file}`, text);

describe('the layers of the tree (docs/design.md, Layers)', () => {
  const tree = runtimeImports(ROOT, ['sim', 'adapters', 'bots', 'world-engine']);

  it('every runtime import keeps the rules', () => {
    expect(tree.length).toBeGreaterThan(500);
    expect(violations(tree)).toEqual([]);
  });

  it('the folders import one another without a loop', () => {
    expect(folderCycles(tree, folderOf)).toEqual([]);
  });

  it('a deliberately wrong import breaks its rule', () => {
    expect(violations(as('sim/judge/bad.ts', "import { openEmbeddedStore } from '../../adapters/store/embedded.ts';"))).toEqual([
      'the core imports no adapter: sim/judge/bad.ts -> adapters/store/embedded.ts',
    ]);
    expect(violations(as('sim/judge/bad.ts', "import { ruleEngine } from '../../world-engine/rules/index.ts';"))).toEqual([
      'the Judge imports no brain or engine: sim/judge/bad.ts -> world-engine/rules/index.ts',
    ]);
    expect(violations(as('sim/tick/quests.ts', "import { runTick } from './pipeline.ts';"))).toEqual([
      'a phase never imports the tick runner: sim/tick/quests.ts -> sim/tick/pipeline.ts',
    ]);
    expect(violations(as('sim/lib/bad.ts', "export { own } from '../model/ids.ts';"))).toEqual([
      'a leaf utility imports nothing of the project: sim/lib/bad.ts -> sim/model/ids.ts',
    ]);
    expect(violations(as('world-engine/rules/bad.ts', "const m = await import('../llm/index.ts');"))).toEqual([
      'the core imports no adapter: world-engine/rules/bad.ts -> world-engine/llm/index.ts',
    ]);
  });

  it("type-only imports and an adapter's use of the core are allowed", () => {
    expect(
      violations(
        as(
          'sim/judge/ok.ts',
          "import type { Store } from '../../adapters/store/embedded.ts';\nimport { type X } from '../../adapters/server/app.ts';",
        ),
      ),
    ).toEqual([]);
    expect(violations(as('adapters/server/ok.ts', "import { TickJudge } from '../../sim/judge/judge.ts';"))).toEqual([]);
    expect(violations(as('sim/world.ts', "import { runTick } from './tick/pipeline.ts';"))).toEqual([]);
  });

  it('a loop between folders is found', () => {
    const loop = [...tree, ...as('sim/model/bad.ts', "import { TickJudge } from '../judge/judge.ts';")];
    expect(folderCycles(loop, folderOf).flat()).toEqual(expect.arrayContaining(['sim/judge', 'sim/model']));
  });
});
