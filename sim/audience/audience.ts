/**
 * Who a payload is for. Every payload that leaves the server is cut for one of three audiences by the
 * one filter beside this file (`view.ts`): what a bystander in the world could see, that plus one
 * player's own private state, or everything (the admin, the export).
 */
export type Audience = { readonly kind: 'public' } | { readonly kind: 'player'; readonly actor: string } | { readonly kind: 'admin' };

export const PUBLIC: Audience = Object.freeze({ kind: 'public' });
export const ADMIN: Audience = Object.freeze({ kind: 'admin' });
export const playerAudience = (actor: string): Audience => ({ kind: 'player', actor });

/** a stable name for an audience, for caches and rooms */
export function audienceKey(a: Audience): string {
  return a.kind === 'player' ? `player:${a.actor}` : a.kind;
}
