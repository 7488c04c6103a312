import { z } from 'zod';
import { readLocale, translator } from '../i18n/translator.ts';
import { type Branch, Consequence } from '../model/consequence.ts';
import { LANGS, type Message, WORDS_MAX } from '../model/text.ts';
import { ToolCall } from '../model/tools.ts';

/**
 * The one registry of message keys meant for content: what a character may say by key (the policy
 * brain's lines and topics). A proposal from outside (a player, a language model) may carry free
 * text or one of these keys, with references and numbers as parameters; never any other locale key
 * (a prompt template, a rule's narrative, a Judge's reason), and never free text inside a trusted
 * template, and never without a parameter its words use. Trusted proposers (the policy brain, the rule engine) use any key.
 */
export const CONTENT_KEYS: ReadonlySet<string> = new Set([
  'say.hold_on',
  'say.order',
  'say.ask_work',
  'say.sign_up',
  'say.admire',
  'say.get_lost',
  'say.news',
  'say.moment',
  'say.staying',
  'say.advertise',
  'say.thoughts',
  'say.help',
  'topic.music',
  'topic.work',
  'topic.food',
  'topic.place',
  'topic.family',
  'topic.money',
  // a person's replies (bots/brains/policy/replies.ts), by subject and tone
  'reply.work.open',
  'reply.work.mine_open',
  'reply.work.none',
  'reply.work.own',
  'reply.work.unsure',
  'reply.news.fact',
  'reply.news.none',
  'reply.food.here_warm',
  'reply.food.here_plain',
  'reply.food.here_curt',
  'reply.food.warm',
  'reply.food.plain',
  'reply.food.curt',
  'reply.money.warm',
  'reply.money.plain',
  'reply.money.curt',
  'reply.music.warm',
  'reply.music.plain',
  'reply.music.curt',
  'reply.family.warm',
  'reply.family.plain',
  'reply.family.curt',
  'reply.place.warm',
  'reply.place.plain',
  'reply.place.curt',
  'reply.chat.warm',
  'reply.chat.plain',
  'reply.chat.curt',
]);

// reasons are shown to API clients and models in the language their messages are written in
const en = translator('en');

/** Why an untrusted message is refused (a key not for content, free text beyond the words' cap), or null when it may stand. */
export function contentProblem(m: Message): string | null {
  if ('text' in m) return m.text.length > WORDS_MAX ? en('reason.words_long', { max: WORDS_MAX, length: m.text.length }) : null;
  if (!CONTENT_KEYS.has(m.key)) return en('reason.content_key', { key: m.key });
  const free = Object.entries(m.params ?? {}).find(([, v]) => typeof v === 'string');
  if (free) return en('reason.content_param', { key: m.key, param: free[0] });
  // a parameter the words need and the message lacks would reach the reader as "{{place}}"
  const missing = paramsOf(m.key).filter((p) => !Object.hasOwn(m.params ?? {}, p));
  return missing.length ? en('reason.content_params_missing', { key: m.key, params: missing.join(', ') }) : null;
}

const needs = new Map<string, string[]>();
/** The parameters a content key's words use, in either language. */
function paramsOf(key: string): string[] {
  let out = needs.get(key);
  if (!out) {
    const found = new Set<string>();
    for (const lang of LANGS) {
      let node: unknown = readLocale(lang);
      for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
      if (typeof node === 'string') for (const m of node.matchAll(/\{\{\s*([A-Za-z_]\w*)/g)) found.add(m[1]);
    }
    needs.set(key, (out = [...found].sort()));
  }
  return out;
}

function check(m: Message, path: PropertyKey[], ctx: z.RefinementCtx): void {
  const problem = contentProblem(m);
  if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
}

/** A tool call from a player or a model: what it says is free text or a content key. */
export const UntrustedToolCall = ToolCall.superRefine((c, ctx) => {
  if (c.tool === 'interact' || c.tool === 'express') check(c.args.content, ['args', 'content'], ctx);
});

/** A consequence a model proposed: its narrative, side effects and new facts are free text or content keys. */
export const UntrustedConsequence = Consequence.superRefine((c, ctx) => {
  texts(c, [], ctx);
  if (c.check) for (const band of ['full', 'partial', 'fail'] as const) texts(c.check.outcomes[band], ['check', 'outcomes', band], ctx);
});

function texts(c: Branch, at: PropertyKey[], ctx: z.RefinementCtx): void {
  check(c.narrative, [...at, 'narrative'], ctx);
  c.side_effects.forEach((m, i) => check(m, [...at, 'side_effects', i], ctx));
  c.world_changes.forEach((w, i) => {
    if (w.type === 'new_fact') check(w.content, [...at, 'world_changes', i, 'content'], ctx);
  });
}
