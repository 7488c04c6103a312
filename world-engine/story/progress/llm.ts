import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { defaultText, type StoryText } from '../../../sim/model/story-text.ts';
import { z } from 'zod';
import { translator } from '../../../sim/i18n/translator.ts';
import type { LlmClient } from '../../../adapters/llm/client.ts';
import { quoted } from '../../../adapters/llm/fence.ts';
import { askWithRepair, readJson } from '../../../adapters/llm/repair.ts';
import type { LlmStats } from '../../../adapters/llm/stats.ts';
import type { Lang } from '../../../sim/model/text.ts';
import { canonicalJson } from '../../../sim/lib/canonical.ts';
import { heldToInk } from './guard.ts';
import { rulesJudgment } from './rules.ts';
import type { Judgment, ProgressJudge } from './types.ts';

export interface LlmProgressOptions {
  client: LlmClient;
  stats: LlmStats;
  lang: Lang;
  fallback?: ProgressJudge;
}

const Line = z.string().min(1).max(400);
/** the progress judge's judgment (docs/design.md, The story), with the ending it names (an id of the pack's endings, checked again when committed) */
export const ModelJudgment = z
  .object({
    situationScore: z.number().int().min(0).max(100),
    shouldAdvanceChapter: z.boolean(),
    shouldEndStory: z.boolean(),
    ending: z.string().max(64).nullable(),
    rationale: z.object({ cn: Line, en: Line }).strict(),
    stateChanges: z
      .array(z.object({ variable: z.string().max(64), delta: z.number().int().min(-1_000_000).max(1_000_000) }).strict())
      .max(10),
  })
  .strict();

const FORMAT: ResponseFormatJSONSchema = {
  type: 'json_schema',
  json_schema: {
    name: 'progress',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['situationScore', 'shouldAdvanceChapter', 'shouldEndStory', 'ending', 'rationale', 'stateChanges'],
      properties: {
        situationScore: { type: 'integer' },
        shouldAdvanceChapter: { type: 'boolean' },
        shouldEndStory: { type: 'boolean' },
        ending: { type: ['string', 'null'] },
        rationale: {
          type: 'object',
          additionalProperties: false,
          required: ['cn', 'en'],
          properties: { cn: { type: 'string' }, en: { type: 'string' } },
        },
        stateChanges: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['variable', 'delta'],
            properties: { variable: { type: 'string' }, delta: { type: 'integer' } },
          },
        },
      },
    },
  },
};

/**
 * A language model as the progress judge (docs/design.md, The story): it reads where the story stands and what the
 * ink reached, and answers the judgment under zod; an answer that does not read is repaired once,
 * then the rules judge (counted). What it says is still only a judgment: the ink's own crossings
 * stand whatever it says, its answer goes through `heldToInk` (it chooses only among the chapters and
 * endings the ink reached, and its rationale tells only what the state holds), and its changes to
 * bound variables are proposals the Judge validates.
 */
export function llmProgressJudge(o: LlmProgressOptions): ProgressJudge {
  const t = translator(o.lang);
  const fallback = o.fallback;
  const asked: ProgressJudge = {
    name: 'llm',
    async judge(cat, state, c): Promise<Judgment> {
      const ls = c.story;
      // a name's default words: they claim nothing of the world
      const name = (table: Record<string, { name: StoryText }>, id: string | null) =>
        id !== null && Object.prototype.hasOwnProperty.call(table, id)
          ? `${id} (${quoted(defaultText(table[id].name)[o.lang])})`
          : t('story_ink.none');
      const messages = [
        { role: 'system' as const, content: t('story_ink.judge.rules') },
        {
          role: 'user' as const,
          content: t('story_ink.judge.case', {
            title: quoted(ls.title[o.lang]),
            chapter: name(ls.chapters, c.session.chapter),
            chapters: Object.keys(ls.chapters).join(', '),
            situation: name(ls.situations, c.reached.situation),
            variables: canonicalJson(c.reached.variables),
            bound: Object.keys(ls.bindings).sort().join(', ') || t('story_ink.none'),
            choice: c.choice === null ? t('story_ink.none') : quoted(ls.choices[c.choice].text[o.lang]),
            reached: name(ls.chapters, c.reached.chapter),
            ending: name(ls.endings, c.reached.ending),
            endings: Object.keys(ls.endings)
              .map((id) => name(ls.endings, id))
              .join(', '),
            turns: c.session.turns,
          }),
        },
      ];
      const meta = { role: 'narrator' as const, actor: c.actor, tick: c.tick };
      return askWithRepair(
        { client: o.client, stats: o.stats, t },
        meta,
        { messages, response_format: FORMAT },
        (m) => {
          const p = readJson(m, ModelJudgment);
          if (!p.ok) return p;
          const v = p.value;
          return {
            ok: true,
            value: {
              situationScore: v.situationScore,
              shouldAdvanceChapter: v.shouldAdvanceChapter,
              shouldEndStory: v.shouldEndStory,
              ending: v.ending,
              rationale: { text: v.rationale[o.lang] },
              text: v.rationale,
              stateChanges: v.stateChanges,
              by: 'model' as const,
            },
          };
        },
        () => (fallback ? fallback.judge(cat, state, c) : rulesJudgment(c, { cat, state })),
      );
    },
  };
  return heldToInk(asked, o.stats, fallback);
}
