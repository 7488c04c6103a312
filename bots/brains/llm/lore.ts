import type { LoreEntry } from '../../../sim/model/scenario.ts';
import type { Lang } from '../../../sim/model/text.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import { countTokens } from '../../../adapters/llm/usage.ts';

/** Entries that are always on (the world's frame): the same for every bot, so they sit in the stable prefix. */
export function constantLore(cat: Catalog, lang: Lang): string[] {
  return entries(cat)
    .filter((e) => e.constant)
    .map((e) => e.content[lang]);
}

/**
 * Entries whose keys appear in what the bot is looking at (World Info matching: any primary key,
 * case-insensitive; with `selective` and secondary keys, one of those too), in the pack's order.
 */
export function matchingLore(cat: Catalog, lang: Lang, scan: string, max = 3): string[] {
  const hay = scan.toLowerCase();
  const has = (k: string) => k.length > 0 && hay.includes(k.toLowerCase());
  return entries(cat)
    .filter((e) => !e.constant && e.key.some(has) && (!e.selective || e.secondary_keys.length === 0 || e.secondary_keys.some(has)))
    .slice(0, max)
    .map((e) => e.content[lang]);
}

function entries(cat: Catalog): LoreEntry[] {
  const all = Object.values(cat.scenario.lore?.entries ?? {});
  return all.sort((a, b) => a.order - b.order || a.uid - b.uid);
}

/** Whole sentences from the start, within about `tokens` as the model counts them (each sentence counted once); at least one. */
export function clip(text: string, tokens: number): string {
  const sentences = text.match(/[^.!?。！？]+[.!?。！？]*["'”’」）)]*\s*/g) ?? [text];
  let out = '';
  let used = 0;
  for (const s of sentences) {
    const n = countTokens(s);
    if (out && used + n > tokens) break;
    out += s;
    used += n;
  }
  return out.trim();
}
