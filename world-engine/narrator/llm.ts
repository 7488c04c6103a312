import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { z } from 'zod';
import { translator } from '../../sim/i18n/translator.ts';
import type { AnswerMessage } from '../../adapters/llm/answer.ts';
import type { LlmClient } from '../../adapters/llm/client.ts';
import { quoted } from '../../adapters/llm/fence.ts';
import { askWithRepair, readJson, type Reading } from '../../adapters/llm/repair.ts';
import type { LlmStats } from '../../adapters/llm/stats.ts';
import type { Lang, Text } from '../../sim/model/text.ts';
import { invented as inventedIn } from './check.ts';
import type { NarrationInput, Narrator } from './types.ts';

export interface LlmNarratorOptions {
  client: LlmClient;
  stats: LlmStats;
  fallback: Narrator;
  lang: Lang;
}

/** a whole narration is quoted, so it may be longer than one remark */
const NARRATION_MAX = 2000;

const Prose = z.object({ cn: z.string().min(1), en: z.string().min(1) }).strict();

const FORMAT: ResponseFormatJSONSchema = {
  type: 'json_schema',
  json_schema: {
    name: 'narration',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['cn', 'en'],
      properties: { cn: { type: 'string' }, en: { type: 'string' } },
    },
  },
};

/**
 * A language model turns the player's committed events into prose, in both languages. The model
 * is given the offline narration (which holds only what was committed) to retell; its text is
 * checked with `invented` (check.ts), and a text that names anyone, anything or
 * any number the events do not carry, or claims a death, loss, payment, arrival... they do not carry, is refused like malformed output: one repair quoting what it invented, then
 * the offline narration.
 */
export function llmNarrator(o: LlmNarratorOptions): Narrator {
  const t = translator(o.lang);
  return {
    name: 'llm',
    async narrate(input: NarrationInput): Promise<Text> {
      const plain = await o.fallback.narrate(input);
      // nothing committed: nothing to tell, and no reason to spend tokens
      if (input.events.length === 0) return plain;
      const meta = { role: 'narrator' as const, actor: input.actor, tick: input.tick };
      const messages = [
        { role: 'system' as const, content: t('llm.narrator.rules') },
        // the plain narration carries players' words and model-written text: quoted, one line each
        {
          role: 'user' as const,
          content: t('llm.narrator.events', { cn: quoted(plain.cn, NARRATION_MAX), en: quoted(plain.en, NARRATION_MAX) }),
        },
      ];
      return askWithRepair(
        { client: o.client, stats: o.stats, t },
        meta,
        { messages, response_format: FORMAT },
        (m) => readProse(m, input),
        () => plain,
      );
    },
  };
}

function readProse(m: AnswerMessage, input: NarrationInput): Reading<Text> {
  const p = readJson(m, Prose);
  if (!p.ok) return p;
  // the same claim check the Judge applies to the World Engine's narrative, beside names and numbers
  const invented = inventedIn(p.value, input.events, input.events, input.cat, input.state);
  if (invented.length) return { ok: false, reason: 'invented', error: `mentions what did not happen: ${invented.join(', ')}` };
  return p;
}
