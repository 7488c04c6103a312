import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { z } from 'zod';
import type { AnswerMessage } from '../../sim/llm/answer.ts';
import { describeIssues, type Reading } from '../../sim/llm/repair.ts';
import { Consequence } from '../../sim/model/consequence.ts';

/**
 * Structured output in the consequence format, its JSON Schema generated from the zod schema.
 * Not `strict`: OpenAI's strict mode wants every property required and no open records, and the
 * format has both (resource_changes, properties); local servers (Ollama, vLLM, llama.cpp) take the
 * schema as it is. Whatever comes back is checked with the zod schema itself.
 */
export function consequenceFormat(): ResponseFormatJSONSchema {
  const { $schema: _, ...schema } = z.toJSONSchema(Consequence, { io: 'input' }) as Record<string, unknown>;
  return { type: 'json_schema', json_schema: { name: 'consequence', schema, strict: false } };
}

export function readConsequence(m: AnswerMessage): Reading<Consequence> {
  if (m.refusal) return { ok: false, reason: 'refusal', error: m.refusal };
  if (!m.content) return { ok: false, reason: 'no_content', error: 'the answer is empty; answer with one JSON object in the consequence format' };
  let raw: unknown;
  try {
    raw = JSON.parse(m.content);
  } catch (err) {
    return { ok: false, reason: 'invalid_json', error: `not JSON: ${(err as Error).message}` };
  }
  const c = Consequence.safeParse(raw);
  return c.success ? { ok: true, value: c.data } : { ok: false, reason: 'invalid_schema', error: describeIssues(c.error.issues) };
}
