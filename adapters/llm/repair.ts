import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { T } from '../../sim/i18n/translator.ts';
import type { AnswerMessage } from './answer.ts';
import type { ChatRequest, LlmClient } from './client.ts';
import { LlmCallError } from './errors.ts';
import { isFatal } from '../../sim/lib/fatal.ts';
import type { CallMeta, LlmStats } from './stats.ts';

/** What a reader makes of an answer: a value, or what is wrong with it (a reason code and a text to quote). */
export type Reading<V> = { ok: true; value: V } | { ok: false; reason: string; error: string };

export interface Asker {
  client: LlmClient;
  stats: LlmStats;
  t: T;
}

/**
 * Ask, read the answer; if it does not read, ask once more quoting the error; if that does not read
 * either (or no answer came, or the run's token budget is spent), use the fallback. Every repair
 * and fallback is counted and logged. What comes back is always the reader's value or the fallback's.
 */
export async function askWithRepair<V>(
  a: Asker,
  meta: CallMeta,
  req: ChatRequest,
  read: (m: AnswerMessage) => Reading<V>,
  fallback: () => V | Promise<V>,
): Promise<V> {
  if (a.client.ledger.capped(meta.tick)) return fell(a, meta, 'budget', 'run token cap reached', fallback);
  let messages = req.messages;
  for (let attempt = 0; attempt < 2; attempt++) {
    let message: AnswerMessage;
    try {
      message = (await a.client.chat({ ...req, messages }, meta)).message;
    } catch (err) {
      if (isFatal(err)) throw err;
      // anything else the SDK throws falls back too (and is logged): a bot never stalls on its model
      const code = err instanceof LlmCallError ? err.code : 'client_error';
      return fell(a, meta, code, (err as Error)?.message ?? String(err), fallback);
    }
    const r = read(message);
    if (r.ok) return r.value;
    if (attempt === 1) return fell(a, meta, r.reason, r.error, fallback);
    a.stats.repair(meta, r.reason, r.error);
    messages = [...messages, ...repairMessages(a.t, message, r.error)];
  }
  throw new Error('unreachable');
}

function fell<V>(a: Asker, meta: CallMeta, reason: string, error: string, fallback: () => V | Promise<V>): V | Promise<V> {
  a.stats.fallback(meta, reason, error);
  return fallback();
}

/**
 * The bad answer goes back into the conversation, then the error: as the result of each tool call
 * when there were tool calls (the API wants every call answered), else as a user turn.
 */
export function repairMessages(t: T, m: AnswerMessage, error: string): ChatCompletionMessageParam[] {
  const text = t('llm.prompt.repair', { error });
  const calls = m.tool_calls ?? [];
  if (calls.length === 0) {
    return [
      { role: 'assistant', content: m.content || m.refusal || '' },
      { role: 'user', content: text },
    ];
  }
  return [
    {
      role: 'assistant',
      content: m.content ?? null,
      tool_calls: calls.map((c) => ({
        id: c.id,
        type: 'function' as const,
        function: { name: c.function.name, arguments: c.function.arguments },
      })),
    },
    ...calls.map((c) => ({ role: 'tool' as const, tool_call_id: c.id, content: text })),
  ];
}

/** A zod error as the model should read it: where, and what is wrong. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * An answer that should be one JSON object of `schema` (structured output): refused, empty, not
 * JSON or off the schema each say what to fix. Every JSON.parse of model output goes through here.
 */
export function readJson<T>(m: AnswerMessage, schema: z.ZodType<T>): Reading<T> {
  if (m.refusal) return { ok: false, reason: 'refusal', error: m.refusal };
  if (!m.content)
    return { ok: false, reason: 'no_content', error: 'the answer is empty; answer with one JSON object in the required format' };
  let raw: unknown;
  try {
    raw = JSON.parse(m.content);
  } catch (err) {
    return { ok: false, reason: 'invalid_json', error: `not JSON: ${(err as Error).message}` };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: 'invalid_schema', error: describeIssues(parsed.error.issues) };
}
