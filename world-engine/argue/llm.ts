import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { z } from 'zod';
import { type T, translator } from '../../sim/i18n/translator.ts';
import { situationNames } from '../../sim/judge/argue-fit.ts';
import { type Argument, verifyArgument, unfit } from '../../sim/judge/argue.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { LlmClient } from '../../adapters/llm/client.ts';
import { fence, quoted } from '../../adapters/llm/fence.ts';
import { askWithRepair, readJson } from '../../adapters/llm/repair.ts';
import type { LlmStats } from '../../adapters/llm/stats.ts';
import { type Lang, WORDS_MAX } from '../../sim/model/text.ts';
import { type ArgueJudge, type ArgueOutcome, rulesArgueJudge } from './types.ts';

export interface LlmArgueOptions {
  client: LlmClient;
  stats: LlmStats;
  lang: Lang;
  fallback?: ArgueJudge;
}

/** one short sentence each: it is shown to the player as the verdict */
const Why = z.string().min(1).max(WORDS_MAX);
const Verdict = z.object({ fits: z.boolean(), why: z.object({ cn: Why, en: Why }).strict() }).strict();

const FORMAT: ResponseFormatJSONSchema = {
  type: 'json_schema',
  json_schema: {
    name: 'argument',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['fits', 'why'],
      properties: {
        fits: { type: 'boolean' },
        why: {
          type: 'object',
          additionalProperties: false,
          required: ['cn', 'en'],
          properties: { cn: { type: 'string' }, en: { type: 'string' } },
        },
      },
    },
  },
};

/** The situation the argument must speak of, in the prompt's language: at whom, where, with what (names quoted: a player's is their text). */
function situation(cat: Catalog, state: WorldState, r: Argument, lang: Lang, t: T): string {
  const named = situationNames(cat, state, r);
  return (['target', 'place', 'item'] as const)
    .map((k) => (named[k] ? t(`llm.argue.${k}`, { name: quoted(named[k][lang]) }) : ''))
    .join('');
}

/**
 * A language model judges whether a player's words make one of their traits fit the risky thing
 * they try: the one judgement the rules make only by words (sim/judge/argue-fit.ts). Only arguments the
 * rules cannot settle by what they verify (a player who can act, a trait of theirs, a risky word,
 * not argued yet, not counted anyway) reach the model; the model answers `{ fits, why }` and cannot
 * name another trait, word or dice. An answer that does not read is repaired once, then the rules
 * judge (and the fallback is counted). An accepted verdict is queued `by: 'model'`.
 */
export function llmArgueJudge(o: LlmArgueOptions): ArgueJudge {
  const t = translator(o.lang);
  const fallback = o.fallback ?? rulesArgueJudge;
  return {
    name: 'llm',
    async judge(cat, state, r): Promise<ArgueOutcome> {
      const v = verifyArgument(cat, state, r);
      if ('verdict' in v) return { verdict: v.verdict, by: 'rules' };
      const word = cat.words.manner(r.word) ?? cat.words.purpose(r.word)!;
      const tr = v.trait;
      // a player's own trait is their text, and their argument too: both quoted, one line each
      const messages = [
        { role: 'system' as const, content: t('llm.argue.rules') },
        {
          role: 'user' as const,
          content: t('llm.argue.case', {
            word: quoted(word.name[o.lang]),
            situation: situation(cat, state, r, o.lang, t),
            trait: quoted(tr.name[o.lang]),
            positive: quoted(tr.positive[o.lang]),
            negative: quoted(tr.negative[o.lang]),
            words: fence(t, t('llm.fence.player'), r.words),
          }),
        },
      ];
      // the player's side of the table: the intent role's model (ASTINUS_MODEL_INTENT) reads their words here too
      const meta = { role: 'intent' as const, actor: r.actor, tick: state.tick + 1 };
      return askWithRepair(
        { client: o.client, stats: o.stats, t },
        meta,
        { messages, response_format: FORMAT },
        (m) => {
          const p = readJson(m, Verdict);
          if (!p.ok) return p;
          const out: ArgueOutcome = {
            verdict: p.value.fits ? { ok: true, why: 'argued' } : unfit(cat, r.word),
            by: 'model',
            why: p.value.why,
          };
          return { ok: true, value: out };
        },
        () => fallback.judge(cat, state, r),
      );
    },
  };
}
