import { z } from 'zod';

export const STATUSES = ['alive', 'dying', 'unconscious', 'restrained_permanent', 'dead'] as const;
export const Status = z.enum(STATUSES);
export type Status = z.infer<typeof Status>;

/**
 * The status machine (docs/design.md, Status). There is no edge from alive to dead: death always passes through
 * dying, which leaves a window to be saved. Only the Judge's own clock takes the dying -> dead edge.
 */
export const TRANSITIONS: Record<Status, readonly Status[]> = {
  alive: ['dying', 'unconscious', 'restrained_permanent'],
  unconscious: ['alive', 'dying', 'restrained_permanent'],
  dying: ['alive', 'unconscious', 'dead'],
  restrained_permanent: [],
  dead: [],
};

/** What each status still allows an actor to do. */
export const CAN_ACT: Record<Status, 'all' | 'talk' | 'none'> = {
  alive: 'all',
  dying: 'talk',
  unconscious: 'none',
  restrained_permanent: 'none',
  dead: 'none',
};
