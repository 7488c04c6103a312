/**
 * The broad ways an actor can try to get on in the world. Policy brains weigh them, reflection
 * shifts the weights by what paid off, and every tool call is attributed to exactly one of them.
 */
export const STRATEGIES = ['work', 'trade', 'art', 'teach', 'gossip', 'social', 'explore', 'rest'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export const WEIGHT_MIN = 0.2;
export const WEIGHT_MAX = 2;
