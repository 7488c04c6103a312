import type { DirectorFile, DirectorProposal, Phase } from '../../sim/model/director.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { Reading } from './measures.ts';
import { rulesProposal } from './rules.ts';

/** Who proposes the director's events: the rules, or a model (./llm.ts) that falls back to them. Either only proposes; the Judge decides. */
export interface Director {
  readonly name: string;
  propose(
    cat: Catalog,
    f: DirectorFile,
    state: WorldState,
    tick: number,
    phase: Phase,
    reading: Reading,
  ): DirectorProposal | null | Promise<DirectorProposal | null>;
}

export const rulesDirector: Director = { name: 'rules', propose: rulesProposal };
