import type { Message } from '../model/text.ts';
import type { Renderer } from './render.ts';

/** The keys whose words are a pack quest's own (`stated`, `risk`), not a locale's. */
export const QUEST_TEXT_KEYS: ReadonlySet<string> = new Set(['quest.stated', 'quest.risk']);

/**
 * A quest's stated words or its risk: the pack's text for the quest named by `quest`, its `{{slots}}`
 * filled from the message's parameters (money as the pack writes it, the deadline as the world's clock).
 */
export function renderQuestText(r: Renderer, m: Extract<Message, { key: string }>): string {
  const id = m.params?.quest;
  const def = typeof id === 'string' ? r.cat.scenario.quests?.quests.find((q) => q.id === id) : undefined;
  if (!def) return r.t('quest.unknown');
  let out = r.text(m.key === 'quest.risk' ? def.risk.text : def.stated);
  for (const [k, v] of Object.entries(m.params ?? {})) {
    const shown =
      typeof v === 'number' && (k === 'reward' || k === 'amount')
        ? r.money(v)
        : typeof v === 'number' && k === 'deadline'
          ? r.clock(v)
          : r.param(v);
    out = out.replaceAll(`{{${k}}}`, shown);
  }
  return out;
}
