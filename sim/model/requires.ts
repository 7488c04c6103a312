import type { Template } from './scenario.ts';
import type { Param } from './text.ts';

interface Maker {
  tags: readonly string[];
  inventory: Record<string, number>;
  roles: readonly string[];
}

/**
 * The first of a template's `requires` the maker does not meet (a tag, an item carried, a role), as
 * the Judge's refusal, or null: the Judge refuses with it, the policy brain offers only what passes.
 */
export function unmetRequirement(a: Maker, t: Template): { code: string; params: Record<string, Param> } | null {
  for (const e of t.effects) {
    if (e.type !== 'requires') continue;
    if (e.tag !== undefined && !a.tags.includes(e.tag)) return { code: 'requires_tag', params: { template: templateRef(t), tag: e.tag } };
    if (e.item !== undefined && !((a.inventory[e.item] ?? 0) > 0))
      return { code: 'requires_item', params: { template: templateRef(t), item: { ref: 'item', id: e.item } } };
    if (e.role !== undefined && !a.roles.includes(e.role))
      return { code: 'requires_role', params: { template: templateRef(t), role: e.role } };
  }
  return null;
}

/** Made only for a requirement unmet: brains ask of every template they weigh, and most have none. */
const templateRef = (t: Template): Param => ({ ref: 'template', id: t.id });
