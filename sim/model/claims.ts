/**
 * What a text can claim about the world, as the Judge reads it (sim/judge/claims.ts): the kinds of
 * claim whose trigger words live in locales/{cn,en}/claims.json (`renown`: that people know someone by name).
 */
export const CLAIM_KINDS = ['death', 'collapse', 'loss', 'transfer', 'arrival', 'departure', 'destruction', 'renown'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** A claim a clause makes, with the ids it names (actors, places, things). */
export interface Claim {
  kind: ClaimKind;
  about: string[];
  clause: string;
}
