import { z } from 'zod';

/**
 * The director (seeds 001 §9 and 003): it reads the pack's measures of tension and proposes events
 * from the pack's templates to raise or ease it. The phase is `steady` or `acceleration` (a milestone
 * is near: things come faster).
 */
export type Phase = 'steady' | 'acceleration';
export type Aim = 'raise' | 'ease';

export interface DirectorState {
  phase: Phase;
  /** the tick the phase began */
  since: number;
  /** the last tension measured, 0..100, and each measure behind it */
  tension: number;
  measures: Record<string, number>;
  /** the tick of the last proposal the Judge accepted (-1: none) */
  last: number;
  /** how many proposals were accepted and refused */
  accepted: number;
  refused: number;
}

/** `director.json` of a pack: its measures of tension and the events it may propose. (Its shape is settled with the director.) */
export const DirectorFile = z.object({ $schema: z.string().optional(), measures: z.array(z.unknown()), templates: z.array(z.unknown()) }).strict();
export type DirectorFile = z.infer<typeof DirectorFile>;
