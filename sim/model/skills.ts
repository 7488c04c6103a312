/** Whether a body knows a skill: a `skill:<name>` tag, or the instrument itself in hand. */
export function knowsSkill(a: { tags: readonly string[]; inventory: Record<string, number> }, skill: string): boolean {
  return a.tags.includes(`skill:${skill}`) || (a.inventory[skill] ?? 0) > 0;
}
