/** The tag of a skill learned, `skill:<name>`; made once per skill, not on every look. */
const tags = new Map<string, string>();
export function skillTag(skill: string): string {
  let tag = tags.get(skill);
  if (tag === undefined) tags.set(skill, (tag = `skill:${skill}`));
  return tag;
}

/** Whether a body knows a skill: a `skill:<name>` tag, or the instrument itself in hand. */
export function knowsSkill(a: { tags: readonly string[]; inventory: Record<string, number> }, skill: string): boolean {
  return a.tags.includes(skillTag(skill)) || (a.inventory[skill] ?? 0) > 0;
}
