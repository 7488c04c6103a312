import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { Lists, Named } from './lexicon.ts';

/**
 * The parts of a full name a player may use alone: the given and the family name ("Mara" of "Mara
 * Quill", as a story may call her; and the same for a Chinese name's given name). Titles and short common
 * words (`intent.keywords.titles`: "Old", "Sister", "he") are no name; a part two people share is left out.
 */
function parts(full: string, k: Lists): string[] {
  const titles = new Set(k.titles ?? []);
  if (/[a-z]/i.test(full)) return full.split(/\s+/).filter((p) => p.length > 1 && !titles.has(p.toLowerCase()));
  const dotted = full.split(/[·・]/);
  if (dotted.length > 1) return dotted.filter((p) => p.length > 1);
  // a three-character Chinese name: the family name is the first, the given name the rest
  return full.length === 3 ? [full.slice(1)] : [];
}

/**
 * People by name, those where the player stands first, so a common name means the one in front of them:
 * full names and the pack's aliases, then (`short`) the parts of full names no one else shares.
 */
export function actorNames(cat: Catalog, state: WorldState, self: string, k: Lists): { full: Named[]; short: Named[] } {
  const full: Named[] = [];
  const short: Named[] = [];
  const here = state.actors[self].location;
  const ids = Object.keys(state.actors)
    .filter((id) => id !== self && state.actors[id].clone === 0)
    .sort((a, b) => Number(state.actors[b].location === here) - Number(state.actors[a].location === here));
  const owners = new Map<string, Set<string>>();
  for (const id of ids) {
    const a = state.actors[id];
    const soul = cat.souls.get(a.soul);
    const name = a.player?.name ?? soul?.soul.name;
    if (!name) continue;
    full.push([id, [name.cn, name.en, ...(a.player || !soul ? [] : [...soul.aliases.cn, ...soul.aliases.en])]]);
    for (const p of [...parts(name.cn, k), ...parts(name.en, k)]) {
      const set = owners.get(p.toLowerCase()) ?? owners.set(p.toLowerCase(), new Set()).get(p.toLowerCase())!;
      set.add(id);
    }
  }
  const mine = new Map<string, string[]>();
  for (const [p, who] of owners) if (who.size === 1) mine.set([...who][0], [...(mine.get([...who][0]) ?? []), p]);
  for (const id of ids) if (mine.has(id)) short.push([id, mine.get(id)!]);
  return { full, short };
}
