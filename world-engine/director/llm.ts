import { z } from 'zod';
import { translator } from '../../sim/i18n/translator.ts';
import { inEveryLang } from '../../sim/i18n/render.ts';
import { cast, placesFor, present } from '../../sim/judge/director.ts';
import type { LlmClient } from '../../adapters/llm/client.ts';
import { askWithRepair, type Reading as Answer, readJson } from '../../adapters/llm/repair.ts';
import type { LlmStats } from '../../adapters/llm/stats.ts';
import type { DirectorProposal } from '../../sim/model/director.ts';
import { PackId, SafeId } from '../../sim/model/ids.ts';
import { type Lang, msg, WORDS_MAX } from '../../sim/model/text.ts';
import { aimOf, bandOf, needsPeople } from './rules.ts';
import { type Director, rulesDirector } from './types.ts';

export interface LlmDirectorOptions {
  client: LlmClient;
  stats: LlmStats;
  lang: Lang;
  fallback?: Director;
}

const Why = z.string().min(1).max(WORDS_MAX);
const Choice = z
  .object({ template: PackId.nullable(), place: SafeId.nullable(), one: SafeId.nullable(), why: z.object({ cn: Why, en: Why }).strict() })
  .strict();

/** the most places and people a prompt lists: enough to choose from, never the whole world */
const MOST_PLACES = 12;
const MOST_PEOPLE = 8;

/**
 * A language model as the director (docs/design.md, The director): asked only when the tension is out
 * of the band, it picks one of the pack's templates of the right aim, a place that template allows
 * and someone there, and says why in both languages. It sees the measures, the templates and who is
 * where (names and ids) among those it may choose, never a player, nothing more. An answer that does
 * not read, or names a template, place or person not on offer (a player among them), is repaired once,
 * then the rules propose (counted). The Judge judges either.
 */
export function llmDirector(o: LlmDirectorOptions): Director {
  const t = translator(o.lang);
  const fallback = o.fallback ?? rulesDirector;
  return {
    name: 'llm',
    async propose(cat, f, state, tick, phase, reading) {
      const aim = aimOf(f, phase, reading.tension);
      if (aim === null) return null;
      const offered = f.templates.filter((x) => x.aim === aim);
      const band = bandOf(f, phase);
      const name = (id: string, kind: 'place' | 'actor') =>
        inEveryLang(cat, state, (r) => (kind === 'place' ? r.place(id) : r.actor(id)))[o.lang];
      const places = [...new Set(offered.flatMap((x) => placesFor(cat, state, x.where)))].sort().slice(0, MOST_PLACES);
      const messages = [
        { role: 'system' as const, content: t('director.model.rules') },
        {
          role: 'user' as const,
          content: t('director.model.case', {
            tension: reading.tension,
            low: band.low,
            high: band.high,
            phase: t(`director.phase.${phase}`),
            aim: t(`director.aim.${aim}`),
            measures: f.measures.map((m) => `${m.name[o.lang]} ${reading.measures[m.id] ?? 0}`).join(', '),
            templates: offered.map((x) => `- ${x.id}: ${x.name[o.lang]} (${placesFor(cat, state, x.where).join(', ')})`).join('\n'),
            places: places
              .map(
                (p) =>
                  `- ${p} ${name(p, 'place')}: ${
                    cast(state, p)
                      .slice(0, MOST_PEOPLE)
                      .map((a) => `${a} ${name(a, 'actor')}`)
                      .join(', ') || '-'
                  }`,
              )
              .join('\n'),
          }),
        },
      ];
      const read = (m: Parameters<typeof readJson>[0]): Answer<DirectorProposal | null> => {
        const p = readJson(m, Choice);
        if (!p.ok) return p;
        const c = p.value;
        if (c.template === null) return { ok: true, value: null };
        const x = offered.find((y) => y.id === c.template);
        const bad = (error: string): Answer<DirectorProposal | null> => ({ ok: false, reason: 'invalid_reference', error });
        if (!x) return bad(`"${c.template}" is not one of the templates listed`);
        if (c.place === null || !placesFor(cat, state, x.where).includes(c.place))
          return bad(`"${c.place}" is not a place where "${x.id}" may happen`);
        if (c.one !== null && !cast(state, c.place).includes(c.one))
          return bad(
            present(state, c.place).includes(c.one)
              ? `"${c.one}" is a player: the director never chooses one; name someone else listed at "${c.place}"`
              : `"${c.one}" is not at "${c.place}"`,
          );
        if (c.one === null && needsPeople(x)) return bad(`"${x.id}" needs someone at the place: name one of them as "one"`);
        return {
          ok: true,
          value: { template: x.id, place: c.place, one: c.one, aim, why: msg('director.why.model', { cn: c.why.cn, en: c.why.en }) },
        };
      };
      return askWithRepair(
        { client: o.client, stats: o.stats, t },
        { role: 'engine', actor: 'director', tick },
        { messages, response_format: { type: 'json_object' } },
        read,
        () => fallback.propose(cat, f, state, tick, phase, reading),
      );
    },
  };
}
